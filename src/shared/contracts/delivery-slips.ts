import { z } from 'zod';
import {
  DELIVERY_FAILURE_REASON_LABELS,
  DELIVERY_FAILURE_REASONS,
  DELIVERY_METHOD_LABELS,
  DELIVERY_SLIP_STATUS_LABELS,
  DELIVERY_SLIP_STATUSES,
  type DeliveryFailureReason,
  type DeliverySlipStatus,
} from '../domain/delivery-slip-lifecycle';
import { TRANSACTION_METHODS } from '../domain/ledger';
import { PACKAGE_STATUSES } from '../domain/package-status';
import { ORDER_KINDS, ORDER_STATUSES } from '../domain/order-lifecycle';
import { parseScannedNumbers, SCAN_MAX_NUMBERS } from '../domain/scan';
import { DELIVERY_METHODS, DELIVERY_ZONES, DISCOUNT_REASON_MAX, SLIP_AMOUNT_MAX, SURCHARGE_LABEL_MAX } from '../domain/slip-charges';
import { defineListSpec, exportQuerySchema, filter, listFilterSchema, listQuerySchema, listResponse, type ListQuery } from './list-query';
import { blankToNull, PhoneInput, RecordStamps, Timestamp } from './resource';
import { FreightBasisSchema } from './settings';

/**
 * Delivery slips (phiếu giao hàng): `/api/delivery-slips`, Admin only. Amounts are integer đồng everywhere.
 *
 *   GET    /api/delivery-slips                 list; filters status, customerId, storeId, method, created/delivered/
 *                                              statusAt/feedback date ranges, codOutstanding, failureReason,
 *                                              firstAttempt; → { items, total, page, pageSize, totals }
 *                                              where totals (DeliverySlipTotals) sums the WHOLE filtered set
 *   GET    /api/delivery-slips/export          the list as XLSX/CSV
 *   GET    /api/delivery-slips/:id             the slip (with its packages and feedback), ETag "<version>"
 *   GET    /api/delivery-slips/by-code/:code   the same, by `PG2611-00042` (case-insensitive, scanned noise removed)
 *   GET    /api/delivery-slips/ready-packages  ?customerId → the customer's `ready` packages not on an open slip,
 *                                              grouped by Vietnamese hub, each with its freight (the create screen)
 *   POST   /api/delivery-slips/quote           a create body → the charges it would have, nothing saved;
 *                                              ?slipId= quotes an edit of that slip (its own packages are free)
 *   POST   /api/delivery-slips                 create a draft → 201 the slip, ETag, Location
 *   PATCH  /api/delivery-slips/:id             If-Match required; draft: anything; ready/out_for_delivery: receiver,
 *                                              carrier and note only; final slips: 409
 *   POST   /api/delivery-slips/:id/status      { status, reason?, note? }, If-Match optional → the slip
 *   POST   /api/delivery-slips/:id/confirm     Idempotency-Key required; ConfirmBody → the slip, delivered
 *   POST   /api/delivery-slips/:id/print       records one print (count and time) → the slip
 *   POST   /api/delivery-slips/print           { ids } records one print of each → { items }
 *   POST   /api/delivery-slips/bulk            BulkBody → preview or create one draft per customer, all or nothing
 *   POST   /api/delivery-slips/reconcile       ReconcileBody → the courier slips marked reconciled, all or nothing
 *   GET    /api/delivery-slips/feedback        ?customerId → the customer's hand-over ratings, newest first
 *   GET    /api/delivery-slips/cod-by-carrier  what each carrier still owes: Σ COD of delivered, unreconciled slips
 *
 * Errors: 400 validation (details name the field: `packageIds.2`, `discount.reason`…); 404 slip / customer /
 * package; 409 with one of the codes below; 412 stale If-Match (details.current); 428 PATCH without If-Match.
 */

export { DELIVERY_SLIP_STATUSES, DELIVERY_SLIP_STATUS_LABELS, DELIVERY_FAILURE_REASONS, DELIVERY_FAILURE_REASON_LABELS, DELIVERY_METHODS, DELIVERY_METHOD_LABELS };
export type { DeliverySlipStatus, DeliveryFailureReason };

;
const SLIP_NOTE_MAX = 1000;
const SLIP_SURCHARGES_MAX = 20;
/** Packages one slip holds (and one scan adds). */
const SLIP_PACKAGES_MAX = SCAN_MAX_NUMBERS;
/** Customers one bulk request makes slips for. */
const BULK_CUSTOMERS_MAX = 2000;

