import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billableWeight, CUSTOMER_GROUPS, freightBasisText, unitWeightText, quote, type CustomerGroup, type PriceLine, type PriceListVersion, type QuoteInput, type RateVersion } from './pricing';

/*
 * Worked examples. Every expected figure below was worked out by hand from the rule:
 *   billed = weight rounded UP to the step (1 lb = 453.59237 g); the bracket the whole billed weight falls in
 *   (from-weight inclusive) sets the rate, unless a heavier bracket's start × its rate costs less; freight =
 *   max(billed × rate, minimum) converted at the rate in force, each line rounded once half up.
 */

const JP_DEFAULT: PriceLine = {
  originCountry: 'JP',
  unit: 'kg',
  currency: 'VND',
  stepMilli: 500,
  minimum: 330_000,
  brackets: [
    { fromMilli: 0, rate: 220_000 },
    { fromMilli: 10_000, rate: 200_000 },
  ],
};
const US_DEFAULT: PriceLine = {
  originCountry: 'US',
  unit: 'lb',
  currency: 'USD',
  stepMilli: 1000,
  minimum: 1500, // USD 15
  brackets: [
    { fromMilli: 0, rate: 900 }, // USD 9/lb
    { fromMilli: 10_000, rate: 800 }, // from 10 lb: USD 8/lb
    { fromMilli: 30_000, rate: 700 },
  ],
  surcharges: [{ label: 'Phụ phí an ninh', mode: 'per_package', amount: 200 }],
  insuranceBps: 300,
};
const OSAKA_STORE = 7;
const OSAKA_LINE: PriceLine = {
  originStoreId: OSAKA_STORE,
  unit: 'kg',
  currency: 'VND',
  stepMilli: 1000,
  minimum: 0,
  brackets: [{ fromMilli: 0, rate: 210_000 }],
  surcharges: [{ label: 'Phụ phí nhiên liệu', mode: 'per_unit', amount: 12_345 }],
};

const LISTS: PriceListVersion[] = [
  { id: 1, key: 'default', effectiveFrom: '2025-01-01', value: { name: 'Bảng giá chung', group: null, lines: [JP_DEFAULT, US_DEFAULT, OSAKA_LINE] } },
  {
    id: 2,
    key: 'vip',
    effectiveFrom: '2025-01-01',
    value: {
      name: 'Bảng giá VIP',
      group: 'vip',
      lines: [{ ...JP_DEFAULT, minimum: 300_000, brackets: [{ fromMilli: 0, rate: 200_000 }, { fromMilli: 10_000, rate: 185_000 }] }],
    },
  },
  {
    id: 3,
    key: 'default',
    effectiveFrom: '2026-07-01',
    value: { name: 'Bảng giá chung 7/2026', group: null, lines: [{ ...JP_DEFAULT, brackets: [{ fromMilli: 0, rate: 230_000 }] }, US_DEFAULT] },
  },
];
const RATES: RateVersion[] = [
  { currency: 'USD', rateX100: 2_540_000, effectiveFrom: '2026-01-01' },
  { currency: 'USD', rateX100: 2_600_000, effectiveFrom: '2026-06-01' },
  { currency: 'USD', rateX100: 2_541_250, effectiveFrom: '2026-08-01' },
];

function q(over: Partial<QuoteInput> & { g: number; from?: string; group?: CustomerGroup | null }) {
  const { g, from, group, ...rest } = over;
  return quote({
    chargeableWeightG: g,
    route: { originCountry: from ?? 'JP', destinationStoreId: 1 },
    group: group === undefined ? 'retail' : group,
    day: '2026-05-10',
    priceLists: LISTS,
    rates: RATES,
    ...rest,
  });
}

type Row = [name: string, input: Parameters<typeof q>[0], expected: { total: number; freight: number; listId: number; minimum?: boolean; units?: number; rate?: number; weightBreak?: number | null }];

