import { eq, sql } from 'drizzle-orm';
import {
  Transaction,
  TRANSACTION_LIST,
  TRANSACTION_METHOD_LABELS,
  TRANSACTION_TYPE_LABELS,
  TransactionExportQuery,
  TransactionList,
  TransactionListQuery,
  TransactionPatch,
} from '../../../shared/contracts/transactions';
import { foldVietnamese } from '../../../shared/text';
import { customers, transactions, users } from '../../db/schema/index';
import type { UpdatePlan, WriteContext } from '../../lib/resource/define';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { referenceCodeSql, referenceIdOf } from './transactions.references';

/**
 * The wallet ledger as a resource: list, export, get and PATCH (note/reference only). No create rule here
 * (POST has its own route, with Idempotency-Key) and no deletedAt, so the machinery registers no POST and no
 * DELETE for it.
 */

export function transactionSearchText(code: string, reference: string, note: string): string {
  return foldVietnamese([code, reference, note].filter(Boolean).join(' '));
}

/** Only the free texts change; amounts never do (a wrong row is corrected by an adjustment). */
async function updateTransaction(_ctx: WriteContext, current: Transaction, patch: TransactionPatch): Promise<UpdatePlan> {
  const reference = patch.reference ?? current.reference;
  const note = patch.note ?? current.note;
  return { set: { reference, note, searchText: transactionSearchText(current.code, reference, note) } };
}

export const transactionsResource = defineResource({
  name: 'transactions',
  label: 'giao dịch',
  table: transactions,
  spec: TRANSACTION_LIST,
  schemas: {
    item: Transaction,
    list: TransactionList,
    listQuery: TransactionListQuery,
    exportQuery: TransactionExportQuery,
    patch: TransactionPatch,
  },
  select: {
    fields: {
      id: transactions.id,
      code: transactions.code,
      customerId: transactions.customerId,
      customerCode: customers.code,
      customerName: customers.fullName,
      type: transactions.type,
      amount: transactions.amount,
      balanceAfter: transactions.balanceAfter,
      method: transactions.method,
      referenceType: transactions.referenceType,
      referenceId: transactions.referenceId,
      referenceCode: referenceCodeSql(),
      reference: transactions.reference,
      note: transactions.note,
      status: transactions.status,
      actorId: transactions.createdBy,
      actorName: users.fullName,
      ...recordStamps(transactions),
    },
    joins: [
      { table: customers, on: eq(customers.id, transactions.customerId) },
      { table: users, on: eq(users.id, transactions.createdBy) },
    ],
    toItem: (r): Transaction => ({
      ...r,
      customerCode: r.customerCode ?? '',
      customerName: r.customerName ?? '',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  },
  sort: {
    createdAt: transactions.createdAt,
    code: transactions.code,
    amount: transactions.amount,
  },
  filters: {
    customerId: transactions.customerId,
    type: transactions.type,
    method: transactions.method,
    // An index covers this expression (migration 0005), so `orderId=` is a lookup.
    orderId: referenceIdOf('order'),
    amount: transactions.amount,
    created: transactions.createdAt,
  },
  search: sql`(${transactions.searchText} || ' ' || coalesce(${customers.searchText}, ''))`,
  export: {
    fileName: 'Giao dịch',
    columns: [
      { header: 'Mã GD', width: 12, value: (t) => t.code },
      { header: 'Thời gian', width: 17, type: 'datetime', value: (t) => t.createdAt },
      { header: 'Mã KH', width: 11, value: (t) => t.customerCode },
      { header: 'Khách hàng', width: 26, value: (t) => t.customerName },
      { header: 'Loại', width: 14, value: (t) => TRANSACTION_TYPE_LABELS[t.type] },
      { header: 'Hình thức', width: 13, value: (t) => TRANSACTION_METHOD_LABELS[t.method] },
      { header: 'Số tiền (đ)', width: 15, type: 'int', value: (t) => t.amount },
      { header: 'Số dư sau (đ)', width: 15, type: 'int', value: (t) => t.balanceAfter },
      { header: 'Đơn hàng', width: 12, value: (t) => t.referenceCode },
      { header: 'Số tham chiếu', width: 18, value: (t) => t.reference },
      { header: 'Ghi chú', width: 30, value: (t) => t.note },
      { header: 'Người thực hiện', width: 22, value: (t) => t.actorName },
    ],
  },
  write: {
    update: updateTransaction,
  },
});
