import { z } from 'zod';
import {
  EVENT_CODES,
  IATA_CODES,
  PACKAGE_STATUS_LABELS,
  PACKAGE_STATUSES,
  type PackageStatus,
} from '../domain/package-status';
import { normalizeTrackingNumber, parseScannedNumbers, SCAN_MAX_NUMBERS } from '../domain/scan';
import { EVENT_NOTE_CODES } from '../domain/event-notes';
import { CURRENCIES, isCurrency } from '../domain/money';
import { formatScaled } from '../domain/money-input';
import { PACKAGE_DIMENSION_MAX_MM, PACKAGE_WEIGHT_MAX_G } from '../domain/weight';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { RecordStamps, Timestamp } from './resource';
import { FreightBasisSchema } from './settings';

/**
 * Packages (tracking): `/api/packages` (list, export, import, get, create, patch, delete) plus
 *   GET  /api/packages/:id/events          the package's tracking events, newest first
 *   POST /api/packages/:id/events          append an event; the status follows the newest event
 *   GET  /api/packages/search?numbers=…    look up to 500 scanned/pasted numbers at once
 *   POST /api/packages/search              the same with the numbers in the body (long pastes)
 *   POST /api/packages/receive             receive one parcel at a foreign warehouse
 *   GET  /api/packages/labels?ids=…        what the 100×150 mm labels print
 *
 * - `code` is generated: "PK" + 8 digits from a sequence. A label's barcode carries it; search finds a
 *   package by its code as well as by its carrier tracking number.
 * - `trackingNumber` is the seller's carrier number, stored upper-case without spaces (see
 *   shared/domain/scan.ts) and unique among packages that are not deleted.
 * - Weights are integer grams, dimensions integer millimetres. `volumetricG` and `chargeableG` are
 *   computed by the server (shared/domain/weight.ts with the `shipping` settings) whenever the weight
 *   and all three dimensions are known; null otherwise.
 * - `declaredValue` is in integer minor units of `declaredCurrency` (USD cents, JPY yen); both or neither.
 * - `status` / `statusAt` come from the newest tracking event (by `occurredAt`, ties by the later event)
 *   and change only by appending events (POST …/events, receiving, later MAWBs and slips); a PATCH that
 *   names `status` is a 400. Creating a package writes its first event, `expected`.
 * - `unidentified`: received with no known customer; cleared when a customer is set.
 * - `mawbId` is set by the MAWB section; `orderId` links the order the parcel belongs to.
 * - `destinationStore` is the Vietnamese hub the parcel goes to (printed on its label).
 * - Delete is soft, and only while the package is not on a MAWB and its status is one of
 *   DELETABLE_STATUSES (shared/domain/package-status.ts); otherwise 409.
 */

export { PACKAGE_STATUSES, EVENT_CODES,  SCAN_MAX_NUMBERS };
export type { PackageStatus };

export { PACKAGE_STATUS_LABELS };

