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
import { transactionNoteText } from '../../../shared/domain/transaction-notes';
import { foldVietnamese } from '../../../shared/text';
import { customers, transactions, users } from '../../db/schema/index';
import type { UpdatePlan, WriteContext } from '../../lib/resource/define';
import { customerColumns, defineResource, recordStamps } from '../../lib/resource/define';
import { referenceCodeSql, referenceIdOf } from './transactions.references';

/**
 * The wallet ledger as a resource: list, export, get and PATCH (note/reference only). No create rule here
 * (POST has its own route, with Idempotency-Key) and no deletedAt, so the machinery registers no POST and no
 * DELETE for it.
 */

/** `systemNote`: the Vietnamese sentence of the row's system note, so a search for its words still finds it. */
export function transactionSearchText(code: string, reference: string, note: string, systemNote = ''): string {
  return foldVietnamese([code, reference, systemNote, note].filter(Boolean).join(' '));
}

/** Only the free texts change; amounts never do (a wrong row is corrected by an adjustment). */
async function updateTransaction(_ctx: WriteContext, current: Transaction, patch: TransactionPatch): Promise<UpdatePlan> {
  const reference = patch.reference ?? current.reference;
  const note = patch.note ?? current.note;
  const system = current.noteCode ? transactionNoteText(current.noteCode, current.noteParams) : '';
  return { set: { reference, note, searchText: transactionSearchText(current.code, reference, note, system) } };
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
      noteCode: transactions.noteCode,
      noteParams: transactions.noteParams,
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
    fileNameEn: 'Transactions',
    columns: [
      { header: 'Mã GD', en: 'Transaction code', width: 12, value: (t) => t.code },
      { header: 'Thời gian', en: 'Time', width: 17, type: 'datetime', value: (t) => t.createdAt },
      ...customerColumns<Transaction>(),
      { header: 'Loại', en: 'Type', width: 14, type: 'label', value: (t) => TRANSACTION_TYPE_LABELS[t.type] },
      { header: 'Hình thức', en: 'Method', width: 13, type: 'label', value: (t) => (t.method === null ? 'Từ ví' : TRANSACTION_METHOD_LABELS[t.method]) },
      { header: 'Số tiền', en: 'Amount', width: 15, type: 'money', value: (t) => t.amount },
      { header: 'Số dư sau', en: 'Balance after', width: 15, type: 'money', value: (t) => t.balanceAfter },
      { header: 'Chứng từ liên quan', en: 'Linked document', width: 14, value: (t) => t.referenceCode },
      { header: 'Số tham chiếu', en: 'Reference', width: 18, value: (t) => t.reference },
      // What the system wrote, in the reader's language (a label: the catalog translates it); what staff typed apart.
      { header: 'Diễn giải', en: 'Description', width: 30, type: 'label', value: (t) => (t.noteCode ? transactionNoteText(t.noteCode, t.noteParams) : null) },
      { header: 'Ghi chú', en: 'Note', width: 30, value: (t) => t.note },
      { header: 'Người thực hiện', en: 'Recorded by', width: 22, value: (t) => t.actorName },
    ],
  },
  write: {
    update: updateTransaction,
  },
});
