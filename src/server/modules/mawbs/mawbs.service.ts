import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FlightLeg, Mawb, MawbCreate, MawbPatch } from '../../../shared/contracts/mawbs';
import { MAWB_AWB_TAKEN_CODE, MAWB_STATUS_LABELS, routeIssues, type AwbTakenDetails } from '../../../shared/contracts/mawbs';
import type { FieldError } from '../../../shared/contracts/resource';
import { airlineByPrefix } from '../../../shared/domain/airlines';
import {
  MAWB_DELETABLE_STATUSES,
  MAWB_FINAL_STATUSES,
  MAWB_ROUTE_EDITABLE_STATUSES,
} from '../../../shared/domain/mawb-lifecycle';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { mawbEvents, mawbs } from '../../db/schema/index';
import { fieldError, HttpError } from '../../lib/errors';
import type { UpdatePlan, WriteContext } from '../../lib/resource/define';

/**
 * MAWB record rules: the unique AWB number, the route and its flight legs (ETD/ETA/ATD/ATA follow the
 * legs when there are any), what may change in which status, and the folded text `q` searches. Status and
 * packages are not here: mawbs.consolidation.ts owns them.
 */

export const UNIQUE_FIELDS: Record<string, FieldError> = {
  mawbs_awb_number_uq: { path: 'awbNumber', message: 'Số AWB này đã có trong hệ thống' },
};


export function mawbSearchText(m: { awbNumber: string; flights: string; origin: string; destination: string }): string {
  const airline = airlineByPrefix(m.awbNumber.slice(0, 3));
  // The number with and without its dash: people paste it either way.
  return foldVietnamese([m.awbNumber, m.awbNumber.replace('-', ''), m.flights, airline?.iata, airline?.name, m.origin, m.destination].filter(Boolean).join(' '));
}

export const flightsOf = (legs: ReadonlyArray<{ flightNo: string }>) => legs.map((l) => l.flightNo).join(' / ');

const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);

/** The MAWB's own times: the first leg's departure and the last leg's arrival, when it has legs. */
function timesFrom(legs: readonly FlightLeg[], etd: string | null, eta: string | null, atd: string | null, ata: string | null) {
  if (!legs.length) return { etd: toDate(etd), eta: toDate(eta), atd: toDate(atd), ata: toDate(ata) };
  const first = legs[0]!;
  const last = legs[legs.length - 1]!;
  return { etd: toDate(first.etd), eta: toDate(last.eta), atd: toDate(first.atd), ata: toDate(last.ata) };
}

/** 409 on the field when a live MAWB already has this number. */
async function assertAwbFree(db: Db, awbNumber: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: mawbs.id, status: mawbs.status })
    .from(mawbs)
    .where(and(eq(mawbs.awbNumber, awbNumber), isNull(mawbs.deletedAt), exceptId ? ne(mawbs.id, exceptId) : undefined));
  if (other) {
    // The MAWB is named by its number and status (never its database id); the details let the form link to it.
    const message = `Số AWB ${awbNumber} đã có trong hệ thống: MAWB này đang ở trạng thái "${MAWB_STATUS_LABELS[other.status]}"`;
    const details: AwbTakenDetails = [{ path: 'awbNumber', message, mawbId: other.id, awbNumber, status: other.status }];
    throw new HttpError(409, message, MAWB_AWB_TAKEN_CODE, details);
  }
}

function assertRoute(v: Parameters<typeof routeIssues>[0]): void {
  const issues = routeIssues(v);
  if (issues.length) throw new HttpError(400, issues[0]!.message, undefined, issues);
}

export async function createMawb(ctx: WriteContext, input: MawbCreate): Promise<number> {
  const { tx, meta } = ctx;
  await assertAwbFree(tx, input.awbNumber);
  const flights = flightsOf(input.flightLegs);
  const [row] = await tx
    .insert(mawbs)
    .values({
      awbNumber: input.awbNumber,
      airlinePrefix: input.awbNumber.slice(0, 3),
      origin: input.origin,
      destination: input.destination,
      flightLegs: input.flightLegs,
      flights,
      ...timesFrom(input.flightLegs, input.etd, input.eta, null, null),
      note: input.note,
      searchText: mawbSearchText({ awbNumber: input.awbNumber, flights, origin: input.origin, destination: input.destination }),
      createdBy: meta.actorId,
      updatedBy: meta.actorId,
    })
    .returning({ id: mawbs.id });
  await tx.insert(mawbEvents).values({ mawbId: row!.id, kind: 'created', toStatus: 'draft', actorId: meta.actorId });
  return row!.id;
}

