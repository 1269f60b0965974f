import { defineLifecycle, quotedLabels, type Lifecycle } from './lifecycle';

/**
 * Package statuses and the tracking-event codes that set them.
 *
 * A package's status is derived from its tracking events: the event with the latest `occurredAt` (ties
 * broken by the later-recorded event) decides it (the server keeps `packages.status` so with one SQL
 * statement, server/modules/packages/packages.events.ts). Event codes are the status identifiers themselves: an
 * event `departed` puts the package in status `departed`. An event may also carry the IATA Cargo-IMP FSU
 * code of the milestone (RCS, MAN, DEP…) for people and partners who read those.
 *
 * Vietnamese labels are PACKAGE_STATUS_LABELS below (messages, exports); the web translates with i18n.
 */

/** The normal path of a parcel, in order. */
export const PACKAGE_FLOW = [
  'expected',
  'received_abroad',
  'on_mawb',
  'departed',
  'arrived',
  'in_customs',
  'cleared',
  'in_transfer',
  'ready',
  'on_slip',
  'out_for_delivery',
  'delivered',
] as const;

/**
 * Exceptions: may happen at any point of the path. `customs_hold` is customs holding this parcel (an
 * inspection, a missing permit), not the routine clearance every parcel goes through (`in_customs`).
 */
const PACKAGE_EXCEPTIONS = ['on_hold', 'customs_hold', 'damaged', 'lost', 'returned'] as const;

/** Exceptions a parcel stays in until someone resolves it by hand: a MAWB step moving past does not end them. */
export const HELD_STATUSES: readonly PackageStatus[] = ['on_hold', 'customs_hold', 'damaged'];

export const PACKAGE_STATUSES = [...PACKAGE_FLOW, ...PACKAGE_EXCEPTIONS] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** Every event code is a status; this is the list the API accepts for `code`. */
export const EVENT_CODES = PACKAGE_STATUSES;
export type EventCode = PackageStatus;

/** The status an event of this code puts its package in. */
export function statusForEvent(code: EventCode): PackageStatus {
  return code;
}

/** Cargo-IMP FSU status codes an event may carry. */
export const IATA_CODES = [
  'BKD', // booked
  'RCS', // received from shipper
  'MAN', // manifested
  'PRE', // prepared for loading
  'DEP', // departed
  'TFD', // transferred to another airline
  'RCT', // received from another airline
  'ARR', // arrived
  'RCF', // received from flight
  'NFD', // consignee notified for delivery
  'AWR', // documents received
  'AWD', // documents delivered
  'CRC', // reported to customs
  'CCD', // cleared by customs
  'TRM', // transferred (to the hub the parcel is bound for)
  'DLV', // delivered
  'DIS', // discrepancy
  'FOH', // freight on hand
] as const;
export type IataCode = (typeof IATA_CODES)[number];

/** The FSU code an event of this status carries when none is given; statuses with no FSU milestone have none. */
export const DEFAULT_IATA_CODE: Readonly<Partial<Record<PackageStatus, IataCode>>> = {
  received_abroad: 'RCS',
  on_mawb: 'MAN',
  departed: 'DEP',
  arrived: 'RCF',
  in_customs: 'CRC',
  cleared: 'CCD',
  in_transfer: 'TRM',
  ready: 'NFD',
  delivered: 'DLV',
  damaged: 'DIS',
  lost: 'DIS',
};

/**
 * The FSU codes an event of each status may carry, the usual one (DEFAULT_IATA_CODE) first. Rule: an event of a
 * status with an FSU milestone always carries one of these (none given: the usual one); a status with none
 * (expected, customs_hold, on_slip, out_for_delivery, returned) carries no FSU code.
 */