export const EVENT_VISIBILITIES = ['public', 'internal'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

export const PACKAGE_PHOTOS_MAX = 20;
export const DECLARED_VALUE_MAX = 1_000_000_000_000;
export const DECLARED_CURRENCY_MESSAGE = `Loại tiền khai báo là một trong: ${CURRENCIES.join(', ')}`;
const TRACKING_NUMBER_MIN = 5;
const TRACKING_NUMBER_MAX = 40;
/** Characters of `numbers` a search takes: 500 numbers of up to 40 characters with separators. */
const SEARCH_INPUT_MAX = 32_000;
export const LABELS_MAX = 200;

// ---- inputs -----------------------------------------------------------------------------------------

export const TrackingNumberInput = z
  .string({ error: 'Vui lòng nhập mã vận đơn' })
  .transform((v) => normalizeTrackingNumber(v))
  .pipe(
    z
      .string()
      .min(1, { error: 'Vui lòng nhập mã vận đơn' })
      .min(TRACKING_NUMBER_MIN, { error: `Mã vận đơn có ít nhất ${TRACKING_NUMBER_MIN} ký tự` })
      .max(TRACKING_NUMBER_MAX, { error: `Mã vận đơn dài tối đa ${TRACKING_NUMBER_MAX} ký tự` })
      .regex(/^[A-Z0-9][A-Z0-9-]*[A-Z0-9]$/, { error: 'Mã vận đơn chỉ gồm chữ, số và dấu gạch ngang' }),
  );

/** A customer code ("KH000123") or suite code ("CG00012") as written on a parcel; upper-cased. */
export const CustomerCodeInput = z
  .string({ error: 'Mã khách hàng không hợp lệ' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'Vui lòng nhập mã khách hàng' })
  .max(20, { error: 'Mã khách hàng dài tối đa 20 ký tự' });

/**
 * An integer of the smaller unit (g, mm) the API takes. Rule: its messages name the unit people type the value
 * in (kg, cm) — the screens scale what is typed — so the bounds read as a person would write them.
 */
const intIn = (min: number, max: number, what: string, unit: string, shown: { unit: string; decimals: number }) =>
  z
    .number({ error: `${what} phải là số nguyên (${unit})` })
    .int({ error: `${what} phải là số nguyên (${unit})` })
    .min(min, { error: `${what} phải lớn hơn 0 ${shown.unit}` })
    .max(max, { error: `${what} tối đa ${formatScaled(max, shown.decimals, { lang: 'vi', trimZeros: true })} ${shown.unit}` });

/** The unit a value is typed in and the decimals of the stored integer in it (g → kg: 3, mm → cm: 1). */
const KG = { unit: 'kg', decimals: 3 };
const CM = { unit: 'cm', decimals: 1 };
const WeightGInput = intIn(1, PACKAGE_WEIGHT_MAX_G, 'Cân nặng', 'g', KG);
const LengthMmInput = intIn(1, PACKAGE_DIMENSION_MAX_MM, 'Chiều dài', 'mm', CM);
const WidthMmInput = intIn(1, PACKAGE_DIMENSION_MAX_MM, 'Chiều rộng', 'mm', CM);
const HeightMmInput = intIn(1, PACKAGE_DIMENSION_MAX_MM, 'Chiều cao', 'mm', CM);

const refId = (what: string) =>
  z.number({ error: `${what} không hợp lệ` }).int({ error: `${what} không hợp lệ` }).min(1, { error: `${what} không hợp lệ` }).max(Number.MAX_SAFE_INTEGER);

export const PackagePhoto = z.object({ url: z.string(), caption: z.string() });
export type PackagePhoto = z.infer<typeof PackagePhoto>;

const PackagePhotoInput = z.strictObject({
  url: z
    .string({ error: 'Vui lòng nhập đường dẫn ảnh' })
    .trim()
    .max(2000, { error: 'Đường dẫn ảnh quá dài' })
    .regex(/^(https?:\/\/|\/)\S+$/, { error: 'Đường dẫn ảnh phải bắt đầu bằng http(s):// hoặc /' }),
  caption: z.string().trim().max(200, { error: 'Chú thích ảnh dài tối đa 200 ký tự' }).default(''),
});

const fields = {
  trackingNumber: TrackingNumberInput,
  customerId: refId('Khách hàng').nullable(),
  orderId: refId('Đơn hàng').nullable(),
  storeId: refId('Kho').nullable(),
  destinationStoreId: refId('Kho đích').nullable(),
  weightG: WeightGInput.nullable(),
  lengthMm: LengthMmInput.nullable(),
  widthMm: WidthMmInput.nullable(),
  heightMm: HeightMmInput.nullable(),
  declaredValue: z
    .number({ error: 'Giá trị khai báo phải là số nguyên (đơn vị nhỏ nhất của loại tiền)' })
    .int({ error: 'Giá trị khai báo phải là số nguyên (đơn vị nhỏ nhất của loại tiền)' })
    .min(0, { error: 'Giá trị khai báo không được âm' })
    .max(DECLARED_VALUE_MAX, { error: 'Giá trị khai báo quá lớn' })
    .nullable(),
  // One of the currencies the business writes, reads and exports (shared/domain/money.ts), so the value is read
  // by the one money input and shown, exported and printed on the manifest in its major units.
  declaredCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrency, { error: DECLARED_CURRENCY_MESSAGE })
    .nullable(),
  contents: z.string().trim().max(500, { error: 'Nội dung hàng dài tối đa 500 ký tự' }),
  photos: z.array(PackagePhotoInput).max(PACKAGE_PHOTOS_MAX, { error: `Tối đa ${PACKAGE_PHOTOS_MAX} ảnh` }),
};

