import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargeableWeight,
  cmToMm,
  kgToGrams,
  DEFAULT_WEIGHT_RULES,
  PACKAGE_DIMENSION_MAX_MM,
  PACKAGE_WEIGHT_MAX_G,
  roundUpToStep,
  volumetricWeightG,
  weightRulesFrom,
} from './weight';

const gross = fc.integer({ min: 1, max: PACKAGE_WEIGHT_MAX_G });
const side = fc.integer({ min: 1, max: PACKAGE_DIMENSION_MAX_MM });
const dims = fc.record({ lengthMm: side, widthMm: side, heightMm: side });
const rules = fc.record({ divisor: fc.integer({ min: 1000, max: 10_000 }), stepG: fc.integer({ min: 1, max: 10_000 }) });

describe('volumetricWeightG', () => {
  it('is L×W×H in cm³ ÷ 6000 cm³/kg, in grams', () => {
    // 60 × 50 × 40 cm = 120 000 cm³ → 20 kg.
    expect(volumetricWeightG({ lengthMm: 600, widthMm: 500, heightMm: 400 })).toBe(20_000);
    // 30 × 20 × 10 cm = 6 000 cm³ → 1 kg.
    expect(volumetricWeightG({ lengthMm: 300, widthMm: 200, heightMm: 100 })).toBe(1000);
    expect(volumetricWeightG({ lengthMm: 300, widthMm: 200, heightMm: 100 }, 5000)).toBe(1200);
  });

  it('rounds up to the whole gram, never down', () => {
    // 1 mm³ is 1/6000 g.
    expect(volumetricWeightG({ lengthMm: 1, widthMm: 1, heightMm: 1 })).toBe(1);
    // 6001 mm³ → 1.0002 g → 2 g.
    expect(volumetricWeightG({ lengthMm: 6001, widthMm: 1, heightMm: 1 })).toBe(2);
    expect(volumetricWeightG({ lengthMm: 0, widthMm: 200, heightMm: 100 })).toBe(0);
  });

  it('matches exact rational arithmetic for any size', () => {
    fc.assert(
      fc.property(dims, rules, (d, r) => {
        const mm3 = BigInt(d.lengthMm) * BigInt(d.widthMm) * BigInt(d.heightMm);
        const div = BigInt(r.divisor);
        const expected = (mm3 + div - 1n) / div;
        expect(BigInt(volumetricWeightG(d, r.divisor))).toBe(expected);
      }),
    );
  });

  it('refuses fractions and negatives', () => {
    expect(() => volumetricWeightG({ lengthMm: 1.5, widthMm: 1, heightMm: 1 })).toThrow(RangeError);
    expect(() => volumetricWeightG({ lengthMm: -1, widthMm: 1, heightMm: 1 })).toThrow(RangeError);
    expect(() => volumetricWeightG({ lengthMm: 1, widthMm: 1, heightMm: 1 }, 0)).toThrow(RangeError);
  });
});

describe('roundUpToStep', () => {
  it.each([
    [0, 500, 0],
    [1, 500, 500],
    [500, 500, 500],
    [501, 500, 1000],
    [1234, 100, 1300],
    [1234, 1, 1234],
  ])('%i g with a %i g step → %i g', (g, step, out) => {
    expect(roundUpToStep(g, step)).toBe(out);
  });
});

