import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanScannedToken, normalizeTrackingNumber, parseScannedNumbers, SCAN_MAX_NUMBERS } from './scan';

const numbersOf = (input: string) => {
  const r = parseScannedNumbers(input);
  if (!r.ok) throw new Error(`unexpected too_many (${r.count})`);
  return r.numbers;
};

describe('parseScannedNumbers', () => {
  it('splits on newlines, commas, semicolons, spaces and tabs, in any mix', () => {
    expect(numbersOf('1Z999AA10123456784\nEJ123456785JP,771234567890;9400111899223197428490 123456789012\t1Z999AA10123456785\r\nAB123')).toEqual([
      '1Z999AA10123456784',
      'EJ123456785JP',
      '771234567890',
      '9400111899223197428490',
      '123456789012',
      '1Z999AA10123456785',
      'AB123',
    ]);
  });

  it('trims, upper-cases and ignores empty pieces', () => {
    expect(numbersOf('  ej123456785jp ,, ;\n\n\t  1z999aa10123456784  ')).toEqual(['EJ123456785JP', '1Z999AA10123456784']);
    expect(numbersOf('')).toEqual([]);
    expect(numbersOf(' \n,;\t ')).toEqual([]);
  });

  it('removes duplicates, keeping the first position', () => {
    expect(numbersOf('B\nA\nb\nC\nA\na')).toEqual(['B', 'A', 'C']);
  });

  it('strips AIM symbology identifiers, STX/ETX framing and trailing CR/LF/TAB', () => {
    expect(numbersOf(']C11Z999AA10123456784\r]E0771234567890\n\u0002EJ123456785JP\u0003\u000212345678901\u0003\t')).toEqual([
      '1Z999AA10123456784',
      '771234567890',
      'EJ123456785JP',
      '12345678901',
    ]);
  });

  it('handles a gun that sends no Enter between numbers only when something separates them', () => {
    // Two numbers framed by STX/ETX with nothing else between them are still two.
    expect(numbersOf('\u0002AAA111\u0003\u0002BBB222\u0003')).toEqual(['AAA111', 'BBB222']);
  });

  it('strips quotes, asterisks and brackets around a number, keeping inner dashes', () => {
    expect(numbersOf('"1Z999AA10123456784", *771234567890*, (EJ123456785JP) \'AB-12-CD\'')).toEqual([
      '1Z999AA10123456784',
      '771234567890',
      'EJ123456785JP',
      'AB-12-CD',
    ]);
  });

  it('drops the USPS "420 + ZIP" routing prefix, glued or separated by FNC1', () => {
    expect(numbersOf('420972189400111899223197428490')).toEqual(['9400111899223197428490']);
    expect(numbersOf('42097218123494001118992231974284901234')).toEqual(['94001118992231974284901234']);
    expect(numbersOf(']C142097218\u001D9400111899223197428490')).toEqual(['9400111899223197428490']);
    // Not a USPS number after the prefix: left alone.
    expect(numbersOf('42097218123')).toEqual(['42097218123']);
  });

  it('turns full-width characters into ASCII and drops zero-width ones', () => {
    expect(numbersOf('１２３４５６７８９０１２\u200B\nＥＪ１２３４５６７８５ＪＰ')).toEqual(['123456789012', 'EJ123456785JP']);
  });

  it(`accepts ${SCAN_MAX_NUMBERS} distinct numbers and refuses ${SCAN_MAX_NUMBERS + 1}`, () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `TN${String(i).padStart(6, '0')}`);
    expect(numbersOf(list(SCAN_MAX_NUMBERS).join('\n'))).toHaveLength(SCAN_MAX_NUMBERS);
    expect(parseScannedNumbers(list(SCAN_MAX_NUMBERS + 1).join('\n'))).toEqual({ ok: false, reason: 'too_many', count: SCAN_MAX_NUMBERS + 1 });
    // Duplicates do not count against the limit.
    expect(numbersOf([...list(SCAN_MAX_NUMBERS), ...list(SCAN_MAX_NUMBERS)].join(','))).toHaveLength(SCAN_MAX_NUMBERS);
  });

  it('finds every number whatever the separators and noise around it (property)', () => {
    const number = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{3,20}[A-Z0-9]$/);
    const sep = fc.constantFrom('\n', '\r\n', ',', ', ', ';', ' ', '\t', '  \n  ', '\u0003\u0002');
    const wrap = fc.constantFrom((s: string) => s, (s: string) => s.toLowerCase(), (s: string) => `]C1${s}`, (s: string) => `"${s}"`, (s: string) => ` ${s}\r`);
    fc.assert(
      fc.property(fc.array(fc.tuple(number, sep, wrap), { minLength: 1, maxLength: 40 }), (parts) => {
        const input = parts.map(([n, s, w]) => `${w(n)}${s}`).join('');
        const expected = [...new Set(parts.map(([n]) => n))];
        expect(numbersOf(input)).toEqual(expected);
      }),
    );
  });
});

describe('cleanScannedToken / normalizeTrackingNumber', () => {
  it('leaves a clean number as it is', () => {
    expect(cleanScannedToken('1Z999AA10123456784')).toBe('1Z999AA10123456784');
  });

  it('removes the spaces people write numbers with', () => {
    expect(normalizeTrackingNumber(' 1z 999 aa1 01 2345 6784 ')).toBe('1Z999AA10123456784');
    expect(normalizeTrackingNumber('7712 3456 7890')).toBe('771234567890');
    expect(normalizeTrackingNumber(']C1EJ 123 456 785 JP\r\n')).toBe('EJ123456785JP');
  });
});
