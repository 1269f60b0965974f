/**
 * The money of a delivery slip (phiếu giao hàng): what the customer is charged, what the wallet covers, what is
 * collected on hand-over, and the ledger rows the confirmation posts. Pure: the create/edit screens show the same
 * figures live that the server freezes when the slip is finalised.
 *
 * Charges (integer đồng everywhere):
 *   line[i]          = freight[i] + Σ surcharges of package i       (freight comes from the pricing rule, already
 *                                                                     rounded there, once per package)
 *   packagesSubtotal = Σ line[i]
 *   domesticFee      = the fee of the receiver's zone, courier slips only (a pickup slip has none)
 *   surcharges       = Σ slip-level surcharges
 *   subtotal         = packagesSubtotal + domesticFee + surcharges    (everything charged, before the discount)
 *   discount         = the amount typed, or round_half_up(subtotal × bps ÷ 10,000) — the one rounding of a slip
 *   total            = subtotal − discount                            (never negative, see below)
 *   ordersDue        = Σ what each order the clerk added still owes   (an order's service fee, carried to the counter)
 *   payable          = total + ordersDue                              (everything the hand-over settles)
 *   walletCredit     = min(payable, max(walletBalance, 0))            (a debt in the wallet covers nothing)
 *   amountToCollect  = payable − walletCredit                         (the COD; never negative)
 *
 * An order's debt is not a charge of the slip: `total` (the slip's revenue on the dashboards) leaves it out, and
 * the confirmation pays each order as its own ledger `payment` referring to the order, so the money counts once,
 * on its order, and the order's "paid" follows.
 *
 * A discount needs a reason whenever it is not zero. A discount amount larger than the subtotal is refused, not
 * capped ("input is refused, never rewritten"): the person typed something that cannot be right, and a capped
 * figure would hide it. A percentage is at most 100 %, so it can never exceed the subtotal. Amounts a person types
 * (fees, surcharges, the discount) are checked here and refused with a message on their field; figures the system
 * computed (freight, the wallet balance) must already be integers — anything else is a programming error
 * (RangeError).
 *
 * Confirmation (slipConfirmation): the wallet pays the slip's total and the collected money goes into it, so the
 * wallet ends at balance + collected − total whatever the wallet covered when the slip was printed. Two ledger
 * rows: first the money in — a `cod` for cash a courier collected, a `deposit` for cash at the counter or a bank
 * transfer — then the `payment` of the total, then one `payment` per order line. Money in comes first so that no row's balance-after dips below the
 * floor on the way (the database refuses a balance below −credit limit on every row). Collecting more than is due
 * leaves the excess in the wallet; collecting less is allowed only while the balance stays within the customer's
 * credit limit, else the confirmation is refused with the shortfall (the least that must still be collected).
 */

import { foldVietnamese } from '../text';
import { applyToBalance, signedAmount, TRANSACTION_AMOUNT_MAX, type TransactionMethod, type TransactionType } from './ledger';
import { BPS_DENOMINATOR, percentOf } from './money';
import { formatMoneyAmount } from './money-input';

