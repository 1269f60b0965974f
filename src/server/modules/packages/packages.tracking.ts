import { and, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ALREADY_RECEIVED_CODE,
  EVENT_FUTURE_TOLERANCE_MS,
  type AlreadyReceivedDetails,
  PACKAGE_STATUS_LABELS,
  type EventAppendResponse,
  type Package,
  type PackageLabel,
  type PackageSearchHit,
  type ReceiveBody,
  type ReceiveOutcome,
  type ReceiveResponse,
  type SearchResponse,
  type TrackingEvent,
} from '../../../shared/contracts/packages';
import {
  BEFORE_MAWB_STATUSES,
  eventIataCode,
  isPackageCorrection,
  PACKAGE_LIFECYCLE,
  packagePlace,
  RECEIVABLE_STATUSES,
  statusForEvent,
  type PackageStatus,
} from '../../../shared/domain/package-status';
import type { Db } from '../../db/client';
import { mawbs, packages } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { fieldError, HttpError } from '../../lib/errors';
import type { IfMatchHeader } from '../../lib/resource/concurrency';
import { findItem } from '../../lib/resource/list-engine';
import { Binder, cachedStatement } from '../../lib/resource/statement-cache';
import { changeStatus } from '../../lib/resource/status';
import { inWriteTransaction } from '../../lib/resource/write';
import type { WriteContext } from '../../lib/write-context';
import { appendEvent, latestEventJson, listEvents, toTrackingEvent, type EventRow, type NewEvent } from './packages.events';
import { packagesResource } from './packages.resource';
import { runReceiveOntoOrderHook } from './packages.hooks';
import {
  assertStore,
  customerByCode,
  figuresFor,
  isUnidentified,
  nextPackageCode,
  packageSearchText,
  shippingRules,
} from './packages.service';

/** Receiving, the scanner search, event appends and labels: the tracking work beyond plain CRUD. */

const notFound = () => new HttpError(404, 'Không tìm thấy kiện hàng');

const findPackage = (db: Db, id: number) => findItem<Package>(db, packagesResource, id);

type PackageRow = Parameters<typeof packagesResource.select.toItem>[0];

/** The resource's columns and left joins (plus extra fields) under any WHERE. */
function selectPackagesQuery(db: Db, fields: SelectedFieldsFlat, where: SQL | undefined) {
  let q = db.select(fields).from(packages).$dynamic();
  for (const j of packagesResource.select.joins ?? []) q = q.leftJoin(j.table, j.on);
  return q.where(where);
}

async function selectPackages<T>(db: Db, fields: SelectedFieldsFlat, where: SQL | undefined): Promise<T[]> {
  return (await selectPackagesQuery(db, fields, where)) as T[];
}

// ---- events -----------------------------------------------------------------------------------------

export async function packageEvents(db: Db, id: number): Promise<TrackingEvent[]> {
  const [row] = await db.select({ id: packages.id }).from(packages).where(and(eq(packages.id, id), isNull(packages.deletedAt)));
  if (!row) throw notFound();
  return listEvents(db, id);
}

/**
 * Appends an event through the status-change path (lib/resource/status.ts), in the caller's transaction: the
 * row lock, the optional If-Match, the package lifecycle (which event may follow which status: an illegal one
 * is a 409 naming the allowed steps), the event (the status follows the newest one) and one audit row (action
 * `event`, the event in `after.event`). An event older than the newest one only adds history: it moves no
 * status, so the lifecycle does not judge it. Rules beyond the table:
 * - the event carries the FSU code of its status (eventIataCode): the usual one when none is given, 400 when
 *   the one given belongs to another milestone;
 * - no location given: where the package is (its foreign warehouse until it lands, its hub from then on);
 * - a correction (a step back, isPackageCorrection) needs a reason in `note` (400) and is audited as
 *   `event_correction` with `after.correction = { from, to, reason }`;
 * - a parcel on a MAWB never goes back before it (BEFORE_MAWB_STATUSES): 409 naming the MAWB, remove it first.
 */
