import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MAWB_EVENT_KINDS, type FlightLeg } from '../../../shared/contracts/mawbs';
import { MAWB_STATUSES } from '../../../shared/domain/mawb-lifecycle';
import { id, mutable } from './common';
import { users } from './platform';

const live = sql`deleted_at IS NULL`;
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Master air waybills. `status` changes only through the status route (modules/mawbs), which writes the
 * matching tracking event to every package in the same transaction. Pieces and weights are not stored:
 * they are read as sums over the packages (packages.mawb_id), so they cannot drift from them.
 */
export const mawbs = pgTable(
  'mawbs',
  {
    id: id(),
    /** Canonical `PPP-SSSSSSSC` (shared/domain/awb.ts). */
    awbNumber: text('awb_number').notNull(),
    /** The number's first three digits, kept as a column for the airline filter and sort. */
    airlinePrefix: text('airline_prefix').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    flightLegs: jsonb('flight_legs').$type<FlightLeg[]>().notNull().default([]),
    /** The legs' flight numbers joined by " / ": the list's flight column and part of the search text. */
    flights: text('flights').notNull().default(''),
    etd: timestamp('etd', { withTimezone: true }),
    eta: timestamp('eta', { withTimezone: true }),
    atd: timestamp('atd', { withTimezone: true }),
    ata: timestamp('ata', { withTimezone: true }),
    status: text('status', { enum: MAWB_STATUSES }).notNull().default('draft'),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    /** foldVietnamese(AWB number with and without dash, flights, airline, route): what `q` searches. */
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    // An AWB number is used once; a deleted (mistaken) draft frees it.
    uniqueIndex('mawbs_awb_number_uq').on(t.awbNumber).where(live),
    index('mawbs_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('mawbs_created_at_idx').on(t.createdAt, t.id).where(live),
    index('mawbs_status_idx').on(t.status, t.createdAt, t.id).where(live),
    index('mawbs_status_at_idx').on(t.statusAt, t.id).where(live),
    index('mawbs_airline_idx').on(t.airlinePrefix, t.createdAt, t.id).where(live),
    index('mawbs_origin_idx').on(t.origin, t.createdAt, t.id).where(live),
    index('mawbs_destination_idx').on(t.destination, t.createdAt, t.id).where(live),
    index('mawbs_etd_idx').on(t.etd, t.id).where(live),
    index('mawbs_eta_idx').on(t.eta, t.id).where(live),
    check('mawbs_status_ck', sql`${t.status} IN (${inList(MAWB_STATUSES)})`),
    check('mawbs_awb_number_ck', sql`${t.awbNumber} ~ '^[0-9]{3}-[0-9]{8}$' AND ${t.airlinePrefix} = left(${t.awbNumber}, 3)`),
    check('mawbs_route_ck', sql`${t.origin} <> ${t.destination}`),
    check('mawbs_flight_legs_ck', sql`jsonb_typeof(${t.flightLegs}) = 'array'`),
  ],
);

/**
 * A MAWB's timeline: created, each status change (with the FSU code its packages got), packages added
 * and removed. Append-only (a trigger refuses UPDATE and DELETE), like tracking events.
 */
export const mawbEvents = pgTable(
  'mawb_events',
  {
    id: id(),
    mawbId: bigint('mawb_id', { mode: 'number' })
      .notNull()
      .references(() => mawbs.id),
    kind: text('kind', { enum: MAWB_EVENT_KINDS }).notNull(),
    fromStatus: text('from_status', { enum: MAWB_STATUSES }),
    toStatus: text('to_status', { enum: MAWB_STATUSES }),
    iataCode: text('iata_code'),
    packageCount: integer('package_count').notNull().default(0),
    packageCodes: jsonb('package_codes').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mawb_events_mawb_idx').on(t.mawbId, t.occurredAt.desc(), t.id.desc()),
    check('mawb_events_kind_ck', sql`${t.kind} IN (${inList(MAWB_EVENT_KINDS)})`),
    check('mawb_events_status_ck', sql`${t.kind} <> 'status' OR (${t.fromStatus} IS NOT NULL AND ${t.toStatus} IS NOT NULL)`),
    check('mawb_events_count_ck', sql`${t.packageCount} >= 0`),
  ],
);
