import { z } from 'zod';
import { AIRLINE_PREFIXES, airlineByPrefix } from '../domain/airlines';
import { AIRPORT_CODES, DESTINATION_AIRPORT_CODES } from '../domain/airports';
import { checkAwb } from '../domain/awb';
import {
  MAWB_STATUS_LABELS,
  MAWB_STATUSES,
  type MawbStatus,
} from '../domain/mawb-lifecycle';
import { PACKAGE_STATUSES } from '../domain/package-status';
import { parseScannedNumbers, SCAN_MAX_NUMBERS } from '../domain/scan';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { RecordStamps, Timestamp } from './resource';

/**
 * Master air waybills: `/api/mawbs` (list, export, get, create, patch, delete) plus
 *   GET    /api/mawbs/:id/packages              the packages on it (detail screen, A4 manifest)
 *   POST   /api/mawbs/:id/packages              { trackingNumbers } put packages on it (draft/booked only)
 *   DELETE /api/mawbs/:id/packages/:packageId   take one off (draft/booked only)
 *   POST   /api/mawbs/:id/status                { status, note? } move it along its lifecycle
 *   GET    /api/mawbs/:id/events                its timeline (created, status changes, packages added/removed)
 *
 * - `awbNumber` is stored as `PPP-SSSSSSSC` (shared/domain/awb.ts: input with or without dash/spaces is
 *   accepted; the check digit must be right) and is unique among MAWBs that are not deleted. The prefix
 *   must be a known airline (shared/domain/airlines.ts): `airlinePrefix`, `airlineCode` and `airlineName`
 *   come from it.
 * - `origin` / `destination` are IATA airport codes of shared/domain/airports.ts; the destination is a
 *   Vietnamese airport and differs from the origin.
 * - `flightLegs` (0…MAWB_LEGS_MAX, in order): the first leaves `origin`, the last lands at `destination`,
 *   each leaves from where the previous one landed, no later than it landed. When there are legs, the
 *   MAWB's `etd`/`atd` are the first leg's and `eta`/`ata` the last leg's, and a create/patch that also
 *   sends `etd` or `eta` is a 400: edit the legs. Without legs `etd`/`eta` are set directly.
 *   `atd`/`ata` are recorded when the MAWB goes `departed`/`arrived` (now, on the first/last leg when it has
 *   none) and may be corrected through the legs.
 * - `pieces`, `grossWeightG` and `chargeableWeightG` are always the sums over the packages on it (a
 *   package's chargeable weight counts its actual weight when it has no dimensions); never sent.
 *   `chargeableWeightG` is what the customers are billed (their parcels' rounded weights added up).
 * - `volumetricWeightG` and `airlineChargeableWeightG`: how the airline weighs the consolidation as one
 *   shipment (shared/domain/weight.ts consolidationWeight with the airline's rules): the total volume over its
 *   divisor, and the larger of the total gross and that, rounded once to its step; never sent.
 * - `status` changes only through POST …/status (a PATCH naming it is a 400). Rules in
 *   shared/domain/mawb-lifecycle.ts; an illegal move is a 409 with code MAWB_TRANSITION_CODE whose
 *   message lists the allowed next statuses and whose `details` is TransitionDetails. Every move writes the
 *   matching tracking event to every package on the MAWB, all in one transaction.
 * - PATCH: closed/cancelled MAWBs are read-only (409); `awbNumber`, `origin`, `destination` change only
 *   while draft/booked (409 otherwise). Needs `If-Match`.
 * - DELETE (soft): only draft (with no packages) or cancelled; otherwise 409.
 * - The package and status routes take an optional `If-Match` (412 when stale) and answer the MAWB as it
 *   is afterwards with its new `ETag`: every one of them bumps its version.
 */

export { MAWB_STATUSES, MAWB_STATUS_LABELS };
export type { MawbStatus };

export const MAWB_LEGS_MAX = 4;
export const MAWB_NOTE_MAX = 2000;
/** Numbers (tracking numbers or package codes) one POST …/packages takes. */
export const MAWB_ADD_MAX = SCAN_MAX_NUMBERS;

