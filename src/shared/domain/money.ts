/**
 * Money rules: integer đồng, never floats. Pure: runs in the browser (order form preview) and on the server (the
 * figures that are stored), so both always agree to the đồng.
 *
 * - Vietnamese money is an integer number of đồng. Never a float.
 * - A foreign amount is an integer number of minor units plus an ISO 4217 code: USD and EUR in cents,
 *   JPY in yen and KRW in won (no minor unit). VND itself is allowed (0 decimals, rate 1) for orders whose
 *   prices are already in đồng.
 * - An exchange rate is "đồng per one major unit" (USD 25,400; KRW 18.5). People type it as an integer or
 *   a decimal with at most 2 decimals; it is kept as an integer: đồng per major unit × 100 (`rateX100`), read and
 *   written in its wire form ("25400", "18.5") by money-input.ts parseRateWire / formatRateWire.
 *
 * THE rounding rule, the only one: an exact quotient is rounded half up to the whole đồng (half away from
 * zero; every amount rounded here is ≥ 0, so it is plain half up). It is applied ONCE per order line
 * (quantity × unit price converted together) and once for a percentage fee; sums of rounded lines are
 * exact and are never rounded again. All intermediate arithmetic is in BigInt, so nothing is lost before
 * that single rounding.
 */

import type { OrderKind } from './order-lifecycle';

export const CURRENCIES = ['VND', 'USD', 'JPY', 'KRW', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(v: unknown): v is Currency {
  return typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);
}

/** Decimals of the minor unit (ISO 4217). */
export const CURRENCY_DECIMALS: Record<Currency, number> = { VND: 0, USD: 2, JPY: 0, KRW: 0, EUR: 2 };

/** Currencies whose rate comes from the effective-dated exchange rates in settings (VND is always 1). */
export const FOREIGN_CURRENCIES = ['USD', 'JPY', 'KRW', 'EUR'] as const satisfies readonly Currency[];
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

/** rateX100 of VND: one đồng per đồng. */
export const VND_RATE_X100 = 100;

/** Largest rate accepted: 100,000,000 đồng per unit (no real currency is near it). */
export const RATE_MAX_X100 = 10_000_000_000;

/** Every computed money figure must stay a safe integer; this bound keeps sums far from 2^53. */
export const MONEY_MAX = 1_000_000_000_000_000;

/** Basis points: 10,000 = 100 %. A percentage service fee is a whole number of basis points. */
export const BPS_DENOMINATOR = 10_000;

/** n / d rounded half up (half away from zero), d > 0, in exact integer arithmetic. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  if (n < 0n) return -divRoundHalfUp(-n, d);
  return (2n * n + d) / (2n * d);
}

function toSafe(v: bigint, what: string): number {
  if (v > BigInt(MONEY_MAX) || v < -BigInt(MONEY_MAX)) throw new RangeError(`${what} is out of range`);
  return Number(v);
}

function checkInt(v: number, what: string, min = 0): void {
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`${what} must be an integer ≥ ${min}`);
}

/** Minor units of a currency → đồng, with the one rounding rule. */
export function toDong(minor: number, currency: Currency, rateX100: number): number {
  checkInt(minor, 'minor');
  checkInt(rateX100, 'rateX100', 1);
  return toSafe(convert(BigInt(minor), currency, rateX100), 'amount');
}

function convert(minor: bigint, currency: Currency, rateX100: number): bigint {
  const divisor = 100n * 10n ** BigInt(CURRENCY_DECIMALS[currency]);
  return divRoundHalfUp(minor * BigInt(rateX100), divisor);
}

/**
 * One order line in đồng: quantity × unit price (minor units) converted as one amount, rounded once.
 * (Rounding the unit price first and multiplying would let the error grow with the quantity.)
 */
export function lineAmount(quantity: number, unitPriceMinor: number, currency: Currency, rateX100: number): number {
  checkInt(quantity, 'quantity');
  checkInt(unitPriceMinor, 'unitPriceMinor');
  checkInt(rateX100, 'rateX100', 1);
  return toSafe(convert(BigInt(quantity) * BigInt(unitPriceMinor), currency, rateX100), 'line amount');
}

/** amount × bps / 10,000, rounded half up to the đồng. */
export function percentOf(amount: number, bps: number): number {
  checkInt(amount, 'amount');
  checkInt(bps, 'bps');
  return toSafe(divRoundHalfUp(BigInt(amount) * BigInt(bps), BigInt(BPS_DENOMINATOR)), 'percentage');
}

export const SERVICE_FEE_MODES = ['percent', 'fixed'] as const;
export type ServiceFeeMode = (typeof SERVICE_FEE_MODES)[number];

export interface OrderFigures {
  kind: OrderKind;
  currency: Currency;
  rateX100: number;
  items: ReadonlyArray<{ quantity: number; unitPriceMinor: number }>;
  serviceFeeMode: ServiceFeeMode;
  /** Used when the mode is 'percent': basis points of the items subtotal. */
  serviceFeeBps: number;
  /** Used when the mode is 'fixed': đồng. */
  serviceFeeFixed: number;
  domesticFee: number;
  deposit: number;
}

export interface OrderTotals {
  /** Each line in đồng, rounded once (same order as the items). */
  lines: number[];
  /** Σ lines: the goods in đồng (for a consignment, their declared value). */
  itemsSubtotal: number;
  /** What the goods add to the bill: the subtotal for a purchase; 0 for a consignment (the customer already paid the seller). */
  goods: number;
  serviceFee: number;
  domesticFee: number;
  deposit: number;
  /** goods + service fee + domestic fee. */
  total: number;
  /** total − deposit (negative when the deposit asked for exceeds the total; the server refuses that). */
  remaining: number;
}

/**
 * The totals of an order, as the server stores them:
 *   lines[i]      = round(quantity × unitPriceMinor × rate)                       (once per line)
 *   itemsSubtotal = Σ lines
 *   serviceFee    = round(itemsSubtotal × bps / 10,000)  or the fixed amount
 *   total         = (purchase ? itemsSubtotal : 0) + serviceFee + domesticFee
 *   remaining     = total − deposit
 * A consignment's items are the customer's own goods: their declared value is shown (and a percentage
 * fee, e.g. insurance, may be taken on it) but the goods themselves are not billed.
 */
export function orderTotals(o: OrderFigures): OrderTotals {
  checkInt(o.domesticFee, 'domesticFee');
  checkInt(o.deposit, 'deposit');
  checkInt(o.serviceFeeFixed, 'serviceFeeFixed');
  checkInt(o.serviceFeeBps, 'serviceFeeBps');
  const lines = o.items.map((i) => lineAmount(i.quantity, i.unitPriceMinor, o.currency, o.rateX100));
  const itemsSubtotal = toSafe(lines.reduce((s, v) => s + BigInt(v), 0n), 'items subtotal');
  const goods = o.kind === 'purchase' ? itemsSubtotal : 0;
  const serviceFee = o.serviceFeeMode === 'percent' ? percentOf(itemsSubtotal, o.serviceFeeBps) : o.serviceFeeFixed;
  const total = toSafe(BigInt(goods) + BigInt(serviceFee) + BigInt(o.domesticFee), 'total');
  return { lines, itemsSubtotal, goods, serviceFee, domesticFee: o.domesticFee, deposit: o.deposit, total, remaining: total - o.deposit };
}