export async function addPackageEvent(ctx: WriteContext, id: number, input: NewEvent, ifMatch: IfMatchHeader): Promise<EventAppendResponse> {
  if (input.occurredAt !== undefined && eventTime(input) > Date.now() + EVENT_FUTURE_TOLERANCE_MS) {
    throw fieldError(400, 'occurredAt', 'Thời điểm sự kiện không được ở tương lai');
  }
  const fsu = eventIataCode(input.code, input.iataCode);
  if ('refused' in fsu) {
    const label = PACKAGE_STATUS_LABELS[input.code];
    throw fieldError(
      400,
      'iataCode',
      fsu.refused.length ? `Sự kiện "${label}" chỉ mang mã FSU: ${fsu.refused.join(', ')}` : `Sự kiện "${label}" không có mã FSU`,
    );
  }
  type Step = { event: TrackingEvent; correction: { from: PackageStatus; to: PackageStatus; reason: string } | null };
  const { after, result } = await changeStatus<Package, PackageStatus, Step>(ctx, packagesResource, id, {
    // The newest event decides (latest occurredAt, then the later-recorded): a new event at or after the
    // current status time becomes the newest one.
    to: (before) => (eventTime(input) >= Date.parse(before.statusAt) ? statusForEvent(input.code) : null),
    lifecycle: PACKAGE_LIFECYCLE,
    ifMatch,
    audit: {
      action: (r) => (r.correction ? 'event_correction' : 'event'),
      after: (a, r) => ({ ...a, event: r.event, ...(r.correction ? { correction: r.correction } : {}) }),
    },
    apply: async (c, before, to) => {
      if (to !== null && before.mawbId != null && BEFORE_MAWB_STATUSES.includes(to)) {
        const [m] = await c.tx.select({ awbNumber: mawbs.awbNumber }).from(mawbs).where(eq(mawbs.id, before.mawbId));
        throw new HttpError(
          409,
          `Kiện ${before.code} đang nằm trong MAWB ${m?.awbNumber ?? before.mawbId}: không thể chuyển về "${PACKAGE_STATUS_LABELS[to]}"; hãy gỡ kiện khỏi MAWB trước`,
          'PACKAGE_ON_MAWB',
          { mawbId: before.mawbId, awbNumber: m?.awbNumber ?? null },
        );
      }
      const correction = to !== null && isPackageCorrection(before.status, to);
      if (correction && !input.note?.trim()) {
        throw fieldError(
          400,
          'note',
          `Chuyển kiện từ "${PACKAGE_STATUS_LABELS[before.status]}" về "${PACKAGE_STATUS_LABELS[to]}" là một lần sửa: hãy ghi lý do vào ghi chú`,
        );
      }
      const place = packagePlace(input.code, before.status) === 'destination' ? before.destinationStore : before.store;
      const { event } = await appendEvent(
        c,
        id,
        { ...input, iataCode: fsu.code, location: input.location?.trim() || place?.name || '' },
        { bumpVersion: true },
      );
      return { event, correction: correction ? { from: before.status, to: to!, reason: input.note!.trim() } : null };
    },
  });
  return { event: result.event, package: after };
}

/** When an event happened: its own time, or now when none is given (the database records now()). */
function eventTime(input: NewEvent): number {
  return input.occurredAt !== undefined ? new Date(input.occurredAt).getTime() : Date.now();
}

// ---- receiving --------------------------------------------------------------------------------------

function alreadyReceived(p: Package): HttpError {
  const message = `Kiện ${p.code} (mã vận đơn ${p.trackingNumber}) đã được nhận trước đó; trạng thái hiện tại: ${PACKAGE_STATUS_LABELS[p.status]}`;
  const details: AlreadyReceivedDetails = { packageId: p.id, packageCode: p.code, status: p.status };
  return new HttpError(409, message, ALREADY_RECEIVED_CODE, details);
}

/**
 * A parcel scanned, weighed and measured at a foreign warehouse: the expected package is received, or an
 * unknown number becomes a new package (unidentified when nobody owns it). One transaction, one audit
 * row (action `receive`), one `received_abroad` event.
 */
