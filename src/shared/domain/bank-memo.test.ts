import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMemoCodes, matchMemo } from './bank-memo';

const yymm = fc.tuple(fc.integer({ min: 20, max: 99 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}${String(m).padStart(2, '0')}`);
const slipCode = fc.tuple(yymm, fc.integer({ min: 1, max: 9_999_999 })).map(([p, n]) => `PG${p}-${String(n).padStart(5, '0')}`);
const customerCode = fc.integer({ min: 1, max: 999_999 }).map((n) => `KH${String(n).padStart(6, '0')}`);
const orderCode = fc.integer({ min: 1, max: 99_999_999 }).map((n) => `DH${String(n).padStart(8, '0')}`);

/** How a bank app writes a code: joined, dashed, spaced, dotted, and any case. */
const spellSlip = fc.tuple(fc.constantFrom('', '-', ' ', '.', ' - '), fc.constantFrom('', ' '), fc.boolean()).map(([sep, afterPg, lower]) => (code: string) => {
  const [head, num] = code.split('-') as [string, string];
  const s = `PG${afterPg}${head.slice(2)}${sep}${num}`;
  return lower ? s.toLowerCase() : s;
});
const spellPlain = fc.tuple(fc.constantFrom('', '-', ' '), fc.boolean()).map(([sep, lower]) => (code: string) => {
  const s = `${code.slice(0, 2)}${sep}${code.slice(2)}`;
  return lower ? s.toLowerCase() : s;
});
/** What banks and customers put around it. */
const before = fc.constantFrom('', 'IBFT ', 'CT DEN:512345678 ', 'MBVCB.3712.', 'FT24123', 'Thanh toán ', 'chuyen tien ', 'NGUYEN VAN A chuyển khoản ', 'TRA TIEN HANG ');
const after = fc.constantFrom('', ' ', ' thanh toan', ' Nguyễn Văn Á chuyển tiền', '.CT tu 0123456789 NGUYEN VAN A', ' GD 5123-123456', '-0987654321');

describe('matchMemo', () => {
  it('finds a slip code however the bank wrote it', () => {
    fc.assert(
      fc.property(slipCode, spellSlip, before, after, (code, spell, b, a) => {
        expect(matchMemo(`${b}${spell(code)}${a}`)).toEqual({ kind: 'slip', code });
      }),
    );
  });

  it('finds a customer code and an order code the same way', () => {
    fc.assert(
      fc.property(fc.oneof(customerCode, orderCode), spellPlain, before, after, (code, spell, b, a) => {
        expect(matchMemo(`${b}${spell(code)}${a}`)).toEqual({ kind: code.startsWith('KH') ? 'customer' : 'order', code });
      }),
    );
  });

  it('reads the configured top-up word before a customer code, with or without its KH', () => {
    fc.assert(
      fc.property(customerCode, fc.constantFrom('NAP ', 'nap', 'Nạp ', 'NAP-', 'NAP KH', 'napkh', 'NAP KH '), before, after, (code, word, b, a) => {
        expect(matchMemo(`${b}${word}${code.replace(/^KH/, '')}${a}`, { topUpPrefix: 'NAP' })).toEqual({ kind: 'customer', code });
      }),
    );
  });

  it('matches nothing when two different codes are named', () => {
    fc.assert(
      fc.property(fc.oneof(slipCode, customerCode, orderCode), fc.oneof(slipCode, customerCode, orderCode), before, (x, y, b) => {
        fc.pre(x !== y);
        expect(matchMemo(`${b}${x} ${y}`)).toEqual({ kind: 'conflict', codes: [x, y] });
      }),
    );
  });

  it('counts one code written twice, two ways, as one', () => {
    expect(matchMemo('PG261200301 PG2612-00301')).toEqual({ kind: 'slip', code: 'PG2612-00301' });
  });

  it('finds nothing in memos without our codes, and never a code that is not in the memo', () => {
    for (const memo of ['', 'chuyen tien', 'KHACH HANG 000201', 'THANKH000201', 'PG2612', 'KH00020', 'DH1234567', 'IBFT 970415 0123456789']) {
      expect(matchMemo(memo), memo).toEqual({ kind: 'none' });
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (memo) => {
        const compact = memo.normalize('NFD').toUpperCase().replace(/[^A-Z0-9]/g, '');
        for (const c of findMemoCodes(memo)) expect(compact).toContain(c.code.replace('-', '').slice(2, 6));
      }),
    );
  });
});
