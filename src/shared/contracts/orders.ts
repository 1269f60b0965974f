import { z } from 'zod';
import { CURRENCIES, SERVICE_FEE_MODES, BPS_DENOMINATOR } from '../domain/money';
import { ORDER_KINDS, ORDER_STATUS_LABELS, ORDER_STATUSES } from '../domain/order-lifecycle';
import { TRANSACTION_AMOUNT_MAX, TRANSACTION_METHODS, TRANSACTION_TYPES } from '../domain/ledger';
import { parseScannedNumbers } from '../domain/scan';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { blankToNull, RecordStamps, Timestamp } from './resource';

export { CURRENCIES, SERVICE_FEE_MODES, ORDER_KINDS, ORDER_STATUSES };
export type { Currency, ServiceFeeMode } from '../domain/money';
export type { OrderKind, OrderStatus } from '../domain/order-lifecycle';

/**
 * Orders: `/api/orders` (list, export, get, create, patch, soft delete) plus
 * `POST /api/orders/:id/status` `{ status, note? }` (optional If-Match) → the order; an illegal step → 409
 * whose `details` is `{ status, allowed }` (shared/domain/order-lifecycle.ts has the table).
 *
 * - `code` is "DH" + 8 digits from a sequence. New orders start in `new` (with a first event).
 * - Money is integer đồng; item prices are integer minor units of `currency` (USD/EUR cents, JPY yen,
 *   KRW won, VND đồng). `exchangeRate` is the rate effective on the order's date, taken from settings when the
 *   order is created (or its currency changed) and kept: "25400" đồng per USD, "18.5" per KRW, "1" for VND.
 * - Every total is computed by the server with shared/domain/money.ts (one rounding, half up, per line):
 *   items[].amount, itemsSubtotal, serviceFee, total = (purchase ? itemsSubtotal : 0) + serviceFee +
 *   domesticFee, remaining = total − deposit. Computed figures a client sends back (total, itemsSubtotal,
 *   goods, serviceFee, remaining, paid, due, items[].amount, items[].id) are ignored; any other unknown
 *   field is a 400.
 * - `deposit` is what the customer is asked to pay up front (≤ total). Money itself moves through the wallet
 *   (`/api/transactions` with referenceType 'order'): `transactions` lists those rows, `paid` is what the
 *   wallet paid for this order (payments − refunds) and `due` = total − paid.
 * - Editing: items and currency only while new/confirmed; fees and deposit until completed/cancelled;
 *   note always (409 on the field otherwise). `kind` and `customerId` are fixed at creation.
 * - Delete (soft) only while new or cancelled and when no wallet row refers to the order.
 */

/** Vietnamese labels, used by exports and server messages (the web translates with i18n). */
export const ORDER_KIND_LABELS: Record<(typeof ORDER_KINDS)[number], string> = { purchase: 'Mua hộ', consignment: 'Ký gửi' };
export { ORDER_STATUS_LABELS };

export const ORDER_ITEMS_MAX = 100;
export const ORDER_QUANTITY_MAX = 100_000;
/** 10,000,000,000 minor units: 100 million USD/EUR, 10 billion JPY/KRW/VND per unit. */
const UNIT_PRICE_MINOR_MAX = 10_000_000_000;
/** Fees, deposit and totals: at most 100,000 tỷ đồng. */
export const ORDER_MONEY_MAX = 100_000_000_000_000;

const dong = (label: string) =>
  z
    .number({ error: `${label} phải là số nguyên (đồng)` })
    .int({ error: `${label} phải là số nguyên (đồng)` })
    .min(0, { error: `${label} không được âm` })
    .max(ORDER_MONEY_MAX, { error: `${label} quá lớn` });

/** Fields the server computes: dropped from an input so a client may send a loaded order back as it is. */
const ORDER_COMPUTED_FIELDS = ['total', 'itemsSubtotal', 'goods', 'serviceFee', 'remaining', 'paid', 'due'] as const;
const ITEM_COMPUTED_FIELDS = ['id', 'amount'] as const;

function without(keys: readonly string[]) {
  return (v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const copy = { ...(v as Record<string, unknown>) };
    for (const k of keys) delete copy[k];
    return copy;
  };
}

const HttpUrl = z
  .string()
  .trim()
  .max(2000, { error: 'Đường dẫn dài tối đa 2000 ký tự' })
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, { error: 'Đường dẫn phải bắt đầu bằng http:// hoặc https://' });