const TABLE: Row[] = [
  ['kg, VND: 3.2 kg billed 3.5 kg × 220.000', { g: 3200 }, { total: 770_000, freight: 770_000, listId: 1, units: 3500, rate: 220_000 }],
  ['kg: minimum charge applies under 1.5 kg', { g: 1000 }, { total: 330_000, freight: 330_000, listId: 1, minimum: true, units: 1000 }],
  ['kg: exactly at the minimum is not "applied"', { g: 1500 }, { total: 330_000, freight: 330_000, listId: 1, minimum: false }],
  ['kg: 9.999 kg steps up to 10 kg, the second bracket (from-edge inclusive)', { g: 9999 }, { total: 2_000_000, freight: 2_000_000, listId: 1, units: 10_000, rate: 200_000 }],
  ['kg: 9 kg stays in the first bracket', { g: 9000 }, { total: 1_980_000, freight: 1_980_000, listId: 1, rate: 220_000, weightBreak: null }],
  ['kg: 9.5 kg billed as 10 kg at 200.000 because it is cheaper (weight break)', { g: 9500 }, { total: 2_000_000, freight: 2_000_000, listId: 1, rate: 220_000, weightBreak: 10_000 }],
  ['kg: 10.001 kg steps to 10.5 kg × 200.000', { g: 10_001 }, { total: 2_100_000, freight: 2_100_000, listId: 1, units: 10_500 }],
  ['vip group list wins: 3.2 kg → 3.5 × 200.000', { g: 3200, group: 'vip' }, { total: 700_000, freight: 700_000, listId: 2 }],
  ['vip minimum', { g: 1000, group: 'vip' }, { total: 300_000, freight: 300_000, listId: 2, minimum: true }],
  ['vip without a US line falls back to the default: 2 kg = 4.41 lb → 5 lb × USD 9 @25.400 + USD 2', { g: 2000, from: 'US', group: 'vip' }, { total: 1_143_000 + 50_800, freight: 1_143_000, listId: 1, units: 5000 }],
  ['lb, USD: 453 g → 1 lb → USD 9 under the USD 15 minimum', { g: 453, from: 'US' }, { total: 381_000 + 50_800, freight: 381_000, listId: 1, minimum: true, units: 1000 }],
  ['lb: 4535 g = 9.998 lb → 10 lb, second bracket (edge)', { g: 4535, from: 'US' }, { total: 2_032_000 + 50_800, freight: 2_032_000, listId: 1, units: 10_000, rate: 800 }],
  ['lb: 4536 g = 10.0002 lb → 11 lb × USD 8', { g: 4536, from: 'US' }, { total: 2_235_200 + 50_800, freight: 2_235_200, listId: 1, units: 11_000, rate: 800 }],
  ['lb: 9 lb × USD 9 = 81 > 10 lb × USD 8 = 80: the break applies', { g: 4000, from: 'US' }, { total: 2_032_000 + 50_800, freight: 2_032_000, listId: 1, units: 9000, weightBreak: 10_000 }],
  ['USD rate in force on the day: 26.000 from 2026-06-01', { g: 2000, from: 'US', day: '2026-06-15' }, { total: 1_170_000 + 52_000, freight: 1_170_000, listId: 1 }],
  ['USD 25.412,5: USD 45 = 1.143.562,5 → rounded half up once', { g: 2000, from: 'US', day: '2026-08-01' }, { total: 1_143_563 + 50_825, freight: 1_143_563, listId: 3 }],
  ['a day between two list versions uses the older one', { g: 3200, day: '2026-06-30' }, { total: 770_000, freight: 770_000, listId: 1 }],
  ['on the new version’s first day it is used', { g: 3200, day: '2026-07-01' }, { total: 805_000, freight: 805_000, listId: 3 }],
  ['a store line wins over the country line; per-unit surcharge', { g: 2000, route: { originStoreId: OSAKA_STORE, originCountry: 'JP' } }, { total: 420_000 + 24_690, freight: 420_000, listId: 1 }],
  ['insured: 3 % of a declared 5.000.000 đ', { g: 2000, from: 'US', insured: true, declaredValue: 5_000_000 }, { total: 1_143_000 + 50_800 + 150_000, freight: 1_143_000, listId: 1 }],
  ['declared but not insured: no insurance', { g: 2000, from: 'US', insured: false, declaredValue: 5_000_000 }, { total: 1_143_000 + 50_800, freight: 1_143_000, listId: 1 }],
];

describe('quote: worked examples', () => {
  it.each(TABLE)('%s', (_name, input, exp) => {
    const r = q(input);
    if (!r.ok) throw new Error(`no quote: ${r.reason}`);
    expect(r.quote.total).toBe(exp.total);
    expect(r.quote.freight).toBe(exp.freight);
    expect(r.quote.priceListId).toBe(exp.listId);
    expect(r.quote.lines.reduce((s, l) => s + l.amount, 0)).toBe(r.quote.total);
    if (exp.minimum !== undefined) expect(r.quote.minimumApplied).toBe(exp.minimum);
    if (exp.units !== undefined) expect(r.quote.unitsMilli).toBe(exp.units);
    if (exp.rate !== undefined) expect(r.quote.rate).toBe(exp.rate);
    if (exp.weightBreak !== undefined) expect(r.quote.weightBreakMilli).toBe(exp.weightBreak);
  });

  it('a route without a price line has no quote', () => {
    expect(q({ g: 1000, from: 'KR' })).toEqual({ ok: false, reason: 'no_price_line' });
  });

  it('a foreign-currency line without a rate in force that day has no quote', () => {
    expect(q({ g: 1000, from: 'US', day: '2025-12-31' })).toEqual({ ok: false, reason: 'no_rate', currency: 'USD' });
  });

  it('before any list is in force there is no quote', () => {
    expect(q({ g: 1000, day: '2024-12-31' })).toEqual({ ok: false, reason: 'no_price_line' });
  });

  it('converts grams to pounds exactly (1 lb = 453.59237 g)', () => {
    const billedMilli = (g: number, unit: 'kg' | 'lb', step: number) => billableWeight(g, unit, step).billedMilli;
    expect(billedMilli(45_359_237, 'lb', 1)).toBe(100_000_000); // 45,359,237 g = 100,000 lb
    expect(billedMilli(454, 'lb', 1)).toBe(1001); // 1.0009 lb up to the thousandth
    expect(billedMilli(0, 'kg', 500)).toBe(0);
  });

  it('rounds a parcel once, in the unit it is billed in: 1,2 kg on a pound line is 2,646 lb → 3 lb (not 1,5 kg → 4 lb)', () => {
    expect(billableWeight(1200, 'lb', 1000)).toEqual({ exactMilli: 2646, billedMilli: 3000 });
    expect(billableWeight(1200, 'kg', 500)).toEqual({ exactMilli: 1200, billedMilli: 1500 });
    expect(billableWeight(1500, 'lb', 1000)).toEqual({ exactMilli: 3307, billedMilli: 4000 });
  });
});

