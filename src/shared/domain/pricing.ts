/**
 * The office's pricing rule: what a parcel's chargeable weight costs (the spec's Criteria; the list without a
 * customer group is DefaultCriteria). Pure: the server's quote and slips, and the price-list screen's
 * calculator, all call this one function, so they agree to the đồng.
 *
 * A price list applies to one customer group (retail, wholesale, vip) or to all (group null). Its lines are per
 * route: an origin store or an origin country → a Vietnamese hub (or any hub). A line says:
 * - unit: kg or lb (1 lb = 453.59237 g exactly);
 * - currency: VND, or a foreign currency converted at the exchange rate in force on the quote day;
 * - weight brackets, each from a weight (inclusive, in thousandths of the unit) with a rate per unit in minor
 *   units of the currency. The bracket the WHOLE billed weight falls in sets the rate for all of it
 *   ("0–10 kg 31.000 đ/kg, 10–30 kg 30.000 đ/kg": 12 kg is 12 × 30.000). Where a heavier bracket's start
 *   weight billed at that bracket's rate costs less, that lower charge applies (the airlines' weight-break
 *   rule), so a heavier parcel never costs less than a lighter one on the same line;
 * - billing step: the parcel's chargeable weight (weight.ts parcelFigures: max of gross and volumetric, in grams,
 *   unrounded) is converted to the unit and rounded UP to a multiple of the step (0.5 kg, 1 lb) — the ONE
 *   rounding of a parcel's weight (billableWeight);
 * - minimum charge for the freight;
 * - surcharges, each fixed per package or per billed unit;
 * - insurance: basis points of the declared value (đồng), only when the package is insured.
 *
 * Money: each line (freight, each surcharge, insurance) is computed exactly in BigInt and rounded ONCE, half
 * up, to whole đồng (shared/domain/money.ts); the total is the exact sum of the rounded lines.
 *
 * Effective dating: the caller passes every version it has; a list (by key) or a rate (by currency) in force
 * on a day is the newest version whose `effectiveFrom` is on or before that day.
 */

import type { MessageLanguage } from '../i18n/language';
import { BPS_DENOMINATOR, CURRENCY_DECIMALS, divRoundHalfUp, MONEY_MAX, type Currency } from './money';
import { formatMoney, formatRateAmount, formatScaled } from './money-input';

export const CUSTOMER_GROUPS = ['retail', 'wholesale', 'vip'] as const;
export type CustomerGroup = (typeof CUSTOMER_GROUPS)[number];

