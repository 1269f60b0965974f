import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_DECIMALS,
  divRoundHalfUp,
  lineAmount,
  MONEY_MAX,
  orderTotals,
  percentOf,
  toDong,
  type Currency,
  type OrderFigures,
} from './money';
import { parseRateWire } from './money-input';

/** The exact value as a fraction, rounded half up by comparing twice the remainder with the divisor. */
function exactHalfUp(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const rem = numerator - q * denominator;
  return 2n * rem >= denominator ? q + 1n : q;
}

const currency = fc.constantFrom(...CURRENCIES);
const rateX100 = fc.integer({ min: 1, max: 10_000_000 });

describe('exchange rates', () => {
  it('a line converts at the rate read from its wire form, and money.ts has no reader or writer of its own', async () => {
    // 19.99 USD × 3 at "25400.5" đ: 5,997 cents × 2,540,050 / 10,000 = 1,523,268 đ (1,523,267.985 rounded half up).
    expect(lineAmount(3, 1_999, 'USD', parseRateWire('25400.5')!)).toBe(1_523_268);
    const money = await import('./money');
    expect('parseRate' in money).toBe(false);
    expect('formatRate' in money).toBe(false);
  });
});

describe('the rounding rule: half up, once', () => {
  it('rounds halves up and everything else to the nearest đồng', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(7n, 2n)).toBe(4n);
    expect(divRoundHalfUp(149n, 100n)).toBe(1n);
    expect(divRoundHalfUp(150n, 100n)).toBe(2n);
    expect(divRoundHalfUp(0n, 7n)).toBe(0n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
  });

  it('equals the exact quotient rounded half up, for any numerator and divisor', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (n, d) => {
        const r = divRoundHalfUp(n, d);
        // n/d − r < 1/2 and r − n/d ≤ 1/2: a half rounds up, nothing else moves by more than a half.
        expect(r).toBe(exactHalfUp(n, d));
        expect(2n * (n - r * d) < d && 2n * (r * d - n) <= d).toBe(true);
      }),
    );
  });

  it('converts foreign minor units at the stored rate', () => {
    // 19.99 USD × 3 at 25,400 đ: 5,997 cents × 25,400 / 100 = 1,523,238 đ exactly.
    expect(lineAmount(3, 1_999, 'USD', 2_540_000)).toBe(1_523_238);
    // 1 won at 18.5 đ is 18.5 đ → 19 đ (half up); 3 won = 55.5 → 56, not 3 × 19 = 57.
    expect(toDong(1, 'KRW', 1_850)).toBe(19);
    expect(lineAmount(3, 1, 'KRW', 1_850)).toBe(56);
    // 2,980 yen at 168.72 đ = 502,785.6 → 502,786 đ.
    expect(lineAmount(1, 2_980, 'JPY', 16_872)).toBe(502_786);
    // 24.95 EUR at 27,480 đ = 685,626 đ.
    expect(toDong(2_495, 'EUR', 2_748_000)).toBe(685_626);
    expect(toDong(123_456, 'VND', 100)).toBe(123_456);
  });

  it('rounds a line once: quantity × price converted together, never per unit', () => {
    fc.assert(
      fc.property(currency, rateX100, fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 10_000_000_000 }), (cur, rate, qty, price) => {
        const exact = exactHalfUp(BigInt(qty) * BigInt(price) * BigInt(rate), 100n * 10n ** BigInt(CURRENCY_DECIMALS[cur]));
        // Beyond the safe range the rule refuses rather than lose precision.
        if (exact > BigInt(MONEY_MAX)) expect(() => lineAmount(qty, price, cur, rate)).toThrow(RangeError);
        else expect(lineAmount(qty, price, cur, rate)).toBe(Number(exact));
      }),
    );
  });

  it('is monotone: more units or a higher rate never cost less', () => {
    fc.assert(
      fc.property(currency, rateX100, fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1_000_000 }), (cur, rate, qty, price) => {
        expect(lineAmount(qty + 1, price, cur, rate)).toBeGreaterThanOrEqual(lineAmount(qty, price, cur, rate));
        expect(lineAmount(qty, price, cur, rate + 1)).toBeGreaterThanOrEqual(lineAmount(qty, price, cur, rate));
      }),
    );
  });

  it('takes a percentage in basis points with the same rule', () => {
    expect(percentOf(1_523_238, 500)).toBe(76_162); // 76,161.9
    expect(percentOf(10, 500)).toBe(1); // 0.5 → 1
    expect(percentOf(9, 500)).toBe(0); // 0.45 → 0
    expect(percentOf(1_000_000, 10_000)).toBe(1_000_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        expect(percentOf(amount, bps)).toBe(Number(exactHalfUp(BigInt(amount) * BigInt(bps), 10_000n)));
        expect(percentOf(amount, bps)).toBeLessThanOrEqual(amount);
      }),
    );
  });

  it('refuses non-integers and negatives instead of guessing', () => {
    expect(() => lineAmount(1.5, 100, 'USD', 100)).toThrow(RangeError);
    expect(() => lineAmount(1, -1, 'USD', 100)).toThrow(RangeError);
    expect(() => toDong(100, 'USD', 0)).toThrow(RangeError);
    expect(() => percentOf(100, 0.5)).toThrow(RangeError);
  });
});

