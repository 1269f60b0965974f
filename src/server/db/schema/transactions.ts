import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, json, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSACTION_SIGN, TRANSACTION_TYPES, WALLET_ONLY_TYPES } from '../../../shared/domain/ledger';
import { TRANSACTION_NOTE_CODES, type TransactionNoteParams } from '../../../shared/domain/transaction-notes';
import { id, mutable } from './common';
import { customers } from './customers';
import { users } from './platform';

/** A literal SQL list of constants from the shared domain (the checks derive from the rule, not a copy of it). */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const typesOfSign = (sign: 1 | -1 | 0) => TRANSACTION_TYPES.filter((t) => TRANSACTION_SIGN[t] === sign);

/** "GD" + 8 digits. */
export const transactionCodeSeq = pgSequence('transaction_code_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * The customer wallet ledger (shared/domain/ledger.ts). Append-only: a trigger in 0005 refuses DELETE and
 * any UPDATE other than note / reference (and the bookkeeping columns). `amount` is signed by type;
 * `balance_after` is the customer's balance right after this row, written under the customer row lock.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    code: text('code')
      .notNull()
      .default(sql`('GD' || lpad(nextval('transaction_code_seq')::text, 8, '0'))`),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** null for a payment or refund (money that never leaves the wallet); migration 0019. */
    method: text('method', { enum: ['cash', 'bank_transfer'] }),
    referenceType: text('reference_type', { enum: ['order', 'delivery_slip'] }),
    referenceId: bigint('reference_id', { mode: 'number' }),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** A note the system wrote, as a code and its parameters (shared/domain/transaction-notes.ts); migration 0023. */
    noteCode: text('note_code', { enum: TRANSACTION_NOTE_CODES }),
    noteParams: jsonb('note_params').$type<TransactionNoteParams>().notNull().default({}),
    status: text('status', { enum: ['completed'] }).notNull().default('completed'),
    /** foldVietnamese(code, reference, note); `q` also searches the customer's own text. */
    searchText: text('search_text').notNull().default(''),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('transactions_code_uq').on(t.code),
    index('transactions_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('transactions_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('transactions_created_at_idx').on(t.createdAt, t.id),
    index('transactions_type_idx').on(t.type, t.createdAt, t.id),
    index('transactions_method_idx').on(t.method, t.createdAt, t.id),
    index('transactions_amount_idx').on(t.amount, t.id),
    index('transactions_reference_idx').on(t.referenceType, t.referenceId),
    // The list's `orderId` filter is this expression (transactions.resource.ts), so it is a lookup too.
    index('transactions_order_ref_idx').on(sql`(CASE WHEN ${t.referenceType} = 'order' THEN ${t.referenceId} END)`, t.createdAt, t.id),
    check('transactions_type_ck', sql`${t.type} IN (${sqlList(TRANSACTION_TYPES)})`),
    check(
      'transactions_method_ck',
      sql`(${t.type} IN (${sqlList(WALLET_ONLY_TYPES)}) AND ${t.method} IS NULL) OR (${t.type} NOT IN (${sqlList(WALLET_ONLY_TYPES)}) AND ${t.method} IN ('cash', 'bank_transfer'))`,
    ),
    check('transactions_note_code_ck', sql`${t.noteCode} IS NULL OR ${t.noteCode} IN (${sqlList(TRANSACTION_NOTE_CODES)})`),
    check('transactions_status_ck', sql`${t.status} IN ('completed')`),
    check(
      'transactions_sign_ck',
      sql`(${t.type} IN (${sqlList(typesOfSign(1))}) AND ${t.amount} > 0) OR (${t.type} IN (${sqlList(typesOfSign(-1))}) AND ${t.amount} < 0) OR (${t.type} IN (${sqlList(typesOfSign(0))}) AND ${t.amount} <> 0)`,
    ),
    check(
      'transactions_reference_ck',
      sql`(${t.referenceType} IS NULL AND ${t.referenceId} IS NULL) OR (${t.referenceType} IN ('order', 'delivery_slip') AND ${t.referenceId} IS NOT NULL)`,
    ),
  ],
);

/**
 * Idempotency-Key answers of money endpoints: the first request with a key inserts the row (the unique
 * index makes a concurrent twin wait for it), and the answer is stored in the same transaction as the
 * change, so a replay returns exactly what the first request returned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** SHA-256 of method, path and the validated body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    /** json, not jsonb: json keeps the text as written, so a replay has the same key order, byte for byte. */
    responseBody: json('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
