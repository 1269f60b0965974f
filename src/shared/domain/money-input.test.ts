import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LANGUAGES, type MessageLanguage } from '../i18n/language';
import { localizeMessage } from '../i18n/localize';
import { CURRENCIES, CURRENCY_DECIMALS, MONEY_MAX, RATE_MAX_X100, type Currency } from './money';
import {
  formatMoney,
  formatMoneyAmount,
  formatPercent,
  formatRateAmount,
  formatRateWire,
  formatScaled,
  groupThousands,
  parseDecimalInput,
  parseMoneyInput,
  parsePercentInput,
  parseRateInput,
  parseRateWire,
  type MoneyInputOptions,
  type NumberInputError,
  type NumberInputResult,
} from './money-input';

const vnd = (lang: MessageLanguage, extra: Partial<MoneyInputOptions> = {}): MoneyInputOptions => ({ currency: 'VND', lang, ...extra });
const usd = (lang: MessageLanguage, extra: Partial<MoneyInputOptions> = {}): MoneyInputOptions => ({ currency: 'USD', lang, ...extra });

/** The value, or the reason written "!reason". */
const read = (r: NumberInputResult): number | string => (r.ok ? r.value : `!${r.reason}`);
const money = (text: string, o: MoneyInputOptions) => read(parseMoneyInput(text, o));
const percent = (text: string, lang: MessageLanguage, allowNegative = false) => read(parsePercentInput(text, { lang, allowNegative }));

describe('the examples of the issue', () => {
  it('"1e9" is refused as exponent notation, not read as 19', () => {
    for (const lang of MESSAGE_LANGUAGES) {
      expect(money('1e9', vnd(lang))).toBe('!exponent');
      expect(money('1E9', usd(lang))).toBe('!exponent');
      expect(money('2.5e3', usd(lang))).toBe('!exponent');
      expect(money('1e-9', vnd(lang, { allowNegative: true }))).toBe('!exponent');
    }
  });

  it('"-4x9,99" is refused, not read as 49.99', () => {
    for (const lang of MESSAGE_LANGUAGES) {
      expect(money('-4x9,99', usd(lang))).toBe('!invalid_characters');
      expect(money('-4x9,99', usd(lang, { allowNegative: true }))).toBe('!invalid_characters');
    }
  });

  it('"1.234,56" and "1,234.56" USD: each read in its own language, refused in the other', () => {
    expect(money('1.234,56', usd('vi'))).toBe(123_456);
    expect(money('1,234.56', usd('vi'))).toBe('!wrong_separators');
    expect(money('1,234.56', usd('en'))).toBe(123_456);
    expect(money('1.234,56', usd('en'))).toBe('!wrong_separators');
  });

  it('"-30.000" ₫ is refused where negatives are not allowed, not read as 30,000', () => {
    expect(money('-30.000', vnd('vi'))).toBe('!negative');
    expect(money('-30.000 ₫', vnd('vi'))).toBe('!negative');
    expect(money('−30.000', vnd('vi'))).toBe('!negative'); // U+2212 minus
    expect(money('-30.000', vnd('vi', { allowNegative: true }))).toBe(-30_000);
    expect(money('-30,000', vnd('en', { allowNegative: true }))).toBe(-30_000);
  });

  it('"30,5" ₫ is refused (the đồng has no decimals), not read as 305', () => {
    expect(money('30,5', vnd('vi'))).toBe('!too_many_decimals');
    expect(money('30,5', vnd('en'))).toBe('!misplaced_separator');
    expect(money('30.5', vnd('en'))).toBe('!too_many_decimals');
  });

  it('"abc" % is refused, not read as 0', () => {
    for (const lang of MESSAGE_LANGUAGES) {
      expect(percent('abc', lang)).toBe('!invalid_characters');
      expect(percent('abc %', lang)).toBe('!invalid_characters');
      expect(percent('abc%', lang)).toBe('!invalid_characters');
    }
  });

  it('a 17-digit amount is refused, not capped', () => {
    for (const lang of MESSAGE_LANGUAGES) {
      expect(money('12345678901234567', vnd(lang))).toBe('!too_large');
      expect(money('99999999999999999999999999999', vnd(lang))).toBe('!too_large');
    }
    expect(money('12.345.678.901.234.567', vnd('vi'))).toBe('!too_large');
    expect(money('12,345,678,901,234,567', vnd('en'))).toBe('!too_large');
    expect(money(String(MONEY_MAX), vnd('vi'))).toBe(MONEY_MAX);
    expect(money(String(MONEY_MAX + 1), vnd('vi'))).toBe('!too_large');
  });
});