describe('chargeableWeight', () => {
  it('takes the larger weight, unrounded (the price list rounds it once, in its own unit)', () => {
    // Heavy and small: the gross weight wins. 2.3 kg stays 2.3 kg.
    expect(chargeableWeight(2300, { lengthMm: 200, widthMm: 150, heightMm: 100 })).toEqual({ volumetricG: 500, chargeableG: 2300 });
    // Light and bulky: 50 × 40 × 30 cm = 10 kg volumetric against 1.2 kg gross.
    expect(chargeableWeight(1200, { lengthMm: 500, widthMm: 400, heightMm: 300 })).toEqual({ volumetricG: 10_000, chargeableG: 10_000 });
    // 41 × 33 × 21 cm = 28 413 cm³ → 4 735.5 g → 4 736 g volumetric, chargeable as it is.
    expect(chargeableWeight(3000, { lengthMm: 410, widthMm: 330, heightMm: 210 })).toEqual({ volumetricG: 4736, chargeableG: 4736 });
    // The parcel: 1,2 kg, 25 × 20 × 10 cm = 834 g volumetric → 1,2 kg (never 1,5 kg before the price list sees it).
    expect(chargeableWeight(1200, { lengthMm: 250, widthMm: 200, heightMm: 100 })).toEqual({ volumetricG: 834, chargeableG: 1200 });
  });

  it('uses the divisor it is given', () => {
    expect(chargeableWeight(1001, { lengthMm: 100, widthMm: 100, heightMm: 100 }, { divisor: 5000 })).toEqual({ volumetricG: 200, chargeableG: 1001 });
  });

  it('is never below the gross weight, nor below the volumetric weight', () => {
    fc.assert(
      fc.property(gross, dims, rules, (g, d, r) => {
        const { volumetricG, chargeableG } = chargeableWeight(g, d, r);
        expect(chargeableG).toBeGreaterThanOrEqual(g);
        expect(chargeableG).toBeGreaterThanOrEqual(volumetricG);
      }),
    );
  });

  it('is exactly the larger of the two weights: no step is applied before the price list', () => {
    fc.assert(
      fc.property(gross, dims, rules, (g, d, r) => {
        const { volumetricG, chargeableG } = chargeableWeight(g, d, r);
        expect(chargeableG).toBe(Math.max(g, volumetricG));
        expect(Number.isSafeInteger(chargeableG)).toBe(true);
      }),
    );
  });

  it('is monotone in each dimension and in the gross weight', () => {
    fc.assert(
      fc.property(
        gross,
        dims,
        rules,
        fc.constantFrom('lengthMm', 'widthMm', 'heightMm', 'gross'),
        fc.integer({ min: 1, max: 2000 }),
        (g, d, r, which, extra) => {
          const before = chargeableWeight(g, d, r);
          const after =
            which === 'gross'
              ? chargeableWeight(g + extra, d, r)
              : chargeableWeight(g, { ...d, [which]: d[which as keyof typeof d] + extra }, r);
          expect(after.chargeableG).toBeGreaterThanOrEqual(before.chargeableG);
          expect(after.volumetricG).toBeGreaterThanOrEqual(before.volumetricG);
        },
      ),
    );
  });

  it('does not depend on which side is called the length', () => {
    fc.assert(
      fc.property(gross, dims, (g, d) => {
        const a = chargeableWeight(g, d);
        const b = chargeableWeight(g, { lengthMm: d.heightMm, widthMm: d.lengthMm, heightMm: d.widthMm });
        expect(b).toEqual(a);
      }),
    );
  });
});

describe('weightRulesFrom', () => {
  it('reads numbers, numeric strings and { value } objects', () => {
    expect(weightRulesFrom(5000, 100)).toEqual({ divisor: 5000, stepG: 100 });
    expect(weightRulesFrom('5000', '250')).toEqual({ divisor: 5000, stepG: 250 });
    expect(weightRulesFrom({ value: 7000 }, { value: 1000 })).toEqual({ divisor: 7000, stepG: 1000 });
  });

  it('falls back to 6000 cm³/kg and 500 g for missing or nonsensical values', () => {
    expect(weightRulesFrom(undefined, undefined)).toEqual(DEFAULT_WEIGHT_RULES);
    expect(weightRulesFrom(0, -5)).toEqual(DEFAULT_WEIGHT_RULES);
    expect(weightRulesFrom(5000.5, 'abc')).toEqual(DEFAULT_WEIGHT_RULES);
    expect(weightRulesFrom(1, 1_000_000)).toEqual(DEFAULT_WEIGHT_RULES);
  });
});

describe('kgToGrams / cmToMm', () => {
  it.each([
    ['1,5', 1500],
    ['1.5', 1500],
    ['0.1', 100],
    ['2', 2000],
    [' 12.345 ', 12_345],
    ['1.250', 1250],
    [1.5, 1500],
    [0.3, 300],
  ])('%s kg → %i g', (input, g) => {
    expect(kgToGrams(input)).toBe(g);
  });

  // Decimals are counted as typed (as for money): '1,2500' kg is refused, not trimmed to 1,25.
  it.each(['', 'abc', '1.2345', '-1', '1.000.000', '1,5 kg', '1e3', '1,2500', '.5', '1.'])('refuses %j', (input) => {
    expect(kgToGrams(input)).toBeNull();
  });

  it('reads centimetres with one decimal', () => {
    expect(cmToMm('12.5')).toBe(125);
    expect(cmToMm('40')).toBe(400);
    expect(cmToMm(30.2)).toBe(302);
    expect(cmToMm('12.55')).toBeNull();
  });

  it('is exact for every gram count (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (g) => {
        const text = `${Math.floor(g / 1000)}.${String(g % 1000).padStart(3, '0')}`;
        expect(kgToGrams(text)).toBe(g);
        expect(kgToGrams(text.replace('.', ','))).toBe(g);
      }),
    );
  });
});