/** Legs compared by value (jsonb hands keys back in its own order, so JSON text would not do). */
function sameLegs(a: readonly FlightLeg[], b: readonly FlightLeg[]): boolean {
  const keys: Array<keyof FlightLeg> = ['flightNo', 'from', 'to', 'etd', 'eta', 'atd', 'ata'];
  const at = (v: string | null) => (v ? Date.parse(v) : null);
  return a.length === b.length && a.every((l, i) => keys.every((k) => (k === 'flightNo' || k === 'from' || k === 'to' ? l[k] === b[i]![k] : at(l[k]) === at(b[i]![k]))));
}

export async function updateMawb(ctx: WriteContext, current: Mawb, patch: MawbPatch): Promise<UpdatePlan> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as MawbPatch;
  if (MAWB_FINAL_STATUSES.includes(current.status)) {
    throw new HttpError(409, `MAWB ${current.awbNumber} ở trạng thái "${MAWB_STATUS_LABELS[current.status]}": không thể sửa`);
  }
  const routeLocked = !MAWB_ROUTE_EDITABLE_STATUSES.includes(current.status);
  for (const field of ['awbNumber', 'origin', 'destination'] as const) {
    const value = changes[field];
    if (value !== undefined && value !== current[field] && routeLocked) {
      throw fieldError(409, field, `Chỉ sửa được số AWB, điểm đi và điểm đến khi MAWB còn ở trạng thái Nháp hoặc Đã đặt chỗ (hiện tại: ${MAWB_STATUS_LABELS[current.status]})`);
    }
  }
  if (changes.awbNumber !== undefined && changes.awbNumber !== current.awbNumber) await assertAwbFree(ctx.tx, changes.awbNumber, current.id);

  const legs = changes.flightLegs ?? current.flightLegs;
  const origin = changes.origin ?? current.origin;
  const destination = changes.destination ?? current.destination;
  // With legs, ETD/ETA come from them and may not be sent; without, the merged values must be in order.
  assertRoute(
    legs.length
      ? { origin, destination, flightLegs: legs, etd: changes.etd, eta: changes.eta }
      : { origin, destination, flightLegs: legs, etd: changes.etd !== undefined ? changes.etd : current.etd, eta: changes.eta !== undefined ? changes.eta : current.eta },
  );
  const awbNumber = changes.awbNumber ?? current.awbNumber;
  const legsChanged = changes.flightLegs !== undefined && !sameLegs(changes.flightLegs, current.flightLegs);
  const flights = flightsOf(legs);
  const times = timesFrom(
    legs,
    changes.etd !== undefined ? changes.etd : current.etd,
    changes.eta !== undefined ? changes.eta : current.eta,
    current.atd,
    current.ata,
  );
  return {
    set: {
      awbNumber,
      airlinePrefix: awbNumber.slice(0, 3),
      origin,
      destination,
      ...(legsChanged ? { flightLegs: legs } : {}),
      flights,
      ...times,
      ...(changes.note !== undefined ? { note: changes.note } : {}),
      searchText: mawbSearchText({ awbNumber, flights, origin, destination }),
    },
  };
}

export async function removeMawb(_ctx: WriteContext, current: Mawb): Promise<void> {
  if (!MAWB_DELETABLE_STATUSES.includes(current.status)) {
    throw new HttpError(409, `Chỉ xóa được MAWB ở trạng thái Nháp hoặc Đã hủy (hiện tại: ${MAWB_STATUS_LABELS[current.status]}); hãy hủy MAWB trước`);
  }
  if (current.pieces > 0) {
    throw new HttpError(409, `MAWB ${current.awbNumber} còn ${current.pieces} kiện: hãy gỡ hết kiện (hoặc hủy MAWB) trước khi xóa`);
  }
}
