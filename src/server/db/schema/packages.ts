import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PackagePhoto } from '../../../shared/contracts/packages';
import { EVENT_NOTE_CODES, type EventNoteParams } from '../../../shared/domain/event-notes';
import { EVENT_CODES, PACKAGE_STATUSES } from '../../../shared/domain/package-status';
import { id, mutable } from './common';
import { customers } from './customers';
import { stores, users } from './platform';

/** "PK" + 8 digits; the sequence stops at 99 999 999 rather than let lpad() truncate into a duplicate. */
export const packageCodeSeq = pgSequence('package_code_seq', { startWith: 1, maxValue: 99_999_999 });

const live = sql`deleted_at IS NULL`;

/**
 * One parcel. `status` / `status_at` cache the newest tracking event and are written only by the
 * event-append path (modules/packages/packages.events.ts), never by a PATCH.
 */
export const packages = pgTable(
  'packages',
  {
    id: id(),
    code: text('code')
      .notNull()
      .default(sql`('PK' || lpad(nextval('package_code_seq')::text, 8, '0'))`),
    trackingNumber: text('tracking_number').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    // No foreign key yet: orders arrive in migration 0005, built in parallel; that migration adds it.
    orderId: bigint('order_id', { mode: 'number' }),
    storeId: bigint('store_id', { mode: 'number' }).references(() => stores.id),
    destinationStoreId: bigint('destination_store_id', { mode: 'number' }).references(() => stores.id),
    // No foreign key yet: MAWBs come in a later migration, which adds it.
    mawbId: bigint('mawb_id', { mode: 'number' }),
    weightG: integer('weight_g'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    volumetricG: integer('volumetric_g'),
    chargeableG: integer('chargeable_g'),
    declaredValue: bigint('declared_value', { mode: 'number' }),
    declaredCurrency: text('declared_currency'),
    contents: text('contents').notNull().default(''),
    photos: jsonb('photos').$type<PackagePhoto[]>().notNull().default([]),
    status: text('status', { enum: PACKAGE_STATUSES }).notNull().default('expected'),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    unidentified: boolean('unidentified').notNull().default(false),
    /**
     * When the package was first received at a foreign warehouse (its earliest received_abroad event), where
     * transit time starts. Kept by a trigger on tracking_events (migration 0020), never written by the app.
     */
    receivedAbroadAt: timestamp('received_abroad_at', { withTimezone: true }),
    /** foldVietnamese(code, tracking number, customer code, contents): what `q` searches, via trigrams. */
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('packages_code_uq').on(t.code),
    // A deleted package frees its number (a mistaken entry can be made again).
    uniqueIndex('packages_tracking_number_uq').on(t.trackingNumber).where(live),
    index('packages_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // The list's default order, alone and under each filter: (filter, created_at, id) serves
    // "WHERE filter = x ORDER BY created_at DESC, id DESC LIMIT n" with no sort, on a million rows.
    index('packages_created_at_idx').on(t.createdAt, t.id).where(live),
    index('packages_status_created_idx').on(t.status, t.createdAt, t.id).where(live),
    index('packages_status_at_idx').on(t.status, t.statusAt, t.id).where(live),
    index('packages_status_at_only_idx').on(t.statusAt, t.id).where(live),
    index('packages_customer_idx').on(t.customerId, t.createdAt, t.id).where(live),
    index('packages_store_idx').on(t.storeId, t.createdAt, t.id).where(live),
    index('packages_destination_idx').on(t.destinationStoreId, t.createdAt, t.id).where(live),
    index('packages_mawb_idx').on(t.mawbId, t.createdAt, t.id).where(live),
    index('packages_order_idx').on(t.orderId, t.createdAt, t.id).where(sql`order_id IS NOT NULL AND deleted_at IS NULL`),
    index('packages_unidentified_idx').on(t.createdAt, t.id).where(sql`unidentified AND deleted_at IS NULL`),
    index('packages_weight_idx').on(t.weightG, t.id).where(live),
    index('packages_chargeable_idx').on(t.chargeableG, t.id).where(live),
    index('packages_status_id_idx').on(t.status, t.id).where(live),
    index('packages_status_weight_idx').on(t.status, t.weightG, t.id).where(live),
    index('packages_status_chargeable_idx').on(t.status, t.chargeableG, t.id).where(live),
    // Migration 0020 adds packages_delivered_transit_idx (status_at) INCLUDE (received_abroad_at, mawb_id) on live delivered packages
    // and packages_on_mawb_idx (mawb_id) INCLUDE (id) where mawb_id IS NOT NULL, for the dashboards; migration 0026
    // packages_deleted_idx (id) where deleted_at IS NOT NULL (the deleted ones the flow per day leaves out); migration
    // 0027 the ageing's packages_abroad_waiting_idx (status_at) INCLUDE (store_id) on live parcels received abroad on no
    // MAWB and packages_ready_waiting_idx (status_at) INCLUDE (destination_store_id, id) on live ready ones.
    index('packages_status_code_idx').on(t.status, t.code, t.id).where(live),
    index('packages_status_tracking_idx').on(t.status, t.trackingNumber, t.id).where(live),
    check('packages_status_ck', sql`${t.status} IN (${sql.raw(PACKAGE_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    // A weighed package always has its chargeable weight (parcelFigures writes both); migration 0031.
    check('packages_chargeable_weighed_ck', sql`(${t.weightG} IS NULL) = (${t.chargeableG} IS NULL)`),
    check('packages_weights_ck', sql`${t.weightG} > 0 AND ${t.lengthMm} > 0 AND ${t.widthMm} > 0 AND ${t.heightMm} > 0 AND ${t.volumetricG} >= 0 AND ${t.chargeableG} >= 0`),
    check('packages_declared_ck', sql`${t.declaredValue} >= 0 AND (${t.declaredValue} IS NULL OR ${t.declaredCurrency} IS NOT NULL)`),
  ],
);

/**
 * Append-only history of a package (a trigger refuses UPDATE and DELETE). The newest by occurred_at (then
 * id) is the package's status.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    packageId: bigint('package_id', { mode: 'number' })
      .notNull()
      .references(() => packages.id),
    code: text('code', { enum: EVENT_CODES }).notNull(),
    iataCode: text('iata_code'),
    location: text('location').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    /** A note the system writes, as a code and its parameters (shared/domain/event-notes.ts; migration 0017). */
    noteCode: text('note_code', { enum: EVENT_NOTE_CODES }),
    noteParams: jsonb('note_params').$type<EventNoteParams>().notNull().default({}),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    visibility: text('visibility', { enum: ['public', 'internal'] }).notNull().default('public'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Timeline and "newest event" of one package, both read newest first.
    index('tracking_events_package_idx').on(t.packageId, t.occurredAt.desc(), t.id.desc()),
    // Migration 0016 adds tracking_events_occurred_idx (occurred_at, code) INCLUDE (package_id, actor_id) for the dashboards.
    check('tracking_events_code_ck', sql`${t.code} IN (${sql.raw(EVENT_CODES.map((s) => `'${s}'`).join(', '))})`),
    check('tracking_events_visibility_ck', sql`${t.visibility} IN ('public', 'internal')`),
    check('tracking_events_note_code_ck', sql`${t.noteCode} IS NULL OR ${t.noteCode} IN (${sql.raw(EVENT_NOTE_CODES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/**
 * Daily roll-ups of tracking_events for the operations dashboard (migration 0020), kept in the same transaction
 * as the events by statement-level triggers; the app only reads them. Days are Vietnamese days.
 */
export const trackingDayPackages = pgTable(
  'tracking_day_packages',
  {
    day: date('day', { mode: 'string' }).notNull(),
    code: text('code', { enum: EVENT_CODES }).notNull(),
    /** Packages with at least one event of this code on this day (each package once). */
    packages: integer('packages').notNull(),
  },
  (t) => [primaryKey({ name: 'tracking_day_packages_pk', columns: [t.day, t.code] })],
);

export const trackingDayScans = pgTable(
  'tracking_day_scans',
  {
    day: date('day', { mode: 'string' }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    /** Events this user recorded on this day, whatever their code. */
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ name: 'tracking_day_scans_pk', columns: [t.day, t.actorId] })],
);
