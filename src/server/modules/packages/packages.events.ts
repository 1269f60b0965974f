import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EventVisibility, TrackingEvent } from '../../../shared/contracts/packages';
import type { EventNoteCode, EventNoteParams } from '../../../shared/domain/event-notes';
import { DEFAULT_IATA_CODE, type EventCode } from '../../../shared/domain/package-status';
import type { Db } from '../../db/client';
import { packages, trackingEvents, users } from '../../db/schema/index';
import type { WriteContext } from '../../lib/write-context';
import { notifyPackageEvents } from '../notifications/index';
import { runPackageEventsHook } from './packages.hooks';

/**
 * The event-append path: the only code that writes a package's `status` / `status_at`. Receiving, the
 * events endpoint, and later MAWBs and delivery slips all append through here, inside their own
 * transaction (and write their own audit row).
 */

export interface NewEvent {
  code: EventCode;
  /** undefined: the code's usual FSU milestone; null: none. */
  iataCode?: string | null;
  location?: string;
  /** Text typed by staff, kept as typed. */
  note?: string;
  /** A note the system writes: a code and its parameters, rendered in the reader's language (event-notes.ts). */
  noteCode?: EventNoteCode | null;
  noteParams?: EventNoteParams;
  /** undefined: the transaction's time (now()). */
  occurredAt?: string | Date;
  visibility?: EventVisibility;
}

const eventFields = {
  id: trackingEvents.id,
  packageId: trackingEvents.packageId,
  code: trackingEvents.code,
  iataCode: trackingEvents.iataCode,
  location: trackingEvents.location,
  occurredAt: trackingEvents.occurredAt,
  note: trackingEvents.note,
  noteCode: trackingEvents.noteCode,
  noteParams: trackingEvents.noteParams,
  actorId: trackingEvents.actorId,
  actorName: users.fullName,
  visibility: trackingEvents.visibility,
  createdAt: trackingEvents.createdAt,
};

type EventRow = {
  id: number;
  packageId: number;
  code: EventCode;
  iataCode: string | null;
  location: string;
  occurredAt: Date | string;
  note: string;
  noteCode: EventNoteCode | null;
  noteParams: EventNoteParams | null;
  actorId: number | null;
  actorName: string | null;
  visibility: EventVisibility;
  createdAt: Date | string;
};

const iso = (v: Date | string) => new Date(v).toISOString();

/** A row (from drizzle, or from json_build_object where times are text) as the API shows it. */
export function toTrackingEvent(r: EventRow): TrackingEvent {
  return { ...r, noteCode: r.noteCode ?? null, noteParams: r.noteParams ?? {}, actorName: r.actorName ?? null, occurredAt: iso(r.occurredAt), createdAt: iso(r.createdAt) };
}

/**
 * Newest event first, in the order of the index (package_id, occurred_at DESC NULLS LAST, id DESC NULLS LAST). A plain
 * `DESC` means NULLS FIRST, which that index cannot give in order (PostgreSQL does not use NOT NULL to equate the two):
 * the newest event of one package was then found by walking the whole time index backwards (12 ms for one scanner
 * lookup among 15,000 events). Both columns are NOT NULL, so the order is the same.
 */
const newestEventFirst = [sql`${trackingEvents.occurredAt} DESC NULLS LAST`, sql`${trackingEvents.id} DESC NULLS LAST`];

/** Every event of a package, newest first (the order that decides its status). */
export async function listEvents(db: Db, packageId: number): Promise<TrackingEvent[]> {
  const rows = await db
    .select(eventFields)
    .from(trackingEvents)
    .leftJoin(users, eq(users.id, trackingEvents.actorId))
    .where(eq(trackingEvents.packageId, packageId))
    .orderBy(...newestEventFirst);
  return rows.map(toTrackingEvent);
}

async function findEvents(db: Db, ids: number[]): Promise<TrackingEvent[]> {
  const rows = await db
    .select(eventFields)
    .from(trackingEvents)
    .leftJoin(users, eq(users.id, trackingEvents.actorId))
    .where(inArray(trackingEvents.id, ids))
    .orderBy(trackingEvents.id);
  return rows.map(toTrackingEvent);
}

/**
 * Sets each package's status and status time from its newest event (latest occurred_at, then highest id)
 * and answers the ids whose status or status time moved. It does not touch version or updated_*: the
 * caller's mutation decides that (a brand-new package stays at version 1).
 */
