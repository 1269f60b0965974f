import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAWB_ATD_CONFIRM_CODE,
  MAWB_ATD_CONFIRM_HOURS,
  MAWB_EMPTY_CODE,
  MAWB_FLIGHT_REQUIRED_CODE,
  MAWB_NOT_EDITABLE_CODE,
  MAWB_STEP_CLOCK_SKEW_MS,
  MAWB_STEP_TIME_CODE,
  MAWB_STATUS_LABELS,
  MAWB_TRANSITION_CODE,
  PACKAGE_ON_OTHER_MAWB_CODE,
  PACKAGE_ORIGIN_MISMATCH_CODE,
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
import { mawbAddedNote, mawbRemovedNote, mawbStatusNote, type EventNote } from '../../../shared/domain/event-notes';
import {
  MAWB_ADD_EFFECT,
  MAWB_ADDABLE_PACKAGE_STATUSES,
  MAWB_EDITABLE_PACKAGES_STATUSES,
  MAWB_LIFECYCLE,
  MAWB_NEEDS_PACKAGES_FROM,
  MAWB_OPEN_STATUSES,
  MAWB_REMOVE_EFFECT,
  MAWB_STATUS_EFFECTS,
  MAWB_TRANSFER_EFFECT,
  landsAtHub,
  originFits,
  type PackageEffect,
} from '../../../shared/domain/mawb-lifecycle';
import { FINAL_STATUSES, HELD_STATUSES, type PackageStatus } from '../../../shared/domain/package-status';
import type { Db } from '../../db/client';
import { customers, mawbEvents, mawbs, packages, stores, users } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { parseIfMatch, type IfMatchHeader } from '../../lib/resource/concurrency';
import type { WriteContext } from '../../lib/resource/define';
import { findItem } from '../../lib/resource/list-engine';
import { lockItem } from '../../lib/resource/lock';
import { changeStatus } from '../../lib/resource/status';
import { inWriteTransaction } from '../../lib/resource/write';
import { appendEvents, packageWithCustomerFields } from '../packages/index';
import { mawbsResource } from './mawbs.resource';
import { mawbSearchText } from './mawbs.service';

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
  return (await lockItem<Mawb>(ctx.tx, mawbsResource, id, expectedVersion)).item;
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
  storeCountry: string | null;
  destinationName: string | null;
  destinationCode: string | null;
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
  const destinationCode = sql<string | null>`(SELECT s.code FROM stores s WHERE s.id = ${packages.destinationStoreId})`;
  return tx
    .select({
      id: packages.id,
      code: packages.code,
      trackingNumber: packages.trackingNumber,
      status: packages.status,
      mawbId: packages.mawbId,
      storeName: stores.name,
      storeCountry: stores.country,
      destinationName: destination,
      destinationCode,
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
  note: EventNote,
  occurredAt?: string,
): Promise<number> {
  const groups = new Map<string, number[]>();
  for (const p of targets) {
    let location: string;
    if (effect.code === 'received_abroad') location = p.storeName ?? airportLabel(mawb.origin);
    else if (effect.code === 'ready') location = p.destinationName ?? airportLabel(mawb.destination);
    // Customs steps happen at the destination airport: the step's own label says "customs" in the reader's language.
    else location = airportLabel(effect.at === 'origin' ? mawb.origin : mawb.destination);
    groups.set(location, [...(groups.get(location) ?? []), p.id]);
  }
  for (const [location, ids] of groups) {
    await appendEvents(ctx, ids, { code: effect.code, iataCode: effect.iataCode, location, ...note, occurredAt }, { bumpVersion: true });
  }
  return targets.length;
}

async function timeline(
  ctx: WriteContext,
  row: { mawbId: number; kind: MawbEvent['kind']; fromStatus?: MawbStatus; toStatus?: MawbStatus; iataCode?: string | null; codes?: string[]; note?: string; occurredAt?: string },
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
    ...(row.occurredAt ? { occurredAt: new Date(row.occurredAt) } : {}),
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
  declaredValue: packages.declaredValue,
  declaredCurrency: packages.declaredCurrency,
  customerPhone: customers.phone,
  customerProvince: customers.province,
  customerAddresses: customers.addresses,
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
  return rows.map(({ customerPhone, customerProvince, customerAddresses, ...r }) => {
    // Customs and the receiving hub need who receives the parcel: the customer's default address, else the customer.
    const address = customerAddresses?.find((a) => a.isDefault) ?? customerAddresses?.[0];
    return {
      ...r,
      customerCode: r.customerCode ?? null,
      customerName: r.customerName ?? null,
      consigneeName: address?.receiver || r.customerName || null,
      consigneePhone: address?.phone || customerPhone || null,
      consigneeProvince: address?.province || customerProvince || null,
      statusAt: r.statusAt.toISOString(),
    };
  });
}

export async function mawbPackages(db: Db, id: number): Promise<MawbPackageList> {
  const mawb = await findMawb(db, id);
  if (!mawb) throw notFound();
  const items = await selectMawbPackages(db, eq(packages.mawbId, id));
  return {
    items,
    pieces: mawb.pieces,
    grossWeightG: mawb.grossWeightG,
    chargeableWeightG: mawb.chargeableWeightG,
    volumetricWeightG: mawb.volumetricWeightG,
    airlineChargeableWeightG: mawb.airlineChargeableWeightG,
  };
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
    .orderBy(sql`${mawbEvents.occurredAt} DESC NULLS LAST`, sql`${mawbEvents.id} DESC NULLS LAST`); // the order of mawb_events_mawb_idx
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

    const elsewhere = wanted.filter((w) => !originFits(w.pkg.storeCountry, before.origin));
    if (elsewhere.length) {
      // No transfer between warehouses exists: a parcel flies out of the country that received it.
      const origin = airportLabel(before.origin);
      const conflicts = elsewhere.map((w) => ({ number: w.number, packageId: w.pkg.id, packageCode: w.pkg.code, storeName: w.pkg.storeName, origin: before.origin }));
      const message = `Kiện nhận ở kho khác nước với điểm đi ${origin} của MAWB ${before.awbNumber}: ${listed(conflicts.map((c) => `${c.packageCode} (${c.storeName ?? '—'})`))}`;
      throw new HttpError(409, message, PACKAGE_ORIGIN_MISMATCH_CODE, { conflicts });
    }

    if (!wanted.length) return { mawb: before, added: [], alreadyOnMawb };

    const ids = wanted.map((w) => w.pkg.id);
    await ctx.tx
      .update(packages)
      .set({ mawbId: id, version: sql`${packages.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
      .where(inArray(packages.id, ids));
    // The row update above already gave each package its new version; the event only moves the status.
    await appendEvents(ctx, ids, {
      code: MAWB_ADD_EFFECT.code,
      iataCode: MAWB_ADD_EFFECT.iataCode,
      location: airportLabel(before.origin),
      ...mawbAddedNote(before.awbNumber),
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
    if (pkg.status === 'on_mawb') await applyEffect(ctx, before, MAWB_REMOVE_EFFECT, [pkg], mawbRemovedNote(before.awbNumber));
    await touchMawb(ctx, id);
    await timeline(ctx, { mawbId: id, kind: 'package_removed', codes: [pkg.code] });
    const after = (await findMawb(ctx.tx, id))!;
    await writeAudit(ctx.tx, ctx.meta, { action: 'remove_package', entity: 'mawbs', entityId: id, before, after: { ...after, packageCodes: [pkg.code] } });
    return after;
  });
}

/** "25/11/2026 06:30" in Vietnam's time: how a step time reads in a message. */
const vnTime = (iso: string) =>
  new Intl.DateTimeFormat('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

/**
 * The actual times a step records, at the time entered for it (`at`): departure on the first leg, arrival on
 * the last (the legs in between keep what was entered for them).
 */
function actualTimes(m: Mawb, to: MawbStatus, at: string): Record<string, unknown> {
  if (to !== 'departed' && to !== 'arrived') return {};
  const legs: FlightLeg[] = m.flightLegs.map((l) => ({ ...l }));
  const leg = to === 'departed' ? legs[0] : legs[legs.length - 1];
  if (!leg) return to === 'departed' ? { atd: new Date(at) } : { ata: new Date(at) };
  if (to === 'departed') {
    leg.atd = at;
    return { flightLegs: legs, atd: new Date(at) };
  }
  leg.ata = at;
  return { flightLegs: legs, ata: new Date(at) };
}

/**
 * The rules of a step's time and flight, before anything is written:
 * - the time is not ahead of the clock (beyond MAWB_STEP_CLOCK_SKEW_MS) nor before the MAWB's current status
 *   time (its previous step), and an arrival is not before the departure;
 * - a departure names its flight: a MAWB with legs has a flight number on each; one without gives `flightNo`;
 * - an ATD further than MAWB_ATD_CONFIRM_HOURS from the ETD is asked for again (`confirm`).
 */
function assertStepTime(m: Mawb, body: StatusBody, at: string, now: string): void {
  const atMs = Date.parse(at);
  if (atMs > Date.parse(now) + MAWB_STEP_CLOCK_SKEW_MS) {
    throw new HttpError(409, `Thời điểm ${vnTime(at)} ở tương lai: hãy nhập thời điểm thực tế`, MAWB_STEP_TIME_CODE, { at });
  }
  if (atMs < Date.parse(m.statusAt)) {
    throw new HttpError(409, `Thời điểm ${vnTime(at)} trước bước trước của MAWB (${MAWB_STATUS_LABELS[m.status]} lúc ${vnTime(m.statusAt)})`, MAWB_STEP_TIME_CODE, { at, previous: m.statusAt });
  }
  if (body.status === 'arrived' && m.atd && atMs < Date.parse(m.atd)) {
    throw new HttpError(409, `Giờ hạ cánh (ATA) ${vnTime(at)} trước giờ cất cánh (ATD) ${vnTime(m.atd)}`, MAWB_STEP_TIME_CODE, { at, atd: m.atd });
  }
  if (body.status !== 'departed') return;
  if (m.flightLegs.length && body.flightNo !== undefined) {
    throw new HttpError(409, 'Số hiệu chuyến bay lấy từ các chặng bay; hãy sửa trong chặng bay', MAWB_FLIGHT_REQUIRED_CODE);
  }
  if (!m.flightLegs.length && !body.flightNo) {
    throw new HttpError(409, `MAWB ${m.awbNumber} chưa có số hiệu chuyến bay: hãy nhập số hiệu chuyến bay khi cất cánh`, MAWB_FLIGHT_REQUIRED_CODE);
  }
  const etd = m.flightLegs[0]?.etd ?? m.etd;
  if (etd && !body.confirm && Math.abs(atMs - Date.parse(etd)) > MAWB_ATD_CONFIRM_HOURS * 3_600_000) {
    throw new HttpError(
      409,
      `Giờ cất cánh thực tế (ATD) ${vnTime(at)} lệch quá ${MAWB_ATD_CONFIRM_HOURS} giờ so với giờ dự kiến (ETD) ${vnTime(etd)}: hãy kiểm tra và xác nhận`,
      MAWB_ATD_CONFIRM_CODE,
      { at, etd },
    );
  }
}

/**
 * Moves the MAWB one step through the status-change path (lib/resource/status.ts) and writes the matching
 * event to its packages, all in the caller's transaction; one audit row (action `status`). The step happens
 * at `body.at` (default now): the MAWB's status time, ATD/ATA, its timeline row and the packages' events
 * all carry it.
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
      const nowIso = await transactionNow(c.tx);
      const at = body.at ?? nowIso;
      assertStepTime(before, body, at, nowIso);
      const onMawb = await lockPackages(c.tx, eq(packages.mawbId, id));
      const effect = MAWB_STATUS_EFFECTS[to];
      // The step as a note code (rendered in the reader's language); what staff typed stays as typed.
      const note: EventNote = { ...mawbStatusNote(before.awbNumber, to), note: body.note ?? '' };
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
        // Final statuses see nothing more; held ones (on_hold, customs_hold, damaged) stay until resolved by hand.
        affected = onMawb.filter((p) => !FINAL_STATUSES.includes(p.status) && !HELD_STATUSES.includes(p.status));
      }
      if (effect && affected.length) {
        // At the hub step a parcel bound for another hub than where the flight landed goes on to it (TRM).
        const transfer = to === 'received_at_hub' ? affected.filter((p) => !landsAtHub(before.destination, p.destinationCode)) : [];
        const home = affected.filter((p) => !transfer.includes(p));
        if (home.length) await applyEffect(c, before, effect, home, note, at);
        if (transfer.length) await applyEffect(c, before, MAWB_TRANSFER_EFFECT, transfer, note, at);
      }

      const flight = to === 'departed' && !before.flightLegs.length && body.flightNo ? { flights: body.flightNo, searchText: mawbSearchText({ ...before, flights: body.flightNo }) } : {};
      await touchMawb(c, id, { status: to, statusAt: new Date(at), ...actualTimes(before, to, at), ...flight });
      await timeline(c, {
        mawbId: id,
        kind: 'status',
        fromStatus: before.status,
        toStatus: to,
        iataCode: effect?.iataCode ?? null,
        codes: affected.map((p) => p.code),
        note: body.note,
        occurredAt: at,
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