export const PRICE_UNITS = ['kg', 'lb'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** Grams per unit × 10⁵, so that a lb (exactly 453.59237 g) is an integer. */
const GRAMS_X100000_PER_UNIT: Record<PriceUnit, bigint> = { kg: 100_000_000n, lb: 45_359_237n };

export const SURCHARGE_MODES = ['per_package', 'per_unit'] as const;
type SurchargeMode = (typeof SURCHARGE_MODES)[number];

interface PriceBracket {
  /** Start of the bracket, inclusive, in thousandths of the unit (10 kg = 10000). The first starts at 0. */
  fromMilli: number;
  /** Minor units of the line's currency per unit (đồng for VND, cents for USD). */
  rate: number;
}

interface Surcharge {
  label: string;
  mode: SurchargeMode;
  /** Minor units of the line's currency, per package or per billed unit. */
  amount: number;
}

export interface PriceLine {
  /** Origin: a store, or else a country (ISO alpha-2). A store line wins over a country line. */
  originStoreId?: number | null;
  originCountry?: string | null;
  /** Vietnamese hub; null/absent = any hub. A line naming the hub wins over an any-hub line. */
  destinationStoreId?: number | null;
  unit: PriceUnit;
  currency: Currency;
  /** Billing step in thousandths of the unit (500 = 0.5 kg, 1000 = 1 lb); ≥ 1. */
  stepMilli: number;
  /** Minimum freight, minor units of the currency. */
  minimum: number;
  brackets: readonly PriceBracket[];
  surcharges?: readonly Surcharge[];
  /** Insurance in basis points of the declared value (100 = 1 %); 0 = none offered. */
  insuranceBps?: number;
}

export interface PriceListValue {
  name: string;
  /** null: the default list (DefaultCriteria), used for every group without a list of its own. */
  group: CustomerGroup | null;
  lines: readonly PriceLine[];
}

export interface PriceListVersion {
  /** The setting row's id (what a quote names as its price list). */
  id: number;
  /** Identifies the list across versions (the setting key). */
  key: string;
  /** YYYY-MM-DD */
  effectiveFrom: string;
  value: PriceListValue;
}

export interface RateVersion {
  currency: Currency;
  /** đồng per major unit × 100 (money.ts). */
  rateX100: number;
  effectiveFrom: string;
}

export interface QuoteInput {
  /** The parcel's chargeable weight in grams, unrounded (weight.ts parcelFigures). */
  chargeableWeightG: number;
  /** đồng */
  declaredValue?: number;
  insured?: boolean;
  route: { originStoreId?: number | null; originCountry?: string | null; destinationStoreId?: number | null };
  group: CustomerGroup | null;
  /** YYYY-MM-DD */
  day: string;
  priceLists: readonly PriceListVersion[];
  rates: readonly RateVersion[];
}

interface QuoteLine {
  code: 'freight' | 'surcharge' | 'insurance';
  label: string;
  /** đồng */
  amount: number;
}

interface Quote {
  priceListId: number;
  priceListKey: string;
  priceListName: string;
  unit: PriceUnit;
  currency: Currency;
  /** đồng per major unit × 100 used for the conversion (100 for VND). */
  rateX100: number;
  /** The chargeable weight in thousandths of the unit, before the step (rounded up to the thousandth). */
  exactMilli: number;
  /** The line's billing step, thousandths of the unit. */
  stepMilli: number;
  /** Billed weight in thousandths of the unit (the weight rounded up to the step, once). */
  unitsMilli: number;
  /** Rate of the bracket the billed weight falls in, minor units per unit. */
  rate: number;
  /** Set when a heavier bracket's start weight was cheaper and billed instead (thousandths of the unit). */
  weightBreakMilli: number | null;
  /** Freight before the minimum, đồng. */
  freightBeforeMinimum: number;
  minimumApplied: boolean;
  freight: number;
  surcharges: number;
  insurance: number;
  lines: QuoteLine[];
  /** đồng */
  total: number;
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; reason: 'no_price_line' | 'no_rate'; currency?: Currency };

/** The versions in force on `day`: the newest (latest effectiveFrom; of equal ones the last given) per key. */
function inForce<T extends { effectiveFrom: string }>(versions: readonly T[], keyOf: (v: T) => string, day: string): Map<string, T> {
  const out = new Map<string, T>();
  for (const v of versions) {
    if (v.effectiveFrom > day) continue;
    const cur = out.get(keyOf(v));
    if (!cur || v.effectiveFrom >= cur.effectiveFrom) out.set(keyOf(v), v);
  }
  return out;
}

function checkInt(v: number, what: string, min = 0): void {
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`${what} must be an integer ≥ ${min}`);
}

/** The line of a list serving a route, most specific first (store over country, named hub over any hub). */
function lineFor(list: PriceListValue, route: QuoteInput['route']): PriceLine | null {
  let best: PriceLine | null = null;
  let bestScore = -1;
  for (const l of list.lines) {
    let score = 0;
    if (l.originStoreId != null) {
      if (l.originStoreId !== route.originStoreId) continue;
      score += 2;
    } else if (l.originCountry != null) {
      if (!route.originCountry || l.originCountry.toUpperCase() !== route.originCountry.toUpperCase()) continue;
    } else continue;
    if (l.destinationStoreId != null) {
      if (l.destinationStoreId !== route.destinationStoreId) continue;
      score += 1;
    }
    if (score > bestScore) {
      best = l;
      bestScore = score;
    }
  }
  return best;
}

/** ⌈n ÷ d⌉ for non-negative BigInts. */
const ceilDivBig = (n: bigint, d: bigint) => (n + d - 1n) / d;

/**
 * THE billable weight of a parcel: its chargeable weight in grams (unrounded) in the line's unit, rounded UP to the
 * line's step exactly once (exact: a lb is 453.59237 g). `exactMilli` is the weight in thousandths of the unit
 * before the step (itself rounded up to the thousandth, for display: 1 200 g = 2.646 lb); `billedMilli` is what is
 * billed (3 lb = 3000). Every price, screen, print and SQL figure of a billed weight comes from here.
 */
export function billableWeight(grams: number, unit: PriceUnit, stepMilli: number): { exactMilli: number; billedMilli: number } {
  checkInt(grams, 'grams');
  checkInt(stepMilli, 'stepMilli', 1);
  // milli-units = grams × 1000 / grams-per-unit = grams × 10⁸ / (grams-per-unit × 10⁵)
  const n = BigInt(grams) * 100_000_000n;
  const perUnit = GRAMS_X100000_PER_UNIT[unit];
  const billedMilli = Number(ceilDivBig(n, perUnit * BigInt(stepMilli)) * BigInt(stepMilli));
  return { exactMilli: Number(ceilDivBig(n, perUnit)), billedMilli };
}

