import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DELIVERY_FAILURE_REASONS, DELIVERY_SLIP_STATUSES } from '../../../shared/domain/delivery-slip-lifecycle';
import { TRANSACTION_METHODS } from '../../../shared/domain/ledger';
import { DELIVERY_METHODS, DELIVERY_ZONES, type SlipSurcharge } from '../../../shared/domain/slip-charges';
import type { FreightBasis } from '../../../shared/domain/pricing';
import { id, mutable } from './common';
import { customers } from './customers';
import { orders } from './orders';
import { packages } from './packages';
import { stores, users } from './platform';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The running number of slip codes `PG` + YYMM + `-` + at least 5 digits (never reset: codes stay unique). */
export const deliverySlipCodeSeq = pgSequence('delivery_slip_code_seq', { startWith: 1 });

/**
 * A delivery slip (phiếu giao hàng): one customer's ready packages at one Vietnamese hub, handed over at the
 * counter (pickup) or by a domestic carrier (courier). Money columns are integer đồng; they are the figures of
 * shared/domain/slip-charges.ts, recomputed on every draft save and frozen when the slip goes `ready`.
 * `status` changes only through the status and confirm routes (modules/delivery-slips).
 */
export const deliverySlips = pgTable(
  'delivery_slips',
  {
    id: id(),
    code: text('code').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverAddress: text('receiver_address').notNull().default(''),
    /** The province the domestic fee's zone is read from. */
    receiverProvince: text('receiver_province').notNull().default(''),
    method: text('method', { enum: DELIVERY_METHODS }).notNull(),
    carrierName: text('carrier_name').notNull().default(''),
    carrierTrackingNumber: text('carrier_tracking_number').notNull().default(''),
    status: text('status', { enum: DELIVERY_SLIP_STATUSES }).notNull().default('draft'),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    failureReason: text('failure_reason', { enum: DELIVERY_FAILURE_REASONS }),
    failureNote: text('failure_note').notNull().default(''),
    // ---- charges (đồng) ----
    deliveryZone: text('delivery_zone', { enum: DELIVERY_ZONES }),
    packagesSubtotal: bigint('packages_subtotal', { mode: 'number' }).notNull().default(0),
    domesticFee: bigint('domestic_fee', { mode: 'number' }).notNull().default(0),
    /** Slip-level surcharges as typed: [{ label, amount }]. */
    surcharges: jsonb('surcharges').$type<SlipSurcharge[]>().notNull().default([]),
    surchargesTotal: bigint('surcharges_total', { mode: 'number' }).notNull().default(0),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    /** The percentage the discount was typed as (basis points), or null for an amount. */
    discountBps: integer('discount_bps'),
    discountReason: text('discount_reason'),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    walletCredit: bigint('wallet_credit', { mode: 'number' }).notNull().default(0),
    amountToCollect: bigint('amount_to_collect', { mode: 'number' }).notNull().default(0),
    /** Σ of the slip's order lines (delivery_slip_orders): orders' debts collected with it, not part of `total`; 0047. */
    ordersDue: bigint('orders_due', { mode: 'number' }).notNull().default(0),
    chargesFrozenAt: timestamp('charges_frozen_at', { withTimezone: true }),
    /** What bank transfers paid on the slip before hand-over (migration 0046, modules/bank-transactions): the counter collects the rest. */
    paidByTransfer: bigint('paid_by_transfer', { mode: 'number' }).notNull().default(0),
    // ---- hand-over ----
    collectedAmount: bigint('collected_amount', { mode: 'number' }),
    collectMethod: text('collect_method', { enum: TRANSACTION_METHODS }),
    receivedBy: text('received_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: bigint('delivered_by', { mode: 'number' }).references(() => users.id),
    note: text('note').notNull().default(''),
    // ---- printing ----
    printCount: integer('print_count').notNull().default(0),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }),
    // ---- courier COD reconciliation ----
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    remittanceReference: text('remittance_reference'),
    reconciledBy: bigint('reconciled_by', { mode: 'number' }).references(() => users.id),
    /** A delivered courier slip whose collected cash the carrier has not yet remitted. */
    codOutstanding: boolean('cod_outstanding')
      .notNull()
      .generatedAlwaysAs(sql`(status = 'delivered' AND method = 'courier' AND coalesce(collected_amount, 0) > 0 AND reconciled_at IS NULL)`),
    /** How many packages the slip has: kept by a trigger on the slip lines (migration 0055); never written by the app. */
    packageCount: integer('package_count').notNull().default(0),
    // `retry` (migration 0028, not mapped here): one of the slip's packages was on an earlier failed slip; kept by
    // triggers on the slip lines and on a slip's status, read by the list's `firstAttempt` and the dashboard.
    /** foldVietnamese(code, receiver, phone, carrier and its tracking number): what `q` searches. */
    searchText: text('search_text').notNull().default(''),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('delivery_slips_code_uq').on(t.code),
    index('delivery_slips_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // Every filter and sort of the list: (filter, created_at, id) serves the default order under a filter.
    index('delivery_slips_created_at_idx').on(t.createdAt, t.id),
    index('delivery_slips_status_idx').on(t.status, t.createdAt, t.id),
    index('delivery_slips_status_at_idx').on(t.statusAt, t.id),
    index('delivery_slips_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('delivery_slips_store_idx').on(t.storeId, t.createdAt, t.id),
    index('delivery_slips_method_idx').on(t.method, t.createdAt, t.id),
    index('delivery_slips_delivered_at_idx').on(t.deliveredAt, t.id),
    index('delivery_slips_total_idx').on(t.total, t.id),
    index('delivery_slips_to_collect_idx').on(t.amountToCollect, t.id),
    index('delivery_slips_cod_outstanding_idx').on(t.createdAt, t.id).where(sql`cod_outstanding`),
    // Migration 0020 adds, for the dashboards, covering indexes drizzle cannot spell (INCLUDE):
    // delivery_slips_delivered_revenue_idx, delivery_slips_failed_idx; migration 0027 the ageing's
    // delivery_slips_unconfirmed_idx (status) INCLUDE (store_id, amount_to_collect) on ready / out-for-delivery slips
    // and delivery_slips_cod_amount_idx (store_id) INCLUDE (collected_amount) where cod_outstanding.
    check('delivery_slips_status_ck', sql`${t.status} IN (${inList(DELIVERY_SLIP_STATUSES)})`),
    check('delivery_slips_method_ck', sql`${t.method} IN (${inList(DELIVERY_METHODS)})`),
    check('delivery_slips_failure_ck', sql`(${t.status} = 'failed') = (${t.failureReason} IS NOT NULL)`),
    check('delivery_slips_failure_reason_ck', sql`${t.failureReason} IS NULL OR ${t.failureReason} IN (${inList(DELIVERY_FAILURE_REASONS)})`),
    check('delivery_slips_pickup_fee_ck', sql`${t.method} = 'courier' OR ${t.domesticFee} = 0`),
    check(
      'delivery_slips_money_ck',
      sql`${t.packagesSubtotal} >= 0 AND ${t.domesticFee} >= 0 AND ${t.surchargesTotal} >= 0 AND ${t.discountAmount} >= 0
        AND ${t.total} = ${t.packagesSubtotal} + ${t.domesticFee} + ${t.surchargesTotal} - ${t.discountAmount}
        AND ${t.total} >= 0 AND ${t.ordersDue} >= 0
        AND ${t.walletCredit} >= 0 AND ${t.walletCredit} <= ${t.total} + ${t.ordersDue}
        AND ${t.amountToCollect} = ${t.total} + ${t.ordersDue} - ${t.walletCredit}`,
    ),
    check('delivery_slips_paid_by_transfer_ck', sql`${t.paidByTransfer} >= 0`),
    check('delivery_slips_discount_bps_ck', sql`${t.discountBps} IS NULL OR ${t.discountBps} BETWEEN 0 AND 10000`),
    check(
      'delivery_slips_delivered_ck',
      sql`(${t.status} = 'delivered') = (${t.deliveredAt} IS NOT NULL AND ${t.collectedAmount} IS NOT NULL)
        AND (${t.collectedAmount} IS NULL OR ${t.collectedAmount} >= 0)
        AND ((${t.collectedAmount} IS NULL OR ${t.collectedAmount} = 0) OR ${t.collectMethod} IS NOT NULL)`,
    ),
    check('delivery_slips_reconciled_ck', sql`${t.reconciledAt} IS NULL OR (${t.status} = 'delivered' AND ${t.method} = 'courier' AND ${t.remittanceReference} IS NOT NULL)`),
    check('delivery_slips_print_ck', sql`${t.printCount} >= 0`),
  ],
);

/**
 * The packages of a slip, with the freight and surcharges each was charged. `open` is true while the slip is
 * draft, ready or out for delivery; a partial unique index then keeps a package on at most one open slip, so
 * two people putting the same parcel on two slips at once cannot both succeed.
 */
export const deliverySlipPackages = pgTable(
  'delivery_slip_packages',
  {
    id: id(),
    slipId: bigint('slip_id', { mode: 'number' })
      .notNull()
      .references(() => deliverySlips.id),
    packageId: bigint('package_id', { mode: 'number' })
      .notNull()
      .references(() => packages.id),
    position: integer('position').notNull().default(0),
    freight: bigint('freight', { mode: 'number' }).notNull(),
    surcharges: jsonb('surcharges').$type<SlipSurcharge[]>().notNull().default([]),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the freight was billed by (shared/domain/pricing.ts FreightBasis); null on lines priced before 0031. */
    pricing: jsonb('pricing').$type<FreightBasis>(),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_slip_packages_slip_package_uq').on(t.slipId, t.packageId),
    uniqueIndex('delivery_slip_packages_open_uq').on(t.packageId).where(sql`open`),
    index('delivery_slip_packages_package_idx').on(t.packageId),
    check('delivery_slip_packages_money_ck', sql`${t.freight} >= 0 AND ${t.amount} >= ${t.freight}`),
  ],
);

/**
 * The order lines of a slip (migration 0047): what each order of the customer still owed when the clerk put it on
 * the slip, collected and paid to the order on hand-over. `open` as on the package lines: a partial unique index
 * keeps an order's debt on at most one open slip.
 */
export const deliverySlipOrders = pgTable(
  'delivery_slip_orders',
  {
    id: id(),
    slipId: bigint('slip_id', { mode: 'number' })
      .notNull()
      .references(() => deliverySlips.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_slip_orders_slip_order_uq').on(t.slipId, t.orderId),
    uniqueIndex('delivery_slip_orders_open_uq').on(t.orderId).where(sql`open`),
    check('delivery_slip_orders_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** What the customer said on hand-over (1–5 and a comment): one per slip, shown on the customer's Feedback tab. */
export const deliveryFeedback = pgTable(
  'delivery_feedback',
  {
    id: id(),
    slipId: bigint('slip_id', { mode: 'number' })
      .notNull()
      .references(() => deliverySlips.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    uniqueIndex('delivery_feedback_slip_uq').on(t.slipId),
    index('delivery_feedback_customer_idx').on(t.customerId, t.createdAt, t.id),
    check('delivery_feedback_rating_ck', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