export const OrderItemInput = z.preprocess(
  without(ITEM_COMPUTED_FIELDS),
  z.strictObject({
    name: z.string({ error: 'Vui lòng nhập tên sản phẩm' }).trim().min(1, { error: 'Vui lòng nhập tên sản phẩm' }).max(300, { error: 'Tên sản phẩm dài tối đa 300 ký tự' }),
    url: z.preprocess(blankToNull, HttpUrl.nullable()).optional().transform((v) => v ?? null),
    option: z.string().trim().max(200, { error: 'Phân loại dài tối đa 200 ký tự' }).default(''),
    quantity: z
      .number({ error: 'Số lượng phải là số nguyên' })
      .int({ error: 'Số lượng phải là số nguyên' })
      .min(1, { error: 'Số lượng tối thiểu là 1' })
      .max(ORDER_QUANTITY_MAX, { error: `Số lượng tối đa là ${ORDER_QUANTITY_MAX}` }),
    unitPriceMinor: z
      .number({ error: 'Đơn giá phải là số nguyên (đơn vị nhỏ nhất của tiền tệ)' })
      .int({ error: 'Đơn giá phải là số nguyên (đơn vị nhỏ nhất của tiền tệ)' })
      .min(0, { error: 'Đơn giá không được âm' })
      .max(UNIT_PRICE_MINOR_MAX, { error: 'Đơn giá quá lớn' }),
  }),
);
export type OrderItemInput = z.output<typeof OrderItemInput>;

const fields = {
  customerId: z.number({ error: 'Vui lòng chọn khách hàng' }).int({ error: 'Khách hàng không hợp lệ' }).min(1, { error: 'Vui lòng chọn khách hàng' }),
  kind: z.enum(ORDER_KINDS, { error: 'Loại đơn không hợp lệ (purchase hoặc consignment)' }),
  currency: z.enum(CURRENCIES, { error: `Tiền tệ không hợp lệ (cho phép: ${CURRENCIES.join(', ')})` }),
  items: z.array(OrderItemInput).max(ORDER_ITEMS_MAX, { error: `Tối đa ${ORDER_ITEMS_MAX} sản phẩm mỗi đơn` }),
  serviceFeeMode: z.enum(SERVICE_FEE_MODES, { error: 'Cách tính phí dịch vụ phải là percent hoặc fixed' }),
  serviceFeeBps: z
    .number({ error: 'Phí dịch vụ (%) phải là số nguyên điểm cơ bản' })
    .int({ error: 'Phí dịch vụ (%) phải là số nguyên điểm cơ bản (1% = 100)' })
    .min(0, { error: 'Phí dịch vụ không được âm' })
    .max(BPS_DENOMINATOR, { error: 'Phí dịch vụ tối đa 100%' }),
  serviceFeeFixed: dong('Phí dịch vụ'),
  domesticFee: dong('Phí giao nội địa'),
  deposit: dong('Tiền đặt cọc'),
  note: z.string().trim().max(2000, { error: 'Ghi chú dài tối đa 2000 ký tự' }),
};

const OrderCreateBody = z
    .strictObject({
      customerId: fields.customerId,
      kind: fields.kind,
      currency: fields.currency,
      items: fields.items.default([]),
      serviceFeeMode: fields.serviceFeeMode.default('percent'),
      serviceFeeBps: fields.serviceFeeBps.default(0),
      serviceFeeFixed: fields.serviceFeeFixed.default(0),
      domesticFee: fields.domesticFee.default(0),
      deposit: fields.deposit.default(0),
      note: fields.note.default(''),
    })
    .superRefine((o, ctx) => {
      if (o.kind === 'purchase' && o.items.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: 'Đơn mua hộ cần ít nhất một sản phẩm' });
      }
    });
/** Computed figures a client sends back (total, subtotal…) are dropped before validation: the server recomputes them. */
export const OrderCreate = z.preprocess(without(ORDER_COMPUTED_FIELDS), OrderCreateBody);
export type OrderCreate = z.output<typeof OrderCreate>;
// Typed from the inner object: a preprocess step's input is `unknown`, which would let any value type-check.
export type OrderCreateInput = z.input<typeof OrderCreateBody>;

/** Only the fields sent change; `items` replaces the whole list. Needs `If-Match`. */
const OrderPatchBody = z.strictObject({
    currency: fields.currency.optional(),
    items: fields.items.optional(),
    serviceFeeMode: fields.serviceFeeMode.optional(),
    serviceFeeBps: fields.serviceFeeBps.optional(),
    serviceFeeFixed: fields.serviceFeeFixed.optional(),
    domesticFee: fields.domesticFee.optional(),
    deposit: fields.deposit.optional(),
    note: fields.note.optional(),
  });
export const OrderPatch = z.preprocess(without(ORDER_COMPUTED_FIELDS), OrderPatchBody);
export type OrderPatch = z.output<typeof OrderPatch>;
export type OrderPatchInput = z.input<typeof OrderPatchBody>;

