/**
 * Package statuses and the tracking-event codes that set them.
 *
 * A package's status is derived from its tracking events: the event with the latest `occurredAt` (ties
 * broken by the later-recorded event) decides it. Event codes are the status identifiers themselves: an
 * event `departed` puts the package in status `departed`. An event may also carry the IATA Cargo-IMP FSU
 * code of the milestone (RCS, MAN, DEP…) for people and partners who read those.
 *
 * Labels (Vietnamese, English) live in the web's i18n files; exports use PACKAGE_STATUS_LABELS in
 * shared/contracts/packages.ts.
 */

/** The normal path of a parcel, in order. */
export const PACKAGE_FLOW = [
  'expected',
  'received_abroad',
  'on_mawb',
  'departed',
  'arrived',
  'customs_hold',
  'cleared',
  'ready',
  'on_slip',
  'out_for_delivery',
  'delivered',
] as const;

/** Exceptions: may happen at any point of the path. */
export const PACKAGE_EXCEPTIONS = ['on_hold', 'damaged', 'lost', 'returned'] as const;

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
  customs_hold: 'CRC',
  cleared: 'CCD',
  ready: 'NFD',
  delivered: 'DLV',
  damaged: 'DIS',
  lost: 'DIS',
};

/** The newest event decides: latest occurredAt, then the later-recorded one (higher id). */
export function newestEvent<E extends { occurredAt: string | Date; id: number }>(events: readonly E[]): E | undefined {
  let best: E | undefined;
  let bestAt = -Infinity;
  for (const e of events) {
    const at = new Date(e.occurredAt).getTime();
    if (!best || at > bestAt || (at === bestAt && e.id > best.id)) {
      best = e;
      bestAt = at;
    }
  }
  return best;
}

/** The status its events give a package (none → expected). */
export function statusFromEvents(events: ReadonlyArray<{ code: EventCode; occurredAt: string | Date; id: number }>): PackageStatus {
  const e = newestEvent(events);
  return e ? statusForEvent(e.code) : 'expected';
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
