import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIRLINES, airlineByPrefix } from './airlines';
import { AIRPORTS, airportByCode, airportLabel, DESTINATION_AIRPORT_CODES } from './airports';
import { awbCheckDigit, checkAwb, isValidAwb, makeAwb, nextAwbNumber, normalizeAwb, splitAwb } from './awb';

const prefix = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0'));
const serial = fc.integer({ min: 0, max: 9_999_999 });

describe('AWB check digit (serial mod 7)', () => {
  it('accepts the known valid numbers', () => {
    for (const awb of ['176-12345675', '020-81140743', '006-96667465']) {
      expect(isValidAwb(awb), awb).toBe(true);
      expect(normalizeAwb(awb)).toBe(awb);
    }
  });

  it('refuses the known invalid numbers and says which digit it expected', () => {
    for (const awb of ['784-12345678', '157-12345678']) {
      expect(isValidAwb(awb), awb).toBe(false);
      expect(normalizeAwb(awb)).toBeNull();
      expect(checkAwb(awb)).toMatchObject({ ok: false, reason: 'check_digit', expected: 5 });
    }
  });

  it('computes serial mod 7, the prefix playing no part', () => {
    expect(awbCheckDigit('1234567')).toBe(5);
    expect(awbCheckDigit(8114074)).toBe(3);
    expect(awbCheckDigit('0000000')).toBe(0);
    expect(awbCheckDigit(6)).toBe(6);
    expect(() => awbCheckDigit(10_000_000)).toThrow(RangeError);
    expect(() => awbCheckDigit(-1)).toThrow(RangeError);
  });

  it('property: every generated valid number passes, every other last digit fails', () => {
    fc.assert(
      fc.property(prefix, serial, (p, s) => {
        const valid = makeAwb(p, s);
        expect(valid).toMatch(/^\d{3}-\d{8}$/);
        expect(isValidAwb(valid)).toBe(true);
        const body = valid.slice(0, -1);
        const good = Number(valid.at(-1));
        for (let d = 0; d <= 9; d++) {
          if (d !== good) expect(isValidAwb(`${body}${d}`), `${body}${d}`).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('check digits 7, 8 and 9 never occur', () => {
    fc.assert(
      fc.property(serial, (s) => {
        expect(awbCheckDigit(s)).toBeLessThan(7);
      }),
    );
  });
});

describe('normalising input', () => {
  it('accepts the number with or without the dash, with spaces, full-width digits, other dashes', () => {
    for (const input of ['17612345675', '176 12345675', ' 176-1234 5675 ', '176 1234 5675', '176–12345675', '１７６-１２３４５６７５', '176 - 12345675']) {
      expect(normalizeAwb(input), input).toBe('176-12345675');
    }
  });

  it('property: any grouping of the 11 digits with dashes and spaces normalises to PPP-SSSSSSSC', () => {
    fc.assert(
      fc.property(prefix, serial, fc.array(fc.constantFrom('', ' ', '-', '  '), { minLength: 10, maxLength: 10 }), (p, s, seps) => {
        const canonical = makeAwb(p, s);
        const digits = canonical.replace('-', '');
        const messy = [...digits].map((c, i) => (i < 10 ? c + seps[i]! : c)).join('');
        expect(normalizeAwb(messy)).toBe(canonical);
      }),
    );
  });

  it('refuses anything that is not exactly 11 digits', () => {
    for (const input of ['', '176-1234567', '176-123456755', '176-1234567A', 'ABC-12345675', '176_12345675', '176.12345675', '176/12345675']) {
      expect(checkAwb(input), input).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('splits a number into prefix, serial and check digit without judging it', () => {
    expect(splitAwb('784 12345678')).toEqual({ prefix: '784', serial: '1234567', checkDigit: 8 });
    expect(splitAwb('78412345')).toBeNull();
  });
});

describe('AWB stock', () => {
  it('gives the next serial with its own check digit', () => {
    expect(nextAwbNumber('176-12345675')).toBe('176-12345686');
    expect(nextAwbNumber('020 8114074 3')).toBe('020-81140754');
    // Serial 0000006 → 0000007 wraps the check digit to 0.
    expect(nextAwbNumber('738-00000066')).toBe('738-00000070');
  });

  it('stops at the end of the serial range and refuses an invalid number', () => {
    expect(nextAwbNumber(makeAwb('176', 9_999_999))).toBeNull();
    expect(nextAwbNumber('784-12345678')).toBeNull();
  });

  it('property: the next number is valid, on the same prefix, one serial on', () => {
    fc.assert(
      fc.property(prefix, fc.integer({ min: 0, max: 9_999_998 }), (p, s) => {
        const next = nextAwbNumber(makeAwb(p, s))!;
        expect(isValidAwb(next)).toBe(true);
        expect(splitAwb(next)).toMatchObject({ prefix: p, serial: String(s + 1).padStart(7, '0') });
      }),
    );
  });

  it('makeAwb refuses a prefix that is not 3 digits', () => {
    expect(() => makeAwb('17', 1)).toThrow(RangeError);
  });
});

describe('reference data', () => {
  it('lists each airline prefix and designator once, prefixes as 3 digits', () => {
    expect(new Set(AIRLINES.map((a) => a.prefix)).size).toBe(AIRLINES.length);
    expect(new Set(AIRLINES.map((a) => a.iata)).size).toBe(AIRLINES.length);
    for (const a of AIRLINES) {
      expect(a.prefix).toMatch(/^\d{3}$/);
      expect(a.iata).toMatch(/^[A-Z0-9]{2}$/);
    }
    expect(airlineByPrefix('738')?.name).toBe('Vietnam Airlines');
    expect(airlineByPrefix('695')?.iata).toBe('BR');
    expect(airlineByPrefix('176')?.name).toBe('Emirates');
    expect(airlineByPrefix('999')?.iata).toBe('CA');
    expect(airlineByPrefix('123')).toBeUndefined();
  });

  it('has the carriers of the test vectors, so a valid vector is also a known airline', () => {
    for (const p of ['176', '020', '006', '784', '157']) expect(airlineByPrefix(p), p).toBeDefined();
  });

  it('lists airports once, with Vietnamese destinations, and labels places as tracking events do', () => {
    expect(new Set(AIRPORTS.map((a) => a.code)).size).toBe(AIRPORTS.length);
    for (const code of ['LAX', 'SFO', 'JFK', 'ORD', 'SEA', 'PDX', 'ANC', 'NRT', 'HND', 'KIX', 'ICN', 'TPE', 'HKG', 'SIN', 'BKK', 'DXB', 'DOH', 'FRA', 'CDG', 'SGN', 'HAN', 'DAD']) {
      expect(airportByCode(code), code).toBeDefined();
    }
    expect(DESTINATION_AIRPORT_CODES.sort()).toEqual(['DAD', 'HAN', 'SGN']);
    expect(airportLabel('LAX')).toBe('Los Angeles (LAX)');
    expect(airportLabel('SGN')).toBe('Tân Sơn Nhất (SGN)');
    expect(airportLabel('XXX')).toBe('XXX');
  });
});
