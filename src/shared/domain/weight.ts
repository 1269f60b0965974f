/**
 * Volumetric and chargeable weight of a parcel. Everything is integer: weights in grams,
 * dimensions in millimetres; kilograms and centimetres are for display only.
 *
 * - Volumetric weight = L × W × H (in cm³) ÷ divisor (cm³ per kg; 6000 unless the `shipping` settings say
 *   otherwise). With dimensions in mm that is exactly `L × W × H (mm³) ÷ divisor` grams, because
 *   mm³ ÷ 1000 = cm³ and kg × 1000 = g cancel out.
 * - Rounding: the volumetric weight is rounded UP to the whole gram; a parcel's chargeable weight is the larger
 *   of the gross and the volumetric weight, in grams, NOT rounded to any step here. The one rounding of a
 *   parcel's weight happens where it is billed, in the unit and step of the price-list line that bills it
 *   (billableWeight in pricing.ts: "1,2 kg → 2,65 lb → 3 lb"). Rounding here as well rounded twice on a
 *   pound-priced route (1,2 kg → 1,5 kg → 3,31 lb → 4 lb). Neither value is ever rounded down.
 * - A consolidation (a MAWB) is weighed by the airline as one piece and rounded once to the AIRLINE's step
 *   (consolidationWeight, with airlines.ts's rules): that is what the airline bills us, not the customers.
 */

import { parseDecimalInput } from './money-input';

const DEFAULT_VOLUMETRIC_DIVISOR = 6000;
const DEFAULT_WEIGHT_STEP_G = 500;

/** The settings a divisor or step may take; anything else in the settings table is ignored for the default. */
const VOLUMETRIC_DIVISOR_MIN = 1000;
const VOLUMETRIC_DIVISOR_MAX = 10_000;
const WEIGHT_STEP_MIN_G = 1;
const WEIGHT_STEP_MAX_G = 10_000;

/** Bounds of one parcel, also enforced by the package contract. */
export const PACKAGE_WEIGHT_MAX_G = 1_000_000;
export const PACKAGE_DIMENSION_MAX_MM = 5_000;

export interface WeightRules {
  /** cm³ per kg. */
  divisor: number;
  /** Grams: the step of an airline's consolidation weight (consolidationWeight). A parcel's chargeable weight is not rounded to it. */
  stepG: number;
}

export const DEFAULT_WEIGHT_RULES: WeightRules = { divisor: DEFAULT_VOLUMETRIC_DIVISOR, stepG: DEFAULT_WEIGHT_STEP_G };

export interface Dimensions {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

function assertNonNegativeInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer, got ${v}`);
}

function assertPositiveInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer, got ${v}`);
}

/** ⌈n ÷ d⌉ for non-negative integers, without floating-point division. */
function ceilDiv(n: number, d: number): number {
  const rem = n % d;
  return (n - rem) / d + (rem === 0 ? 0 : 1);
}

/** Rounds grams UP to the next multiple of the step (a multiple stays as it is). */
export function roundUpToStep(grams: number, stepG: number): number {
  assertNonNegativeInt('grams', grams);
  assertPositiveInt('stepG', stepG);
  return ceilDiv(grams, stepG) * stepG;
}

/** Volumetric weight in grams, rounded up to the whole gram. */
export function volumetricWeightG(dim: Dimensions, divisor: number = DEFAULT_VOLUMETRIC_DIVISOR): number {
  assertNonNegativeInt('lengthMm', dim.lengthMm);
  assertNonNegativeInt('widthMm', dim.widthMm);
  assertNonNegativeInt('heightMm', dim.heightMm);
  assertPositiveInt('divisor', divisor);
  const mm3 = dim.lengthMm * dim.widthMm * dim.heightMm;
  if (!Number.isSafeInteger(mm3)) throw new RangeError('dimensions are too large');
  return ceilDiv(mm3, divisor);
}

export interface WeightFigures {
  volumetricG: number;
  chargeableG: number;
}

/**
 * Volumetric and chargeable weight of a parcel of `grossG` grams and the given dimensions: the larger of the
 * two, in whole grams, unrounded (the price list rounds it once, in its own unit and step).
 */
