import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BankTransaction, BankTransactionExportQuery, BankTransactionList, BankTransactionListQuery, BANK_TRANSACTION_LIST } from '../../../shared/contracts/bank-transactions';
import { BANK_PROVIDER_LABELS } from '../../../shared/domain/bank-transfer';
import { bankTransactions, customers, deliverySlips, orders, users } from '../../db/schema/index';
import { defineResource } from '../../lib/resource/define';

/**
 * Bank transfers as a resource: list (the screen), export and get. No create, patch or delete here: transfers
 * arrive only through the webhooks, and a clerk's match, ignore or undo has its own route (service).
 */

const manualUser = alias(users, 'bank_manual_user');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const bankTransactionsResource = defineResource({
  name: 'bank-transactions',
  label: 'giao dịch ngân hàng',
  table: bankTransactions,
  spec: BANK_TRANSACTION_LIST,
  schemas: { item: BankTransaction, list: BankTransactionList, listQuery: BankTransactionListQuery, exportQuery: BankTransactionExportQuery },
  select: {
    fields: {
      id: bankTransactions.id,
      provider: bankTransactions.provider,
      providerId: bankTransactions.providerId,
      bankReference: bankTransactions.bankReference,
      accountNumber: bankTransactions.accountNumber,
      amount: bankTransactions.amount,
      direction: bankTransactions.direction,
      occurredAt: bankTransactions.occurredAt,
      memo: bankTransactions.memo,
      counterAccount: bankTransactions.counterAccount,
      state: bankTransactions.state,
      processed: sql<boolean>`(${bankTransactions.processedAt} IS NOT NULL)`,
      reason: bankTransactions.reason,
      reasonNote: bankTransactions.reasonNote,
      matchKind: bankTransactions.matchKind,
      customerId: bankTransactions.customerId,
      customerCode: customers.code,
      customerName: customers.fullName,
      slipId: bankTransactions.slipId,
      slipCode: deliverySlips.code,
      orderId: bankTransactions.orderId,
      orderCode: orders.code,
      transactionIds: bankTransactions.transactionIds,
      duplicateOfId: bankTransactions.duplicateOfId,
      manualByName: manualUser.fullName,
      manualAt: bankTransactions.manualAt,
      version: bankTransactions.version,
      createdAt: bankTransactions.createdAt,
      updatedAt: bankTransactions.updatedAt,
    },
    joins: [
      { table: customers, on: eq(customers.id, bankTransactions.customerId) },
      { table: deliverySlips, on: eq(deliverySlips.id, bankTransactions.slipId) },
      { table: orders, on: eq(orders.id, bankTransactions.orderId) },
      { table: manualUser, on: eq(manualUser.id, bankTransactions.manualBy) },
    ],
    toItem: (r): BankTransaction => ({
      ...r,
      processed: Boolean(r.processed),
      customerCode: r.customerCode ?? null,
      customerName: r.customerName ?? null,
      slipCode: r.slipCode ?? null,
      orderCode: r.orderCode ?? null,
      manualByName: r.manualByName ?? null,
      occurredAt: iso(r.occurredAt),
      manualAt: iso(r.manualAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  },
  sort: { createdAt: bankTransactions.createdAt, occurredAt: bankTransactions.occurredAt, amount: bankTransactions.amount },
  filters: {
    state: bankTransactions.state,
    provider: bankTransactions.provider,
    direction: bankTransactions.direction,
    accountNumber: bankTransactions.accountNumber,
    customerId: bankTransactions.customerId,
    slipId: bankTransactions.slipId,
    amount: bankTransactions.amount,
    created: bankTransactions.createdAt,
  },
  search: bankTransactions.searchText,
  export: {
    fileName: 'Giao dịch ngân hàng',
    fileNameEn: 'Bank transfers',
    columns: [
      { header: 'Thời gian', en: 'Time', width: 17, type: 'datetime', value: (t) => t.occurredAt ?? t.createdAt },
      { header: 'Nguồn', en: 'Provider', width: 9, value: (t) => BANK_PROVIDER_LABELS[t.provider] },
      { header: 'Tài khoản', en: 'Account', width: 16, value: (t) => t.accountNumber },
      { header: 'Số tiền', en: 'Amount', width: 15, type: 'money', value: (t) => (t.direction === 'in' ? t.amount : -t.amount) },
      { header: 'Nội dung', en: 'Memo', width: 40, value: (t) => t.memo },
      { header: 'Trạng thái', en: 'State', width: 12, value: (t) => t.state },
      { header: 'Mã KH', en: 'Customer code', width: 11, value: (t) => t.customerCode },
      { header: 'Chứng từ', en: 'Document', width: 14, value: (t) => t.slipCode ?? t.orderCode },
      { header: 'Tham chiếu ngân hàng', en: 'Bank reference', width: 20, value: (t) => t.bankReference },
    ],
  },
});
