import { airportByCode } from './airports';
import { defineLifecycle, quotedLabels, type Lifecycle } from './lifecycle';
import type { IataCode, PackageStatus } from './package-status';

/**
 * The life of a master air waybill and what each step does to the packages on it.
 *
 *   draft → booked → manifested → departed → arrived → in_customs → cleared → received_at_hub → closed
 *   draft | booked → cancelled
 *
 * Steps go one at a time: each one is a real milestone someone records (the airline's FSU message or our
 * own hub), so none is skipped. Packages can be added or removed only while the MAWB is draft or booked;
 * from manifested on, the list is what the airline carries.
 *
 * Package side (one tracking event per package, in the same transaction as the MAWB change):
 *   added to a MAWB          → on_mawb          (no FSU: consolidation is our own act)
 *   booked                   → on_mawb  + BKD   (status unchanged; the timeline shows the booking)
 *   manifested               → on_mawb  + MAN
 *   departed                 → departed + DEP
 *   arrived                  → arrived  + RCF   (cargo received from the flight; the flight's ARR has no step of its own)
 *   in_customs               → in_customs + CRC (reported to customs: routine clearance, nothing is held)
 *   cleared                  → cleared  + CCD
 *   received_at_hub          → ready    + NFD   (at our Vietnamese hub; the consignee can be notified)
 *                              or in_transfer + TRM for a parcel bound for another hub than where the flight
 *                              landed (a Hà Nội parcel on a flight to Hồ Chí Minh): its own hub receives it later
 *   closed                   → no event: packages have moved on (slips, delivery) and must not be pulled back
 *   cancelled / removed      → received_abroad + FOH (freight on hand again at the foreign warehouse, off the MAWB)
 *
 * A move skips packages in a final status (delivered, lost, returned): a parcel lost in transit must not
 * "arrive"; and packages in an exception someone resolves by hand (on_hold, customs_hold, damaged): the MAWB
 * moving on does not release a hold. Cancelling or removing only reverts packages the MAWB put in `on_mawb`; one whose status moved
 * on meanwhile (an exception such as on_hold) keeps it. Only `received_abroad` packages can be added: an
 * `on_hold` parcel is held for a reason (unpaid, prohibited goods) and is released first.
 */

export const MAWB_FLOW = [
  'draft',
  'booked',
  'manifested',
  'departed',
  'arrived',
  'in_customs',
  'cleared',
  'received_at_hub',
  'closed',
] as const;

export const MAWB_STATUSES = [...MAWB_FLOW, 'cancelled'] as const;
export type MawbStatus = (typeof MAWB_STATUSES)[number];

/** Where each status may go next. */
export const MAWB_TRANSITIONS: Readonly<Record<MawbStatus, readonly MawbStatus[]>> = {
  draft: ['booked', 'cancelled'],
  booked: ['manifested', 'cancelled'],
  manifested: ['departed'],
  departed: ['arrived'],
  arrived: ['in_customs'],
  in_customs: ['cleared'],
  cleared: ['received_at_hub'],
  received_at_hub: ['closed'],
  closed: [],
  cancelled: [],
};

export function allowedNextStatuses(from: MawbStatus): readonly MawbStatus[] {
  return MAWB_TRANSITIONS[from];
}

export function canTransition(from: MawbStatus, to: MawbStatus): boolean {
  return MAWB_TRANSITIONS[from].includes(to);
}

/** Packages may be put on or taken off the MAWB only before it is manifested. */
export const MAWB_EDITABLE_PACKAGES_STATUSES: readonly MawbStatus[] = ['draft', 'booked'];
/** A MAWB that is not finished: a package on one cannot be put on another. */
export const MAWB_OPEN_STATUSES: readonly MawbStatus[] = MAWB_FLOW.filter((s) => s !== 'closed');
/** Nothing about a closed or cancelled MAWB changes any more (PATCH → 409). */
export const MAWB_FINAL_STATUSES: readonly MawbStatus[] = ['closed', 'cancelled'];
/** Number, airline and route are fixed once the MAWB is manifested (the airline's paperwork carries them). */
export const MAWB_ROUTE_EDITABLE_STATUSES: readonly MawbStatus[] = ['draft', 'booked'];
/** A MAWB may be (soft) deleted only while nothing real happened to it. */
export const MAWB_DELETABLE_STATUSES: readonly MawbStatus[] = ['draft', 'cancelled'];
/** A MAWB cannot be manifested, or go further, with no package on it. */
export const MAWB_NEEDS_PACKAGES_FROM: MawbStatus = 'manifested';

/** Only parcels received at a foreign warehouse and not yet shipped can be consolidated. */
export const MAWB_ADDABLE_PACKAGE_STATUSES: readonly PackageStatus[] = ['received_abroad'];

export interface PackageEffect {
  /** The tracking event's code, i.e. the package status it sets. */
  code: PackageStatus;
  /** The FSU milestone it carries; null when none applies. */
  iataCode: IataCode | null;
  /** Which end of the route the event happens at. */
  at: 'origin' | 'destination';
}