/** The bracket the billed weight falls in (the last one starting at or below it). */
function bracketIndex(brackets: readonly PriceBracket[], milli: number): number {
  let idx = 0;
  for (let i = 0; i < brackets.length; i++) if (brackets[i]!.fromMilli <= milli) idx = i;
  return idx;
}

/**
 * The quote of one package, or why there is none. The group's own list in force that day is used when it has a
 * line for the route; otherwise the default list's line; otherwise `no_price_line`.
 */
export function quote(input: QuoteInput): QuoteResult {
  checkInt(input.chargeableWeightG, 'chargeableWeightG');
  const declared = input.declaredValue ?? 0;
  checkInt(declared, 'declaredValue');

  const lists = [...inForce(input.priceLists, (v) => v.key, input.day).values()];
  const candidates = [
    ...lists.filter((l) => input.group !== null && l.value.group === input.group),
    ...lists.filter((l) => l.value.group === null),
  ];
  let chosen: { list: PriceListVersion; line: PriceLine } | null = null;
  for (const list of candidates) {
    const line = lineFor(list.value, input.route);
    if (line) {
      chosen = { list, line };
      break;
    }
  }
  if (!chosen) return { ok: false, reason: 'no_price_line' };
  const { list, line } = chosen;

  let rateX100 = 100;
  if (line.currency !== 'VND') {
    const r = inForce(input.rates.filter((x) => x.currency === line.currency), (x) => x.currency, input.day).get(line.currency);
    if (!r) return { ok: false, reason: 'no_rate', currency: line.currency };
    rateX100 = r.rateX100;
  }
  checkInt(rateX100, 'rateX100', 1);
  // exact minor-units × milli-units → đồng: × rateX100 / (100 × 10^decimals × 1000)
  const toDongDivisor = 100n * 10n ** BigInt(CURRENCY_DECIMALS[line.currency]) * 1000n;
  const dong = (minorTimesMilli: bigint): number => {
    const v = divRoundHalfUp(minorTimesMilli * BigInt(rateX100), toDongDivisor);
    if (v > BigInt(MONEY_MAX)) throw new RangeError('amount is out of range');
    return Number(v);
  };

  const { exactMilli, billedMilli: milli } = billableWeight(input.chargeableWeightG, line.unit, line.stepMilli);
  const brackets = [...line.brackets].sort((a, b) => a.fromMilli - b.fromMilli);
  if (brackets.length === 0) return { ok: false, reason: 'no_price_line' };
  const idx = bracketIndex(brackets, milli);
  const rate = brackets[idx]!.rate;
  let exact = BigInt(milli) * BigInt(rate);
  let weightBreakMilli: number | null = null;
  for (let j = idx + 1; j < brackets.length; j++) {
    const b = brackets[j]!;
    const alt = BigInt(b.fromMilli) * BigInt(b.rate);
    if (alt < exact) {
      exact = alt;
      weightBreakMilli = b.fromMilli;
    }
  }
  const freightBeforeMinimum = dong(exact);
  const minimum = dong(BigInt(line.minimum) * 1000n);
  const minimumApplied = freightBeforeMinimum < minimum;
  const freight = minimumApplied ? minimum : freightBeforeMinimum;

  const lines: QuoteLine[] = [{ code: 'freight', label: 'Cước vận chuyển', amount: freight }];
  let surcharges = 0;
  for (const s of line.surcharges ?? []) {
    const amount = s.mode === 'per_package' ? dong(BigInt(s.amount) * 1000n) : dong(BigInt(s.amount) * BigInt(milli));
    surcharges += amount;
    lines.push({ code: 'surcharge', label: s.label, amount });
  }
  const bps = line.insuranceBps ?? 0;
  let insurance = 0;
  if (input.insured && bps > 0 && declared > 0) {
    insurance = Number(divRoundHalfUp(BigInt(declared) * BigInt(bps), BigInt(BPS_DENOMINATOR)));
    lines.push({ code: 'insurance', label: 'Bảo hiểm', amount: insurance });
  }
  const total = freight + surcharges + insurance;
  if (!Number.isSafeInteger(total) || total > MONEY_MAX) throw new RangeError('total is out of range');
  return {
    ok: true,
    quote: {
      priceListId: list.id,
      priceListKey: list.key,
      priceListName: list.value.name,
      unit: line.unit,
      currency: line.currency,
      rateX100,
      exactMilli,
      stepMilli: line.stepMilli,
      unitsMilli: milli,
      rate,
      weightBreakMilli,
      freightBeforeMinimum,
      minimumApplied,
      freight,
      surcharges,
      insurance,
      lines,
      total,
    },
  };
}

/**
 * What a freight was billed by, as kept on a slip line and shown beside its money ("2,65 lb → 3 lb × 7,80 USD ×
 * 25.400"): the quote's own figures, nothing recomputed.
 */