describe('parseMoneyInput', () => {
  it.each<[string, MessageLanguage, Currency, number | string]>([
    ['1.234.567', 'vi', 'VND', 1_234_567],
    ['1,234,567', 'en', 'VND', 1_234_567],
    ['1234567', 'vi', 'VND', 1_234_567],
    ['1234567', 'en', 'VND', 1_234_567],
    ['  1.234.567 ₫ ', 'vi', 'VND', 1_234_567],
    ['1.234.567\u00a0₫', 'vi', 'VND', 1_234_567],
    ['1.234.567đ', 'vi', 'VND', 1_234_567],
    ['1.234.567 VND', 'vi', 'VND', 1_234_567],
    ['1.234.567 vnđ', 'vi', 'VND', 1_234_567],
    ['VND 1,234,567', 'en', 'VND', 1_234_567],
    ['₫1,234,567', 'en', 'VND', 1_234_567],
    ['0', 'vi', 'VND', 0],
    ['000', 'vi', 'VND', 0],
    ['007', 'vi', 'VND', 7],
    ['49,99', 'vi', 'USD', 4999],
    ['49.99', 'en', 'USD', 4999],
    ['49,9', 'vi', 'USD', 4990],
    ['49', 'en', 'USD', 4900],
    ['$49.99', 'en', 'USD', 4999],
    ['49.99 USD', 'en', 'USD', 4999],
    ['US$ 49.99', 'en', 'USD', 4999],
    ['1.000,50 €', 'vi', 'EUR', 100_050],
    ['¥1,000', 'en', 'JPY', 1000],
    ['1.000 ₩', 'vi', 'KRW', 1000],
    ['1.234', 'vi', 'USD', 123_400],
    // Refused:
    ['', 'vi', 'VND', '!empty'],
    ['   ', 'en', 'VND', '!empty'],
    ['₫', 'vi', 'VND', '!empty'],
    ['-', 'vi', 'VND', '!empty'],
    ['$5', 'vi', 'VND', '!currency_mismatch'],
    ['5 USD', 'vi', 'VND', '!currency_mismatch'],
    ['5 ₫', 'en', 'USD', '!currency_mismatch'],
    ['$', 'en', 'VND', '!currency_mismatch'],
    ['5 đồng', 'vi', 'VND', '!invalid_characters'],
    ['12 345', 'vi', 'VND', '!invalid_characters'],
    ['+5', 'vi', 'VND', '!invalid_characters'],
    ['--5', 'vi', 'VND', '!invalid_characters'],
    ['5-', 'vi', 'VND', '!invalid_characters'],
    ['0x10', 'en', 'VND', '!invalid_characters'],
    ['Infinity', 'en', 'VND', '!invalid_characters'],
    ['NaN', 'en', 'VND', '!invalid_characters'],
    ['١٢٣', 'vi', 'VND', '!invalid_characters'],
    ['１２３', 'vi', 'VND', '!invalid_characters'],
    ['5 ₫ ₫', 'vi', 'VND', '!invalid_characters'],
    ['1.23.4', 'vi', 'VND', '!misplaced_separator'],
    ['1.2345', 'vi', 'VND', '!misplaced_separator'],
    ['1234.567', 'vi', 'VND', '!misplaced_separator'],
    ['.123', 'vi', 'VND', '!misplaced_separator'],
    ['0.123', 'vi', 'VND', '!misplaced_separator'],
    ['30,', 'vi', 'USD', '!misplaced_separator'],
    ['1,,5', 'vi', 'USD', '!misplaced_separator'],
    ['1,5,0', 'vi', 'USD', '!misplaced_separator'],
    ['1,23,4', 'en', 'VND', '!misplaced_separator'],
    ['1.234', 'en', 'VND', '!wrong_separators'],
    ['1,234', 'vi', 'VND', '!wrong_separators'],
    // One mark and one or two digits after it: a thousands group in neither language, so the decimal mark in both.
    ['1,5', 'en', 'USD', 150],
    ['1.23', 'vi', 'USD', 123],
    ['39.99', 'vi', 'USD', 3_999],
    ['$39.99', 'vi', 'USD', 3_999],
    ['39,99', 'en', 'EUR', 3_999],
    ['1234.5', 'vi', 'USD', 123_450],
    ['39.999', 'vi', 'USD', 3_999_900], // three digits after ".": a Vietnamese thousands group
    ['39.99', 'vi', 'VND', '!misplaced_separator'],
    ['1.5', 'vi', 'JPY', '!misplaced_separator'],
    ['30,00', 'vi', 'VND', '!too_many_decimals'],
    ['49,999', 'vi', 'USD', '!wrong_separators'], // also 49,999 in English: ambiguous
    ['49,9999', 'vi', 'USD', '!too_many_decimals'],
    ['1.234,567', 'vi', 'USD', '!too_many_decimals'],
    ['49.990', 'en', 'USD', '!wrong_separators'], // 49,990 in Vietnamese
    ['49.9901', 'en', 'USD', '!too_many_decimals'],
    ['1,5', 'vi', 'JPY', '!too_many_decimals'],
  ])('%j (%s, %s) → %s', (text, lang, currency, expected) => {
    expect(money(text, { currency, lang })).toBe(expected);
  });

  it('takes a smaller maximum and refuses beyond it', () => {
    expect(money('1.000.000', vnd('vi', { max: 1_000_000 }))).toBe(1_000_000);
    expect(money('1.000.001', vnd('vi', { max: 1_000_000 }))).toBe('!too_large');
    expect(money('-1.000.001', vnd('vi', { max: 1_000_000, allowNegative: true }))).toBe('!too_large');
    expect(() => parseMoneyInput('1', vnd('vi', { max: -1 }))).toThrow(RangeError);
  });

  it('never gives −0', () => {
    expect(Object.is(money('-0', vnd('vi', { allowNegative: true })), 0)).toBe(true);
  });
});