/* Property tests over generated lists. */

const currency = fc.constantFrom('VND' as const, 'USD' as const, 'JPY' as const);
const line = fc.record({
  originCountry: fc.constant('JP'),
  unit: fc.constantFrom('kg' as const, 'lb' as const),
  currency,
  stepMilli: fc.integer({ min: 1, max: 5000 }),
  minimum: fc.integer({ min: 0, max: 2_000_000 }),
  brackets: fc
    .uniqueArray(fc.integer({ min: 1, max: 200_000 }), { maxLength: 4 })
    .chain((starts) =>
      fc.tuple(...[0, ...starts].map((s) => fc.record({ fromMilli: fc.constant(s), rate: fc.integer({ min: 0, max: 1_000_000 }) }))),
    ),
  surcharges: fc.array(
    fc.record({ label: fc.constant('x'), mode: fc.constantFrom('per_package' as const, 'per_unit' as const), amount: fc.integer({ min: 0, max: 100_000 }) }),
    { maxLength: 2 },
  ),
  insuranceBps: fc.integer({ min: 0, max: 1000 }),
});
const rates = fc.integer({ min: 1, max: 10_000_000 }).map((x): RateVersion[] =>
  (['USD', 'JPY'] as const).map((c) => ({ currency: c, rateX100: x, effectiveFrom: '2000-01-01' })),
);
const grams = fc.integer({ min: 0, max: 1_000_000 });
const list = (id: number, key: string, group: CustomerGroup | null, l: PriceLine): PriceListVersion => ({
  id,
  key,
  effectiveFrom: '2020-01-01',
  value: { name: key, group, lines: [l] },
});
const run = (lists: PriceListVersion[], r: RateVersion[], g: number, group: CustomerGroup | null, declared = 0) =>
  quote({ chargeableWeightG: g, declaredValue: declared, insured: declared > 0, route: { originCountry: 'JP' }, group, day: '2026-01-01', priceLists: lists, rates: r });

describe('quote: properties', () => {
  it('is never negative, and the total is the sum of its lines', () => {
    fc.assert(
      fc.property(line, rates, grams, fc.integer({ min: 0, max: 1_000_000_000 }), (l, r, g, declared) => {
        const res = run([list(1, 'default', null, l)], r, g, null, declared);
        if (!res.ok) return false;
        return res.quote.total >= 0 && res.quote.lines.every((x) => x.amount >= 0 && Number.isSafeInteger(x.amount)) && res.quote.lines.reduce((s, x) => s + x.amount, 0) === res.quote.total;
      }),
    );
  });

  it('is monotone in weight within one list', () => {
    fc.assert(
      fc.property(line, rates, grams, grams, (l, r, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const ql = run([list(1, 'default', null, l)], r, lo, null);
        const qh = run([list(1, 'default', null, l)], r, hi, null);
        return ql.ok && qh.ok && ql.quote.total <= qh.quote.total;
      }),
      { numRuns: 300 },
    );
  });

  it('a group’s own list wins over the default list', () => {
    fc.assert(
      fc.property(line, line, rates, grams, fc.constantFrom(...CUSTOMER_GROUPS), (own, def, r, g, group) => {
        const lists = [list(10, 'default', null, def), list(20, group, group, own)];
        const res = run(lists, r, g, group);
        const other = run(lists, r, g, null);
        return res.ok && res.quote.priceListId === 20 && other.ok && other.quote.priceListId === 10;
      }),
    );
  });
});

describe('the breakdown a screen shows', () => {
  it('says how the issue\'s parcel is billed: 1,2 kg on a pound line', () => {
    const basis = {
      priceListId: 1, priceListName: 'Mặc định', chargeableG: 1200, unit: 'lb' as const, stepMilli: 1000, exactMilli: 2646, billedMilli: 3000,
      weightBreakMilli: null, currency: 'USD' as const, rate: 900, rateX100: 2_540_000, minimumApplied: false, amount: 685_800,
    };
    expect(freightBasisText(basis, 'vi')).toBe('2,646\u00a0lb → 3\u00a0lb × 9,00\u00a0USD/lb × 25.400');
    expect(freightBasisText(basis, 'en')).toBe('2.646\u00a0lb → 3\u00a0lb × 9.00\u00a0USD/lb × 25,400');
    expect(unitWeightText(1500, 'kg', 'vi')).toBe('1,5\u00a0kg');
  });
});