export const PackageCreate = z
  .strictObject({
    trackingNumber: fields.trackingNumber,
    customerId: fields.customerId.optional().transform((v) => v ?? null),
    /** Alternative to customerId: the customer's code or suite code (imports, the receiving desk). */
    customerCode: CustomerCodeInput.optional(),
    orderId: fields.orderId.optional().transform((v) => v ?? null),
    storeId: fields.storeId.optional().transform((v) => v ?? null),
    destinationStoreId: fields.destinationStoreId.optional().transform((v) => v ?? null),
    weightG: fields.weightG.optional().transform((v) => v ?? null),
    lengthMm: fields.lengthMm.optional().transform((v) => v ?? null),
    widthMm: fields.widthMm.optional().transform((v) => v ?? null),
    heightMm: fields.heightMm.optional().transform((v) => v ?? null),
    declaredValue: fields.declaredValue.optional().transform((v) => v ?? null),
    declaredCurrency: fields.declaredCurrency.optional().transform((v) => v ?? null),
    contents: fields.contents.default(''),
    photos: fields.photos.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.customerId != null && v.customerCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['customerCode'], message: 'Chỉ chọn khách hàng hoặc nhập mã khách hàng, không cả hai' });
    }
    if (v.declaredValue != null && !v.declaredCurrency) {
      ctx.addIssue({ code: 'custom', path: ['declaredCurrency'], message: 'Chọn loại tiền của giá trị khai báo' });
    }
  });
export type PackageCreate = z.output<typeof PackageCreate>;

/**
 * Only the fields sent change; null clears a nullable one. Needs `If-Match`. `status`, `mawbId`, `code`
 * and the computed weights are not accepted (400): events, MAWBs and the server own them. A declared
 * value left without a currency (after merging with the record) is a 400 on `declaredCurrency`.
 */
export const PackagePatch = z.strictObject({
    trackingNumber: fields.trackingNumber.optional(),
    customerId: fields.customerId.optional(),
    orderId: fields.orderId.optional(),
    storeId: fields.storeId.optional(),
    destinationStoreId: fields.destinationStoreId.optional(),
    weightG: fields.weightG.optional(),
    lengthMm: fields.lengthMm.optional(),
    widthMm: fields.widthMm.optional(),
    heightMm: fields.heightMm.optional(),
    declaredValue: fields.declaredValue.optional(),
    declaredCurrency: fields.declaredCurrency.optional(),
    contents: fields.contents.optional(),
    photos: fields.photos.optional(),
  });
export type PackagePatch = z.output<typeof PackagePatch>;

// ---- the package as the API shows it ----------------------------------------------------------------

const PackageCustomerRef = z.object({ id: z.number().int(), code: z.string(), fullName: z.string() });
type PackageCustomerRef = z.infer<typeof PackageCustomerRef>;
export const PackageStoreRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type PackageStoreRef = z.infer<typeof PackageStoreRef>;
/** The order and MAWB a package is on, by the codes people use (DH…, 176-12345675), not their internal ids. */
const PackageOrderRef = z.object({ id: z.number().int(), code: z.string() });
type PackageOrderRef = z.infer<typeof PackageOrderRef>;
const PackageMawbRef = z.object({ id: z.number().int(), awbNumber: z.string() });
type PackageMawbRef = z.infer<typeof PackageMawbRef>;

