import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, mutable } from './common';
import { customers } from './customers';
import { users } from './platform';

/** "DH" + 8 digits; the sequence stops at 99999999 rather than let lpad() truncate into a duplicate. */
export const orderCodeSeq = pgSequence('order_code_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * Orders. Every money column is integer đồng computed by the server (shared/domain/money.ts); the CHECK on
 * `total` keeps the stored figures consistent even against a hand-written UPDATE.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    code: text('code')
      .notNull()
      .default(sql`('DH' || lpad(nextval('order_code_seq')::text, 8, '0'))`),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    kind: text('kind', { enum: ['purchase', 'consignment'] }).notNull(),
    status: text('status', {
      enum: ['new', 'confirmed', 'purchased', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed', 'cancelled'],
    })
      .notNull()
      .default('new'),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency', { enum: ['VND', 'USD', 'JPY', 'KRW', 'EUR'] }).notNull(),
    /** Snapshot: đồng per major unit × 100, effective on the order's date. */
    exchangeRateX100: bigint('exchange_rate_x100', { mode: 'number' }).notNull(),
    /** effective_from of the rate row used (null for VND). */
    rateDate: date('rate_date', { mode: 'string' }),
    itemsSubtotal: bigint('items_subtotal', { mode: 'number' }).notNull().default(0),
    serviceFeeMode: text('service_fee_mode', { enum: ['percent', 'fixed'] }).notNull().default('percent'),
    serviceFeeBps: integer('service_fee_bps').notNull().default(0),
    serviceFeeFixed: bigint('service_fee_fixed', { mode: 'number' }).notNull().default(0),
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull().default(0),
    domesticFee: bigint('domestic_fee', { mode: 'number' }).notNull().default(0),
    deposit: bigint('deposit', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    /** foldVietnamese(code, item names and options, note); `q` also searches the customer's own text. */
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('orders_code_uq').on(t.code),
    index('orders_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('orders_customer_idx').on(t.customerId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('orders_status_idx').on(t.status, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('orders_kind_idx').on(t.kind, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('orders_currency_idx').on(t.currency, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('orders_total_idx').on(t.total, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('orders_created_at_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('orders_updated_at_idx').on(t.updatedAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    check('orders_kind_ck', sql`${t.kind} IN ('purchase', 'consignment')`),
    check(
      'orders_status_ck',
      sql`${t.status} IN ('new', 'confirmed', 'purchased', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed', 'cancelled')`,
    ),
    check('orders_currency_ck', sql`${t.currency} IN ('VND', 'USD', 'JPY', 'KRW', 'EUR')`),
    check('orders_service_fee_mode_ck', sql`${t.serviceFeeMode} IN ('percent', 'fixed')`),
    check('orders_rate_ck', sql`${t.exchangeRateX100} > 0`),
    check('orders_bps_ck', sql`${t.serviceFeeBps} BETWEEN 0 AND 10000`),
    check(
      'orders_money_ck',
      sql`${t.itemsSubtotal} >= 0 AND ${t.serviceFeeFixed} >= 0 AND ${t.serviceFee} >= 0 AND ${t.domesticFee} >= 0 AND ${t.deposit} >= 0 AND ${t.deposit} <= ${t.total}`,
    ),
    check(
      'orders_total_ck',
      sql`${t.total} = (CASE WHEN ${t.kind} = 'purchase' THEN ${t.itemsSubtotal} ELSE 0 END) + ${t.serviceFee} + ${t.domesticFee}`,
    ),
  ],
);

/** The lines of an order, replaced as a whole when the order's items are edited. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    url: text('url'),
    option: text('option').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    /** The line in đồng, rounded once (money.ts lineAmount). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check('order_items_money_ck', sql`${t.unitPriceMinor} >= 0 AND ${t.amount} >= 0`),
  ],
);

/** Status history of an order: append-only, one row per step (the first has no from_status). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at, t.id)],
);