describe('parsePercentInput', () => {
  it.each<[string, MessageLanguage, number | string]>([
    ['2,5', 'vi', 250],
    ['2.5', 'en', 250],
    ['2,5%', 'vi', 250],
    ['2.5 %', 'en', 250],
    ['10', 'vi', 1000],
    ['0,01', 'vi', 1],
    ['100', 'en', 10_000],
    ['100,01', 'vi', '!too_large'],
    ['2,555', 'vi', '!wrong_separators'],
    ['2,5555', 'vi', '!too_many_decimals'],
    ['2.5', 'vi', '!wrong_separators'],
    ['2,5', 'en', '!wrong_separators'],
    ['-5', 'vi', '!negative'],
    ['%', 'vi', '!empty'],
    ['%5', 'vi', '!invalid_characters'],
    ['5 ₫', 'vi', '!invalid_characters'],
    ['1e2', 'en', '!exponent'],
  ])('%j (%s) → %s', (text, lang, expected) => {
    expect(percent(text, lang)).toBe(expected);
  });

  it('takes negatives and another maximum when asked', () => {
    expect(percent('-2,5', 'vi', true)).toBe(-250);
    expect(read(parsePercentInput('150', { lang: 'en', max: 20_000 }))).toBe(15_000);
  });
});

describe('parseRateInput (an exchange rate: đồng per unit, two decimals at most)', () => {
  const rate = (text: string, lang: MessageLanguage) => read(parseRateInput(text, { lang }));
  it.each<[string, MessageLanguage, number | string]>([
    // The settings form sent what was typed: "25.500" in Vietnamese became a rate of 25,5 ₫ per dollar.
    ['25.500', 'vi', 2_550_000],
    ['25,500', 'en', 2_550_000],
    ['25500', 'vi', 2_550_000],
    ['18,5', 'vi', 1850],
    ['18.5', 'en', 1850],
    ['1.850,55', 'vi', 185_055],
    ['25.450 ₫', 'vi', 2_545_000],
    ['25,450 VND', 'en', 2_545_000],
    ['25.5', 'vi', '!wrong_separators'],
    ['25,5', 'en', '!wrong_separators'],
    ['18,555', 'vi', '!wrong_separators'],
    ['18,5555', 'vi', '!too_many_decimals'],
    ['0', 'vi', '!zero'],
    ['0,00', 'vi', '!zero'],
    ['-25.000', 'vi', '!negative'],
    ['25.000 USD', 'vi', '!currency_mismatch'],
    ['', 'en', '!empty'],
    ['2,5e4', 'vi', '!exponent'],
    ['1.000.000.000', 'vi', '!too_large'],
  ])('%j (%s) → %s', (text, lang, expected) => {
    expect(rate(text, lang)).toBe(expected);
  });

  it('refuses with a message in both languages', () => {
    const r = parseRateInput('0', { lang: 'en' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(localizeMessage(r.message, 'en')).toBe('The rate must be greater than 0');
  });

  it('writes a rate the way it reads it, without trailing zeros', () => {
    expect(formatRateAmount(2_545_050, 'vi')).toBe('25.450,5');
    expect(formatRateAmount(2_545_050, 'en')).toBe('25,450.5');
    expect(formatRateAmount(2_545_000, 'vi')).toBe('25.450');
    expect(formatRateAmount(185_055, 'en')).toBe('1,850.55');
    fc.assert(
      fc.property(fc.constantFrom(...MESSAGE_LANGUAGES), fc.integer({ min: 1, max: RATE_MAX_X100 }), (l, x100) => {
        expect(read(parseRateInput(formatRateAmount(x100, l), { lang: l }))).toBe(x100);
      }),
    );
  });
});

describe('parseRateWire / formatRateWire (an exchange rate as stored and sent)', () => {
  it.each([
    ['25400', 2_540_000],
    [25400, 2_540_000],
    ['18.5', 1_850],
    ['18.50', 1_850],
    ['170', 17_000],
    ['0.01', 1],
    ['0.5', 50],
    ['  27500 ', 2_750_000],
    ['100000000', RATE_MAX_X100],
  ])('reads %j as đồng per unit × 100 = %i', (input, x100) => {
    expect(parseRateWire(input)).toBe(x100);
  });

  it.each([
    ['18.555'],
    [18.5],
    ['25,400'],
    ['25.400,5'],
    ['18,5'],
    ['-1'],
    ['+1'],
    ['0'],
    ['0.00'],
    [''],
    ['abc'],
    ['1e3'],
    ['25400 ₫'],
    ['18.'],
    ['.5'],
    [null],
    [undefined],
    [Number.NaN],
    [0],
    ['100000000.01'],
    ['1234567890'],
  ])('refuses %j', (input) => {
    expect(parseRateWire(input)).toBeNull();
  });

  it('refuses a leading zero: a stored rate has one spelling, the one formatRateWire writes', () => {
    expect(parseRateWire('025400')).toBeNull();
    expect(parseRateWire('00.5')).toBeNull();
    expect(parseRateWire('000018.5')).toBeNull();
  });

  it('writes the shortest text, which reads back to the same integer', () => {
    expect(formatRateWire(2_540_000)).toBe('25400');
    expect(formatRateWire(1_850)).toBe('18.5');
    expect(formatRateWire(1_855)).toBe('18.55');
    expect(formatRateWire(5)).toBe('0.05');
    expect(formatRateWire(RATE_MAX_X100)).toBe('100000000');
    fc.assert(fc.property(fc.integer({ min: 1, max: RATE_MAX_X100 }), (x) => parseRateWire(formatRateWire(x)) === x));
  });

  it('refuses to write what is not a rate (zero, negative, a fraction of a hundredth) rather than a text that reads otherwise', () => {
    for (const bad of [0, -5, 18.5, Number.NaN]) expect(() => formatRateWire(bad)).toThrow(RangeError);
  });

  it('is the typed reader in the wire form: what a person types in English without grouping reads the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: RATE_MAX_X100 }), (x) => {
        const r = parseRateInput(formatRateWire(x), { lang: 'en' });
        expect(r.ok && r.value).toBe(x);
      }),
    );
  });
});