/** The delivery slip a package is on (the open one), or else the last it was on. */
const PackageSlipRef = z.object({ id: z.number().int(), code: z.string(), open: z.boolean() });
type PackageSlipRef = z.infer<typeof PackageSlipRef>;

export const Package = z.object({
  id: z.number().int(),
  code: z.string(),
  trackingNumber: z.string(),
  customerId: z.number().int().nullable(),
  customer: PackageCustomerRef.nullable(),
  orderId: z.number().int().nullable(),
  order: PackageOrderRef.nullable(),
  storeId: z.number().int().nullable(),
  store: PackageStoreRef.nullable(),
  destinationStoreId: z.number().int().nullable(),
  destinationStore: PackageStoreRef.nullable(),
  mawbId: z.number().int().nullable(),
  mawb: PackageMawbRef.nullable(),
  weightG: z.number().int().nullable(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  volumetricG: z.number().int().nullable(),
  chargeableG: z.number().int().nullable(),
  declaredValue: z.number().int().nullable(),
  declaredCurrency: z.string().nullable(),
  contents: z.string(),
  photos: z.array(PackagePhoto),
  status: z.enum(PACKAGE_STATUSES),
  statusAt: Timestamp,
  unidentified: z.boolean(),
  /** Its open delivery slip, else its last one; null when never on a slip (absent in older fixtures). */
  slip: PackageSlipRef.nullable().optional(),
  ...RecordStamps,
});
export type Package = z.infer<typeof Package>;

export const PACKAGE_LIST = defineListSpec({
  sortable: ['code', 'trackingNumber', 'status', 'statusAt', 'weightG', 'chargeableG', 'createdAt'],
  defaultSort: '-createdAt',
  search: true,
  filters: {
    status: filter.list(PACKAGE_STATUSES),
    customerId: filter.ids(),
    storeId: filter.ids(),
    destinationStoreId: filter.ids(),
    mawbId: filter.ids(),
    orderId: filter.ids(),
    /** true: on some MAWB; false: not on any (what a new MAWB may take). */
    onMawb: filter.bool(),
    /** true: on some order; false: on none (what an order's page may attach). */
    onOrder: filter.bool(),
    unidentified: filter.bool(),
    created: filter.dateRange(),
    weightG: filter.range('int4'),
    /** When the package reached its current status (the dashboards' ageing and delivered figures). */
    statusAt: filter.dateRange(),
    /** true: on an open delivery slip; false: on none. */
    onSlip: filter.bool(),
    // What the dashboards count (each figure's link lists exactly its packages):
    /** The route of the package's MAWB, "SFO→SGN"; "—" for a package on no MAWB. */
    route: filter.list(),
    /** On a delivery slip delivered within the range (revenue by route). */
    slipDelivered: filter.dateRange(),
    /** true: received at a foreign warehouse at some time (where transit time starts); false: never. */
    receivedAbroad: filter.bool(),
    /** Had an event of that kind within the range (the package flow per day). */
    receivedAbroadOn: filter.dateRange(),
    departedOn: filter.dateRange(),
    arrivedOn: filter.dateRange(),
    deliveredOn: filter.dateRange(),
  },
});

export const { listQuery: PackageListQuery, exportQuery: PackageExportQuery, list: PackageList } = listedResourceSchemas(Package, PACKAGE_LIST);
export type PackageListQuery = ListQuery<typeof PACKAGE_LIST>;
export type PackageList = z.infer<typeof PackageList>;

// ---- tracking events --------------------------------------------------------------------------------

/** One tracking event. Append-only: there is no route to change or delete one. */
export const TrackingEvent = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  code: z.enum(EVENT_CODES),
  iataCode: z.string().nullable(),
  location: z.string(),
  occurredAt: Timestamp,
  /** Text typed by staff, as typed. */
  note: z.string(),
  /**
   * A note the system wrote, as a code and its parameters: render it in the reader's language (event-notes.ts).
   * The API always sends both (null and {} when there is none); optional for readers built before them.
   */
  noteCode: z.enum(EVENT_NOTE_CODES).nullable().optional(),
  noteParams: z.record(z.string(), z.string()).optional(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  visibility: z.enum(EVENT_VISIBILITIES),
  createdAt: Timestamp,
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** An event may be dated a little ahead of the server clock (scanner clocks drift), not more. */
export const EVENT_FUTURE_TOLERANCE_MS = 10 * 60_000;

/**
 * `POST /api/packages/:id/events`. `occurredAt` defaults to now and may be in the past (an event
 * recorded late); `iataCode` defaults to the code's usual FSU milestone (DEFAULT_IATA_CODE).
 * An optional `If-Match` is checked like a PATCH (412 when stale).
 */
export const EventCreate = z.strictObject({
  code: z.enum(EVENT_CODES, { error: 'Mã sự kiện không hợp lệ' }),
  location: z.string().trim().max(120, { error: 'Địa điểm dài tối đa 120 ký tự' }).default(''),
  note: z.string().trim().max(1000, { error: 'Ghi chú dài tối đa 1000 ký tự' }).default(''),
  iataCode: z
    .preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v), z.enum(IATA_CODES, { error: 'Mã IATA (FSU) không hợp lệ' }).nullable())
    .optional(),
  occurredAt: z.iso
    .datetime({ offset: true, error: 'Thời điểm phải là ISO 8601 có múi giờ' })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Thời điểm không hợp lệ' })
    .optional(),
  visibility: z.enum(EVENT_VISIBILITIES, { error: 'Phạm vi hiển thị phải là public hoặc internal' }).default('public'),
});
export type EventCreate = z.output<typeof EventCreate>;
export type EventCreateInput = z.input<typeof EventCreate>;