export const PACKAGE_FSU_CODES: Readonly<Record<PackageStatus, readonly IataCode[]>> = {
  expected: [],
  received_abroad: ['RCS', 'FOH'],
  on_mawb: ['MAN', 'BKD', 'PRE'],
  departed: ['DEP', 'TFD', 'RCT'],
  arrived: ['RCF', 'ARR', 'AWR'],
  in_customs: ['CRC'],
  // Held by customs is an exception, not a cargo milestone: no FSU code of its own.
  customs_hold: [],
  cleared: ['CCD'],
  in_transfer: ['TRM'],
  ready: ['NFD', 'AWD'],
  on_slip: [],
  out_for_delivery: [],
  delivered: ['DLV'],
  on_hold: ['DIS', 'FOH'],
  damaged: ['DIS'],
  lost: ['DIS'],
  returned: [],
};

/**
 * The FSU code an event of `status` is recorded with: the one given when it belongs to the status, the usual
 * one when none is given (undefined, null or blank); `{ refused }` when the given one does not belong.
 */
export function eventIataCode(status: PackageStatus, given: string | null | undefined): { code: IataCode | null } | { refused: readonly IataCode[] } {
  const allowed = PACKAGE_FSU_CODES[status];
  if (given == null || given === '') return { code: DEFAULT_IATA_CODE[status] ?? null };
  return allowed.includes(given as IataCode) ? { code: given as IataCode } : { refused: allowed };
}

/** Only a parcel nobody has received yet can be received at a foreign warehouse. */
export const RECEIVABLE_STATUSES: readonly PackageStatus[] = ['expected'];

/**
 * A package may be (soft) deleted only before it has left the foreign warehouse, or when it ended in an
 * exception; once on a MAWB it belongs to that shipment's paperwork.
 */
export const DELETABLE_STATUSES: readonly PackageStatus[] = ['expected', 'received_abroad', 'on_hold', 'damaged', 'lost', 'returned'];

/** Statuses after which nothing more is expected to happen. */
export const FINAL_STATUSES: readonly PackageStatus[] = ['delivered', 'lost', 'returned'];

/** Vietnamese labels, used by messages and exports (the web translates with i18n). */
export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  expected: 'Chờ nhận',
  received_abroad: 'Đã nhận ở kho nước ngoài',
  on_mawb: 'Đã đóng MAWB',
  departed: 'Đã cất cánh',
  arrived: 'Đã đến Việt Nam',
  in_customs: 'Đang làm thủ tục hải quan',
  cleared: 'Đã thông quan',
  in_transfer: 'Đang chuyển tới kho nhận',
  ready: 'Sẵn sàng tại kho VN',
  on_slip: 'Đã lên phiếu giao',
  out_for_delivery: 'Đang giao',
  delivered: 'Đã giao',
  on_hold: 'Tạm giữ',
  customs_hold: 'Hải quan tạm giữ',
  damaged: 'Hư hỏng',
  lost: 'Thất lạc',
  returned: 'Hoàn trả',
};

/**
 * Which status an event may give a package, i.e. which event may follow which status (an event recorded late,
 * older than the newest one, only adds history and is not a step). The rules:
 * - forward along PACKAGE_FLOW, skipping steps: scans are recorded as partners report them and a missed scan
 *   must not block the next one (a parcel seen departing was on a MAWB);
 * - one step back, to undo a mistaken scan (arrived → departed), but never back to `expected`: a received
 *   parcel has been weighed and sits in a warehouse;
 * - out_for_delivery → ready: a delivery that failed brings the parcel back to the hub;
 * - on_hold, customs_hold and damaged from any status that is not final, and back from them to any status of
 *   the flow but `expected` (the hold is released, the damage assessed: the parcel resumes where it is);
 * - lost and returned from any status that is not final;
 * - delivered, lost and returned are final: nothing follows them (a delivered parcel is never `expected` again).
 */
