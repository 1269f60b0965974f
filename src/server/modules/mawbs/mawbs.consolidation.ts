import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAWB_EMPTY_CODE,
  MAWB_NOT_EDITABLE_CODE,
  MAWB_STATUS_LABELS,
  MAWB_TRANSITION_CODE,
  PACKAGE_ON_OTHER_MAWB_CODE,
  PACKAGE_STATUS_CONFLICT_CODE,
  PACKAGES_NOT_FOUND_CODE,
  type AddPackagesResponse,
  type FlightLeg,
  type Mawb,
  type MawbEvent,
  type MawbPackage,
  type MawbPackageList,
  type MawbStatus,
  type StatusBody,
  type TransitionDetails,
} from '../../../shared/contracts/mawbs';
import { PACKAGE_STATUS_LABELS } from '../../../shared/contracts/packages';
import { airportLabel } from '../../../shared/domain/airports';
import {
  MAWB_ADD_EFFECT,
  MAWB_ADDABLE_PACKAGE_STATUSES,
  MAWB_EDITABLE_PACKAGES_STATUSES,
  MAWB_LIFECYCLE,
  MAWB_NEEDS_PACKAGES_FROM,
  MAWB_OPEN_STATUSES,
  MAWB_REMOVE_EFFECT,
  MAWB_STATUS_EFFECTS,
  type PackageEffect,
} from '../../../shared/domain/mawb-lifecycle';
import { FINAL_STATUSES, type PackageStatus } from '../../../shared/domain/package-status';
import type { Db } from '../../db/client';
import { customers, mawbEvents, mawbs, packages, stores, users } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { parseIfMatch, staleError, type IfMatchHeader } from '../../lib/resource/concurrency';
import type { WriteContext } from '../../lib/resource/define';
import { findItem } from '../../lib/resource/list-engine';
import { changeStatus, lockItem } from '../../lib/resource/status';
import { inWriteTransaction } from '../../lib/resource/write';
import { appendEvents } from '../packages/packages.events';
import { packageWithCustomerFields } from '../packages/packages.service';
import { mawbsResource } from './mawbs.resource';

/**
 * What happens to a MAWB beyond its own fields: packages put on and taken off, status moves with their
 * tracking events, and the reads of the detail screen (packages, timeline). Every mutation is one
 * transaction holding the MAWB row lock, the package row locks, the package events, the MAWB's timeline
 * row and exactly one audit row: all of it commits, or none.
 *
 * Package side rules (shared/domain/mawb-lifecycle.ts has the event of each step):
 * - a status move writes its event to every package on the MAWB except those in a final status
 *   (delivered, lost, returned: nothing more happens to them, e.g. a parcel lost in transit must not
 *   "arrive"); `closed` writes none;
 * - taking a package off, or cancelling the MAWB, undoes what the MAWB did: packages still `on_mawb` get
 *   a `received_abroad` (FOH) event; one whose status moved on meanwhile (an exception such as on_hold)
 *   keeps it.
 */

const notFound = () => new HttpError(404, 'Không tìm thấy MAWB');
const findMawb = (db: Db, id: number) => findItem<Mawb>(db, mawbsResource, id);
/** Codes listed on a timeline row; the count says how many there were in all. */
const TIMELINE_CODES_MAX = 50;

function listed(values: string[], max = 10): string {
  return values.length <= max ? values.join(', ') : `${values.slice(0, max).join(', ')} và ${values.length - max} mã khác`;
}

/** Locks the live MAWB row and answers it as the API shows it; 404 when absent, 412 when If-Match is stale. */
async function lockMawb(ctx: WriteContext, id: number, expectedVersion: number | null): Promise<Mawb> {
  const item = await lockItem<Mawb>(ctx, mawbsResource, id);
  if (expectedVersion !== null && item.version !== expectedVersion) throw staleError(item, mawbsResource.label);
  return item;
}