export const EventList = z.object({ items: z.array(TrackingEvent) });
export type EventList = z.infer<typeof EventList>;

/** The event as recorded and the package as it is afterwards (its status and ETag may have moved). */
export const EventAppendResponse = z.object({ event: TrackingEvent, package: Package });
export type EventAppendResponse = z.infer<typeof EventAppendResponse>;

// ---- scanner search ---------------------------------------------------------------------------------

function scannedNumbers(v: string | string[], ctx: z.RefinementCtx): string[] {
  const text = Array.isArray(v) ? v.join('\n') : v;
  const parsed = parseScannedNumbers(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: `Tối đa ${SCAN_MAX_NUMBERS} mã mỗi lần tra cứu (đang có ${parsed.count} mã)` });
    return z.NEVER;
  }
  if (!parsed.numbers.length) {
    ctx.addIssue({ code: 'custom', message: 'Nhập ít nhất một mã vận đơn hoặc mã kiện' });
    return z.NEVER;
  }
  return parsed.numbers;
}

/**
 * `GET /api/packages/search?numbers=…`: numbers separated by newlines, commas, semicolons, spaces or tabs
 * (shared/domain/scan.ts cleans and de-duplicates them); at most SCAN_MAX_NUMBERS distinct ones, else 400.
 * Each is matched against tracking numbers and package codes.
 */