/** How the money of a completion's payment is paid: over the counter (cash, transfer) or from the wallet. */
export const ORDER_PAYMENT_METHODS = [...TRANSACTION_METHODS, 'wallet'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/**
 * The payment recorded with a completion (`OrderStatusChange.payment`): `cash` / `bank_transfer` bring the money
 * into the wallet (a `deposit` referring to the order) and the wallet pays the order (a `payment`); `wallet`
 * only pays it from the balance (within the credit limit). Both rows go through the one ledger function in the
 * step's own transaction.
 */
export const OrderCompletionPayment = z.strictObject({
  amount: z
    .number({ error: 'Số tiền thanh toán phải là số nguyên (đồng)' })
    .int({ error: 'Số tiền thanh toán phải là số nguyên (đồng)' })
    .min(1, { error: 'Số tiền thanh toán phải lớn hơn 0' })
    .max(TRANSACTION_AMOUNT_MAX, { error: 'Số tiền thanh toán quá lớn' }),
  method: z.enum(ORDER_PAYMENT_METHODS, { error: 'Hình thức thanh toán phải là cash, bank_transfer hoặc wallet' }),
});
export type OrderCompletionPayment = z.output<typeof OrderCompletionPayment>;

export const OrderStatusChange = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Trạng thái không hợp lệ' }),
  note: z.string().trim().max(500, { error: 'Ghi chú dài tối đa 500 ký tự' }).default(''),
  /**
   * Cancelling an order the wallet paid for: true gives the money back to the wallet in the same step, false keeps
   * it on the order. Asked for (409 ORDER_REFUND_REQUIRED) when money is on the order and nothing is said.
   */
  refundToWallet: z.boolean({ error: 'refundToWallet phải là true hoặc false' }).optional(),
  /**
   * Completing an order that still owes money: the payment recorded in the same step (it must settle what is
   * owed). Without it such a completion is refused (409 ORDER_HAS_DUE). Only with `status: 'completed'`.
   */
  payment: OrderCompletionPayment.optional(),
}).refine((v) => v.payment === undefined || v.status === 'completed', { error: 'Chỉ ghi thanh toán khi hoàn thành đơn', path: ['payment'] });
export type OrderStatusChange = z.output<typeof OrderStatusChange>;

export const ORDER_ERROR_CODES = {
  /** Cancelling an order with money on it, without saying whether to refund it: details { paid }. */
  REFUND_REQUIRED: 'ORDER_REFUND_REQUIRED',
  /** Completing an order whose parcels are not all delivered: details { packages: [{ id, trackingNumber, status }] }. */
  PACKAGES_UNDELIVERED: 'ORDER_PACKAGES_UNDELIVERED',
  /**
   * Completing an order that still owes money, without a payment that settles it: details OrderHasDue
   * ({ due }: what is still owed after the payment sent, if any).
   */
  HAS_DUE: 'ORDER_HAS_DUE',
} as const;

/** `details` of ORDER_HAS_DUE. */
export const OrderHasDue = z.object({ due: z.number().int() });
export type OrderHasDue = z.infer<typeof OrderHasDue>;

/** `details` of ORDER_REFUND_REQUIRED. */
export const OrderRefundRequired = z.object({ paid: z.number().int() });
export type OrderRefundRequired = z.infer<typeof OrderRefundRequired>;

/** `details` of the 409 for an illegal status change. */
export const OrderStatusConflict = z.object({ status: z.enum(ORDER_STATUSES), allowed: z.array(z.enum(ORDER_STATUSES)) });
export type OrderStatusConflict = z.infer<typeof OrderStatusConflict>;

export const OrderItem = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  option: z.string(),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  /** The line in đồng (quantity × unit price × rate, rounded once). */
  amount: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderEvent = z.object({
  id: z.number().int(),
  /** null for the order's creation. */
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  note: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  at: Timestamp,
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** A wallet row that refers to the order (oldest first). */
export const OrderTransaction = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number().int(),
  method: z.enum(TRANSACTION_METHODS).nullable(),
  createdAt: Timestamp,
});
export type OrderTransaction = z.infer<typeof OrderTransaction>;

export const Order = z.object({
  id: z.number().int(),
  code: z.string(),
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  statusAt: Timestamp,
  currency: z.enum(CURRENCIES),
  /** đồng per major unit, as text ("25400", "18.5"). */
  exchangeRate: z.string(),
  /** The effective day of the rate used (null for VND). */
  rateDate: z.string().nullable(),
  items: z.array(OrderItem),
  itemsSubtotal: z.number().int(),
  goods: z.number().int(),
  serviceFeeMode: z.enum(SERVICE_FEE_MODES),
  serviceFeeBps: z.number().int(),
  serviceFeeFixed: z.number().int(),
  serviceFee: z.number().int(),
  domesticFee: z.number().int(),
  deposit: z.number().int(),
  total: z.number().int(),
  remaining: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  note: z.string(),
  events: z.array(OrderEvent),
  transactions: z.array(OrderTransaction),
  ...RecordStamps,
});
export type Order = z.infer<typeof Order>;