function packageTransitions(): Record<PackageStatus, PackageStatus[]> {
  const table = {} as Record<PackageStatus, PackageStatus[]>;
  const flow: readonly PackageStatus[] = PACKAGE_FLOW;
  const resumable = flow.filter((s) => s !== 'expected');
  for (const [i, from] of flow.entries()) {
    if (FINAL_STATUSES.includes(from)) {
      table[from] = [];
      continue;
    }
    const back = i > 1 ? [flow[i - 1]!] : [];
    const extra: PackageStatus[] = from === 'out_for_delivery' ? ['ready'] : [];
    table[from] = [...flow.slice(i + 1), ...back, ...extra.filter((s) => !back.includes(s)), ...PACKAGE_EXCEPTIONS];
  }
  for (const from of ['on_hold', 'customs_hold', 'damaged'] as const) {
    table[from] = [...resumable, ...PACKAGE_EXCEPTIONS.filter((s) => s !== from)];
  }
  for (const from of ['lost', 'returned'] as const) table[from] = [];
  return table;
}

/**
 * A correction: a step back along the normal path (undoing a mistaken scan, arrived → departed). Rule: the
 * lifecycle allows it, but only with a reason, and it is audited as a correction. A failed delivery
 * (out_for_delivery → ready) is a normal step, not a correction.
 */
export function isPackageCorrection(from: PackageStatus, to: PackageStatus): boolean {
  const flow: readonly PackageStatus[] = PACKAGE_FLOW;
  if (from === 'out_for_delivery' && to === 'ready') return false;
  const i = flow.indexOf(from);
  const j = flow.indexOf(to);
  return i >= 0 && j >= 0 && j < i;
}

/** Statuses a parcel on a MAWB cannot take: it is on the MAWB's paperwork until removed from it. */
export const BEFORE_MAWB_STATUSES: readonly PackageStatus[] = ['expected', 'received_abroad'];

/**
 * Where a parcel is when it takes `status` (an event's default location): at its foreign warehouse until it
 * lands, at its Vietnamese hub from then on; an exception happens where the parcel already is (`current`).
 */
export function packagePlace(status: PackageStatus, current: PackageStatus): 'origin' | 'destination' {
  const flow: readonly PackageStatus[] = PACKAGE_FLOW;
  const at = flow.includes(status) ? status : current;
  const i = flow.indexOf(at);
  return i >= flow.indexOf('arrived') ? 'destination' : 'origin';
}

/** "Không thể ghi sự kiện … cho kiện đang ở trạng thái …; chỉ có thể chuyển sang: …" */
function packageRefusal(from: PackageStatus, to: PackageStatus, next: readonly PackageStatus[], labels: Readonly<Record<PackageStatus, string>>): string {
  const head = `Không thể ghi sự kiện "${labels[to]}" cho kiện đang ở trạng thái "${labels[from]}"`;
  const tail = next.length
    ? `chỉ có thể chuyển sang: ${quotedLabels(next, labels)}`
    : 'trạng thái này là trạng thái cuối, không thể chuyển tiếp';
  return `${head}; ${tail}`;
}

export const PACKAGE_LIFECYCLE: Lifecycle<PackageStatus> = defineLifecycle({
  statuses: PACKAGE_STATUSES,
  finalStatuses: FINAL_STATUSES,
  labels: PACKAGE_STATUS_LABELS,
  transitions: packageTransitions(),
  refusal: packageRefusal,
});

/**
 * The label of one event. A status can be reached by several steps that people tell apart: a parcel is
 * `on_mawb` when put on a MAWB, when the flight is booked (BKD) and when the MAWB is manifested (MAN); each
 * step reads as itself on a timeline, not three identical lines.
 */
const EVENT_STEP_LABELS: Readonly<Record<string, string>> = {
  'on_mawb.BKD': 'Đã đặt chỗ chuyến bay',
  'on_mawb.MAN': 'Đã lên manifest chuyến bay',
};

/** `on_mawb.BKD` when that step has its own label, else the code: the key of an event's label. */
export function eventLabelKey(e: { code: PackageStatus; iataCode?: string | null }): string {
  const step = `${e.code}.${e.iataCode ?? ''}`;
  return step in EVENT_STEP_LABELS ? step : e.code;
}