export async function receivePackage(app: FastifyInstance, req: FastifyRequest, body: ReceiveBody): Promise<{ created: boolean; response: ReceiveResponse }> {
  return inWriteTransaction(app, req, packagesResource, async (ctx) => {
    const { tx, meta } = ctx;
    const store = (await assertStore(tx, body.storeId, 'storeId', 'origin'))!;
    await assertStore(tx, body.destinationStoreId, 'destinationStoreId', 'hub');
    const customer = body.customerCode !== undefined ? await customerByCode(tx, body.customerCode) : undefined;
    if (body.customerCode !== undefined && !customer) {
      throw fieldError(400, 'customerCode', `Không tìm thấy khách hàng có mã hoặc mã suite ${body.customerCode}`);
    }
    // A parcel weighed but not measured has no sizes (and is billed by its gross weight, parcelFigures).
    const measured = { weightG: body.weightG, lengthMm: body.lengthMm ?? null, widthMm: body.widthMm ?? null, heightMm: body.heightMm ?? null };
    const figures = figuresFor(measured, await shippingRules(tx));
    const [existing] = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.trackingNumber, body.trackingNumber), isNull(packages.deletedAt)))
      .for('update');

    let id: number;
    let before: Package | null = null;
    let outcome: ReceiveOutcome;
    if (existing) {
      id = existing.id;
      before = (await findPackage(tx, id))!;
      if (!RECEIVABLE_STATUSES.includes(before.status)) throw alreadyReceived(before);
      if (customer && before.customerId != null && before.customerId !== customer.id) {
        throw fieldError(
          409,
          'customerCode',
          `Kiện ${before.code} đã thuộc khách hàng ${before.customer?.code ?? before.customerId}, không khớp mã ${body.customerCode} trên kiện`,
        );
      }
      const customerId = before.customerId ?? customer?.id ?? null;
      const contents = body.contents ?? before.contents;
      await tx
        .update(packages)
        .set({
          ...measured,
          ...figures,
          storeId: store.id,
          customerId,
          destinationStoreId: body.destinationStoreId ?? before.destinationStoreId,
          contents,
          unidentified: isUnidentified(customerId, 'received_abroad'),
          searchText: packageSearchText({ code: before.code, trackingNumber: before.trackingNumber, customerCode: customer?.code ?? before.customer?.code, contents }),
          version: sql`${packages.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: meta.actorId,
        })
        .where(eq(packages.id, id));
      outcome = 'received';
    } else {
      const code = await nextPackageCode(tx);
      const customerId = customer?.id ?? null;
      const contents = body.contents ?? '';
      const [row] = await tx
        .insert(packages)
        .values({
          code,
          trackingNumber: body.trackingNumber,
          ...measured,
          ...figures,
          storeId: store.id,
          customerId,
          destinationStoreId: body.destinationStoreId ?? null,
          contents,
          unidentified: isUnidentified(customerId, 'received_abroad'),
          searchText: packageSearchText({ code, trackingNumber: body.trackingNumber, customerCode: customer?.code, contents }),
          createdBy: meta.actorId,
          updatedBy: meta.actorId,
        })
        .returning({ id: packages.id });
      id = row!.id;
      outcome = customerId == null ? 'unidentified' : 'created';
    }
    const { event } = await appendEvent(ctx, id, {
      code: 'received_abroad',
      location: store.name,
      note: body.note ?? '',
    });
    const received = (await findPackage(tx, id))!;
    await writeAudit(tx, meta, { action: 'receive', entity: 'packages', entityId: id, before, after: { ...received, event } });
    // Onto the customer's open order through the order's own attach path (its rules, its audit rows, the order
    // following its parcels); a refusal there refuses the whole receive, so nothing is half done.
    if (body.orderId != null) await runReceiveOntoOrderHook(ctx, body.orderId, id);
    const after = body.orderId != null ? (await findPackage(tx, id))! : received;
    return { created: !existing, response: { outcome, package: after, event } };
  });
}

// ---- scanner search ---------------------------------------------------------------------------------

/**
 * Every number looked up in one query, by tracking number or package code, each package with its newest
 * event. `found` follows the order of `numbers` (one entry per package); the rest are `notFound`.
 */
export async function searchPackages(db: Db, numbers: string[]): Promise<SearchResponse> {
  type Row = PackageRow & { latestEvent: EventRow | null };
  const fields = { ...packagesResource.select.fields, latestEvent: latestEventJson };
  const whereOf = (list: Array<string | Placeholder>) =>
    and(or(inArray(packages.trackingNumber, list), inArray(packages.code, list)), isNull(packages.deletedAt));
  // A scanner looks up one number at a time: that shape (and other short lists) is built once per length.
  const binder = new Binder();
  const where = whereOf(numbers.map((n) => binder.bind('n', n)));
  const rows = binder.cacheable
    ? ((await cachedStatement(db, `packages.search|${numbers.length}`, () => selectPackagesQuery(db, fields, where)).execute(binder.values)) as Row[])
    : await selectPackages<Row>(db, fields, whereOf(numbers));
  const byNumber = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    byNumber.set(r.trackingNumber, r);
    // A tracking number that looks like another package's code loses to the code: labels carry codes.
    byNumber.set(r.code, r);
  }
  const found: PackageSearchHit[] = [];
  const notFound: string[] = [];
  const seen = new Set<number>();
  for (const n of numbers) {
    const r = byNumber.get(n);
    if (!r) {
      notFound.push(n);
      continue;
    }
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const { latestEvent, ...fields } = r;
    found.push({
      ...packagesResource.select.toItem(fields),
      matched: n,
      latestEvent: latestEvent ? toTrackingEvent(latestEvent as EventRow) : null,
    });
  }
  return { found, notFound };
}

// ---- labels -----------------------------------------------------------------------------------------

/** What each label prints, in the order asked; 404 naming any id that is not a live package. */
export async function packageLabels(db: Db, ids: number[]): Promise<PackageLabel[]> {
  const rows = await selectPackages<PackageRow>(db, packagesResource.select.fields, and(inArray(packages.id, ids), isNull(packages.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, packagesResource.select.toItem(r)]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new HttpError(404, `Không tìm thấy kiện hàng: ${missing.join(', ')}`, undefined, { missing });
  return ids.map((id) => {
    const p = byId.get(id)!;
    return {
      id: p.id,
      code: p.code,
      trackingNumber: p.trackingNumber,
      customerCode: p.customer?.code ?? null,
      customerName: p.customer?.fullName ?? null,
      weightG: p.weightG,
      chargeableG: p.chargeableG,
      lengthMm: p.lengthMm,
      widthMm: p.widthMm,
      heightMm: p.heightMm,
      originStore: p.store,
      destinationStore: p.destinationStore,
      contents: p.contents,
      status: p.status,
    };
  });
}
