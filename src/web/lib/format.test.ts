import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/domain/money-input';
import { formatDate, formatDateTime, formatInteger, formatKg, formatVnd, NBSP } from './format';

describe('formatDateTime / formatDate (dd/MM/yyyy HH:mm, Asia/Ho_Chi_Minh)', () => {
  it('shows Vietnamese time (UTC+7) whatever the input zone', () => {
    expect(formatDateTime('2026-01-15T03:30:00Z')).toBe('15/01/2026 10:30');
    expect(formatDateTime('2026-01-15T10:30:00+07:00')).toBe('15/01/2026 10:30');
    expect(formatDateTime('2026-01-15T05:30:00+02:00')).toBe('15/01/2026 10:30');
  });

  it('crosses midnight and the year in Vietnam, not in UTC', () => {
    expect(formatDateTime('2026-12-31T17:30:00Z')).toBe('01/01/2027 00:30');
    expect(formatDate('2026-12-31T17:30:00Z')).toBe('01/01/2027');
    expect(formatDate('2026-12-31T16:59:00Z')).toBe('31/12/2026');
  });

  it('accepts Date objects and epoch milliseconds, zero-pads, uses 24 h', () => {
    const d = new Date(Date.UTC(2026, 2, 5, 14, 7));
    expect(formatDateTime(d)).toBe('05/03/2026 21:07');
    expect(formatDateTime(d.getTime())).toBe('05/03/2026 21:07');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('formatVnd (integer đồng → "1.250.000 ₫")', () => {
  const vnd = (s: string) => s.replace(' ', NBSP);

  it('groups thousands with dots and ends with ₫ after a no-break space', () => {
    expect(formatVnd(1_250_000)).toBe(vnd('1.250.000 ₫'));
    expect(formatVnd(1_250_000).replace(NBSP, ' ')).toBe('1.250.000 ₫');
    expect(formatVnd(0)).toBe(vnd('0 ₫'));
    expect(formatVnd(999)).toBe(vnd('999 ₫'));
    expect(formatVnd(1000)).toBe(vnd('1.000 ₫'));
    expect(formatVnd(100_000)).toBe(vnd('100.000 ₫'));
  });

  it('handles negative amounts (refunds, credits)', () => {
    expect(formatVnd(-1_250_000)).toBe(vnd('-1.250.000 ₫'));
  });

  it('takes bigint and integer strings beyond the float range exactly', () => {
    expect(formatVnd(9_007_199_254_740_993n)).toBe(vnd('9.007.199.254.740.993 ₫'));
    expect(formatVnd('123456789012345678')).toBe(vnd('123.456.789.012.345.678 ₫'));
    expect(formatVnd('-5000')).toBe(vnd('-5.000 ₫'));
  });

  it('refuses fractions: money is integer đồng', () => {
    expect(() => formatVnd(1.5)).toThrow(RangeError);
    expect(() => formatVnd('12.5')).toThrow(RangeError);
    expect(() => formatVnd(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });

  it('is empty for a missing amount', () => {
    expect(formatVnd(null)).toBe('');
    expect(formatVnd(undefined)).toBe('');
  });
});

describe('formatKg (integer grams → kg with up to two decimals)', () => {
  const kg = (s: string) => s.replace(' ', NBSP);

  it('drops trailing zeros', () => {
    expect(formatKg(1250)).toBe(kg('1,25 kg'));
    expect(formatKg(1200)).toBe(kg('1,2 kg'));
    expect(formatKg(1000)).toBe(kg('1 kg'));
    expect(formatKg(0)).toBe(kg('0 kg'));
    expect(formatKg(50)).toBe(kg('0,05 kg'));
  });

  it('rounds half up to hundredths of a kilogram', () => {
    expect(formatKg(1254)).toBe(kg('1,25 kg'));
    expect(formatKg(1255)).toBe(kg('1,26 kg'));
    expect(formatKg(5)).toBe(kg('0,01 kg'));
    expect(formatKg(4)).toBe(kg('0 kg'));
    expect(formatKg(999_995)).toBe(kg('1.000 kg'));
  });

  it('uses the language’s separators', () => {
    expect(formatKg(1_234_567)).toBe(kg('1.234,57 kg'));
    expect(formatKg(1_234_567, 'en')).toBe(kg('1,234.57 kg'));
    expect(formatKg(1250, 'en')).toBe(kg('1.25 kg'));
  });

  it('refuses fractional grams and is empty for a missing weight', () => {
    expect(() => formatKg(12.5)).toThrow(RangeError);
    expect(formatKg(null)).toBe('');
  });
});

describe('formatInteger', () => {
  it('groups by language', () => {
    expect(formatInteger(1_234_567)).toBe('1.234.567');
    expect(formatInteger(1_234_567, 'en')).toBe('1,234,567');
    expect(formatInteger(-42)).toBe('-42');
    expect(formatInteger(null)).toBe('');
  });
});

describe('one written form of money per language (formatVnd, formatMoney)', () => {
  const nb = (s: string) => s.replace(/ /g, NBSP);

  it('writes VND with the language’s grouping and always ₫', () => {
    expect(formatVnd(2_539_492, 'vi')).toBe(nb('2.539.492 ₫'));
    expect(formatVnd(2_539_492, 'en')).toBe(nb('2,539,492 ₫'));
    expect(formatVnd(-1_000_000, 'en')).toBe(nb('-1,000,000 ₫'));
    expect(formatVnd('12345678901234567890', 'en')).toBe(nb('12,345,678,901,234,567,890 ₫'));
  });

  it('follows the UI language when none is given, so a row never mixes "2.539.492 ₫" with "49.99 USD"', async () => {
    const { i18n, initI18n } = await import('./i18n');
    await initI18n('en');
    await i18n.changeLanguage('en');
    try {
      expect(`${formatVnd(2_539_492)} · ${formatMoney(4_999, 'USD', 'en')}`).toBe(`2,539,492${NBSP}₫ · 49.99${NBSP}USD`);
    } finally {
      await i18n.changeLanguage('vi');
    }
    expect(`${formatVnd(2_539_492)} · ${formatMoney(4_999, 'USD', 'vi')}`).toBe(`2.539.492${NBSP}₫ · 49,99${NBSP}USD`);
  });

  it('writes what the shared formatter writes (and the money input reads back)', () => {
    for (const lang of ['vi', 'en'] as const) {
      for (const v of [0, 5, 999, 1_000, 1_234_567, -42_000]) expect(formatVnd(v, lang)).toBe(formatMoney(v, 'VND', lang));
    }
  });
});