describe('formatting', () => {
  it('writes one format per language', () => {
    expect(formatMoney(1_234_567, 'VND', 'vi')).toBe('1.234.567\u00a0₫');
    expect(formatMoney(1_234_567, 'VND', 'en')).toBe('1,234,567\u00a0₫');
    expect(formatMoney(4999, 'USD', 'vi')).toBe('49,99\u00a0USD');
    expect(formatMoney(4999, 'USD', 'en')).toBe('49.99\u00a0USD');
    expect(formatMoney(5, 'EUR', 'en')).toBe('0.05\u00a0EUR');
    expect(formatMoney(123_456_789, 'EUR', 'vi')).toBe('1.234.567,89\u00a0EUR');
    expect(formatMoney(1000, 'JPY', 'vi')).toBe('1.000\u00a0JPY');
    expect(formatMoney(-50_000, 'VND', 'vi')).toBe('-50.000\u00a0₫');
    expect(formatMoney(0, 'VND', 'en')).toBe('0\u00a0₫');
    expect(formatMoneyAmount(-1, 'USD', 'en')).toBe('-0.01');
    expect(() => formatMoney(1.5, 'VND', 'vi')).toThrow(RangeError);
  });

  it('writes percentages without trailing zeros', () => {
    expect(formatPercent(250, 'vi')).toBe('2,5%');
    expect(formatPercent(250, 'en')).toBe('2.5%');
    expect(formatPercent(1000, 'vi')).toBe('10%');
    expect(formatPercent(10_000, 'en')).toBe('100%');
    expect(formatPercent(1, 'vi')).toBe('0,01%');
    expect(formatPercent(0, 'vi')).toBe('0%');
    expect(formatPercent(-250, 'en')).toBe('-2.5%');
    // One spacing in both languages: "5%", never the "5 %" the web's old formatBps wrote for the same basis points.
    expect(formatPercent(500, 'vi')).toBe('5%');
    expect(formatPercent(500, 'en')).toBe('5%');
    expect(formatPercent(250, 'vi')).not.toContain('\u00a0');
  });

  it("writes đồng in the server's messages as the screens do (the VND case of formatMoney; was formatDong)", () => {
    expect(formatMoney(0, 'VND', 'vi')).toBe('0\u00a0₫');
    expect(formatMoney(150_000, 'VND', 'vi')).toBe('150.000\u00a0₫');
    expect(formatMoney(-1_234_567, 'VND', 'vi')).toBe('-1.234.567\u00a0₫');
  });

  it('writes foreign currencies with all their decimals (was the web formatForeign)', () => {
    expect(formatMoney(129_999, 'USD', 'vi')).toBe('1.299,99\u00a0USD');
    expect(formatMoney(129_999, 'USD', 'en')).toBe('1,299.99\u00a0USD');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('1,500\u00a0JPY');
    expect(formatMoney(7, 'KRW', 'vi')).toBe('7\u00a0KRW');
    expect(formatMoney(-5, 'USD', 'vi')).toBe('-0,05\u00a0USD');
  });

  it('writes a bigint exactly, beyond 2^53', () => {
    expect(formatMoney(12_345_678_901_234_567_890n, 'VND', 'en')).toBe('12,345,678,901,234,567,890\u00a0₫');
    expect(formatMoney(-12_345_678_901_234_567_890n, 'USD', 'vi')).toBe('-123.456.789.012.345.678,90\u00a0USD');
    expect(() => formatMoney(2 ** 53, 'VND', 'vi')).toThrow(RangeError);
  });
});