// Realistic magnitudes: up to 1,000 units of up to a million minor units at up to 30,000 đ per unit.
const item = fc.record({ quantity: fc.integer({ min: 1, max: 1_000 }), unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }) });
const figures: fc.Arbitrary<OrderFigures> = fc.record({
  kind: fc.constantFrom('purchase' as const, 'consignment' as const),
  currency: currency as fc.Arbitrary<Currency>,
  rateX100: fc.integer({ min: 1, max: 3_000_000 }),
  items: fc.array(item, { maxLength: 20 }),
  serviceFeeMode: fc.constantFrom('percent' as const, 'fixed' as const),
  serviceFeeBps: fc.integer({ min: 0, max: 10_000 }),
  serviceFeeFixed: fc.integer({ min: 0, max: 10_000_000 }),
  domesticFee: fc.integer({ min: 0, max: 10_000_000 }),
  deposit: fc.integer({ min: 0, max: 10_000_000 }),
});

describe('order totals', () => {
  it('adds up: lines → subtotal → fee → total → remaining, all integers', () => {
    fc.assert(
      fc.property(figures, (o) => {
        const t = orderTotals(o);
        expect(t.lines).toEqual(o.items.map((i) => lineAmount(i.quantity, i.unitPriceMinor, o.currency, o.rateX100)));
        expect(t.itemsSubtotal).toBe(t.lines.reduce((s, v) => s + v, 0));
        expect(t.serviceFee).toBe(o.serviceFeeMode === 'percent' ? percentOf(t.itemsSubtotal, o.serviceFeeBps) : o.serviceFeeFixed);
        expect(t.goods).toBe(o.kind === 'purchase' ? t.itemsSubtotal : 0);
        expect(t.total).toBe(t.goods + t.serviceFee + o.domesticFee);
        expect(t.remaining).toBe(t.total - o.deposit);
        for (const v of [...t.lines, t.itemsSubtotal, t.serviceFee, t.total, t.remaining]) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('is independent of the order of the items', () => {
    fc.assert(
      fc.property(figures, (o) => {
        expect(orderTotals({ ...o, items: [...o.items].reverse() }).total).toBe(orderTotals(o).total);
      }),
    );
  });

  it('works a real buy-for-me order through', () => {
    const t = orderTotals({
      kind: 'purchase',
      currency: 'USD',
      rateX100: 2_540_000,
      items: [
        { quantity: 3, unitPriceMinor: 1_999 },
        { quantity: 1, unitPriceMinor: 24_900 },
      ],
      serviceFeeMode: 'percent',
      serviceFeeBps: 500,
      serviceFeeFixed: 999_999,
      domesticFee: 30_000,
      deposit: 5_000_000,
    });
    expect(t).toEqual({
      lines: [1_523_238, 6_324_600],
      itemsSubtotal: 7_847_838,
      goods: 7_847_838,
      serviceFee: 392_392, // 392,391.9
      domesticFee: 30_000,
      deposit: 5_000_000,
      total: 8_270_230,
      remaining: 3_270_230,
    });
  });

  it('does not bill a consignment for the customer’s own goods', () => {
    const t = orderTotals({
      kind: 'consignment',
      currency: 'JPY',
      rateX100: 17_000,
      items: [{ quantity: 2, unitPriceMinor: 10_000 }],
      serviceFeeMode: 'fixed',
      serviceFeeBps: 0,
      serviceFeeFixed: 30_000,
      domesticFee: 25_000,
      deposit: 0,
    });
    expect(t.itemsSubtotal).toBe(3_400_000);
    expect(t.total).toBe(55_000);
  });
});
