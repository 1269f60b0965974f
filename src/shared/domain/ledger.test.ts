import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyToBalance,
  availableFunds,
  ledgerTotals,
  signedAmount,
  TRANSACTION_AMOUNT_MAX,
  TRANSACTION_TYPES,
  validInputAmount,
  type TransactionType,
} from './ledger';

describe('ledger signs', () => {
  it.each([
    ['deposit', 150_000, 150_000],
    ['refund', 150_000, 150_000],
    ['cod', 150_000, 150_000],
    ['payment', 150_000, -150_000],
    ['adjustment', 150_000, 150_000],
    ['adjustment', -150_000, -150_000],
  ] as Array<[TransactionType, number, number]>)('%s of %i is stored as %i', (type, input, stored) => {
    expect(signedAmount(type, input)).toBe(stored);
  });

  it('takes only positive amounts, except a non-zero adjustment', () => {
    for (const type of TRANSACTION_TYPES) {
      expect(validInputAmount(type, 0)).toBe(false);
      expect(validInputAmount(type, 1.5)).toBe(false);
      expect(validInputAmount(type, TRANSACTION_AMOUNT_MAX + 1)).toBe(false);
      expect(validInputAmount(type, -1)).toBe(type === 'adjustment');
      expect(() => signedAmount(type, 0)).toThrow(RangeError);
    }
  });
});

describe('credit limit', () => {
  it('refuses a debit that would go below −limit, naming what is available', () => {
    expect(applyToBalance(1_000_000, 0, -150_000)).toEqual({ ok: true, balanceAfter: 850_000 });
    expect(applyToBalance(100_000, 0, -150_000)).toEqual({ ok: false, balanceAfter: -50_000, available: 100_000 });
    expect(applyToBalance(100_000, 50_000, -150_000)).toEqual({ ok: true, balanceAfter: -50_000 });
    expect(applyToBalance(-50_000, 50_000, -1)).toEqual({ ok: false, balanceAfter: -50_001, available: 0 });
  });

  it('always accepts money in, even below the floor', () => {
    expect(applyToBalance(-80_000, 50_000, 10_000)).toEqual({ ok: true, balanceAfter: -70_000 });
  });

  it('keeps any accepted sequence at or above −limit, and the balance equal to the sum of accepted rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: -3_000_000, max: 3_000_000 }).filter((v) => v !== 0), { maxLength: 60 }),
        (limit, deltas) => {
          let balance = 0;
          const accepted: number[] = [];
          for (const d of deltas) {
            const r = applyToBalance(balance, limit, d);
            if (r.ok) {
              balance = r.balanceAfter;
              accepted.push(d);
            } else {
              expect(d).toBeLessThan(0);
              expect(r.available).toBe(availableFunds(balance, limit));
            }
            expect(balance).toBeGreaterThanOrEqual(-limit);
          }
          expect(balance).toBe(accepted.reduce((s, v) => s + v, 0));
        },
      ),
    );
  });

  it('sums in, out and net', () => {
    expect(ledgerTotals([100, -30, 50, -20])).toEqual({ totalIn: 150, totalOut: 50, net: 100, count: 4 });
    expect(ledgerTotals([])).toEqual({ totalIn: 0, totalOut: 0, net: 0, count: 0 });
  });
});