describe('formatScaled: the one writer of a scaled integer', () => {
  it('writes each language, the plain form, with or without grouping and trailing zeros', () => {
    expect(formatScaled(123_456, 2, { lang: 'vi' })).toBe('1.234,56');
    expect(formatScaled(123_456, 2, { lang: 'en' })).toBe('1,234.56');
    expect(formatScaled(123_456, 2)).toBe('1234.56');
    expect(formatScaled(1_234_500, 3, { lang: 'vi', grouping: false, trimZeros: true })).toBe('1234,5');
    expect(formatScaled(500, 3, { trimZeros: true })).toBe('0.5');
    expect(formatScaled(1000, 3, { trimZeros: true })).toBe('1');
    expect(formatScaled(1000, 3)).toBe('1.000');
    expect(formatScaled(-7, 2, { lang: 'vi' })).toBe('-0,07');
    expect(formatScaled(-0, 2, { lang: 'vi', trimZeros: true })).toBe('0');
    expect(formatScaled(1_234_567, 0, { lang: 'en' })).toBe('1,234,567');
  });

  it('groups digits one way', () => {
    expect(groupThousands('1234567', '.')).toBe('1.234.567');
    expect(groupThousands('123', ',')).toBe('123');
    expect(groupThousands('1000', '\u00a0')).toBe('1\u00a0000');
  });
});