export const SearchQuery = z.strictObject(
  {
    numbers: z
      .string({ error: 'Thiếu tham số numbers' })
      .max(SEARCH_INPUT_MAX, { error: `numbers dài tối đa ${SEARCH_INPUT_MAX} ký tự` })
      .transform(scannedNumbers),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Tham số không được hỗ trợ: ${iss.keys.join(', ')}` : undefined) },
);
export type SearchQuery = z.output<typeof SearchQuery>;

/** `POST /api/packages/search`: the same, for pastes too long for a URL; `numbers` is text or a list. */
export const SearchBody = z.strictObject({
  numbers: z
    .union([
      z.string().max(SEARCH_INPUT_MAX, { error: `numbers dài tối đa ${SEARCH_INPUT_MAX} ký tự` }),
      z.array(z.string().max(200)).max(SCAN_MAX_NUMBERS * 2, { error: `Tối đa ${SCAN_MAX_NUMBERS} mã mỗi lần tra cứu` }),
    ], { error: 'numbers phải là chuỗi hoặc danh sách mã' })
    .transform(scannedNumbers),
});
export type SearchBody = z.output<typeof SearchBody>;

/** A found package, its newest event, and the number (as cleaned) that found it. */
export const PackageSearchHit = Package.extend({
  matched: z.string(),
  latestEvent: TrackingEvent.nullable(),
});
export type PackageSearchHit = z.infer<typeof PackageSearchHit>;

/** `found` in the order the numbers were given (one entry per package); `notFound` as cleaned, in order. */
export const SearchResponse = z.object({
  found: z.array(PackageSearchHit),
  notFound: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

// ---- receiving --------------------------------------------------------------------------------------

/**
 * `POST /api/packages/receive`: a parcel scanned and weighed at a foreign warehouse (`storeId`, kind
 * origin). An expected package is received; an unknown number creates the package (flagged unidentified
 * when no customer is given). The weights are computed, and a `received_abroad` event (RCS) is written.
 * A package already past `expected` is a 409 whose message names its status.
 */
export const ReceiveBody = z.strictObject({
  storeId: refId('Kho'),
  trackingNumber: TrackingNumberInput,
  weightG: WeightGInput,
  /** The three sizes together or none: a parcel weighed but not measured is billed by its gross weight. */
  lengthMm: LengthMmInput.nullish(),
  widthMm: WidthMmInput.nullish(),
  heightMm: HeightMmInput.nullish(),
  /** Customer code or suite code written on the parcel. */
  customerCode: CustomerCodeInput.optional(),
  contents: fields.contents.optional(),
  destinationStoreId: fields.destinationStoreId.optional(),
  note: z.string().trim().max(1000, { error: 'Ghi chú dài tối đa 1000 ký tự' }).optional(),
  /**
   * The customer's open order the parcel goes on, as it is received: attached by the order's own rules (its
   * customer's parcels only, not a closed order, not a parcel on another order), in the same transaction.
   */
  orderId: fields.orderId.optional(),
}).superRefine((v, ctx) => {
  const sizes = ['lengthMm', 'widthMm', 'heightMm'] as const;
  if (sizes.every((k) => v[k] == null)) return;
  for (const k of sizes) {
    if (v[k] == null) ctx.addIssue({ code: 'custom', path: [k], message: 'Nhập đủ dài, rộng và cao, hoặc để trống cả ba' });
  }
});
export type ReceiveBody = z.output<typeof ReceiveBody>;

/**
 * `outcome`: `received` (it was expected), `created` (unknown number, customer known) or `unidentified`
 * (unknown number and no customer: set one later with PATCH).
 */
const RECEIVE_OUTCOMES = ['received', 'created', 'unidentified'] as const;
export type ReceiveOutcome = (typeof RECEIVE_OUTCOMES)[number];
/**
 * A receive of a package already past `expected`: 409 `{ message, code: ALREADY_RECEIVED_CODE, details }`;
 * the message names the status in Vietnamese, `details.status` is its identifier.
 */
export const ALREADY_RECEIVED_CODE = 'ALREADY_RECEIVED';
export const AlreadyReceivedDetails = z.object({ packageId: z.number().int(), packageCode: z.string(), status: z.enum(PACKAGE_STATUSES) });
export type AlreadyReceivedDetails = z.infer<typeof AlreadyReceivedDetails>;

export const ReceiveResponse = z.object({
  outcome: z.enum(RECEIVE_OUTCOMES),
  package: Package,
  event: TrackingEvent,
});
export type ReceiveResponse = z.infer<typeof ReceiveResponse>;

// ---- labels -----------------------------------------------------------------------------------------

/** `GET /api/packages/labels?ids=3,1,2`: up to LABELS_MAX, in the order asked; unknown ids → 404 naming them. */
export const LabelsQuery = z.strictObject(
  {
    ids: z
      .string({ error: 'Thiếu tham số ids' })
      .transform((v, ctx) => {
        const ids = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean).map(Number))];
        if (!ids.length || ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
          ctx.addIssue({ code: 'custom', message: 'ids phải là danh sách mã số nguyên dương' });
          return z.NEVER;
        }
        if (ids.length > LABELS_MAX) {
          ctx.addIssue({ code: 'custom', message: `Tối đa ${LABELS_MAX} nhãn mỗi lần in` });
          return z.NEVER;
        }
        return ids;
      }),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Tham số không được hỗ trợ: ${iss.keys.join(', ')}` : undefined) },
);
export type LabelsQuery = z.output<typeof LabelsQuery>;