export const DELIVERY_SLIP_ERROR_CODES = {
  /** An illegal status step; details: SlipTransitionDetails. */
  TRANSITION: 'SLIP_TRANSITION_NOT_ALLOWED',
  /** The change is not allowed in the slip's status (packages/money after draft, anything on a final slip). */
  NOT_EDITABLE: 'SLIP_NOT_EDITABLE',
  /** A package that is not `ready`, not the customer's, or at another hub; details: SlipPackageConflicts. */
  PACKAGE_CONFLICT: 'SLIP_PACKAGE_CONFLICT',
  /** The slip was already confirmed (delivered). */
  ALREADY_CONFIRMED: 'SLIP_ALREADY_CONFIRMED',
  /** Collected too little: details: SlipShortfallDetails. */
  CREDIT_LIMIT_EXCEEDED: 'CREDIT_LIMIT_EXCEEDED',
  /** Finalising would change the charges last saved or printed: details: SlipChargesChangedDetails. */
  CHARGES_CHANGED: 'SLIP_CHARGES_CHANGED',
  /** Reconcile: a slip that is not a delivered, unreconciled courier slip with COD. */
  NOT_RECONCILABLE: 'SLIP_NOT_RECONCILABLE',
  /** Bulk create found nothing to put on a slip. */
  NOTHING_TO_CREATE: 'SLIP_BULK_EMPTY',
  /** An order line that cannot be collected (not the customer's, settled, closed, on another open slip); details: [{ path: 'orderIds.i', message }]. */
  ORDER_CONFLICT: 'SLIP_ORDER_CONFLICT',
  /** A bulk step's filter selects more slips than one step takes (SLIP_BULK_STATUS_MAX). */
  BULK_TOO_MANY: 'SLIP_BULK_TOO_MANY',
  /** A bulk step's filter selects no slip. */
  BULK_NOTHING_MATCHES: 'SLIP_BULK_NOTHING_MATCHES',
} as const;

// ---- inputs -----------------------------------------------------------------------------------------

const Money = (what: string) =>
  z
    .number({ error: `${what} phải là số nguyên (đồng)` })
    .int({ error: `${what} phải là số nguyên (đồng)` })
    .min(0, { error: `${what} không được âm` })
    .max(SLIP_AMOUNT_MAX, { error: `${what} quá lớn` });

/** A record id; `message` names what is wrong ("Khách hàng không hợp lệ"). */
const Id = (message: string) => z.number({ error: message }).int({ error: message }).min(1, { error: message });

const SlipSurchargeInput = z.strictObject({
  label: z.string({ error: 'Cần ghi tên phụ phí' }).trim().min(1, { error: 'Cần ghi tên phụ phí' }).max(SURCHARGE_LABEL_MAX, { error: `Tên phụ phí dài tối đa ${SURCHARGE_LABEL_MAX} ký tự` }),
  amount: Money('Phụ phí'),
});

/** A discount as an amount of đồng or as a percentage in basis points (1250 = 12.5 %), with its reason. */
export const SlipDiscountInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('amount'), amount: Money('Giảm giá'), reason: z.string().trim().max(DISCOUNT_REASON_MAX).nullable().optional() }),
    z.strictObject({
      kind: z.literal('percent'),
      bps: z.number({ error: 'Giảm giá theo phần trăm phải từ 0% đến 100%' }).int({ error: 'Giảm giá theo phần trăm phải từ 0% đến 100%' }).min(0, { error: 'Giảm giá theo phần trăm phải từ 0% đến 100%' }).max(10_000, { error: 'Giảm giá theo phần trăm phải từ 0% đến 100%' }),
      reason: z.string().trim().max(DISCOUNT_REASON_MAX).nullable().optional(),
    }),
  ],
  { error: 'Giảm giá phải có kind là amount (số tiền) hoặc percent (phần trăm)' },
);
export type SlipDiscountInput = z.output<typeof SlipDiscountInput>;

/** Tracking numbers or package codes as typed, pasted or scanned (one string, or a list). */
const ScannedNumbers = z
  .union([z.string().max(32_000, { error: 'Danh sách mã quá dài' }), z.array(z.string().max(200)).max(SLIP_PACKAGES_MAX * 2, { error: `Tối đa ${SLIP_PACKAGES_MAX} mã mỗi lần` })], {
    error: 'trackingNumbers phải là chuỗi hoặc danh sách mã',
  })
  .transform((v, ctx) => {
    const parsed = parseScannedNumbers(Array.isArray(v) ? v.join('\n') : v, SLIP_PACKAGES_MAX);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: `Tối đa ${SLIP_PACKAGES_MAX} mã mỗi lần (đang có ${parsed.count} mã)` });
      return z.NEVER;
    }
    return parsed.numbers;
  });