describe('parseDecimalInput: measures (kg, cm, a billing step, a spreadsheet cell)', () => {
  const measure = (t: string | number, decimals: number, extra: { allowNegative?: boolean; max?: number } = {}) => read(parseDecimalInput(t, { decimals, ...extra }));

  it('reads "," or "." as the decimal mark in every language (a measure is never grouped)', () => {
    expect(measure('1,5', 3)).toBe(1500);
    expect(measure('1.5', 3)).toBe(1500);
    expect(measure(' 12.345 ', 3)).toBe(12_345);
    expect(measure('1.250', 3)).toBe(1250);
    expect(measure('40', 1)).toBe(400);
    expect(measure(1.5, 3)).toBe(1500);
    expect(measure(30.2, 1)).toBe(302);
    expect(measure('4599', 0)).toBe(4599);
  });

  it('refuses what it cannot read unambiguously, with the reason, never rewriting it', () => {
    expect(measure('', 3)).toBe('!empty');
    expect(measure('abc', 3)).toBe('!invalid_characters');
    expect(measure('1,5 kg', 3)).toBe('!invalid_characters');
    expect(measure('1e3', 3)).toBe('!exponent');
    expect(measure('-1', 3)).toBe('!negative');
    expect(measure('-1,5', 3, { allowNegative: true })).toBe(-1500);
    expect(measure('1.2345', 3)).toBe('!too_many_decimals');
    expect(measure('1,5', 0)).toBe('!too_many_decimals');
    expect(measure('1.000.000', 3)).toBe('!misplaced_separator');
    expect(measure('1.000,5', 3)).toBe('!misplaced_separator');
    expect(measure('1.', 3)).toBe('!misplaced_separator');
    expect(measure('.5', 3)).toBe('!misplaced_separator');
    expect(measure('1001', 0, { max: 1000 })).toBe('!too_large');
    expect(measure(Number.NaN, 3)).toBe('!empty');
    expect(measure(0.1 + 0.2, 3)).toBe('!too_many_decimals');
  });

  it('reads back what formatScaled writes without grouping, in both languages (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 4 }), lang, fc.boolean(), (v, d, l, trim) => {
        expect(read(parseDecimalInput(formatScaled(v, d, { lang: l, grouping: false, trimZeros: trim }), { decimals: d }))).toBe(v);
        expect(read(parseDecimalInput(formatScaled(v, d, { trimZeros: trim }), { decimals: d }))).toBe(v);
      }),
    );
  });

  it('says why in Vietnamese, with the English in the catalog', () => {
    const msg = (t: string, decimals: number, max?: number) => {
      const r = parseDecimalInput(t, { decimals, max });
      return r.ok ? '' : r.message;
    };
    expect(msg('', 3)).toBe('Vui lòng nhập số');
    expect(msg('1.000.000', 3)).toBe('Chỉ dùng một dấu thập phân ("," hoặc "."), không ngăn cách hàng nghìn, ví dụ 1,5');
    expect(msg('1,2345', 3)).toBe('Số có tối đa 3 chữ số thập phân');
    expect(msg('1,5', 0)).toBe('Chỉ nhập số nguyên');
    expect(msg('12', 1, 100)).toBe('Số tối đa là 10');
    expect(msg('x', 1)).toBe('Chỉ nhập chữ số và dấu ngăn cách, ví dụ 1,5');
    const en = (t: string, decimals: number, max?: number) => {
      const r = parseDecimalInput(t, { decimals, lang: 'en', max });
      return r.ok ? '' : localizeMessage(r.message, 'en');
    };
    expect(en('', 3)).toBe('Please enter a number');
    expect(en('1.000.000', 3)).toBe('Use one decimal mark ("," or "."), no thousands separators, e.g. 1.5');
    expect(en('1,2345', 3)).toBe('A number has at most 3 decimals');
    expect(en('1,5', 0)).toBe('Type a whole number');
    expect(en('12', 1, 100)).toBe('The largest number accepted is 10');
  });
});

const currency = fc.constantFrom(...CURRENCIES);
const lang = fc.constantFrom(...MESSAGE_LANGUAGES);