/** The event each MAWB status writes to its packages; null: none (closed). */
export const MAWB_STATUS_EFFECTS: Readonly<Record<MawbStatus, PackageEffect | null>> = {
  draft: null,
  booked: { code: 'on_mawb', iataCode: 'BKD', at: 'origin' },
  manifested: { code: 'on_mawb', iataCode: 'MAN', at: 'origin' },
  departed: { code: 'departed', iataCode: 'DEP', at: 'origin' },
  arrived: { code: 'arrived', iataCode: 'RCF', at: 'destination' },
  in_customs: { code: 'in_customs', iataCode: 'CRC', at: 'destination' },
  cleared: { code: 'cleared', iataCode: 'CCD', at: 'destination' },
  received_at_hub: { code: 'ready', iataCode: 'NFD', at: 'destination' },
  closed: null,
  cancelled: { code: 'received_abroad', iataCode: 'FOH', at: 'origin' },
};

/** Instead of `received_at_hub`'s, for a parcel whose hub is not where the flight landed. */
export const MAWB_TRANSFER_EFFECT: PackageEffect = { code: 'in_transfer', iataCode: 'TRM', at: 'destination' };

/** The airport a Vietnamese hub serves, read from its code (VN-HAN → HAN); null when the code names none. */
function hubAirport(storeCode: string): string | null {
  const m = /^VN-([A-Z]{3})$/.exec(storeCode);
  return m && airportByCode(m[1]!)?.country === 'VN' ? m[1]! : null;
}

/**
 * Whether a parcel bound for this hub is home when a flight lands at `destination`: yes when it names no hub,
 * or a hub whose airport is unknown (nothing to say it is elsewhere), or the hub of that airport.
 */
export function landsAtHub(destination: string, hubCode: string | null): boolean {
  const airport = hubCode ? hubAirport(hubCode) : null;
  return airport === null || airport === destination;
}

/**
 * A parcel leaves from the country of the warehouse that received it: a MAWB may carry it only when its origin
 * airport is in that country (a parcel received in Tokyo does not fly out of Portland). Unknown either side:
 * nothing to compare.
 */
export function originFits(storeCountry: string | null, mawbOrigin: string): boolean {
  const country = airportByCode(mawbOrigin)?.country;
  return !storeCountry || !country || storeCountry === country;
}

/** The event a package gets when it is put on a MAWB. */
export const MAWB_ADD_EFFECT: PackageEffect = { code: 'on_mawb', iataCode: null, at: 'origin' };
/** The event a package gets when it is taken off a MAWB (it is back on hand at the foreign warehouse). */
export const MAWB_REMOVE_EFFECT: PackageEffect = { code: 'received_abroad', iataCode: 'FOH', at: 'origin' };

/**
 * The package status that goes with a MAWB status, for consistency checks (the seed, tests): a package on
 * a MAWB in this status has this status unless it has moved on (closed) or an exception happened.
 */
export function packageStatusForMawb(status: MawbStatus): PackageStatus | null {
  if (status === 'draft') return 'on_mawb';
  return MAWB_STATUS_EFFECTS[status]?.code ?? null;
}

/** Vietnamese labels, used by messages and exports (the web translates with i18n). */
export const MAWB_STATUS_LABELS: Record<MawbStatus, string> = {
  draft: 'Nháp',
  booked: 'Đã đặt chỗ',
  manifested: 'Đã lập manifest',
  departed: 'Đã cất cánh',
  arrived: 'Đã hạ cánh',
  in_customs: 'Đang làm hải quan',
  cleared: 'Đã thông quan',
  received_at_hub: 'Đã nhận tại kho VN',
  closed: 'Đã đóng',
  cancelled: 'Đã hủy',
};

/** "Không thể chuyển MAWB từ … sang …; chỉ có thể chuyển sang: …" */
function mawbRefusal(from: MawbStatus, to: MawbStatus, next: readonly MawbStatus[], labels: Readonly<Record<MawbStatus, string>>): string {
  const head = from === to
    ? `MAWB đang ở trạng thái "${labels[from]}"`
    : `Không thể chuyển MAWB từ "${labels[from]}" sang "${labels[to]}"`;
  const tail = next.length
    ? `chỉ có thể chuyển sang: ${quotedLabels(next, labels)}`
    : 'trạng thái này là trạng thái cuối, không thể chuyển tiếp';
  return `${head}; ${tail}`;
}

export const MAWB_LIFECYCLE: Lifecycle<MawbStatus> = defineLifecycle({
  statuses: MAWB_STATUSES,
  finalStatuses: MAWB_FINAL_STATUSES,
  labels: MAWB_STATUS_LABELS,
  transitions: MAWB_TRANSITIONS,
  refusal: mawbRefusal,
});

export function transitionErrorMessage(from: MawbStatus, to: MawbStatus): string {
  return MAWB_LIFECYCLE.refusal(from, to);
}