export const ORDER_LIST = defineListSpec({
  sortable: ['code', 'createdAt', 'updatedAt', 'status', 'kind', 'total'],
  defaultSort: '-createdAt',
  search: true,
  filters: {
    status: filter.list(ORDER_STATUSES),
    kind: filter.list(ORDER_KINDS),
    customerId: filter.ids(),
    currency: filter.list(CURRENCIES),
    total: filter.range('int8'),
    created: filter.dateRange(),
  },
});

export const { listQuery: OrderListQuery, exportQuery: OrderExportQuery, list: OrderList } = listedResourceSchemas(Order, ORDER_LIST);
export type OrderListQuery = ListQuery<typeof ORDER_LIST>;
export type OrderList = z.infer<typeof OrderList>;

// ---- the order's parcels ---------------------------------------------------------------------------------------

/** Numbers one request may attach (a scanner's batch, or a selection from the search). */
const ORDER_PACKAGES_MAX = 200;

const packageIdInput = z
  .number({ error: 'Mã kiện không hợp lệ' })
  .int({ error: 'Mã kiện không hợp lệ' })
  .min(1, { error: 'Mã kiện không hợp lệ' })
  .max(Number.MAX_SAFE_INTEGER);

/**
 * `POST /api/orders/:id/packages`: the parcels to attach, by tracking number or package code (typed, pasted or
 * scanned: cleaned like a scan) and/or by id (picked from the search). Each one is answered on its own: the
 * parcels that fit are attached, the others are reported with their reason (unknown number, another customer,
 * another order); nothing is attached when none fits (409 ORDER_PACKAGES_REFUSED, the same results in details).
 */
export const OrderPackagesAttach = z
  .strictObject({
    numbers: z
      .array(z.string().max(200, { error: 'Mã vận đơn quá dài' }))
      .max(ORDER_PACKAGES_MAX * 2, { error: `Tối đa ${ORDER_PACKAGES_MAX} kiện mỗi lần` })
      .transform((v, ctx) => {
        const parsed = parseScannedNumbers(v.join('\n'), ORDER_PACKAGES_MAX);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: `Tối đa ${ORDER_PACKAGES_MAX} kiện mỗi lần` });
          return z.NEVER;
        }
        return parsed.numbers;
      })
      .default([]),
    packageIds: z.array(packageIdInput).max(ORDER_PACKAGES_MAX, { error: `Tối đa ${ORDER_PACKAGES_MAX} kiện mỗi lần` }).default([]),
  })
  .refine((v) => v.numbers.length + v.packageIds.length > 0, { error: 'Nhập ít nhất một mã vận đơn hoặc mã kiện', path: ['numbers'] });
export type OrderPackagesAttach = z.output<typeof OrderPackagesAttach>;
export type OrderPackagesAttachInput = z.input<typeof OrderPackagesAttach>;

export const ORDER_PACKAGE_OUTCOMES = ['attached', 'already', 'not_found', 'other_customer', 'other_order'] as const;

/** What became of one number (or one picked package: `number` is then its code). */
export const OrderPackageResult = z.object({
  number: z.string(),
  outcome: z.enum(ORDER_PACKAGE_OUTCOMES),
  packageId: z.number().int().nullable(),
  packageCode: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The parcel's customer (other_customer: not the order's). */
  customerCode: z.string().nullable(),
  /** The other order (other_order). */
  orderCode: z.string().nullable(),
  /** The sentence shown beside the number. */
  message: z.string(),
});
export type OrderPackageResult = z.infer<typeof OrderPackageResult>;

export const OrderPackagesResponse = z.object({ order: Order, results: z.array(OrderPackageResult) });
export type OrderPackagesResponse = z.infer<typeof OrderPackagesResponse>;

/** `DELETE /api/orders/:id/packages/:packageId` → 200 the order. */
export const OrderPackageParams = z.strictObject({
  id: z.coerce.number({ error: 'Mã không hợp lệ' }).int({ error: 'Mã không hợp lệ' }).min(1, { error: 'Mã không hợp lệ' }).max(Number.MAX_SAFE_INTEGER),
  packageId: z.coerce.number({ error: 'Mã kiện không hợp lệ' }).int({ error: 'Mã kiện không hợp lệ' }).min(1, { error: 'Mã kiện không hợp lệ' }).max(Number.MAX_SAFE_INTEGER),
});
export type OrderPackageParams = z.infer<typeof OrderPackageParams>;

export const ORDER_PACKAGE_ERROR_CODES = {
  /** None of the parcels could be attached: details { results } as in the 200. */
  REFUSED: 'ORDER_PACKAGES_REFUSED',
  /** A completed or cancelled order takes no parcel on or off. */
  CLOSED: 'ORDER_CLOSED',
} as const;