function assertPackagesEditable(m: Mawb): void {
  if (!MAWB_EDITABLE_PACKAGES_STATUSES.includes(m.status)) {
    throw new HttpError(
      409,
      `MAWB ${m.awbNumber} đang ở trạng thái "${MAWB_STATUS_LABELS[m.status]}": chỉ thêm hoặc gỡ kiện khi MAWB ở trạng thái Nháp hoặc Đã đặt chỗ`,
      MAWB_NOT_EDITABLE_CODE,
      { status: m.status },
    );
  }
}

async function touchMawb(ctx: WriteContext, id: number, set: Record<string, unknown> = {}): Promise<void> {
  await ctx.tx
    .update(mawbs)
    .set({ ...set, version: sql`${mawbs.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
    .where(eq(mawbs.id, id));
}

interface LockedPackage {
  id: number;
  code: string;
  trackingNumber: string;
  status: PackageStatus;
  mawbId: number | null;
  storeName: string | null;
  destinationName: string | null;
}

/** Package rows locked in id order (two requests locking overlapping sets cannot deadlock). */
async function lockPackages(tx: Db, where: ReturnType<typeof and>): Promise<LockedPackage[]> {
  const locked = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(where, isNull(packages.deletedAt)))
    .orderBy(asc(packages.id))
    .for('update');
  if (!locked.length) return [];
  const destination = sql<string | null>`(SELECT s.name FROM stores s WHERE s.id = ${packages.destinationStoreId})`;
  return tx
    .select({
      id: packages.id,
      code: packages.code,
      trackingNumber: packages.trackingNumber,
      status: packages.status,
      mawbId: packages.mawbId,
      storeName: stores.name,
      destinationName: destination,
    })
    .from(packages)
    .leftJoin(stores, eq(stores.id, packages.storeId))
    .where(inArray(packages.id, locked.map((p) => p.id)))
    .orderBy(asc(packages.id));
}

/**
 * Writes one effect to a set of packages, grouped by where it happens: at the origin that is the MAWB's
 * airport (or, for a parcel back on the shelf, its warehouse); at the destination the airport, its customs,
 * or the package's own Vietnamese hub once received there.
 */
async function applyEffect(
  ctx: WriteContext,
  mawb: Pick<Mawb, 'origin' | 'destination'>,
  effect: PackageEffect,
  targets: LockedPackage[],
  note: string,
): Promise<number> {
  const groups = new Map<string, number[]>();
  for (const p of targets) {
    let location: string;
    if (effect.code === 'received_abroad') location = p.storeName ?? airportLabel(mawb.origin);
    else if (effect.code === 'ready') location = p.destinationName ?? airportLabel(mawb.destination);
    else if (effect.code === 'customs_hold' || effect.code === 'cleared') location = `Hải quan ${airportLabel(mawb.destination)}`;
    else location = airportLabel(effect.at === 'origin' ? mawb.origin : mawb.destination);
    groups.set(location, [...(groups.get(location) ?? []), p.id]);
  }
  for (const [location, ids] of groups) {
    await appendEvents(ctx.tx, ctx.meta.actorId, ids, { code: effect.code, iataCode: effect.iataCode, location, note }, { bumpVersion: true });
  }
  return targets.length;
}

async function timeline(
  ctx: WriteContext,
  row: { mawbId: number; kind: MawbEvent['kind']; fromStatus?: MawbStatus; toStatus?: MawbStatus; iataCode?: string | null; codes?: string[]; note?: string },
): Promise<void> {
  await ctx.tx.insert(mawbEvents).values({
    mawbId: row.mawbId,
    kind: row.kind,
    fromStatus: row.fromStatus ?? null,
    toStatus: row.toStatus ?? null,
    iataCode: row.iataCode ?? null,
    packageCount: row.codes?.length ?? 0,
    packageCodes: (row.codes ?? []).slice(0, TIMELINE_CODES_MAX),
    note: row.note ?? '',
    actorId: ctx.meta.actorId,
  });
}

// ---- packages on a MAWB -----------------------------------------------------------------------------

const mawbPackageFields = {
  ...packageWithCustomerFields,
  weightG: packages.weightG,
  chargeableG: packages.chargeableG,
  lengthMm: packages.lengthMm,
  widthMm: packages.widthMm,
  heightMm: packages.heightMm,
  contents: packages.contents,
  status: packages.status,
  statusAt: packages.statusAt,
};

async function selectMawbPackages(db: Db, where: ReturnType<typeof and>): Promise<MawbPackage[]> {
  const rows = await db
    .select(mawbPackageFields)
    .from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .where(and(where, isNull(packages.deletedAt)))
    .orderBy(asc(packages.code));
  return rows.map((r) => ({ ...r, customerCode: r.customerCode ?? null, customerName: r.customerName ?? null, statusAt: r.statusAt.toISOString() }));
}

export async function mawbPackages(db: Db, id: number): Promise<MawbPackageList> {
  const mawb = await findMawb(db, id);
  if (!mawb) throw notFound();
  const items = await selectMawbPackages(db, eq(packages.mawbId, id));
  return { items, pieces: mawb.pieces, grossWeightG: mawb.grossWeightG, chargeableWeightG: mawb.chargeableWeightG };
}

export async function mawbTimeline(db: Db, id: number): Promise<MawbEvent[]> {
  const [row] = await db.select({ id: mawbs.id }).from(mawbs).where(and(eq(mawbs.id, id), isNull(mawbs.deletedAt)));
  if (!row) throw notFound();
  const rows = await db
    .select({
      id: mawbEvents.id,
      mawbId: mawbEvents.mawbId,
      kind: mawbEvents.kind,
      fromStatus: mawbEvents.fromStatus,
      toStatus: mawbEvents.toStatus,
      iataCode: mawbEvents.iataCode,
      packageCount: mawbEvents.packageCount,
      packageCodes: mawbEvents.packageCodes,
      note: mawbEvents.note,
      actorId: mawbEvents.actorId,
      actorName: users.fullName,
      occurredAt: mawbEvents.occurredAt,
    })
    .from(mawbEvents)
    .leftJoin(users, eq(users.id, mawbEvents.actorId))
    .where(eq(mawbEvents.mawbId, id))
    .orderBy(desc(mawbEvents.occurredAt), desc(mawbEvents.id));
  return rows.map((r) => ({ ...r, actorName: r.actorName ?? null, occurredAt: r.occurredAt.toISOString() }));
}

/**
 * Puts packages on a draft/booked MAWB, all or nothing (the contract's AddPackagesBody lists the answers).
 * Each number matches a tracking number or a package code.
 */
export async function addPackages(app: FastifyInstance, req: FastifyRequest, id: number, numbers: string[]): Promise<AddPackagesResponse> {
  const expected = parseIfMatch(req.headers['if-match']);
  return inWriteTransaction(app, req, mawbsResource, async (ctx) => {
    const before = await lockMawb(ctx, id, expected);
    assertPackagesEditable(before);
    const found = await lockPackages(ctx.tx, or(inArray(packages.trackingNumber, numbers), inArray(packages.code, numbers)));
    const byNumber = new Map<string, LockedPackage>();
    for (const p of found) byNumber.set(p.code, p);
    // A tracking number wins over a code when the two collide: it is what the parcel itself carries.
    for (const p of found) byNumber.set(p.trackingNumber, p);

    const notFoundNumbers = numbers.filter((n) => !byNumber.has(n));
    if (notFoundNumbers.length) {
      throw new HttpError(400, `Không tìm thấy kiện có mã: ${listed(notFoundNumbers)}`, PACKAGES_NOT_FOUND_CODE, { notFound: notFoundNumbers });
    }

    const seen = new Set<number>();
    const wanted: Array<{ number: string; pkg: LockedPackage }> = [];
    const alreadyOnMawb: string[] = [];
    for (const number of numbers) {
      const pkg = byNumber.get(number)!;
      if (seen.has(pkg.id)) continue;
      seen.add(pkg.id);
      if (pkg.mawbId === id) alreadyOnMawb.push(number);
      else wanted.push({ number, pkg });
    }

    const otherIds = [...new Set(wanted.map((w) => w.pkg.mawbId).filter((m): m is number => m != null))];
    const others = otherIds.length
      ? await ctx.tx.select({ id: mawbs.id, awbNumber: mawbs.awbNumber, status: mawbs.status }).from(mawbs).where(inArray(mawbs.id, otherIds))
      : [];
    const openOther = new Map(others.filter((m) => MAWB_OPEN_STATUSES.includes(m.status)).map((m) => [m.id, m]));
    const onOther = wanted.filter((w) => w.pkg.mawbId != null && openOther.has(w.pkg.mawbId));
    if (onOther.length) {
      const conflicts = onOther.map((w) => ({ number: w.number, packageId: w.pkg.id, packageCode: w.pkg.code, mawbId: w.pkg.mawbId!, awbNumber: openOther.get(w.pkg.mawbId!)!.awbNumber }));
      const message = `Kiện đang nằm trong MAWB khác: ${listed(conflicts.map((c) => `${c.packageCode} (MAWB ${c.awbNumber})`))}`;
      throw new HttpError(409, message, PACKAGE_ON_OTHER_MAWB_CODE, { conflicts });
    }

    const wrongStatus = wanted.filter((w) => !MAWB_ADDABLE_PACKAGE_STATUSES.includes(w.pkg.status));
    if (wrongStatus.length) {
      const conflicts = wrongStatus.map((w) => ({ number: w.number, packageId: w.pkg.id, packageCode: w.pkg.code, status: w.pkg.status }));
      const message = `Chỉ đóng MAWB được kiện ở trạng thái "${PACKAGE_STATUS_LABELS.received_abroad}"; không hợp lệ: ${listed(conflicts.map((c) => `${c.packageCode} (${PACKAGE_STATUS_LABELS[c.status]})`))}`;
      throw new HttpError(409, message, PACKAGE_STATUS_CONFLICT_CODE, { conflicts });
    }

    if (!wanted.length) return { mawb: before, added: [], alreadyOnMawb };

    const ids = wanted.map((w) => w.pkg.id);
    await ctx.tx
      .update(packages)
      .set({ mawbId: id, version: sql`${packages.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
      .where(inArray(packages.id, ids));
    // The row update above already gave each package its new version; the event only moves the status.
    await appendEvents(ctx.tx, ctx.meta.actorId, ids, {
      code: MAWB_ADD_EFFECT.code,
      iataCode: MAWB_ADD_EFFECT.iataCode,
      location: airportLabel(before.origin),
      note: `Đóng vào MAWB ${before.awbNumber}`,
    });
    await touchMawb(ctx, id);
    const codes = wanted.map((w) => w.pkg.code);
    await timeline(ctx, { mawbId: id, kind: 'packages_added', codes });
    const after = (await findMawb(ctx.tx, id))!;
    await writeAudit(ctx.tx, ctx.meta, { action: 'add_packages', entity: 'mawbs', entityId: id, before, after: { ...after, packageCodes: codes } });
    const rows = await selectMawbPackages(ctx.tx, inArray(packages.id, ids));
    const order = new Map(ids.map((pid, i) => [pid, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { mawb: after, added: rows, alreadyOnMawb };
  });
}

/** Takes one package off a draft/booked MAWB; it is back on hand at its warehouse. */
export async function removePackage(app: FastifyInstance, req: FastifyRequest, id: number, packageId: number): Promise<Mawb> {
  const expected = parseIfMatch(req.headers['if-match']);
  return inWriteTransaction(app, req, mawbsResource, async (ctx) => {
    const before = await lockMawb(ctx, id, expected);
    assertPackagesEditable(before);
    const [pkg] = await lockPackages(ctx.tx, and(eq(packages.id, packageId), eq(packages.mawbId, id)));
    if (!pkg) throw new HttpError(404, 'Kiện không nằm trong MAWB này');
    await ctx.tx
      .update(packages)
      .set({ mawbId: null, version: sql`${packages.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
      .where(eq(packages.id, pkg.id));
    if (pkg.status === 'on_mawb') await applyEffect(ctx, before, MAWB_REMOVE_EFFECT, [pkg], `Gỡ khỏi MAWB ${before.awbNumber}`);
    await touchMawb(ctx, id);
    await timeline(ctx, { mawbId: id, kind: 'package_removed', codes: [pkg.code] });
    const after = (await findMawb(ctx.tx, id))!;
    await writeAudit(ctx.tx, ctx.meta, { action: 'remove_package', entity: 'mawbs', entityId: id, before, after: { ...after, packageCodes: [pkg.code] } });
    return after;
  });
}

/**
 * The actual times a move records, at the transaction's now() unless already set: departure on the first
 * leg, arrival on the last (the legs in between keep what was entered for them).
 */
function actualTimes(m: Mawb, to: MawbStatus, now: string): Record<string, unknown> {
  if (to !== 'departed' && to !== 'arrived') return {};
  const legs: FlightLeg[] = m.flightLegs.map((l) => ({ ...l }));
  const leg = to === 'departed' ? legs[0] : legs[legs.length - 1];
  if (!leg) return to === 'departed' ? { atd: new Date(m.atd ?? now) } : { ata: new Date(m.ata ?? now) };
  if (to === 'departed') {
    leg.atd ??= now;
    return { flightLegs: legs, atd: new Date(leg.atd) };
  }
  leg.ata ??= now;
  return { flightLegs: legs, ata: new Date(leg.ata) };
}

/**
 * Moves the MAWB one step through the status-change path (lib/resource/status.ts) and writes the matching
 * event to its packages, all in the caller's transaction; one audit row (action `status`).
 */
export async function changeMawbStatus(ctx: WriteContext, id: number, body: StatusBody, ifMatch: IfMatchHeader): Promise<Mawb> {
  const to = body.status;
  const { after } = await changeStatus<Mawb, MawbStatus, number>(ctx, mawbsResource, id, {
    to,
    lifecycle: MAWB_LIFECYCLE,
    ifMatch,
    code: MAWB_TRANSITION_CODE,
    details: (from, t, allowed): TransitionDetails => ({ from, to: t, allowed }),
    audit: { action: 'status', after: (a, affected) => ({ ...a, packagesAffected: affected }) },
    apply: async (c, before) => {
      if (to === MAWB_NEEDS_PACKAGES_FROM && before.pieces === 0) {
        throw new HttpError(409, `MAWB ${before.awbNumber} chưa có kiện nào: hãy thêm kiện trước khi lập manifest`, MAWB_EMPTY_CODE);
      }
      const onMawb = await lockPackages(c.tx, eq(packages.mawbId, id));
      const effect = MAWB_STATUS_EFFECTS[to];
      const note = body.note || `MAWB ${before.awbNumber}: ${MAWB_STATUS_LABELS[to]}`;
      let affected: LockedPackage[] = [];
      if (to === 'cancelled') {
        // Cancelling releases every package; those the MAWB had put on_mawb go back to received_abroad.
        if (onMawb.length) {
          await c.tx
            .update(packages)
            .set({ mawbId: null, version: sql`${packages.version} + 1`, updatedAt: sql`now()`, updatedBy: c.meta.actorId })
            .where(inArray(packages.id, onMawb.map((p) => p.id)));
        }
        affected = onMawb.filter((p) => p.status === 'on_mawb');
      } else if (effect) {
        affected = onMawb.filter((p) => !FINAL_STATUSES.includes(p.status));
      }
      if (effect && affected.length) await applyEffect(c, before, effect, affected, note);

      const nowIso = await transactionNow(c.tx);
      await touchMawb(c, id, { status: to, statusAt: sql`now()`, ...actualTimes(before, to, nowIso) });
      await timeline(c, {
        mawbId: id,
        kind: 'status',
        fromStatus: before.status,
        toStatus: to,
        iataCode: effect?.iataCode ?? null,
        codes: affected.map((p) => p.code),
        note: body.note,
      });
      return affected.length;
    },
  });
  return after;
}

/** The transaction's now() (to the millisecond): the ATD/ATA a move records is the time of its package events. */
async function transactionNow(tx: Db): Promise<string> {
  const result = (await tx.execute(sql`SELECT now() AS now`)) as unknown as { rows: Array<{ now: Date | string }> };
  return new Date(result.rows[0]!.now).toISOString();
}