export const DELIVERY_METHODS = ['pickup', 'courier'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Zones of the domestic delivery fee: inner Hồ Chí Minh City, inner Hà Nội, every other province. */
export const DELIVERY_ZONES = ['hcm_inner', 'hanoi_inner', 'other_provinces'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** The domestic fee of each zone, in đồng (from settings). */
export type DomesticFees = Readonly<Record<DeliveryZone, number>>;

/** Largest amount of one slip figure: the slip's total becomes one ledger payment, which has this bound. */
export const SLIP_AMOUNT_MAX = TRANSACTION_AMOUNT_MAX;
/** Longest discount reason. */
export const DISCOUNT_REASON_MAX = 500;
/** Longest surcharge label. */
export const SURCHARGE_LABEL_MAX = 100;

// ---- zones ------------------------------------------------------------------------------------------------------

/** Names and codes of each city, folded (no accents, lower case) and without spaces or punctuation. */
const ZONE_NAMES: ReadonlyArray<[DeliveryZone, readonly string[]]> = [
  // Thành phố Hồ Chí Minh, Sài Gòn, HCM(C), ISO 3166-2 VN-SG, statistics-office code 79.
  ['hcm_inner', ['hochiminh', 'hcm', 'hcmc', 'saigon', 'sg', '79']],
  // Hà Nội, HN, ISO 3166-2 VN-HN, statistics-office code 01.
  ['hanoi_inner', ['hanoi', 'hn', '01']],
];

/** What stands around a city's name without changing it: "Thành phố", "TP.", "Thủ đô", "Tỉnh", "VN-", "City". */
const PREFIXES = /^(?:thanhpho|thudo|tinh|tp|vn)+/;
const SUFFIXES = /(?:city|vietnam|vn)+$/;

function zoneOfName(name: string): DeliveryZone | undefined {
  const compact = foldVietnamese(name).replace(/[^a-z0-9]/g, '');
  const candidates = [compact, compact.replace(PREFIXES, ''), compact.replace(PREFIXES, '').replace(SUFFIXES, '')];
  for (const [zone, names] of ZONE_NAMES) if (candidates.some((c) => names.includes(c))) return zone;
  return undefined;
}

/**
 * The fee zone of a province as people write it, accent- and case-insensitive: "TP. Hồ Chí Minh", "Hồ Chí Minh",
 * "TPHCM", "HCM", "Sài Gòn", "VN-SG", "79" → hcm_inner; "Hà Nội", "Ha Noi", "Hanoi", "HN", "VN-HN", "01" →
 * hanoi_inner. A whole address is read by its last part ("Cầu Giấy, Hà Nội"). Anything else, including an empty
 * province, is other_provinces (names are matched whole: "Hà Nam" is not Hà Nội). Only the province is known, so
 * the outer districts of the two cities (Củ Chi, Sóc Sơn…) are billed as inner.
 */
export function deliveryZoneOf(province: string | null | undefined): DeliveryZone {
  const text = (province ?? '').trim();
  if (!text) return 'other_provinces';
  const whole = zoneOfName(text);
  if (whole) return whole;
  const parts = text.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean);
  const last = parts.length > 1 ? zoneOfName(parts[parts.length - 1]!) : undefined;
  return last ?? 'other_provinces';
}

/** The domestic fee of a courier slip to `province`. */
export function domesticFeeFor(province: string | null | undefined, fees: DomesticFees): { zone: DeliveryZone; fee: number } {
  const zone = deliveryZoneOf(province);
  const fee = fees[zone];
  checkComputed(fee, `domestic fee of ${zone}`);
  return { zone, fee };
}

// ---- charges ----------------------------------------------------------------------------------------------------

export interface SlipSurcharge {
  label: string;
  /** đồng, ≥ 0. */
  amount: number;
}

interface SlipPackageInput {
  /** Whatever identifies the package to the caller (id or tracking number); carried into its line. */
  packageId: number | string;
  /** đồng, from the pricing rule. */
  freight: number;
  surcharges?: readonly SlipSurcharge[];
}

export type SlipDiscountInput =
  | { kind: 'amount'; /** đồng */ amount: number; reason?: string | null }
  | { kind: 'percent'; /** basis points of the subtotal, ≤ 10,000 */ bps: number; reason?: string | null };

export interface SlipChargesInput {
  packages: readonly SlipPackageInput[];
  method: DeliveryMethod;
  /** đồng; courier slips only (0 or absent on a pickup slip). */
  domesticFee?: number;
  /** Slip-level surcharges (packing, insurance…). */
  surcharges?: readonly SlipSurcharge[];
  discount?: SlipDiscountInput | null;
  /** The customer's wallet balance, đồng; negative when the customer owes. */
  walletBalance: number;
  /** Orders whose debt is collected with the slip: what each still owes (đồng, > 0), read by the system. */
  orders?: readonly SlipOrderInput[];
}

export interface SlipOrderInput {
  orderId: number;
  /** đồng, > 0: what the order still owes. */
  due: number;
}

interface SlipPackageLine {
  packageId: number | string;
  freight: number;
  /** Σ of this package's surcharges. */
  surcharges: number;
  /** freight + surcharges. */
  amount: number;
}

export interface SlipCharges {
  lines: SlipPackageLine[];
  /** Σ freight. */
  freightTotal: number;
  /** Σ line amounts (freight and package surcharges). */
  packagesSubtotal: number;
  domesticFee: number;
  /** Σ slip-level surcharges. */
  surcharges: number;
  /** packagesSubtotal + domesticFee + surcharges. */
  subtotal: number;
  /** đồng taken off the subtotal. */
  discount: number;
  /** The percentage the discount was given as, or null for an amount (or no discount). */
  discountBps: number | null;
  /** Trimmed; null when there is no discount. */
  discountReason: string | null;
  /** subtotal − discount, ≥ 0. */
  total: number;
  /** The order lines, in the order given. */
  orders: SlipOrderInput[];
  /** Σ order lines. */
  ordersDue: number;
  /** total + ordersDue: what the hand-over settles. */
  payable: number;
  walletBalance: number;
  /** min(payable, max(walletBalance, 0)). */
  walletCredit: number;
  /** payable − walletCredit, ≥ 0: the COD. */
  amountToCollect: number;
}

export const SLIP_CHARGE_ISSUES = [
  'invalid_amount',
  'domestic_fee_on_pickup',
  'surcharge_label_required',
  'surcharge_label_too_long',
  'discount_percent_too_large',
  'discount_reason_required',
  'discount_reason_too_long',
  'discount_exceeds_subtotal',
  'total_too_large',
] as const;
type SlipChargeIssueCode = (typeof SLIP_CHARGE_ISSUES)[number];

interface SlipChargeIssue {
  /** The input field: 'domesticFee', 'surcharges.0.amount', 'packages.2.surcharges.0.label', 'discount.reason'… */
  path: string;
  code: SlipChargeIssueCode;
  /** Vietnamese (English in the message catalog). */
  message: string;
}

export type SlipChargesResult = { ok: true; charges: SlipCharges } | { ok: false; issues: SlipChargeIssue[] };

const grouped = (dong: number) => formatMoneyAmount(dong, 'VND', 'vi');

function issueMessage(code: SlipChargeIssueCode, values: { subtotal?: number; discount?: number } = {}): string {
  switch (code) {
    case 'invalid_amount':
      return `Số tiền phải là số đồng nguyên từ 0 đến ${grouped(SLIP_AMOUNT_MAX)}`;
    case 'domestic_fee_on_pickup':
      return 'Phí giao nội địa chỉ áp dụng khi giao qua đơn vị vận chuyển';
    case 'surcharge_label_required':
      return 'Cần ghi tên phụ phí';
    case 'surcharge_label_too_long':
      return `Tên phụ phí dài tối đa ${SURCHARGE_LABEL_MAX} ký tự`;
    case 'discount_percent_too_large':
      return 'Giảm giá theo phần trăm phải từ 0% đến 100%';
    case 'discount_reason_required':
      return 'Cần ghi lý do giảm giá';
    case 'discount_reason_too_long':
      return `Lý do giảm giá dài tối đa ${DISCOUNT_REASON_MAX} ký tự`;
    case 'discount_exceeds_subtotal':
      return `Giảm giá ${grouped(values.discount ?? 0)} ₫ lớn hơn tổng phí ${grouped(values.subtotal ?? 0)} ₫`;
    case 'total_too_large':
      return `Tổng tiền của phiếu vượt quá ${grouped(SLIP_AMOUNT_MAX)} ₫`;
  }
}

/** Order lines the system read: each due an integer > 0 (else a programming error), and their Σ. */
function checkedOrders(orders: readonly SlipOrderInput[] | undefined): { orders: SlipOrderInput[]; due: number } {
  const list = (orders ?? []).map((o) => {
    if (!Number.isSafeInteger(o.due) || o.due <= 0) throw new RangeError(`due of order ${o.orderId} must be an integer > 0, got ${o.due}`);
    return { orderId: o.orderId, due: o.due };
  });
  return { orders: list, due: list.reduce((s, o) => s + o.due, 0) };
}

/** A figure the system computed: a programming error if it is not a non-negative safe integer. */
function checkComputed(v: number, what: string): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be an integer ≥ 0, got ${v}`);
}

const validAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= SLIP_AMOUNT_MAX;

/** The charges of a slip, or every problem of the typed figures (each on its field). */
export function computeSlipCharges(input: SlipChargesInput): SlipChargesResult {
  const issues: SlipChargeIssue[] = [];
  const add = (path: string, code: SlipChargeIssueCode, values?: { subtotal?: number; discount?: number }) =>
    issues.push({ path, code, message: issueMessage(code, values) });

  if (!Number.isSafeInteger(input.walletBalance)) throw new RangeError(`walletBalance must be a safe integer, got ${input.walletBalance}`);

  const sumSurcharges = (list: readonly SlipSurcharge[] | undefined, path: string): number => {
    let sum = 0;
    (list ?? []).forEach((s, i) => {
      const label = (s.label ?? '').trim();
      if (!label) add(`${path}.${i}.label`, 'surcharge_label_required');
      else if (label.length > SURCHARGE_LABEL_MAX) add(`${path}.${i}.label`, 'surcharge_label_too_long');
      if (!validAmount(s.amount)) add(`${path}.${i}.amount`, 'invalid_amount');
      else sum += s.amount;
    });
    return sum;
  };

  const lines: SlipPackageLine[] = input.packages.map((p, i) => {
    checkComputed(p.freight, `freight of package ${String(p.packageId)}`);
    const surcharges = sumSurcharges(p.surcharges, `packages.${i}.surcharges`);
    return { packageId: p.packageId, freight: p.freight, surcharges, amount: p.freight + surcharges };
  });
  const freightTotal = lines.reduce((s, l) => s + l.freight, 0);
  const packagesSubtotal = lines.reduce((s, l) => s + l.amount, 0);

  const feeInput = input.domesticFee ?? 0;
  let domesticFee = 0;
  if (!validAmount(feeInput)) add('domesticFee', 'invalid_amount');
  else if (input.method === 'pickup' && feeInput !== 0) add('domesticFee', 'domestic_fee_on_pickup');
  else domesticFee = feeInput;

  const surcharges = sumSurcharges(input.surcharges, 'surcharges');
  const subtotal = packagesSubtotal + domesticFee + surcharges;
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('slip subtotal is out of range');

  let discount = 0;
  let discountBps: number | null = null;
  let discountReason: string | null = null;
  const d = input.discount;
  if (d) {
    const given = d.kind === 'amount' ? d.amount !== 0 : d.bps !== 0;
    if (d.kind === 'amount') {
      if (!validAmount(d.amount)) add('discount.amount', 'invalid_amount');
      // Compared only with a subtotal whose every figure was valid.
      else if (issues.length === 0 && d.amount > subtotal) add('discount.amount', 'discount_exceeds_subtotal', { discount: d.amount, subtotal });
      else discount = d.amount;
    } else if (!Number.isSafeInteger(d.bps) || d.bps < 0 || d.bps > BPS_DENOMINATOR) {
      add('discount.bps', 'discount_percent_too_large');
    } else if (given) {
      discountBps = d.bps;
      discount = percentOf(subtotal, d.bps);
    }
    const reason = (d.reason ?? '').trim();
    if (given && !reason) add('discount.reason', 'discount_reason_required');
    else if (reason.length > DISCOUNT_REASON_MAX) add('discount.reason', 'discount_reason_too_long');
    if (given) discountReason = reason || null;
  }

  const { orders, due: ordersDue } = checkedOrders(input.orders);
  const total = subtotal - discount;
  const payable = total + ordersDue;
  if (issues.length === 0 && payable > SLIP_AMOUNT_MAX) add('total', 'total_too_large');
  if (issues.length) return { ok: false, issues };

  const walletCredit = Math.min(payable, Math.max(input.walletBalance, 0));
  return {
    ok: true,
    charges: {
      lines,
      freightTotal,
      packagesSubtotal,
      domesticFee,
      surcharges,
      subtotal,
      discount,
      discountBps,
      discountReason,
      total,
      orders,
      ordersDue,
      payable,
      walletBalance: input.walletBalance,
      walletCredit,
      amountToCollect: payable - walletCredit,
    },
  };
}

// ---- confirmation -----------------------------------------------------------------------------------------------

/**
 * The ledger type of the money collected on hand-over: cash a courier collected is `cod`; cash at the counter
 * (a pickup) or a bank transfer for the slip is a `collection`, never a `deposit` (a top-up): see ledger.ts.
 */
export function collectionType(delivery: DeliveryMethod, payment: TransactionMethod): 'cod' | 'collection' {
  return delivery === 'courier' && payment === 'cash' ? 'cod' : 'collection';
}

export interface SlipConfirmInput {
  /** The slip's frozen total, đồng. */
  total: number;
  /** The order lines frozen on the slip: each is paid by its own `payment` after the slip's. */
  orders?: readonly SlipOrderInput[];
  /** The wallet credit frozen on the slip (what it printed as covered by the wallet), ≤ total + Σ orders. */
  walletCredit: number;
  /** The wallet balance now, read in the confirming transaction. */
  balance: number;
  /** What was actually collected, đồng (0 when the wallet covers everything). */
  collected: number;
  /** What the customer may owe, đồng (≥ 0). */
  creditLimit: number;
  delivery: DeliveryMethod;
  /** How the collected money was paid. */
  payment: TransactionMethod;
}

interface SlipLedgerMovement {
  type: TransactionType;
  /** The positive amount the ledger function takes. */
  amount: number;
  /** As stored: + into the wallet, − out of it. */
  signedAmount: number;
  /** cash / bank transfer for the money collected; null for the wallet's payment (money from the wallet has no method). */
  method: TransactionMethod | null;
  balanceAfter: number;
  /** The order a payment settles (an order line); null for the slip's own rows. */
  orderId: number | null;
}

export type SlipConfirmDecision =
  | {
      ok: true;
      /** In posting order: the money collected (when any), the payment of the total (when not 0), one payment per order. */
      movements: SlipLedgerMovement[];
      balanceBefore: number;
      /** balance + collected − total − Σ orders. */
      balanceAfter: number;
      /** What had to be collected at this balance: payable − min(payable, max(balance, 0)). */
      amountDue: number;
      /** What the slip printed: payable − walletCredit (differs from amountDue when the balance moved since). */
      printedAmountToCollect: number;
      /** Collected beyond what was due: stays in the wallet as credit. */
      excess: number;
      /** Collected short of what was due: the customer now owes it (within the credit limit). */
      owed: number;
    }
  | {
      ok: false;
      code: 'credit_limit_exceeded';
      /** The least that must still be collected for the balance to stay within the credit limit. */
      shortfall: number;
      amountDue: number;
      /** The balance the confirmation would have left. */
      balanceAfter: number;
      /** Vietnamese (English in the message catalog). */
      message: string;
    };

/** The money rule of a slip's confirmation (see the module comment). */
export function slipConfirmation(input: SlipConfirmInput): SlipConfirmDecision {
  const { total, walletCredit, balance, collected, creditLimit } = input;
  if (!validAmount(total)) throw new RangeError(`total must be an integer from 0 to ${SLIP_AMOUNT_MAX}, got ${total}`);
  const { orders, due: ordersDue } = checkedOrders(input.orders);
  const payable = total + ordersDue;
  if (!validAmount(payable)) throw new RangeError(`total + order lines must be an integer from 0 to ${SLIP_AMOUNT_MAX}, got ${payable}`);
  if (!Number.isSafeInteger(walletCredit) || walletCredit < 0 || walletCredit > payable) throw new RangeError(`walletCredit must be an integer from 0 to the payable, got ${walletCredit}`);
  if (!Number.isSafeInteger(balance)) throw new RangeError(`balance must be a safe integer, got ${balance}`);
  if (!validAmount(collected)) throw new RangeError(`collected must be an integer from 0 to ${SLIP_AMOUNT_MAX}, got ${collected}`);
  if (!Number.isSafeInteger(creditLimit) || creditLimit < 0) throw new RangeError(`creditLimit must be an integer ≥ 0, got ${creditLimit}`);

  const amountDue = payable - Math.min(payable, Math.max(balance, 0));
  const movements: SlipLedgerMovement[] = [];
  let running = balance;
  if (collected > 0) {
    const type = collectionType(input.delivery, input.payment);
    const delta = signedAmount(type, collected);
    const step = applyToBalance(running, creditLimit, delta); // money in: always accepted
    running = step.balanceAfter;
    movements.push({ type, amount: collected, signedAmount: delta, method: input.payment, balanceAfter: running, orderId: null });
  }
  const payments = [...(total > 0 ? [{ amount: total, orderId: null }] : []), ...orders.map((o) => ({ amount: o.due, orderId: o.orderId }))];
  for (const p of payments) {
    const delta = signedAmount('payment', p.amount);
    const step = applyToBalance(running, creditLimit, delta);
    if (!step.ok) {
      // The shortfall of the whole hand-over: what the balance would end at after every payment, below the floor.
      const shortfall = -creditLimit - (balance + collected - payable);
      return {
        ok: false,
        code: 'credit_limit_exceeded',
        shortfall,
        amountDue,
        balanceAfter: balance + collected - payable,
        message: `Cần thu thêm ít nhất ${grouped(shortfall)} ₫: số tiền còn thiếu vượt hạn mức công nợ ${grouped(creditLimit)} ₫ của khách hàng`,
      };
    }
    running = step.balanceAfter;
    movements.push({ type: 'payment', amount: p.amount, signedAmount: delta, method: null, balanceAfter: running, orderId: p.orderId });
  }
  return {
    ok: true,
    movements,
    balanceBefore: balance,
    balanceAfter: running,
    amountDue,
    printedAmountToCollect: payable - walletCredit,
    excess: Math.max(0, collected - amountDue),
    owed: Math.max(0, amountDue - collected),
  };
}