const PackageIds = z
  .array(Id('Mã kiện không hợp lệ'), { error: 'packageIds phải là danh sách mã kiện' })
  .max(SLIP_PACKAGES_MAX, { error: `Một phiếu giao có tối đa ${SLIP_PACKAGES_MAX} kiện` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Một kiện xuất hiện hai lần' });

/** Most orders whose debt one slip collects. */
const SLIP_ORDERS_MAX = 50;

/** Orders whose debt the slip collects with its packages (each owing, of the customer, on no other open slip). */
const OrderIds = z
  .array(Id('Mã đơn hàng không hợp lệ'), { error: 'orderIds phải là danh sách mã đơn hàng' })
  .max(SLIP_ORDERS_MAX, { error: `Một phiếu giao thu tối đa ${SLIP_ORDERS_MAX} đơn hàng` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Một đơn hàng xuất hiện hai lần' });

const receiverFields = {
  receiverName: z.string().trim().min(1, { error: 'Vui lòng nhập tên người nhận' }).max(200, { error: 'Tên người nhận dài tối đa 200 ký tự' }),
  receiverPhone: PhoneInput,
  receiverAddress: z.string().trim().max(500, { error: 'Địa chỉ dài tối đa 500 ký tự' }),
  receiverProvince: z.string().trim().max(100, { error: 'Tỉnh/thành dài tối đa 100 ký tự' }),
  carrierName: z.string().trim().max(100, { error: 'Tên đơn vị vận chuyển dài tối đa 100 ký tự' }),
  carrierTrackingNumber: z.string().trim().max(100, { error: 'Mã vận đơn của đơn vị vận chuyển dài tối đa 100 ký tự' }),
  note: z.string().trim().max(SLIP_NOTE_MAX, { error: `Ghi chú dài tối đa ${SLIP_NOTE_MAX} ký tự` }),
};

const moneyFields = {
  method: z.enum(DELIVERY_METHODS, { error: 'Hình thức giao phải là pickup (nhận tại kho) hoặc courier (đơn vị vận chuyển)' }),
  /** Courier slips: null/absent = the fee of the receiver province's zone from settings; a number overrides it. */
  domesticFee: z.preprocess(blankToNull, Money('Phí giao nội địa').nullable()),
  surcharges: z.array(SlipSurchargeInput).max(SLIP_SURCHARGES_MAX, { error: `Tối đa ${SLIP_SURCHARGES_MAX} phụ phí` }),
  discount: SlipDiscountInput.nullable(),
};

function exactlyOnePackageList(v: { packageIds?: number[]; trackingNumbers?: string[] }, ctx: z.RefinementCtx, required: boolean) {
  const both = v.packageIds !== undefined && v.trackingNumbers !== undefined;
  if (both) ctx.addIssue({ code: 'custom', path: ['trackingNumbers'], message: 'Gửi packageIds hoặc trackingNumbers, không gửi cả hai' });
  else if (required && v.packageIds === undefined && v.trackingNumbers === undefined) ctx.addIssue({ code: 'custom', path: ['packageIds'], message: 'Vui lòng chọn kiện hàng cho phiếu giao' });
  const list = v.packageIds ?? v.trackingNumbers;
  if (list && list.length === 0) ctx.addIssue({ code: 'custom', path: [v.packageIds ? 'packageIds' : 'trackingNumbers'], message: 'Phiếu giao cần ít nhất một kiện' });
}

/**
 * `POST /api/delivery-slips` (and `/quote`): `{ customerId, packageIds }` or `{ customerId, trackingNumbers }`.
 * Receiver fields left out come from the customer (name, phone, first address, province). The hub is the one
 * where the packages are; all must be `ready` there, belong to the customer and be on no open slip.
 */
export const DeliverySlipCreate = z
  .strictObject({
    customerId: Id('Khách hàng không hợp lệ'),
    packageIds: PackageIds.optional(),
    trackingNumbers: ScannedNumbers.optional(),
    receiverName: receiverFields.receiverName.optional(),
    receiverPhone: receiverFields.receiverPhone.optional(),
    receiverAddress: receiverFields.receiverAddress.optional(),
    receiverProvince: receiverFields.receiverProvince.optional(),
    method: moneyFields.method.default('pickup'),
    carrierName: receiverFields.carrierName.default(''),
    carrierTrackingNumber: receiverFields.carrierTrackingNumber.default(''),
    domesticFee: moneyFields.domesticFee.optional().transform((v) => v ?? null),
    surcharges: moneyFields.surcharges.default([]),
    discount: moneyFields.discount.optional().transform((v) => v ?? null),
    /** Orders of the customer whose debt (what each still owes) is collected with the slip, as order lines. */
    orderIds: OrderIds.default([]),
    note: receiverFields.note.default(''),
  })
  .superRefine((v, ctx) => exactlyOnePackageList(v, ctx, true));
export type DeliverySlipCreate = z.output<typeof DeliverySlipCreate>;
export type DeliverySlipCreateInput = z.input<typeof DeliverySlipCreate>;

/**
 * `PATCH /api/delivery-slips/:id` (If-Match). Only the fields sent change. `packageIds` / `trackingNumbers`
 * REPLACE the slip's package list. On a draft every field may change and the charges are recomputed; on a
 * ready or out-for-delivery slip only receiver*, carrier* and note (anything else → 409 SLIP_NOT_EDITABLE).
 */
export const DeliverySlipPatch = z
  .strictObject({
    packageIds: PackageIds.optional(),
    trackingNumbers: ScannedNumbers.optional(),
    receiverName: receiverFields.receiverName.optional(),
    receiverPhone: receiverFields.receiverPhone.optional(),
    receiverAddress: receiverFields.receiverAddress.optional(),
    receiverProvince: receiverFields.receiverProvince.optional(),
    method: moneyFields.method.optional(),
    carrierName: receiverFields.carrierName.optional(),
    carrierTrackingNumber: receiverFields.carrierTrackingNumber.optional(),
    domesticFee: moneyFields.domesticFee.optional(),
    surcharges: moneyFields.surcharges.optional(),
    discount: moneyFields.discount.optional(),
    /** REPLACES the slip's order lines (each at what the order owes now). */
    orderIds: OrderIds.optional(),
    note: receiverFields.note.optional(),
  })
  .superRefine((v, ctx) => exactlyOnePackageList(v, ctx, false));
export type DeliverySlipPatch = z.output<typeof DeliverySlipPatch>;
export type DeliverySlipPatchInput = z.input<typeof DeliverySlipPatch>;

/** Fields a PATCH may still change once the charges are frozen (ready, out for delivery). */
export const SLIP_LATE_EDITABLE_FIELDS = ['receiverName', 'receiverPhone', 'receiverAddress', 'receiverProvince', 'carrierName', 'carrierTrackingNumber', 'note'] as const;

/** Statuses the status route moves to; `delivered` is reached only by the confirmation. */
const SLIP_STATUS_TARGETS = ['ready', 'out_for_delivery', 'failed', 'cancelled'] as const;

/** `POST /api/delivery-slips/:id/status`: `reason` is required for `failed` (and refused otherwise). */
export const SlipStatusBody = z
  .strictObject({
    status: z.enum(SLIP_STATUS_TARGETS, { error: `Trạng thái phải là một trong: ${SLIP_STATUS_TARGETS.join(', ')} (giao thành công qua xác nhận giao hàng)` }),
    reason: z.enum(DELIVERY_FAILURE_REASONS, { error: `Lý do phải là một trong: ${DELIVERY_FAILURE_REASONS.join(', ')}` }).optional(),
    /** Written on the slip (failure note) and on each package event. */
    note: z.string().trim().max(SLIP_NOTE_MAX, { error: `Ghi chú dài tối đa ${SLIP_NOTE_MAX} ký tự` }).default(''),
    /**
     * Finalising (→ ready) recomputes the charges with today's prices; when they differ from what the draft last
     * saved (and printed) the step is refused with 409 SLIP_CHARGES_CHANGED { before, after } unless this is true.
     */
    acceptNewCharges: z.boolean({ error: 'acceptNewCharges phải là true hoặc false' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'failed' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Vui lòng chọn lý do giao thất bại' });
    if (v.status !== 'failed' && v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Lý do chỉ dùng khi giao thất bại' });
  });
export type SlipStatusBody = z.output<typeof SlipStatusBody>;

/** A slip's charges as finalising compares them: the total, and each package's amount. */
export const SlipChargesFigures = z.object({
  total: z.number().int(),
  packagesSubtotal: z.number().int(),
  lines: z.array(z.object({ packageId: z.number().int(), amount: z.number().int() })),
  /** The order lines: what each order owes now (an order paid meanwhile changes it). */
  orders: z.array(z.object({ orderId: z.number().int(), amount: z.number().int() })),
});
export type SlipChargesFigures = z.infer<typeof SlipChargesFigures>;
/** The details of 409 SLIP_CHARGES_CHANGED: what the draft said, and what finalising now would charge. */
export const SlipChargesChangedDetails = z.object({ before: SlipChargesFigures, after: SlipChargesFigures });
export type SlipChargesChangedDetails = z.infer<typeof SlipChargesChangedDetails>;
export type SlipStatusBodyInput = z.input<typeof SlipStatusBody>;

/**
 * `POST /api/delivery-slips/:id/confirm` with an `Idempotency-Key` header. In one transaction: the packages are
 * delivered (event DLV), the wallet gets the money collected (`cod` for cash a courier collected, else
 * `collection`, the slip's money, never a top-up) then the `payment` of the total, the feedback is stored, one audit row. The wallet ends at
 * balance + collectedAmount − total. Collecting less than due is allowed only within the credit limit (else 409
 * CREDIT_LIMIT_EXCEEDED with SlipShortfallDetails). A second confirm → 409 SLIP_ALREADY_CONFIRMED.
 */
export const SlipConfirmBody = z
  .strictObject({
    collectedAmount: Money('Số tiền đã thu'),
    method: z.enum(TRANSACTION_METHODS, { error: 'Hình thức thu phải là cash (tiền mặt) hoặc bank_transfer (chuyển khoản)' }),
    receiverName: z.string({ error: 'Vui lòng nhập tên người nhận hàng' }).trim().min(1, { error: 'Vui lòng nhập tên người nhận hàng' }).max(200, { error: 'Tên người nhận dài tối đa 200 ký tự' }),
    note: z.string().trim().max(SLIP_NOTE_MAX, { error: `Ghi chú dài tối đa ${SLIP_NOTE_MAX} ký tự` }).default(''),
    rating: z.number({ error: 'Đánh giá từ 1 đến 5 sao' }).int({ error: 'Đánh giá từ 1 đến 5 sao' }).min(1, { error: 'Đánh giá từ 1 đến 5 sao' }).max(5, { error: 'Đánh giá từ 1 đến 5 sao' }).nullable().optional(),
    comment: z.string().trim().max(2000, { error: 'Nhận xét dài tối đa 2000 ký tự' }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.comment && v.rating == null) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Vui lòng chọn số sao cho nhận xét' });
  });
export type SlipConfirmBody = z.output<typeof SlipConfirmBody>;
export type SlipConfirmBodyInput = z.input<typeof SlipConfirmBody>;

/** `POST /api/delivery-slips/bulk`: one draft (pickup at the hub) per customer with every ready package there. */
export const SlipBulkBody = z.strictObject({
  storeId: Id('Kho không hợp lệ'),
  customerIds: z.array(Id('Khách hàng không hợp lệ')).max(BULK_CUSTOMERS_MAX, { error: `Tối đa ${BULK_CUSTOMERS_MAX} khách hàng mỗi lần` }).optional(),
  /** Only packages that have been ready at the hub at least this many days. */
  minWaitingDays: z.number({ error: 'Số ngày chờ phải là số nguyên' }).int({ error: 'Số ngày chờ phải là số nguyên' }).min(0, { error: 'Số ngày chờ không được âm' }).max(365, { error: 'Số ngày chờ tối đa 365' }).default(0),
  preview: z.boolean({ error: 'preview phải là true hoặc false' }),
});
export type SlipBulkBody = z.output<typeof SlipBulkBody>;
export type SlipBulkBodyInput = z.input<typeof SlipBulkBody>;

/** `POST /api/delivery-slips/reconcile`: the carrier remitted the COD of these delivered courier slips. */
/** The steps a bulk action takes (failed needs a reason per slip: one at a time). */
const SLIP_BULK_STATUS_TARGETS = ['ready', 'out_for_delivery', 'cancelled'] as const;
/** Most slips one bulk step takes (a day's vouchers at a busy hub). */
export const SLIP_BULK_STATUS_MAX = 500;


const SLIP_BULK_OUTCOMES = ['done', 'refused', 'charges_changed'] as const;

/** One slip of a bulk step: done (with its total before and after when finalising changed it), or why not. */
export const SlipBulkStatusItem = z.object({
  id: z.number().int(),
  /** null when no such slip. */
  code: z.string().nullable(),
  outcome: z.enum(SLIP_BULK_OUTCOMES),
  /** The refusal's error code (SLIP_TRANSITION_NOT_ALLOWED, SLIP_CHARGES_CHANGED, NOT_FOUND…), null when done. */
  errorCode: z.string().nullable(),
  /** The refusal in the request's language; '' when done. */
  message: z.string(),
  /** The slip's total before the step and after it (they differ when finalising repriced it). */
  totalBefore: z.number().int().nullable(),
  totalAfter: z.number().int().nullable(),
});
export type SlipBulkStatusItem = z.infer<typeof SlipBulkStatusItem>;

export const SlipBulkStatusResult = z.object({
  items: z.array(SlipBulkStatusItem),
  counts: z.object({ done: z.number().int(), refused: z.number().int(), chargesChanged: z.number().int() }),
});
export type SlipBulkStatusResult = z.infer<typeof SlipBulkStatusResult>;

export const SlipReconcileBody = z.strictObject({
  slipIds: z.array(Id('Phiếu giao không hợp lệ')).min(1, { error: 'Vui lòng chọn phiếu giao' }).max(1000, { error: 'Tối đa 1000 phiếu mỗi lần' }).refine((ids) => new Set(ids).size === ids.length, { error: 'Một phiếu xuất hiện hai lần' }),
  remittanceReference: z.string({ error: 'Vui lòng nhập số chứng từ nộp tiền' }).trim().min(1, { error: 'Vui lòng nhập số chứng từ nộp tiền' }).max(200, { error: 'Số chứng từ dài tối đa 200 ký tự' }),
  /** When the money was received (ISO date-time or YYYY-MM-DD); default now. */
  reconciledAt: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Ngày đối soát không hợp lệ' })
    .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00+07:00` : v).toISOString())
    .optional(),
});
export type SlipReconcileBody = z.output<typeof SlipReconcileBody>;
export type SlipReconcileBodyInput = z.input<typeof SlipReconcileBody>;

export const SlipPrintBody = z.strictObject({
  ids: z.array(Id('Phiếu giao không hợp lệ')).min(1, { error: 'Vui lòng chọn phiếu giao' }).max(500, { error: 'Tối đa 500 phiếu mỗi lần' }),
});
export type SlipPrintBody = z.output<typeof SlipPrintBody>;

/** `POST /quote?slipId=`: quote for an existing slip (its edit screen): its own packages are not "on another slip". */
export const SlipQuoteQuery = z.strictObject({
  slipId: z.coerce.number({ error: 'slipId phải là số nguyên' }).int({ error: 'slipId phải là số nguyên' }).min(1, { error: 'slipId phải là số nguyên' }).optional(),
});
export type SlipQuoteQuery = z.output<typeof SlipQuoteQuery>;
export const SlipCodeParams = z.strictObject({ code: z.string().trim().min(1).max(40) });
export const ReadyPackagesQuery = z.strictObject({ customerId: z.coerce.number({ error: 'customerId phải là số nguyên' }).int({ error: 'customerId phải là số nguyên' }).min(1, { error: 'customerId phải là số nguyên' }) });

// ---- the slip as the API shows it ---------------------------------------------------------------------

const SlipSurcharge = z.object({ label: z.string(), amount: z.number().int() });

export const DeliverySlipPackage = z.object({
  packageId: z.number().int(),
  code: z.string(),
  trackingNumber: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  weightG: z.number().int().nullable(),
  chargeableG: z.number().int().nullable(),
  contents: z.string(),
  /** đồng, from the pricing rule when the slip was last computed (frozen once ready). */
  freight: z.number().int(),
  surcharges: z.array(SlipSurcharge),
  /** freight + Σ surcharges. */
  amount: z.number().int(),
  /** What the freight was billed by (price list, billed weight in its unit, rate): null on lines priced before it was kept. */
  pricing: FreightBasisSchema.nullable(),
});
export type DeliverySlipPackage = z.infer<typeof DeliverySlipPackage>;

/** An order line: what an order of the customer owed when it was put on the slip, paid to it on hand-over. */
export const DeliverySlipOrder = z.object({
  orderId: z.number().int(),
  code: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** đồng, > 0. */
  amount: z.number().int(),
});
export type DeliverySlipOrder = z.infer<typeof DeliverySlipOrder>;

const SlipFeedback = z.object({ rating: z.number().int(), comment: z.string(), createdAt: Timestamp });

export const DeliverySlip = z.object({
  id: z.number().int(),
  /** `PG` + YYMM + `-` + sequence, e.g. `PG2611-00042`; printed as Code 128 and QR. */
  code: z.string(),
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  storeId: z.number().int(),
  storeCode: z.string(),
  storeName: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  receiverProvince: z.string(),
  method: z.enum(DELIVERY_METHODS),
  carrierName: z.string(),
  carrierTrackingNumber: z.string(),
  status: z.enum(DELIVERY_SLIP_STATUSES),
  statusAt: Timestamp,
  /** Where the status route may take it now (delivered: through confirm). */
  nextSteps: z.array(z.enum(DELIVERY_SLIP_STATUSES)),
  failureReason: z.enum(DELIVERY_FAILURE_REASONS).nullable(),
  failureNote: z.string(),
  packageCount: z.number().int(),
  /** Zone of the domestic fee (courier), null on a pickup slip. */
  deliveryZone: z.enum(DELIVERY_ZONES).nullable(),
  packagesSubtotal: z.number().int(),
  domesticFee: z.number().int(),
  surcharges: z.array(SlipSurcharge),
  surchargesTotal: z.number().int(),
  /** packagesSubtotal + domesticFee + surchargesTotal. */
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  discountBps: z.number().int().nullable(),
  discountReason: z.string().nullable(),
  total: z.number().int(),
  /** The order lines: orders' debts collected with the slip (not part of `total`, which is the slip's own revenue). */
  orders: z.array(DeliverySlipOrder),
  /** Σ order lines. */
  ordersDue: z.number().int(),
  /** Wallet credit applied: min(total + ordersDue, positive balance) when computed. */
  walletCredit: z.number().int(),
  /** The COD: total + ordersDue − walletCredit. */
  amountToCollect: z.number().int(),
  /** Paid by bank transfer before hand-over (matched SePay / Casso transfers): the counter collects only the rest. */
  paidByTransfer: z.number().int(),
  /** When the charges were frozen (the slip went ready); null on a draft (its figures follow every save). */
  chargesFrozenAt: Timestamp.nullable(),
  collectedAmount: z.number().int().nullable(),
  collectMethod: z.enum(TRANSACTION_METHODS).nullable(),
  receivedBy: z.string().nullable(),
  deliveredAt: Timestamp.nullable(),
  note: z.string(),
  printCount: z.number().int(),
  lastPrintedAt: Timestamp.nullable(),
  reconciledAt: Timestamp.nullable(),
  remittanceReference: z.string().nullable(),
  /** Delivered courier slip whose collected cash the carrier still owes. */
  codOutstanding: z.boolean(),
  packages: z.array(DeliverySlipPackage),
  feedback: SlipFeedback.nullable(),
  ...RecordStamps,
});
export type DeliverySlip = z.infer<typeof DeliverySlip>;

export const DELIVERY_SLIP_LIST = defineListSpec({
  sortable: ['code', 'createdAt', 'statusAt', 'deliveredAt', 'status', 'total', 'amountToCollect'],
  defaultSort: '-createdAt',
  /** `q` matches the code, receiver name/phone, carrier and its tracking number, customer code/name. */
  search: true,
  filters: {
    status: filter.list(DELIVERY_SLIP_STATUSES),
    customerId: filter.ids(),
    storeId: filter.ids(),
    method: filter.list(DELIVERY_METHODS),
    created: filter.dateRange(),
    delivered: filter.dateRange(),
    /** true: delivered courier slips whose COD the carrier has not remitted (the reconciliation list). */
    codOutstanding: filter.bool(),
    /** When the slip reached its current status (the dashboards' failed deliveries). */
    statusAt: filter.dateRange(),
    failureReason: filter.list(DELIVERY_FAILURE_REASONS),
    /** true: none of its packages was on an earlier slip that failed (a first delivery attempt); false: a retry. */
    firstAttempt: filter.bool(),
    /** The customer rated the hand-over within the range (the dashboards' average rating). */
    feedback: filter.dateRange(),
  },
});
export type DeliverySlipListQuery = ListQuery<typeof DELIVERY_SLIP_LIST>;
export const DeliverySlipListQuery = listQuerySchema(DELIVERY_SLIP_LIST);
export const DeliverySlipExportQuery = exportQuerySchema(DELIVERY_SLIP_LIST);

/**
 * `POST /api/delivery-slips/bulk-status`: the same step (finalise, out for delivery, cancel) on many slips, each in
 * its own transaction on the one status-change path, so one refusal does not hold the others back. Finalising
 * refuses a slip whose charges changed since it was saved (outcome `charges_changed`, with before/after) unless
 * `acceptNewCharges`. The slips are named by `ids`, or by `filter` (the slip list's search, filters and sort: every
 * slip matching it, across pages, at most SLIP_BULK_STATUS_MAX of them), one of the two.
 */
export const SlipBulkStatusBody = z
  .strictObject({
  ids: z
    .array(Id('Mã phiếu giao không hợp lệ'), { error: 'ids phải là danh sách mã phiếu giao' })
    .min(1, { error: 'Vui lòng chọn ít nhất một phiếu giao' })
    .max(SLIP_BULK_STATUS_MAX, { error: `Tối đa ${SLIP_BULK_STATUS_MAX} phiếu giao mỗi lần` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Một phiếu giao xuất hiện hai lần' })
    .optional(),
  filter: listFilterSchema(DELIVERY_SLIP_LIST).optional(),
  status: z.enum(SLIP_BULK_STATUS_TARGETS, { error: `Trạng thái phải là một trong: ${SLIP_BULK_STATUS_TARGETS.join(', ')}` }),
  acceptNewCharges: z.boolean({ error: 'acceptNewCharges phải là true hoặc false' }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), { error: 'Chọn phiếu giao theo danh sách (ids) hoặc theo bộ lọc (filter), một trong hai' });
export type SlipBulkStatusBody = z.output<typeof SlipBulkStatusBody>;
/** What a client sends: `filter` carries the list's query values as the list screen has them. */
export type SlipBulkStatusBodyInput = z.input<typeof SlipBulkStatusBody>;

/** Σ over every slip the list query selects (paging ignored). */
export const DeliverySlipTotals = z.object({
  count: z.number().int(),
  packageCount: z.number().int(),
  total: z.number().int(),
  walletCredit: z.number().int(),
  amountToCollect: z.number().int(),
  /** Σ collectedAmount of the delivered ones. */
  collected: z.number().int(),
  /** Σ collectedAmount of delivered courier slips not yet reconciled: what the carriers still owe. */
  codOutstanding: z.number().int(),
});
export type DeliverySlipTotals = z.infer<typeof DeliverySlipTotals>;

export const DeliverySlipList = listResponse(DeliverySlip).extend({ totals: DeliverySlipTotals });
export type DeliverySlipList = z.infer<typeof DeliverySlipList>;

// ---- quote, ready packages, bulk, reconcile --------------------------------------------------------------

/** `POST /quote`: the charges a create body would give now (the same figures the create stores). */
export const SlipQuote = z.object({
  storeId: z.number().int(),
  packages: z.array(DeliverySlipPackage),
  deliveryZone: z.enum(DELIVERY_ZONES).nullable(),
  packagesSubtotal: z.number().int(),
  domesticFee: z.number().int(),
  surchargesTotal: z.number().int(),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  discountBps: z.number().int().nullable(),
  total: z.number().int(),
  orders: z.array(DeliverySlipOrder),
  ordersDue: z.number().int(),
  walletBalance: z.number().int(),
  walletCredit: z.number().int(),
  amountToCollect: z.number().int(),
});
export type SlipQuote = z.infer<typeof SlipQuote>;

export const ReadyPackages = z.object({
  customerId: z.number().int(),
  walletBalance: z.number().int(),
  hubs: z.array(z.object({ storeId: z.number().int(), storeCode: z.string(), storeName: z.string(), packages: z.array(DeliverySlipPackage.extend({ readySince: Timestamp })) })),
  /** The customer's orders that still owe money and are on no open slip: the order lines the clerk may add (amount = what is owed now). */
  owingOrders: z.array(DeliverySlipOrder),
});
export type ReadyPackages = z.infer<typeof ReadyPackages>;

const SlipBulkLine = z.object({
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  packageCount: z.number().int(),
  packageIds: z.array(z.number().int()),
  /** The oldest package's days at the hub. */
  maxWaitingDays: z.number().int(),
  total: z.number().int(),
  walletCredit: z.number().int(),
  amountToCollect: z.number().int(),
  /** On commit: the draft made. */
  slipId: z.number().int().nullable(),
  slipCode: z.string().nullable(),
});
export const SlipBulkResult = z.object({
  preview: z.boolean(),
  items: z.array(SlipBulkLine),
  totals: z.object({ slips: z.number().int(), packages: z.number().int(), total: z.number().int(), amountToCollect: z.number().int() }),
});
export type SlipBulkResult = z.infer<typeof SlipBulkResult>;

/** `GET /feedback?customerId=`: the customer's ratings (1–5) with comment, newest first, at most FEEDBACK_MAX. */
export const FEEDBACK_MAX = 500;
export const SlipFeedbackQuery = ReadyPackagesQuery;
const CustomerFeedbackItem = SlipFeedback.extend({ slipId: z.number().int(), slipCode: z.string() });
export const CustomerFeedbackList = z.object({ items: z.array(CustomerFeedbackItem) });
export type CustomerFeedbackList = z.infer<typeof CustomerFeedbackList>;

/** `GET /cod-by-carrier`: per carrier, the delivered courier slips not yet reconciled and their collected COD. */
export const CodByCarrier = z.object({
  items: z.array(z.object({ carrierName: z.string(), slips: z.number().int(), amount: z.number().int() })),
});
export type CodByCarrier = z.infer<typeof CodByCarrier>;

export const SlipItems = z.object({ items: z.array(DeliverySlip) });
export type SlipItems = z.infer<typeof SlipItems>;

// ---- error details ----------------------------------------------------------------------------------

export const SlipTransitionDetails = z.object({
  from: z.enum(DELIVERY_SLIP_STATUSES),
  to: z.enum(DELIVERY_SLIP_STATUSES),
  allowed: z.array(z.enum(DELIVERY_SLIP_STATUSES)),
});
export type SlipTransitionDetails = z.infer<typeof SlipTransitionDetails>;

export const SlipPackageConflicts = z.object({
  conflicts: z.array(
    z.object({
      /** The number or id as sent. */
      number: z.string(),
      packageId: z.number().int().nullable(),
      reason: z.enum(['not_found', 'not_ready', 'other_customer', 'other_hub', 'on_other_slip']),
      message: z.string(),
    }),
  ),
});
export type SlipPackageConflicts = z.infer<typeof SlipPackageConflicts>;

export const SlipShortfallDetails = z.object({
  shortfall: z.number().int(),
  amountDue: z.number().int(),
  balanceAfter: z.number().int(),
  creditLimit: z.number().int(),
});
export type SlipShortfallDetails = z.infer<typeof SlipShortfallDetails>;