// ---- inputs -----------------------------------------------------------------------------------------

/** An AWB number typed, pasted or scanned → `PPP-SSSSSSSC`, with a message that says what is wrong. */
const AwbNumberInput = z
  .string({ error: 'Vui lòng nhập số AWB' })
  .trim()
  .min(1, { error: 'Vui lòng nhập số AWB' })
  .transform((v, ctx) => {
    const r = checkAwb(v);
    if (!r.ok && r.reason === 'format') {
      ctx.addIssue({ code: 'custom', message: 'Số AWB gồm 11 chữ số: 3 số tiền tố hãng và 8 số (VD 176-12345675)' });
      return z.NEVER;
    }
    if (!r.ok) {
      ctx.addIssue({
        code: 'custom',
        message: `Số kiểm tra của AWB không đúng: với số seri ${r.parts.serial}, chữ số cuối phải là ${r.expected}`,
      });
      return z.NEVER;
    }
    if (!airlineByPrefix(r.parts.prefix)) {
      ctx.addIssue({ code: 'custom', message: `Tiền tố hãng ${r.parts.prefix} không có trong danh mục hãng bay` });
      return z.NEVER;
    }
    return r.awb;
  });

const upperTrim = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const AirportInput = (what: string) => {
  // One placeholder per message, so the English catalog can translate `what` (shared/i18n/messages.en.ts).
  const What = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  return z.preprocess(
    upperTrim,
    z
      .string({ error: `Vui lòng chọn ${what}` })
      .min(1, { error: `Vui lòng chọn ${what}` })
      .refine((v) => AIRPORT_CODES.includes(v), { error: `${What} không phải sân bay trong danh mục` }),
  );
};

/** "br 25", "BR0025", "BR25" → "BR25": airline designator (2 characters) + 1–4 digits + optional suffix letter. */
const FlightNoInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
  z
    .string({ error: 'Vui lòng nhập số hiệu chuyến bay' })
    .min(1, { error: 'Vui lòng nhập số hiệu chuyến bay' })
    .regex(/^([A-Z0-9]{2})(\d{1,4})([A-Z]?)$/, { error: 'Số hiệu chuyến bay gồm mã hãng 2 ký tự và 1–4 chữ số (VD BR25)' })
    .transform((v) => v.replace(/^([A-Z0-9]{2})0+(?=\d)/, '$1')),
);

const Instant = (what: string) =>
  z.iso
    .datetime({ offset: true, error: `${what} phải là thời điểm ISO 8601 có múi giờ` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: `${what} không hợp lệ` })
    .transform((v) => new Date(v).toISOString());

const OptionalInstant = (what: string) => z.preprocess((v) => (v === '' ? null : v), Instant(what).nullable());