export const PackageLabel = z.object({
  id: z.number().int(),
  code: z.string(),
  trackingNumber: z.string(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  weightG: z.number().int().nullable(),
  chargeableG: z.number().int().nullable(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  originStore: PackageStoreRef.nullable(),
  destinationStore: PackageStoreRef.nullable(),
  contents: z.string(),
  status: z.enum(PACKAGE_STATUSES),
});
export type PackageLabel = z.infer<typeof PackageLabel>;
export const LabelsResponse = z.object({ items: z.array(PackageLabel) });
export type LabelsResponse = z.infer<typeof LabelsResponse>;

// ---- estimated freight --------------------------------------------------------------------------------

/** `GET /api/packages/freight?ids=3,1,2`: each package's estimated freight, up to FREIGHT_IDS_MAX at a time (a list page). */
export const FREIGHT_IDS_MAX = 200;
export const FreightQuery = z.strictObject(
  {
    ids: z.string({ error: 'Thiếu tham số ids' }).transform((v, ctx) => {
      const ids = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean).map(Number))];
      if (!ids.length || ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
        ctx.addIssue({ code: 'custom', message: 'ids phải là danh sách mã số nguyên dương' });
        return z.NEVER;
      }
      if (ids.length > FREIGHT_IDS_MAX) {
        ctx.addIssue({ code: 'custom', message: `Tối đa ${FREIGHT_IDS_MAX} kiện mỗi lần` });
        return z.NEVER;
      }
      return ids;
    }),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Tham số không được hỗ trợ: ${iss.keys.join(', ')}` : undefined) },
);
export type FreightQuery = z.output<typeof FreightQuery>;

/** Why a package has no estimate: never weighed, no origin warehouse, no price line for its route, no exchange rate. */
const FREIGHT_MISSING = ['no_weight', 'no_route', 'no_price_line', 'no_rate'] as const;
export const PackageFreight = z.object({
  id: z.number().int(),
  /** Đồng: freight plus the line's surcharges (insurance is opt-in and not estimated); null with `missing`. */
  total: z.number().int().nullable(),
  missing: z.enum(FREIGHT_MISSING).nullable(),
  priceListId: z.number().int().nullable(),
  priceListName: z.string().nullable(),
  /** What it was priced by (the one quote's breakdown); null with `missing`. */
  basis: FreightBasisSchema.nullable(),
});
export type PackageFreight = z.infer<typeof PackageFreight>;
/** In the order asked; ids that are not (live) packages are left out. `day` is the pricing day (today in Vietnam). */
export const FreightResponse = z.object({ day: z.string(), items: z.array(PackageFreight) });
export type FreightResponse = z.infer<typeof FreightResponse>;
