import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatVietnamesePhone, isValidVietnamesePhone, normalizeVietnamesePhone, phoneKind } from './phone';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const mobile = fc.tuple(fc.constantFrom('3', '5', '7', '8', '9'), digits(8)).map(([p, rest]) => `0${p}${rest}`);
const landline = digits(9).map((rest) => `02${rest}`);
const national = fc.oneof(mobile, landline);

/** Writes a stored number the way people type it: a prefix, then the digits cut into groups with separators. */
const written = fc
  .tuple(
    national,
    fc.constantFrom('0', '+84', '84', '0084', '+84 ', '+84 (0) ', '+84 0'),
    fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }),
    fc.constantFrom(' ', '.', '-', '', '  '),
    fc.boolean(),
  )
  .map(([n, prefix, cuts, sep, padded]) => {
    const body = n.slice(1);
    const groups: string[] = [];
    let i = 0;
    for (const c of cuts) {
      if (i >= body.length) break;
      groups.push(body.slice(i, i + c));
      i += c;
    }
    if (i < body.length) groups.push(body.slice(i));
    const text = `${prefix}${groups.join(sep)}`;
    return { stored: n, text: padded ? `  ${text} ` : text };
  });

describe('normalizeVietnamesePhone', () => {
  it.each([
    ['+84 912 345 678', '0912345678'],
    ['84912345678', '0912345678'],
    ['0912.345.678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['(+84) 912345678', '0912345678'],
    ['0084 912 345 678', '0912345678'],
    ['+84 (0) 912 345 678', '0912345678'],
    ['028 3848 5566', '02838485566'],
    ['(028) 3848-5566', '02838485566'],
    ['+84 28 3848 5566', '02838485566'],
    ['0328123456', '0328123456'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeVietnamesePhone(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '12345',
    '0123456789', // 01x is no longer a Vietnamese mobile prefix
    '0612345678', // 06x is not allocated
    '091234567', // one digit short
    '09123456789', // one digit long for a mobile
    '0281234567', // a landline one digit short
    '+1 503 555 0142',
    '+8491234567a',
    '0912 345 678 ext 2',
    '++84912345678',
  ])('rejects %j', (input) => {
    expect(normalizeVietnamesePhone(input)).toBeNull();
    expect(isValidVietnamesePhone(input)).toBe(false);
  });

  it('gives back the stored number however it is written', () => {
    fc.assert(
      fc.property(written, ({ stored, text }) => {
        expect(normalizeVietnamesePhone(text)).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent and only ever yields a stored form', () => {
    fc.assert(
      fc.property(fc.oneof(written.map((w) => w.text), fc.string(), fc.stringMatching(/^[+0-9 .()-]{0,20}$/)), (text) => {
        const once = normalizeVietnamesePhone(text);
        if (once === null) return;
        expect(once).toMatch(/^0(?:[35789]\d{8}|2\d{9})$/);
        expect(normalizeVietnamesePhone(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts a wrong number of digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 15 }).chain((n) => digits(n)), (d) => {
        const n = normalizeVietnamesePhone(`0${d}`);
        if (n !== null) expect([10, 11]).toContain(n.length);
        if (d.length !== 9 && d.length !== 10) expect(n).toBeNull();
      }),
    );
  });

  it('formats for reading and round-trips through the formatted text', () => {
    fc.assert(
      fc.property(national, (n) => {
        const f = formatVietnamesePhone(n);
        expect(f.replace(/ /g, '')).toBe(n);
        expect(normalizeVietnamesePhone(f)).toBe(n);
        expect(phoneKind(n)).toBe(n.startsWith('02') ? 'landline' : 'mobile');
      }),
    );
  });
});