const FlightLegInput = z
  .strictObject({
    flightNo: FlightNoInput,
    from: AirportInput('sân bay đi'),
    to: AirportInput('sân bay đến'),
    etd: Instant('Giờ cất cánh dự kiến (ETD)'),
    eta: Instant('Giờ hạ cánh dự kiến (ETA)'),
    atd: OptionalInstant('Giờ cất cánh thực tế (ATD)').optional().transform((v) => v ?? null),
    ata: OptionalInstant('Giờ hạ cánh thực tế (ATA)').optional().transform((v) => v ?? null),
  })
  .superRefine((leg, ctx) => {
    if (leg.from === leg.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Sân bay đến phải khác sân bay đi' });
    if (Date.parse(leg.eta) <= Date.parse(leg.etd)) ctx.addIssue({ code: 'custom', path: ['eta'], message: 'ETA phải sau ETD' });
    if (leg.atd && leg.ata && Date.parse(leg.ata) <= Date.parse(leg.atd)) ctx.addIssue({ code: 'custom', path: ['ata'], message: 'ATA phải sau ATD' });
  });
type FlightLegInput = z.input<typeof FlightLegInput>;

const FlightLegsInput = z.array(FlightLegInput).max(MAWB_LEGS_MAX, { error: `Tối đa ${MAWB_LEGS_MAX} chặng bay` });

const NoteInput = z.string().trim().max(MAWB_NOTE_MAX, { error: `Ghi chú dài tối đa ${MAWB_NOTE_MAX} ký tự` });

type RouteShape = {
  origin?: string;
  destination?: string;
  flightLegs?: Array<{ from: string; to: string; etd: string; eta: string }>;
  etd?: string | null;
  eta?: string | null;
};

/**
 * Checks the route fields that were sent against each other. PATCH runs it again on the merged record
 * on the server (a leg list must still fit an origin changed alone).
 */
export function routeIssues(v: RouteShape): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (v.origin && v.destination && v.origin === v.destination) issues.push({ path: 'destination', message: 'Điểm đến phải khác điểm đi' });
  if (v.destination && !DESTINATION_AIRPORT_CODES.includes(v.destination)) {
    issues.push({ path: 'destination', message: `Điểm đến phải là sân bay Việt Nam (${DESTINATION_AIRPORT_CODES.join(', ')})` });
  }
  const legs = v.flightLegs;
  if (legs?.length) {
    if (v.etd != null) issues.push({ path: 'etd', message: 'ETD lấy từ chặng bay đầu tiên; hãy sửa trong chặng bay' });
    if (v.eta != null) issues.push({ path: 'eta', message: 'ETA lấy từ chặng bay cuối cùng; hãy sửa trong chặng bay' });
    if (v.origin && legs[0]!.from !== v.origin) issues.push({ path: 'flightLegs.0.from', message: `Chặng đầu phải đi từ ${v.origin}` });
    const last = legs.length - 1;
    if (v.destination && legs[last]!.to !== v.destination) issues.push({ path: `flightLegs.${last}.to`, message: `Chặng cuối phải đến ${v.destination}` });
    for (let i = 1; i < legs.length; i++) {
      if (legs[i]!.from !== legs[i - 1]!.to) issues.push({ path: `flightLegs.${i}.from`, message: `Chặng ${i + 1} phải đi từ ${legs[i - 1]!.to}, nơi chặng trước hạ cánh` });
      if (Date.parse(legs[i]!.etd) < Date.parse(legs[i - 1]!.eta)) issues.push({ path: `flightLegs.${i}.etd`, message: `Chặng ${i + 1} không thể cất cánh trước khi chặng trước hạ cánh` });
    }
  } else if (v.etd && v.eta && Date.parse(v.eta) <= Date.parse(v.etd)) {
    issues.push({ path: 'eta', message: 'ETA phải sau ETD' });
  }
  return issues;
}

function refineRoute(v: RouteShape, ctx: z.RefinementCtx) {
  for (const i of routeIssues(v)) ctx.addIssue({ code: 'custom', path: i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: i.message });
}

export const MawbCreate = z
  .strictObject({
    awbNumber: AwbNumberInput,
    origin: AirportInput('điểm đi'),
    destination: AirportInput('điểm đến'),
    flightLegs: FlightLegsInput.default([]),
    etd: OptionalInstant('ETD').optional().transform((v) => v ?? null),
    eta: OptionalInstant('ETA').optional().transform((v) => v ?? null),
    note: NoteInput.default(''),
  })
  .superRefine(refineRoute);
export type MawbCreate = z.output<typeof MawbCreate>;
export type MawbCreateInput = z.input<typeof MawbCreate>;

/**
 * Only the fields sent change; `etd: null` clears it. Needs `If-Match`. `status`, the airline and the
 * totals are not accepted (400).
 */
export const MawbPatch = z
  .strictObject({
    awbNumber: AwbNumberInput.optional(),
    origin: AirportInput('điểm đi').optional(),
    destination: AirportInput('điểm đến').optional(),
    flightLegs: FlightLegsInput.optional(),
    etd: OptionalInstant('ETD').optional(),
    eta: OptionalInstant('ETA').optional(),
    note: NoteInput.optional(),
  })
  .superRefine(refineRoute);
export type MawbPatch = z.output<typeof MawbPatch>;

// ---- the MAWB as the API shows it -------------------------------------------------------------------