export interface FreightBasis {
  priceListId: number;
  priceListName: string;
  /** The parcel's chargeable weight, grams, unrounded. */
  chargeableG: number;
  unit: PriceUnit;
  stepMilli: number;
  exactMilli: number;
  billedMilli: number;
  /** Set when a heavier bracket's start weight was billed instead (weight break), thousandths of the unit. */
  weightBreakMilli: number | null;
  currency: Currency;
  /** Rate of the bracket, minor units of the currency per unit. */
  rate: number;
  /** đồng per major unit × 100 (100 for VND). */
  rateX100: number;
  minimumApplied: boolean;
  /** Freight + surcharges, đồng (what the line charges for the parcel). */
  amount: number;
}

/** The basis of a quote for a parcel of `chargeableG` grams. */
function freightBasis(q: Quote, chargeableG: number): FreightBasis {
  return {
    priceListId: q.priceListId,
    priceListName: q.priceListName,
    chargeableG,
    unit: q.unit,
    stepMilli: q.stepMilli,
    exactMilli: q.exactMilli,
    billedMilli: q.unitsMilli,
    weightBreakMilli: q.weightBreakMilli,
    currency: q.currency,
    rate: q.rate,
    rateX100: q.rateX100,
    minimumApplied: q.minimumApplied,
    amount: q.freight + q.surcharges,
  };
}

/** What a parcel is to be priced by: its chargeable weight and its route. */
export interface FreightSubject {
  /** weight.ts parcelFigures; null when never weighed. */
  chargeableG: number | null;
  originStoreId: number | null;
  originCountry: string | null;
  destinationStoreId: number | null;
}

export type FreightQuote =
  | { ok: true; quote: Quote; basis: FreightBasis }
  | { ok: false; missing: 'no_weight' | 'no_route' | 'no_price_line' | 'no_rate'; currency?: Currency };

/**
 * THE freight quote of a parcel: the calculator, the package's estimate, the slip lines (and so bulk vouchers)
 * and the order screens all price through this. The route is the parcel's origin store (and its country) and its
 * destination hub; the weight is its chargeable weight, rounded once by the line (billableWeight).
 */
export function quoteFreight(
  subject: FreightSubject,
  opts: { group: CustomerGroup | null; day: string; priceLists: readonly PriceListVersion[]; rates: readonly RateVersion[]; declaredValue?: number; insured?: boolean },
): FreightQuote {
  if (subject.chargeableG === null) return { ok: false, missing: 'no_weight' };
  if (subject.originStoreId === null && subject.originCountry === null) return { ok: false, missing: 'no_route' };
  const r = quote({
    chargeableWeightG: subject.chargeableG,
    declaredValue: opts.declaredValue,
    insured: opts.insured,
    route: { originStoreId: subject.originStoreId, originCountry: subject.originCountry, destinationStoreId: subject.destinationStoreId },
    group: opts.group,
    day: opts.day,
    priceLists: opts.priceLists,
    rates: opts.rates,
  });
  if (!r.ok) return { ok: false, missing: r.reason, currency: r.currency };
  return { ok: true, quote: r.quote, basis: freightBasis(r.quote, subject.chargeableG) };
}

/** A weight in thousandths of a unit as written: "2,646 lb", "3 lb", "1,5 kg" (vi) / "2.646 lb" (en). */
export function unitWeightText(milli: number, unit: PriceUnit, lang: MessageLanguage): string {
  return `${formatScaled(milli, 3, { lang, grouping: false, trimZeros: true })}\u00a0${unit}`;
}

/**
 * The breakdown of a freight as the screens and prints write it: "2,646 lb → 3 lb × 7,80 USD/lb × 25.400"
 * (the weight before and after its one rounding, the bracket's rate, the exchange rate), with the weight break
 * and the minimum when they applied.
 */
export function freightBasisText(b: FreightBasis, lang: MessageLanguage): string {
  const w = (milli: number) => unitWeightText(milli, b.unit, lang);
  const weight = b.exactMilli === b.billedMilli ? w(b.billedMilli) : `${w(b.exactMilli)} → ${w(b.billedMilli)}`;
  // A weight break bills a heavier bracket's start weight: "9 lb ⇒ 10 lb".
  const brk = b.weightBreakMilli === null ? '' : ` \u21d2 ${w(b.weightBreakMilli)}`;
  const fx = b.currency === 'VND' ? '' : ` × ${formatRateAmount(b.rateX100, lang)}`;
  // The line's minimum charge applied instead: "… (min)" reads the same in both languages.
  const min = b.minimumApplied ? ' (min)' : '';
  return `${weight}${brk} × ${formatMoney(b.rate, b.currency, lang)}/${b.unit}${fx}${min}`;
}