export async function refreshStatus(tx: Db, packageIds: number[]): Promise<number[]> {
  if (!packageIds.length) return [];
  const newest = tx
    .selectDistinctOn([trackingEvents.packageId], { packageId: trackingEvents.packageId, code: trackingEvents.code, occurredAt: trackingEvents.occurredAt })
    .from(trackingEvents)
    .where(inArray(trackingEvents.packageId, packageIds))
    .orderBy(trackingEvents.packageId, ...newestEventFirst)
    .as('newest');
  const changed = await tx
    .update(packages)
    .set({ status: sql`${newest.code}`, statusAt: sql`${newest.occurredAt}` })
    .from(newest)
    .where(
      and(
        eq(packages.id, newest.packageId),
        sql`(${packages.status} IS DISTINCT FROM ${newest.code} OR ${packages.statusAt} IS DISTINCT FROM ${newest.occurredAt})`,
      ),
    )
    .returning({ id: packages.id });
  return changed.map((r) => r.id);
}

/**
 * Appends one event to each package (MAWB status changes write one per package) and refreshes their
 * statuses; the after-append hook then runs for the packages whose status moved (the orders module registers its orders
 * following their parcels, packages.hooks.ts). With `bumpVersion`, packages whose status moved get a new version and updated_by/at, for
 * callers whose mutation is not already a row update of those packages.
 */
export async function appendEvents(
  ctx: WriteContext,
  packageIds: number[],
  event: NewEvent,
  opts: { bumpVersion?: boolean } = {},
): Promise<{ events: TrackingEvent[]; changed: number[] }> {
  if (!packageIds.length) return { events: [], changed: [] };
  const { tx } = ctx;
  const actorId = ctx.meta.actorId;
  const iataCode = event.iataCode === undefined ? (DEFAULT_IATA_CODE[event.code] ?? null) : event.iataCode;
  const inserted = await tx
    .insert(trackingEvents)
    .values(
      packageIds.map((packageId) => ({
        packageId,
        code: event.code,
        iataCode,
        location: event.location ?? '',
        note: event.note ?? '',
        noteCode: event.noteCode ?? null,
        noteParams: event.noteParams ?? {},
        actorId,
        visibility: event.visibility ?? 'public',
        ...(event.occurredAt !== undefined ? { occurredAt: new Date(event.occurredAt) } : {}),
      })),
    )
    .returning({ id: trackingEvents.id });
  const changed = await refreshStatus(tx, packageIds);
  if (opts.bumpVersion && changed.length) {
    await tx
      .update(packages)
      .set({ version: sql`${packages.version} + 1`, updatedAt: sql`now()`, updatedBy: actorId })
      .where(inArray(packages.id, changed));
  }
  // The orders of the parcels that moved take the steps their parcels imply, in this same transaction.
  await runPackageEventsHook(ctx, changed);
  // The customers of the parcels that moved into a status they hear about get their message, in this transaction.
  await notifyPackageEvents(ctx, changed, event.code);
  return { events: await findEvents(tx, inserted.map((r) => r.id)), changed };
}

/** One event on one package; answers the event as recorded and whether the package's status moved. */
export async function appendEvent(
  ctx: WriteContext,
  packageId: number,
  event: NewEvent,
  opts: { bumpVersion?: boolean } = {},
): Promise<{ event: TrackingEvent; statusChanged: boolean }> {
  const { events, changed } = await appendEvents(ctx, [packageId], event, opts);
  return { event: events[0]!, statusChanged: changed.length > 0 };
}

/** The newest event of each package as one SQL expression (json), for one-query lookups. */
export const latestEventJson = sql<EventRow | null>`(
  SELECT json_build_object(
    'id', e.id, 'packageId', e.package_id, 'code', e.code, 'iataCode', e.iata_code, 'location', e.location,
    'occurredAt', e.occurred_at, 'note', e.note, 'noteCode', e.note_code, 'noteParams', e.note_params, 'actorId', e.actor_id, 'actorName', u.full_name,
    'visibility', e.visibility, 'createdAt', e.created_at)
  FROM tracking_events e LEFT JOIN users u ON u.id = e.actor_id
  WHERE e.package_id = ${packages.id}
  ORDER BY e.occurred_at DESC NULLS LAST, e.id DESC NULLS LAST
  LIMIT 1)`;

export type { EventRow };