export const FlightLeg = z.object({
  flightNo: z.string(),
  from: z.string(),
  to: z.string(),
  etd: Timestamp,
  eta: Timestamp,
  atd: Timestamp.nullable(),
  ata: Timestamp.nullable(),
});
export type FlightLeg = z.infer<typeof FlightLeg>;

export const Mawb = z.object({
  id: z.number().int(),
  /** `PPP-SSSSSSSC`. */
  awbNumber: z.string(),
  airlinePrefix: z.string(),
  /** IATA designator ("BR"). */
  airlineCode: z.string(),
  airlineName: z.string(),
  origin: z.string(),
  destination: z.string(),
  flightLegs: z.array(FlightLeg),
  /** The legs' flight numbers joined by " / " ("BR25 / BR391"); '' without legs. */
  flights: z.string(),
  etd: Timestamp.nullable(),
  eta: Timestamp.nullable(),
  atd: Timestamp.nullable(),
  ata: Timestamp.nullable(),
  pieces: z.number().int(),
  grossWeightG: z.number().int(),
  chargeableWeightG: z.number().int(),
  volumetricWeightG: z.number().int(),
  airlineChargeableWeightG: z.number().int(),
  status: z.enum(MAWB_STATUSES),
  statusAt: Timestamp,
  note: z.string(),
  ...RecordStamps,
});
export type Mawb = z.infer<typeof Mawb>;

export const MAWB_LIST = defineListSpec({
  sortable: ['awbNumber', 'airlinePrefix', 'origin', 'destination', 'etd', 'eta', 'status', 'statusAt', 'pieces', 'grossWeightG', 'chargeableWeightG', 'createdAt'],
  defaultSort: '-createdAt',
  /** `q` matches the AWB number (with or without dash) and the flight numbers. */
  search: true,
  filters: {
    status: filter.list(MAWB_STATUSES),
    /** Airline prefixes ("695,738"). */
    airline: filter.list(AIRLINE_PREFIXES),
    origin: filter.list(AIRPORT_CODES),
    destination: filter.list(AIRPORT_CODES),
    etd: filter.dateRange(),
    eta: filter.dateRange(),
    created: filter.dateRange(),
  },
});

export const { listQuery: MawbListQuery, exportQuery: MawbExportQuery, list: MawbList } = listedResourceSchemas(Mawb, MAWB_LIST);
export type MawbListQuery = ListQuery<typeof MAWB_LIST>;
export type MawbList = z.infer<typeof MawbList>;

// ---- packages on a MAWB -----------------------------------------------------------------------------