export function chargeableWeight(grossG: number, dim: Dimensions, rules: Pick<WeightRules, 'divisor'> = DEFAULT_WEIGHT_RULES): WeightFigures {
  assertNonNegativeInt('grossG', grossG);
  const volumetricG = volumetricWeightG(dim, rules.divisor);
  return { volumetricG, chargeableG: Math.max(grossG, volumetricG) };
}

export interface ParcelMeasures {
  weightG?: number | null;
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
}

/**
 * The figures of a parcel as measured: what the package row stores as `volumetric_g` and `chargeable_g`, written
 * by this function alone (the database refuses a weighed package without a chargeable weight). Rule: no
 * weight, nothing to bill (both null); a weight and all three sizes, the larger of gross and volumetric weight;
 * a weight without (all) sizes, the gross weight alone (a parcel weighed but not measured is billed by what it
 * weighs). Unrounded: the price list rounds it once (pricing.ts billableWeight).
 */
export function parcelFigures(m: ParcelMeasures, rules: Pick<WeightRules, 'divisor'> = DEFAULT_WEIGHT_RULES): { volumetricG: number | null; chargeableG: number | null } {
  if (m.weightG == null) return { volumetricG: null, chargeableG: null };
  assertNonNegativeInt('grossG', m.weightG);
  if (m.lengthMm == null || m.widthMm == null || m.heightMm == null) return { volumetricG: null, chargeableG: m.weightG };
  return chargeableWeight(m.weightG, { lengthMm: m.lengthMm, widthMm: m.widthMm, heightMm: m.heightMm }, rules);
}

/**
 * The rules from settings values as stored (numbers, numeric strings or `{ value }` objects); a missing or
 * out-of-range value falls back to the default rather than breaking receiving.
 */
export function weightRulesFrom(divisor: unknown, stepG: unknown): WeightRules {
  const num = (v: unknown): number | undefined => {
    const raw = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
    const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
  };
  const d = num(divisor);
  const s = num(stepG);
  return {
    divisor: d !== undefined && d >= VOLUMETRIC_DIVISOR_MIN && d <= VOLUMETRIC_DIVISOR_MAX ? d : DEFAULT_VOLUMETRIC_DIVISOR,
    stepG: s !== undefined && s >= WEIGHT_STEP_MIN_G && s <= WEIGHT_STEP_MAX_G ? s : DEFAULT_WEIGHT_STEP_G,
  };
}

/** The value of a measure read by the one decimal reader (shared/domain/money-input.ts parseDecimalInput), or null. */
const measure = (input: string | number, decimals: number): number | null => {
  const r = parseDecimalInput(input, { decimals });
  return r.ok ? r.value : null;
};

/** "1,5" kg → 1500 g (at most 3 decimals). */
export const kgToGrams = (input: string | number) => measure(input, 3);
/** "12.5" cm → 125 mm (at most 1 decimal). */
export const cmToMm = (input: string | number) => measure(input, 1);

export interface ConsolidationTotals {
  /** Sum of the parcels' gross weights, grams. */
  grossG: number;
  /** Sum of the parcels' volumes, mm³ (a parcel without dimensions adds nothing). */
  volumeMm3: number;
}

export interface ConsolidationWeight {
  grossG: number;
  volumetricG: number;
  chargeableG: number;
}

/**
 * What the airline bills for a consolidation (a MAWB): it weighs and measures the shipment as one piece of
 * cargo, so its chargeable weight is the larger of the TOTAL gross and the TOTAL volumetric weight (total
 * volume ÷ the airline's divisor), rounded UP once to the airline's step. This differs from the sum of the
 * parcels' own rounded chargeable weights, which is what the customers are billed.
 */
export function consolidationWeight(t: ConsolidationTotals, rules: WeightRules): ConsolidationWeight {
  assertNonNegativeInt('grossG', t.grossG);
  assertNonNegativeInt('volumeMm3', t.volumeMm3);
  assertPositiveInt('divisor', rules.divisor);
  const volumetricG = ceilDiv(t.volumeMm3, rules.divisor);
  return { grossG: t.grossG, volumetricG, chargeableG: roundUpToStep(Math.max(t.grossG, volumetricG), rules.stepG) };
}
