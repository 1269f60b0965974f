import { defineLifecycle, quotedLabels, type Lifecycle } from './lifecycle';
import type { DeliveryMethod } from './slip-charges';
import type { PackageStatus } from './package-status';

/**
 * The life of a delivery slip (phiếu giao hàng) and what each step does to its packages.
 *
 *   draft → ready → out_for_delivery → delivered | failed        (courier: a domestic carrier takes the parcels)
 *   draft → ready → delivered | failed                           (pickup: the customer collects at the hub)
 *   draft | ready → cancelled
 *
 * Decisions, so the screens and the API say the same thing:
 * - `draft` is the only status whose packages, receiver, method and charges are freely edited; its packages are
 *   reserved (a package is on at most one open slip) but stay `ready`: nothing has happened to the parcels yet.
 * - `ready` freezes the charges (the slip can be printed) and puts the packages `on_slip`. Receiver, carrier and
 *   note may still be corrected until the slip is delivered or cancelled; packages and money only on a draft.
 * - `out_for_delivery` exists only for courier slips: a pickup slip is handed over at the counter straight from
 *   `ready`. A courier slip is never `delivered` from `ready`: the carrier must have taken it first.
 * - `delivered` is reached only through the confirmation (collected money, receiver, feedback, ledger rows in one
 *   transaction), never through a plain status change.
 * - `failed` carries a reason (not at home, refused, wrong address, other) and returns the packages to `ready`
 *   so they can go on a new slip; the failed slip stays as history. A pickup slip fails when the customer refuses
 *   the parcels at the counter.
 * - `cancelled` is reachable from draft and ready only; a cancelled ready slip returns its packages to `ready`.
 * - delivered, failed and cancelled are final.
 */

/**
 * A slip's code: `PG`, the year and month it was made (YYMM, Vietnamese calendar), a dash and the running
 * number, at least five digits and never truncated (PG2611-00042, PG2612-100000). The database writes it
 * (nextSlipCodes in modules/delivery-slips); the slip lookup, the staff scan and the public tracking page all
 * recognise a code by this one pattern.
 */
export const SLIP_CODE_PATTERN = /^PG\d{4}-\d{5,}$/;

/**
 * The slip's payment code, written in a bank transfer's memo (the VietQR purpose field): the code's letters and
 * digits with no separator (PG2612-00301 → PG261200301). Bank apps and reconciliation services keep and match
 * a code of letters + digits; a hyphen is turned into a space or dropped by many of them.
 */
export function slipPaymentCode(code: string): string {
  if (!SLIP_CODE_PATTERN.test(code)) throw new RangeError(`not a slip code: ${code}`);
  return code.replace('-', '');
}

/** The slip code a payment code stands for ("PG261200301" → "PG2612-00301"); null when it is not one. */
export function slipCodeFromPaymentCode(text: string): string | null {
  const m = /^PG(\d{4})(\d{5,})$/.exec(text);
  return m ? `PG${m[1]}-${m[2]}` : null;
}

export const DELIVERY_SLIP_STATUSES = ['draft', 'ready', 'out_for_delivery', 'delivered', 'failed', 'cancelled'] as const;
export type DeliverySlipStatus = (typeof DELIVERY_SLIP_STATUSES)[number];

export const DELIVERY_SLIP_FINAL_STATUSES: readonly DeliverySlipStatus[] = ['delivered', 'failed', 'cancelled'];
/** Packages, method, fees and discount (the money) change only on a draft: a ready slip has printed figures. */
export const DELIVERY_SLIP_CHARGES_EDITABLE_STATUSES: readonly DeliverySlipStatus[] = ['draft'];
/** Only the confirmation reaches `delivered`; from these statuses (per method). */
export const DELIVERY_SLIP_CONFIRMABLE: Readonly<Record<DeliveryMethod, DeliverySlipStatus>> = { pickup: 'ready', courier: 'out_for_delivery' };

export const DELIVERY_FAILURE_REASONS = ['not_home', 'refused', 'wrong_address', 'other'] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