/** One row of the detail's package list and of the A4 manifest. */
export const MawbPackage = z.object({
  id: z.number().int(),
  code: z.string(),
  trackingNumber: z.string(),
  customerId: z.number().int().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  weightG: z.number().int().nullable(),
  chargeableG: z.number().int().nullable(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  contents: z.string(),
  /** Integer minor units of `declaredCurrency` (shared/domain/money.ts); both or neither. */
  declaredValue: z.number().int().nullable(),
  declaredCurrency: z.string().nullable(),
  /** Who receives it in Vietnam: the customer's default address (receiver, phone, province), else the customer. */
  consigneeName: z.string().nullable(),
  consigneePhone: z.string().nullable(),
  consigneeProvince: z.string().nullable(),
  status: z.enum(PACKAGE_STATUSES),
  statusAt: Timestamp,
});
export type MawbPackage = z.infer<typeof MawbPackage>;

/** `GET /api/mawbs/:id/packages`: every package (no paging: a MAWB holds at most a few thousand), by code. */
export const MawbPackageList = z.object({
  items: z.array(MawbPackage),
  pieces: z.number().int(),
  grossWeightG: z.number().int(),
  chargeableWeightG: z.number().int(),
  volumetricWeightG: z.number().int(),
  airlineChargeableWeightG: z.number().int(),
});
export type MawbPackageList = z.infer<typeof MawbPackageList>;

/**
 * `POST /api/mawbs/:id/packages`: numbers scanned or typed — each is matched against tracking numbers
 * and package codes (a label's barcode carries the code). Text (any separators) or a list; cleaned and
 * de-duplicated like a scanner search; at most MAWB_ADD_MAX.
 *
 * All or nothing:
 * - the MAWB not draft/booked → 409 (code MAWB_NOT_EDITABLE_CODE);
 * - numbers matching no package → 400 naming them (code PACKAGES_NOT_FOUND_CODE, details.notFound);
 * - packages on another open MAWB → 409 naming each and its MAWB (code PACKAGE_ON_OTHER_MAWB_CODE,
 *   details.conflicts with awbNumber);
 * - packages whose status is not received_abroad → 409 naming each with its status (code
 *   PACKAGE_STATUS_CONFLICT_CODE, details.conflicts with status);
 * - packages received at a warehouse in another country than the MAWB's origin airport → 409 naming each
 *   package, its warehouse and the origin (code PACKAGE_ORIGIN_MISMATCH_CODE). There are no transfers between
 *   warehouses: a parcel flies out of the country it was received in.
 * Packages already on this MAWB are skipped and listed in `alreadyOnMawb`. Each added package gets an
 * `on_mawb` event.
 */
export const AddPackagesBody = z.strictObject({
  trackingNumbers: z
    .union([
      z.string().max(32_000, { error: 'Danh sách mã quá dài' }),
      z.array(z.string().max(200)).max(MAWB_ADD_MAX * 2, { error: `Tối đa ${MAWB_ADD_MAX} mã mỗi lần` }),
    ], { error: 'trackingNumbers phải là chuỗi hoặc danh sách mã' })
    .transform((v, ctx) => {
      const parsed = parseScannedNumbers(Array.isArray(v) ? v.join('\n') : v, MAWB_ADD_MAX);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: `Tối đa ${MAWB_ADD_MAX} mã mỗi lần (đang có ${parsed.count} mã)` });
        return z.NEVER;
      }
      if (!parsed.numbers.length) {
        ctx.addIssue({ code: 'custom', message: 'Nhập ít nhất một mã vận đơn hoặc mã kiện' });
        return z.NEVER;
      }
      return parsed.numbers;
    }),
});
export type AddPackagesBody = z.output<typeof AddPackagesBody>;

export const AddPackagesResponse = z.object({
  mawb: Mawb,
  /** The packages put on the MAWB by this request, in the order given. */
  added: z.array(MawbPackage),
  /** Numbers (as cleaned) whose package was already on this MAWB. */
  alreadyOnMawb: z.array(z.string()),
});
export type AddPackagesResponse = z.infer<typeof AddPackagesResponse>;

/** `DELETE /api/mawbs/:id/packages/:packageId` → 200 the MAWB; the package gets a received_abroad event. */
export const MawbPackageParams = z.strictObject({
  id: z.coerce.number({ error: 'Mã không hợp lệ' }).int({ error: 'Mã không hợp lệ' }).min(1, { error: 'Mã không hợp lệ' }).max(Number.MAX_SAFE_INTEGER),
  packageId: z.coerce.number({ error: 'Mã kiện không hợp lệ' }).int({ error: 'Mã kiện không hợp lệ' }).min(1, { error: 'Mã kiện không hợp lệ' }).max(Number.MAX_SAFE_INTEGER),
});

export const MAWB_NOT_EDITABLE_CODE = 'MAWB_NOT_EDITABLE';
/** 409 on create/patch: a live MAWB already has this AWB number; the details name it (id for a link, number, status). */
export const MAWB_AWB_TAKEN_CODE = 'MAWB_AWB_TAKEN';
export const AwbTakenDetails = z.array(
  z.object({ path: z.literal('awbNumber'), message: z.string(), mawbId: z.number().int(), awbNumber: z.string(), status: z.enum(MAWB_STATUSES) }),
);
export type AwbTakenDetails = z.infer<typeof AwbTakenDetails>;
export const PACKAGES_NOT_FOUND_CODE = 'PACKAGES_NOT_FOUND';
export const PACKAGE_ON_OTHER_MAWB_CODE = 'PACKAGE_ON_OTHER_MAWB';
export const PACKAGE_STATUS_CONFLICT_CODE = 'PACKAGE_STATUS_CONFLICT';
/** A package received at a warehouse in another country than the MAWB's origin airport: 409 naming both. */
export const PACKAGE_ORIGIN_MISMATCH_CODE = 'PACKAGE_ORIGIN_MISMATCH';