describe('properties', () => {
  const amount = fc.oneof(fc.integer({ min: 0, max: MONEY_MAX }), fc.integer({ min: 0, max: 10_000_000 }));

  it('what is written reads back to the same value, in every currency and both languages', () => {
    fc.assert(
      fc.property(currency, lang, amount, fc.boolean(), (c, l, v, negative) => {
        const value = negative && v !== 0 ? -v : v;
        const o = { currency: c, lang: l, allowNegative: true };
        expect(read(parseMoneyInput(formatMoney(value, c, l), o))).toBe(value);
        expect(read(parseMoneyInput(formatMoneyAmount(value, c, l), o))).toBe(value);
        if (!negative) expect(read(parseMoneyInput(formatMoney(value, c, l), { currency: c, lang: l }))).toBe(value);
      }),
    );
  });

  it('percentages written read back', () => {
    fc.assert(
      fc.property(lang, fc.integer({ min: 0, max: 10_000 }), (l, bps) => {
        expect(read(parsePercentInput(formatPercent(bps, l), { lang: l }))).toBe(bps);
      }),
    );
  });

  it('only ever gives a safe integer within the maximum, or a reason with a message', () => {
    const alphabet = fc.constantFrom(...'0123456789.,-−+e %₫$đ€ aUSDVN\u00a0'.split(''));
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.array(alphabet, { maxLength: 30 }).map((a) => a.join('')));
    fc.assert(
      fc.property(text, currency, lang, fc.boolean(), fc.integer({ min: 0, max: MONEY_MAX }), (t, c, l, neg, max) => {
        for (const r of [parseMoneyInput(t, { currency: c, lang: l, allowNegative: neg, max }), parsePercentInput(t, { lang: l, allowNegative: neg })]) {
          if (r.ok) {
            expect(Number.isSafeInteger(r.value)).toBe(true);
            expect(Object.is(r.value, -0)).toBe(false);
            if (!neg) expect(r.value).toBeGreaterThanOrEqual(0);
          } else {
            expect(r.message.length).toBeGreaterThan(0);
          }
        }
        const r = parseMoneyInput(t, { currency: c, lang: l, allowNegative: neg, max });
        if (r.ok) expect(Math.abs(r.value)).toBeLessThanOrEqual(max);
      }),
    );
  });

  const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[1-9]\\d{${min - 1},${max - 1}}$`));

  it('every refused class stays refused', () => {
    const refused = (reason: NumberInputError) => (r: NumberInputResult) => expect(read(r)).toBe(`!${reason}`);
    fc.assert(
      fc.property(currency, lang, amount, (c, l, v) => {
        const o = { currency: c, lang: l };
        const written = formatMoneyAmount(v, c, l);
        // A minus sign where negatives are not allowed.
        refused('negative')(parseMoneyInput(`-${written}`, o));
        // Beyond the maximum.
        if (v > 0) refused('too_large')(parseMoneyInput(written, { ...o, max: v - 1 }));
        // Written with the other language's separators, with both a group and the decimals.
        const other = l === 'vi' ? 'en' : 'vi';
        if (CURRENCY_DECIMALS[c] > 0 && v >= 100_000) refused('wrong_separators')(parseMoneyInput(formatMoneyAmount(v, c, other), o));
      }),
    );
    fc.assert(
      fc.property(currency, lang, digits(1, 9), digits(1, 3), (c, l, mantissa, exp) => {
        refused('exponent')(parseMoneyInput(`${mantissa}e${exp}`, { currency: c, lang: l }));
        refused('exponent')(parseMoneyInput(`${mantissa}E+${exp}`, { currency: c, lang: l }));
      }),
    );
    fc.assert(
      fc.property(currency, lang, amount, fc.constantFrom(...'abcxyzKkmM?!#'.split('')), fc.nat(), (c, l, v, letter, at) => {
        const written = formatMoneyAmount(v, c, l);
        const i = at % (written.length + 1);
        const r = parseMoneyInput(written.slice(0, i) + letter + written.slice(i), { currency: c, lang: l, allowNegative: true });
        expect(r.ok).toBe(false);
      }),
    );
    fc.assert(
      // More decimals than the currency has (not exactly three, which would read as a thousands group).
      fc.property(currency, lang, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 4 }), (c, l, whole, extra) => {
        const count = CURRENCY_DECIMALS[c] + extra;
        fc.pre(count !== 3);
        const text = `${formatMoneyAmount(whole, 'JPY', l)}${l === 'vi' ? ',' : '.'}${'5'.repeat(count)}`;
        refused('too_many_decimals')(parseMoneyInput(text, { currency: c, lang: l }));
      }),
    );
    fc.assert(
      // A group of the wrong size after the first (two or more group separators, so no other reading).
      fc.property(currency, lang, digits(1, 3), fc.constantFrom('1', '12', '1234'), fc.boolean(), (c, l, first, bad, badFirst) => {
        const g = l === 'vi' ? '.' : ',';
        const groups = badFirst ? [first, bad, '000'] : [first, '000', bad];
        refused('misplaced_separator')(parseMoneyInput(groups.join(g), { currency: c, lang: l }));
      }),
    );
  });
});

describe('messages', () => {
  it('every refusal has a Vietnamese message with its English in the catalog', () => {
    const samples: Array<[NumberInputResult, string]> = [
      [parseMoneyInput('', vnd('vi')), 'Vui lòng nhập số tiền'],
      [parsePercentInput(' ', { lang: 'vi' }), 'Vui lòng nhập tỷ lệ phần trăm'],
      [parseMoneyInput('abc', vnd('vi')), 'Chỉ nhập chữ số và dấu ngăn cách, ví dụ 1.234.567'],
      [parseMoneyInput('1e9', vnd('vi')), 'Không nhập dạng số mũ (như 1e9): hãy gõ đủ các chữ số'],
      [parseMoneyInput('-1', vnd('vi')), 'Không được nhập số âm'],
      [parseMoneyInput('$1', vnd('vi')), 'Số tiền này tính bằng VND'],
      [parseMoneyInput('1,234.56', usd('vi')), 'Dùng dấu "." để ngăn cách hàng nghìn và dấu "," trước phần thập phân, ví dụ 1.234.567,89'],
      [parseMoneyInput('1.234', vnd('en')), 'Dùng dấu "," để ngăn cách hàng nghìn, ví dụ 1,234,567'],
      [parseMoneyInput('1.23.4', vnd('vi')), 'Dấu ngăn cách đặt sai chỗ: mỗi nhóm hàng nghìn có đúng 3 chữ số, ví dụ 1.234.567'],
      [parseMoneyInput('30,5', vnd('vi')), 'Số tiền VND không có phần thập phân'],
      [parseMoneyInput('1,9999', usd('vi')), 'Số tiền USD có tối đa 2 chữ số thập phân'],
      [parsePercentInput('1,9999', { lang: 'vi' }), 'Tỷ lệ phần trăm có tối đa 2 chữ số thập phân'],
      [parseMoneyInput('1.000.001', vnd('vi', { max: 1_000_000 })), 'Số tiền tối đa là 1.000.000\u00a0₫'],
      [parsePercentInput('101', { lang: 'vi' }), 'Tỷ lệ tối đa là 100%'],
    ];
    const reasons = new Set<string>();
    for (const [r, text] of samples) {
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      reasons.add(r.reason);
      expect(r.message).toBe(text);
    }
    expect(reasons.size).toBe(9); // every reason of NUMBER_INPUT_ERRORS
  });

  it('reads in English through the catalog, with the English example', () => {
    const en = (r: NumberInputResult) => (r.ok ? '' : localizeMessage(r.message, 'en'));
    expect(en(parseMoneyInput('', vnd('en')))).toBe('Please enter an amount');
    expect(en(parseMoneyInput('1.234,56', usd('en')))).toBe('Use "," to separate thousands and "." before the decimals, e.g. 1,234,567.89');
    expect(en(parseMoneyInput('30.5', vnd('en')))).toBe('A VND amount has no decimals');
    expect(en(parseMoneyInput('1,000,001', vnd('en', { max: 1_000_000 })))).toBe('The largest amount accepted is 1,000,000\u00a0₫');
    expect(en(parsePercentInput('abc', { lang: 'en' }))).toBe('Type only digits and separators, e.g. 2.5%');
    const vietnamese = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), currency, fc.boolean(), (t, c, pct) => {
        const r = pct ? parsePercentInput(t, { lang: 'en' }) : parseMoneyInput(t, { currency: c, lang: 'en' });
        if (!r.ok) expect(localizeMessage(r.message, 'en')).not.toMatch(vietnamese);
      }),
    );
  });
});