/** Where each status may go next, per delivery method. */
export const DELIVERY_SLIP_TRANSITIONS: Readonly<Record<DeliveryMethod, Readonly<Record<DeliverySlipStatus, readonly DeliverySlipStatus[]>>>> = {
  courier: {
    draft: ['ready', 'cancelled'],
    ready: ['out_for_delivery', 'cancelled'],
    out_for_delivery: ['delivered', 'failed'],
    delivered: [],
    failed: [],
    cancelled: [],
  },
  pickup: {
    draft: ['ready', 'cancelled'],
    ready: ['delivered', 'failed', 'cancelled'],
    out_for_delivery: [],
    delivered: [],
    failed: [],
    cancelled: [],
  },
};

/** The statuses a slip of this method may move to from `from`. */
export function nextSteps(method: DeliveryMethod, from: DeliverySlipStatus): readonly DeliverySlipStatus[] {
  return DELIVERY_SLIP_LIFECYCLES[method].nextSteps(from);
}

export function canTransition(method: DeliveryMethod, from: DeliverySlipStatus, to: DeliverySlipStatus): boolean {
  return nextSteps(method, from).includes(to);
}

export function isFinalSlipStatus(s: DeliverySlipStatus): boolean {
  return DELIVERY_SLIP_FINAL_STATUSES.includes(s);
}

/**
 * The status a step puts the slip's packages in, or null when the parcels are untouched (cancelling a draft:
 * its packages never left `ready`). The event written is the package status itself; `delivered` carries DLV.
 */
export function packageEffectOf(from: DeliverySlipStatus, to: DeliverySlipStatus): PackageStatus | null {
  switch (to) {
    case 'ready':
      return 'on_slip';
    case 'out_for_delivery':
      return 'out_for_delivery';
    case 'delivered':
      return 'delivered';
    case 'failed':
      return 'ready';
    case 'cancelled':
      return from === 'draft' ? null : 'ready';
    default:
      return null;
  }
}

/** Vietnamese labels, used by messages and exports (the web translates with i18n). */
export const DELIVERY_SLIP_STATUS_LABELS: Record<DeliverySlipStatus, string> = {
  draft: 'Nháp',
  ready: 'Sẵn sàng giao',
  out_for_delivery: 'Đang giao',
  delivered: 'Đã giao',
  failed: 'Giao thất bại',
  cancelled: 'Đã hủy',
};

export const DELIVERY_FAILURE_REASON_LABELS: Record<DeliveryFailureReason, string> = {
  not_home: 'Khách không có nhà',
  refused: 'Khách từ chối nhận',
  wrong_address: 'Sai địa chỉ',
  other: 'Lý do khác',
};

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Nhận tại kho',
  courier: 'Giao qua đơn vị vận chuyển',
};

/** "Không thể chuyển phiếu giao từ … sang …; chỉ có thể chuyển sang: …" */
function slipRefusal(
  from: DeliverySlipStatus,
  to: DeliverySlipStatus,
  next: readonly DeliverySlipStatus[],
  labels: Readonly<Record<DeliverySlipStatus, string>>,
): string {
  const head =
    from === to
      ? `Phiếu giao đang ở trạng thái "${labels[from]}"`
      : `Không thể chuyển phiếu giao từ "${labels[from]}" sang "${labels[to]}"`;
  const tail = next.length
    ? `chỉ có thể chuyển sang: ${quotedLabels(next, labels)}`
    : 'trạng thái này là trạng thái cuối, không thể chuyển tiếp';
  return `${head}; ${tail}`;
}

function slipLifecycleOf(method: DeliveryMethod): Lifecycle<DeliverySlipStatus> {
  return defineLifecycle({
    statuses: DELIVERY_SLIP_STATUSES,
    finalStatuses: DELIVERY_SLIP_FINAL_STATUSES,
    labels: DELIVERY_SLIP_STATUS_LABELS,
    transitions: DELIVERY_SLIP_TRANSITIONS[method],
    refusal: slipRefusal,
  });
}

/** The lifecycle of a slip of each delivery method. */
export const DELIVERY_SLIP_LIFECYCLES: Readonly<Record<DeliveryMethod, Lifecycle<DeliverySlipStatus>>> = {
  courier: slipLifecycleOf('courier'),
  pickup: slipLifecycleOf('pickup'),
};

export function slipTransitionMessage(method: DeliveryMethod, from: DeliverySlipStatus, to: DeliverySlipStatus): string {
  return DELIVERY_SLIP_LIFECYCLES[method].refusal(from, to);
}