// ---- status -----------------------------------------------------------------------------------------

/**
 * `POST /api/mawbs/:id/status` → 200 the MAWB.
 * - `at`: when the step really happened (for `departed` the ATD, for `arrived` the ATA); default now. It is
 *   the time of the MAWB's timeline row, of its packages' events and of ATD/ATA. Not in the future, not before
 *   the MAWB's current status time, and an ATA not before the ATD: 409 MAWB_STEP_TIME_CODE.
 * - `flightNo`: departing a MAWB with no flight legs names its flight (409 MAWB_FLIGHT_REQUIRED_CODE
 *   without); a MAWB with legs has one on every leg already (sending one is a 409: edit the legs).
 * - `confirm`: an ATD more than MAWB_ATD_CONFIRM_HOURS from the ETD is a 409 MAWB_ATD_CONFIRM_CODE unless true.
 */
export const StatusBody = z.strictObject({
  status: z.enum(MAWB_STATUSES, { error: `Trạng thái phải là một trong: ${MAWB_STATUSES.join(', ')}` }),
  /** Written on the MAWB's timeline and on each package event. */
  note: z.string().trim().max(1000, { error: 'Ghi chú dài tối đa 1000 ký tự' }).default(''),
  at: Instant('Thời điểm').optional(),
  flightNo: FlightNoInput.optional(),
  confirm: z.boolean({ error: 'confirm phải là true hoặc false' }).default(false),
});
export type StatusBodyInput = z.input<typeof StatusBody>;
export type StatusBody = z.output<typeof StatusBody>;

/** An illegal move: 409 with this code; `details` says where it may go. Moving to `manifested` or beyond with no package is a 409 with MAWB_EMPTY_CODE. */
export const MAWB_TRANSITION_CODE = 'MAWB_TRANSITION_NOT_ALLOWED';
export const MAWB_EMPTY_CODE = 'MAWB_EMPTY';
export const MAWB_STEP_TIME_CODE = 'MAWB_STEP_TIME';
export const MAWB_FLIGHT_REQUIRED_CODE = 'MAWB_FLIGHT_REQUIRED';
export const MAWB_ATD_CONFIRM_CODE = 'MAWB_ATD_CONFIRM';
/** An ATD further than this from the ETD is asked for again: a typo in the date is likelier than such a delay. */
export const MAWB_ATD_CONFIRM_HOURS = 24;
/** A step time a little ahead of the server's clock is the clocks disagreeing, not the future. */
export const MAWB_STEP_CLOCK_SKEW_MS = 5 * 60_000;
export const TransitionDetails = z.object({
  from: z.enum(MAWB_STATUSES),
  to: z.enum(MAWB_STATUSES),
  allowed: z.array(z.enum(MAWB_STATUSES)),
});
export type TransitionDetails = z.infer<typeof TransitionDetails>;

// ---- timeline ---------------------------------------------------------------------------------------

export const MAWB_EVENT_KINDS = ['created', 'status', 'packages_added', 'package_removed'] as const;

/**
 * One line of a MAWB's timeline. `status`: fromStatus → toStatus with the FSU code its packages got;
 * `packages_added` / `package_removed`: `packageCount` and `packageCodes` (up to 50 codes listed).
 */
export const MawbEvent = z.object({
  id: z.number().int(),
  mawbId: z.number().int(),
  kind: z.enum(MAWB_EVENT_KINDS),
  fromStatus: z.enum(MAWB_STATUSES).nullable(),
  toStatus: z.enum(MAWB_STATUSES).nullable(),
  iataCode: z.string().nullable(),
  packageCount: z.number().int(),
  packageCodes: z.array(z.string()),
  note: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  occurredAt: Timestamp,
});
export type MawbEvent = z.infer<typeof MawbEvent>;

/** `GET /api/mawbs/:id/events`, newest first. */
export const MawbEventList = z.object({ items: z.array(MawbEvent) });
export type MawbEventList = z.infer<typeof MawbEventList>;

