import { describe, expect, it } from 'vitest';
import { parsePublicTracking } from './public-tracking';
import { parseScannedNumbers } from './scan';

describe('parsePublicTracking', () => {
  it('splits and cleans exactly as the staff search does', () => {
    const text = ' 1z999aa10123456784, "TBA123456789";\n]C1PK00000012\tpk00000012 ';
    const parsed = parsePublicTracking(text);
    expect(parsed).toEqual({ ok: true, kind: 'numbers', numbers: ['1Z999AA10123456784', 'TBA123456789', 'PK00000012'] });
    expect(parsed.ok && parsed.kind === 'numbers' && parsed.numbers).toEqual((parseScannedNumbers(text) as { numbers: string[] }).numbers);
  });

  it('takes 20 numbers, refuses 21', () => {
    const numbers = Array.from({ length: 21 }, (_, i) => `N${100 + i}`);
    expect(parsePublicTracking(numbers.slice(0, 20).join(' '))).toMatchObject({ ok: true, kind: 'numbers' });
    expect(parsePublicTracking(numbers.join(' '))).toEqual({ ok: false, reason: 'too_many', count: 21 });
  });

  it('recognises one delivery-slip code by its format, alone', () => {
    expect(parsePublicTracking(' pg2611-00042 ')).toEqual({ ok: true, kind: 'slip', slipCode: 'PG2611-00042' });
    expect(parsePublicTracking('PG2611-0004')).toMatchObject({ ok: true, kind: 'numbers' });
    // Past 99999 slips a month the running number grows a digit, as the database writes it.
    expect(parsePublicTracking('PG2612-100000')).toEqual({ ok: true, kind: 'slip', slipCode: 'PG2612-100000' });
    expect(parsePublicTracking('PG2611-00042 PK00000012')).toEqual({ ok: false, reason: 'slip_not_alone' });
  });

  it('refuses, never rewrites: empty, too long, characters a number cannot hold', () => {
    expect(parsePublicTracking(' ,; ')).toEqual({ ok: false, reason: 'empty' });
    expect(parsePublicTracking('A'.repeat(1001))).toEqual({ ok: false, reason: 'too_long' });
    expect(parsePublicTracking('AB<X>CD')).toEqual({ ok: false, reason: 'bad_number', number: 'AB<X>CD' });
    expect(parsePublicTracking('A'.repeat(41))).toMatchObject({ ok: false, reason: 'bad_number' });
  });
});
