import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { BANK_MATCH_KINDS, BANK_PROVIDERS, BANK_REASONS, BANK_STATES, BANK_DIRECTIONS } from '../../../shared/domain/bank-transfer';
import { id, mutable } from './common';
import { customers } from './customers';
import { deliverySlips } from './delivery-slips';
import { orders } from './orders';
import { users } from './platform';

/**
 * A transfer reported by a bank-notification service (migration 0045). Stored before anything else happens, so a
 * received transfer is never lost; `processed_at` is null until the matching has run on it (the start-up sweep
 * finds such rows). Never deleted (a trigger refuses it): a wrong match is reversed by new ledger rows.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: id(),
    provider: text('provider', { enum: BANK_PROVIDERS }).notNull(),
    providerId: text('provider_id').notNull(),
    /** The bank's own reference of the transfer: the same transfer reported by both providers has one. */
    bankReference: text('bank_reference').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    /** đồng, always positive; `direction` says which way. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    direction: text('direction', { enum: BANK_DIRECTIONS }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    memo: text('memo').notNull().default(''),
    counterAccount: text('counter_account').notNull().default(''),
    /** The body exactly as received (UTF-8). */
    rawPayload: text('raw_payload').notNull(),
    state: text('state', { enum: BANK_STATES }).notNull().default('unmatched'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Why it is unmatched or ignored (BANK_REASONS), with the clerk's words for a manual ignore. */
    reason: text('reason', { enum: BANK_REASONS }),
    reasonNote: text('reason_note').notNull().default(''),
    matchKind: text('match_kind', { enum: BANK_MATCH_KINDS }),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    slipId: bigint('slip_id', { mode: 'number' }).references(() => deliverySlips.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** The wallet rows it posted (and, once reversed, the reversing rows after them). */
    transactionIds: jsonb('transaction_ids').$type<number[]>().notNull().default([]),
    duplicateOfId: bigint('duplicate_of_id', { mode: 'number' }).references((): AnyPgColumn => bankTransactions.id),
    manualBy: bigint('manual_by', { mode: 'number' }).references(() => users.id),
    manualAt: timestamp('manual_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('bank_transactions_provider_uq').on(t.provider, t.providerId),
    uniqueIndex('bank_transactions_reference_uq').on(t.accountNumber, t.bankReference).where(sql`${t.bankReference} <> '' AND ${t.duplicateOfId} IS NULL`),
    index('bank_transactions_created_at_idx').on(t.createdAt, t.id),
    index('bank_transactions_state_idx').on(t.state, t.createdAt, t.id),
    index('bank_transactions_occurred_at_idx').on(t.occurredAt, t.id),
    index('bank_transactions_amount_idx').on(t.amount, t.id),
    index('bank_transactions_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('bank_transactions_slip_idx').on(t.slipId),
    index('bank_transactions_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('bank_transactions_unprocessed_idx').on(t.id).where(sql`${t.processedAt} IS NULL`),
    check('bank_transactions_provider_ck', sql`${t.provider} IN ('sepay', 'casso')`),
    check('bank_transactions_direction_ck', sql`${t.direction} IN ('in', 'out')`),
    check('bank_transactions_amount_ck', sql`${t.amount} > 0`),
    check('bank_transactions_state_ck', sql`${t.state} IN ('matched', 'unmatched', 'ignored', 'reversed')`),
    check('bank_transactions_match_kind_ck', sql`${t.matchKind} IS NULL OR ${t.matchKind} IN ('slip', 'customer', 'order')`),
    check('bank_transactions_matched_ck', sql`(${t.state} IN ('matched', 'reversed')) = (${t.matchKind} IS NOT NULL AND ${t.customerId} IS NOT NULL)`),
  ],
);
