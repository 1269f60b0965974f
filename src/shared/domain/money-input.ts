/**
 * THE text of numbers, both ways: money, percentages, exchange rates and measures (kg, cm) typed by a person, read
 * exactly or refused; and the one written form of each. Pure: the web shows the message under the input as the
 * user types, the server writes its messages, exports and imports with the same functions, so a figure reads the
 * same on the screen, in a message and in a file.
 *
 * Why here and not in money.ts: money.ts is arithmetic (rounding, conversion, totals) and knows no language; the
 * reader and the writer share one table of separators per language (SEPARATORS below) and are tested as a pair
 * (whatever is written reads back to the same value), so they live together, in the one module that knows them.
 *
 * The one of each (nothing else in src/ defines them):
 *   - formatMoney      minor units + currency + language → "1.234.567 ₫", "49,99 USD" (đồng is the VND case);
 *   - formatPercent    basis points + language → "2,5%" / "2.5%";
 *   - formatScaled     an integer scaled by 10^decimals → its text (the writer under both; also kg, rates, steps);
 *   - groupThousands   the grouping of digits;
 *   - readNumber       the reader (private); its entry points say what is read: parseMoneyInput, parsePercentInput,
 *                      parseRateInput, and parseDecimalInput for measures (kg, cm, a billing step, a spreadsheet cell);
 *   - parseRateWire / formatRateWire  an exchange rate as stored and sent ("25400", "18.5"): the same reader and
 *                      writer in the wire form, "." before the decimals, never grouped.
 *
 * The rule is "read only what is unambiguous, refuse the rest with a reason", never "make a number out of it":
 * "1e9" is not 19, "-4x9,99" is not 49.99, a 17-digit amount is not capped to the maximum.
 *
 * What is read, per UI language:
 *   - Vietnamese (vi): "." groups thousands, "," comes before the decimals: "1.234.567", "49,99".
 *   - English (en):    "," groups thousands, "." comes before the decimals: "1,234,567", "49.99".
 *   - plain digits in both ("1234567"); surrounding spaces (also no-break spaces) are ignored;
 *   - one currency sign or code before or after the number, and only the field's own currency: ₫ / đ / VND / VNĐ,
 *     $ / US$ / USD, € / EUR, ¥ / JPY, ₩ / KRW (letter case ignored);
 *   - a leading minus ("-" or "−") only where the field allows negative amounts.
 * A thousands group is exactly three digits after the first group of one to three ("1.23.4" is refused). The
 * decimals are counted as typed: "30,00" is refused for VND (no minor unit), "49,990" for USD (two), because a
 * person who typed more decimals than the currency has did not mean what the rounding would make of it. A text
 * that reads correctly only with the other language's separators ("1,234.56" in Vietnamese) is refused and the
 * message shows how to write it here: "1.234" is one thousand two hundred and thirty-four in Vietnamese but is
 * refused in English for VND, where it would be 1 đồng and 234 thousandths. One exception, because it has a
 * single reading: an amount with one mark and one or two digits after it ("39.99", "39,99") is a thousands group in
 * neither language, so that mark is the decimal mark in both ("39.99" USD pasted into the Vietnamese UI is 39,99 USD;
 * the input shows what it read). With three digits after it ("49,999") the mark could be either, and is refused.
 *
 * The result is an integer number of minor units (đồng for VND, cents for USD), or basis points for a percentage,
 * always a safe integer within the maximum.
 *
 * One written format per language, everywhere (formatMoney): the amount with the language's separators, a
 * no-break space, then the currency: "1.234.567 ₫" and "49,99 USD" in Vietnamese, "1,234,567 ₫" and "49.99 USD"
 * in English. VND keeps its sign ₫ in both languages, as a Vietnamese business prints it; other currencies are
 * written with their ISO code, which no reader confuses ($ alone could be any dollar). Whatever formatMoney and
 * formatMoneyAmount write, parseMoneyInput reads back to the same value.
 */

import type { MessageLanguage } from '../i18n/language';
import { BPS_DENOMINATOR, CURRENCIES, CURRENCY_DECIMALS, MONEY_MAX, RATE_MAX_X100, type Currency } from './money';

/** Why a typed amount was refused. */
export const NUMBER_INPUT_ERRORS = [
  /** Nothing typed (only spaces, or only a currency sign). */
  'empty',
  /** Letters, spaces inside the number, a "+", a second minus or any other character. */
  'invalid_characters',
  /** Exponent notation ("1e9", "2.5E3"). */
  'exponent',
  /** A minus sign where the field takes no negative amount. */
  'negative',
  /** The sign or code of another currency ("$" in a VND field). */
  'currency_mismatch',
  /** Readable only with the other language's separators ("1,234.56" in Vietnamese, "1.234,56" in English). */
  'wrong_separators',
  /** Separators in the wrong places ("1.23.4", "30,", "1,,5", a group separator in the decimals). */
  'misplaced_separator',
  /** More decimals than the currency has ("30,5" VND, "49,999" USD) or than a percentage takes (two). */
  'too_many_decimals',
  /** Beyond the maximum of the field. Never capped. */
  'too_large',
  /** Zero where only a positive number means anything (an exchange rate). */
  'zero',
] as const;
export type NumberInputError = (typeof NUMBER_INPUT_ERRORS)[number];

export type NumberInputResult =
  /** `value`: integer minor units (money) or basis points (percentage). */
  | { ok: true; value: number }
  /** `message`: Vietnamese, ready to show (English through the message catalog, like every message). */
  | { ok: false; reason: NumberInputError; message: string };

export interface MoneyInputOptions {
  currency: Currency;
  /** The UI language: decides which of "." and "," groups thousands. */
  lang: MessageLanguage;
  /** Whether a leading minus is accepted (an adjustment); false by default. */
  allowNegative?: boolean;
  /** Largest magnitude accepted, in minor units; MONEY_MAX by default. */
  max?: number;
}

export interface PercentInputOptions {
  lang: MessageLanguage;
  allowNegative?: boolean;
  /** Largest magnitude accepted, in basis points; 10,000 (100 %) by default. */
  max?: number;
}

/** Decimals a percentage may be typed with: basis points are hundredths of a percent. */
const PERCENT_DECIMALS = 2;

export interface RateInputOptions {
  lang: MessageLanguage;
  /** Largest rate accepted, in hundredths of a đồng; RATE_MAX_X100 by default. */
  max?: number;
}

/** Decimals an exchange rate (đồng per unit of the foreign currency) may be typed with. */
const RATE_DECIMALS = 2;

export interface DecimalInputOptions {
  /** Digits the integer keeps after the decimal mark: 3 for kg held as g, 1 for cm held as mm, 2 for cents. */
  decimals: number;
  /** Language of the refusal's message and example only: a measure is read the same in every language. */
  lang?: MessageLanguage;
  allowNegative?: boolean;
  /** Largest magnitude accepted, as the scaled integer; MONEY_MAX by default. */
  max?: number;
}

interface Separators {
  group: string;
  decimal: string;
}

const SEPARATORS: Record<MessageLanguage, Separators> = {
  vi: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const OTHER_LANGUAGE: Record<MessageLanguage, MessageLanguage> = { vi: 'en', en: 'vi' };

/** The sign written after a VND amount; other currencies are written with their ISO code. */
export const VND_SIGN = '₫';
const NBSP = '\u00a0';

/**
 * The signs and codes a person may type with an amount (`aliases`: matched lower-cased, never shown); each belongs to
 * one currency.
 */
const CURRENCY_INPUT: Record<Currency, { aliases: readonly string[] }> = {
  VND: { aliases: ['₫', 'đ', 'vnd', 'vnđ'] },
  USD: { aliases: ['$', 'us$', 'usd'] },
  EUR: { aliases: ['€', 'eur'] },
  JPY: { aliases: ['¥', 'jpy'] },
  KRW: { aliases: ['₩', 'krw'] },
};

const MARKER_CURRENCY = new Map<string, Currency>(CURRENCIES.flatMap((c) => CURRENCY_INPUT[c].aliases.map((m) => [m, c] as const)));

const MINUS = /^[-\u2212]/;
/** A run of characters that are neither digits, spaces, separators nor signs: a currency sign, a code, or junk. */
const LEADING_WORD = /^[^\d\s.,+\-\u2212]+/u;
const TRAILING_WORD = /[^\d\s.,+\-\u2212]+$/u;
const EXPONENT = /^\d[\d.,]*e[+-]?\d+$/i;

/**
 * What is read: 'number' is a measure (parseDecimalInput), written without thousands grouping; 'wire' is a value
 * in the wire form (parseRateWire): "." is its only decimal mark, and it is never grouped.
 */
type Kind = 'money' | 'percent' | 'rate' | 'number' | 'wire';

interface Context {
  kind: Kind;
  lang: MessageLanguage;
  decimals: number;
  currency?: Currency;
  /** The largest value, already written in the UI language (for the message). */
  maxText: string;
}

// ---- messages ---------------------------------------------------------------------------------------------------

/** An example of the number written the way the language writes it: "1.234.567,89" / "1,234,567" / "2,5". */
function example(ctx: Context): string {
  if (ctx.kind === 'percent') return formatPercent(250, ctx.lang);
  if (ctx.kind === 'rate') return formatRateAmount(2_545_050, ctx.lang);
  if (ctx.kind === 'wire') return formatRateWire(2_545_050);
  if (ctx.kind === 'number') return formatScaled(ctx.decimals > 0 ? 15 * 10 ** (ctx.decimals - 1) : 15, ctx.decimals, { lang: ctx.lang, grouping: false, trimZeros: true });
  const minor = ctx.decimals > 0 ? 123_456_789 : 1_234_567;
  return formatScaled(minor, ctx.decimals, { lang: ctx.lang });
}

/** The Vietnamese message of a refusal (English comes from the message catalog). */
function message(reason: NumberInputError, ctx: Context): string {
  const { group, decimal } = SEPARATORS[ctx.lang];
  const sample = example(ctx);
  const currency = ctx.currency ?? 'VND';
  switch (reason) {
    case 'empty':
      if (ctx.kind === 'number') return 'Vui lòng nhập số';
      return ctx.kind === 'money' ? 'Vui lòng nhập số tiền' : ctx.kind === 'rate' ? 'Vui lòng nhập tỷ giá' : 'Vui lòng nhập tỷ lệ phần trăm';
    case 'invalid_characters':
      return `Chỉ nhập chữ số và dấu ngăn cách, ví dụ ${sample}`;
    case 'exponent':
      return 'Không nhập dạng số mũ (như 1e9): hãy gõ đủ các chữ số';
    case 'negative':
      return 'Không được nhập số âm';
    case 'currency_mismatch':
      return `Số tiền này tính bằng ${currency}`;
    case 'wrong_separators':
      return ctx.decimals > 0
        ? `Dùng dấu "${group}" để ngăn cách hàng nghìn và dấu "${decimal}" trước phần thập phân, ví dụ ${sample}`
        : `Dùng dấu "${group}" để ngăn cách hàng nghìn, ví dụ ${sample}`;
    case 'misplaced_separator':
      if (ctx.kind === 'number') return `Chỉ dùng một dấu thập phân ("," hoặc "."), không ngăn cách hàng nghìn, ví dụ ${sample}`;
      return `Dấu ngăn cách đặt sai chỗ: mỗi nhóm hàng nghìn có đúng 3 chữ số, ví dụ ${sample}`;
    case 'too_many_decimals':
      if (ctx.kind === 'percent') return `Tỷ lệ phần trăm có tối đa ${ctx.decimals} chữ số thập phân`;
      if (ctx.kind === 'rate' || ctx.kind === 'wire') return `Tỷ giá có tối đa ${ctx.decimals} chữ số thập phân`;
      if (ctx.kind === 'number') return ctx.decimals === 0 ? 'Chỉ nhập số nguyên' : `Số có tối đa ${ctx.decimals} chữ số thập phân`;
      return ctx.decimals === 0 ? `Số tiền ${currency} không có phần thập phân` : `Số tiền ${currency} có tối đa ${ctx.decimals} chữ số thập phân`;
    case 'too_large':
      if (ctx.kind === 'number') return `Số tối đa là ${ctx.maxText}`;
      return ctx.kind === 'money' ? `Số tiền tối đa là ${ctx.maxText}` : ctx.kind === 'rate' || ctx.kind === 'wire' ? `Tỷ giá tối đa là ${ctx.maxText}` : `Tỷ lệ tối đa là ${ctx.maxText}`;
    case 'zero':
      return 'Tỷ giá phải lớn hơn 0';
  }
}

// ---- reading ----------------------------------------------------------------------------------------------------

type Digits = { ok: true; digits: string } | { ok: false; reason: NumberInputError };

/**
 * The number part ("1.234.567,89": digits and separators only) read with one language's separators, as the
 * integer of minor units written in digits (leading zeros kept; BigInt reads it).
 */
function readDigits(body: string, seps: Separators, decimals: number): Digits {
  const parts = body.split(seps.decimal);
  if (parts.length > 2) return { ok: false, reason: 'misplaced_separator' };
  const [whole, fraction] = parts as [string, string | undefined];
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return { ok: false, reason: 'misplaced_separator' };
  if (seps.group !== '' && whole.includes(seps.group)) {
    const grouped = new RegExp(`^[1-9]\\d{0,2}(?:\\${seps.group}\\d{3})+$`);
    if (!grouped.test(whole)) return { ok: false, reason: 'misplaced_separator' };
  } else if (!/^\d+$/.test(whole)) {
    return { ok: false, reason: 'misplaced_separator' };
  }
  if (fraction !== undefined && fraction.length > decimals) return { ok: false, reason: 'too_many_decimals' };
  return { ok: true, digits: (seps.group === '' ? whole : whole.split(seps.group).join('')) + (fraction ?? '').padEnd(decimals, '0') };
}

/** Digits, one "." or ",", then one or two digits: never a thousands group, in either language. */
const LONE_DECIMAL_MARK = /^\d+[.,]\d{1,2}$/;

function checkMax(max: number, what: string): void {
  if (!Number.isSafeInteger(max) || max < 0) throw new RangeError(`${what} must be a non-negative safe integer`);
}

/**
 * The shared reading of a money or percentage text. `marker(word)` says what a sign or code typed with the
 * number is: 'ours', 'other' (another currency's) or 'unknown'.
 */
function readNumber(
  text: string,
  ctx: Context,
  allowNegative: boolean,
  max: number,
  marker: (word: string, where: 'leading' | 'trailing') => 'ours' | 'other' | 'unknown',
): NumberInputResult {
  const refuse = (reason: NumberInputError): NumberInputResult => ({ ok: false, reason, message: message(reason, ctx) });

  let s = text.trim();
  let negative = false;
  const takeSign = () => {
    if (!negative && MINUS.test(s)) {
      negative = true;
      s = s.slice(1).trim();
    }
  };
  takeSign();
  // One currency sign or code (or "%"), before or after the number. An unknown word after the number is left in
  // place and refused below with the rest of what is not a number (or read as an exponent's "e").
  let found: 'ours' | 'other' | undefined;
  const lead = LEADING_WORD.exec(s);
  if (lead) {
    const kind = marker(lead[0], lead[0] === s ? 'trailing' : 'leading'); // a word alone ("%") may stand either way
    if (kind === 'unknown') return refuse('invalid_characters');
    found = kind;
    s = s.slice(lead[0].length).trim();
    takeSign(); // "USD -5"
  } else {
    const trail = TRAILING_WORD.exec(s);
    const kind = trail ? marker(trail[0], 'trailing') : 'unknown';
    if (trail && kind !== 'unknown') {
      found = kind;
      s = s.slice(0, s.length - trail[0].length).trim();
    }
  }

  if (s === '') return refuse(found === 'other' ? 'currency_mismatch' : 'empty');
  if (!/^[\d.,]+$/.test(s)) return refuse(EXPONENT.test(s) ? 'exponent' : 'invalid_characters');
  if (found === 'other') return refuse('currency_mismatch');

  const finish = (digits: string): NumberInputResult => {
    if (negative && !allowNegative) return refuse('negative');
    const magnitude = BigInt(digits);
    if (magnitude > BigInt(max)) return refuse('too_large');
    const value = Number(magnitude);
    return { ok: true, value: negative && value !== 0 ? -value : value };
  };
  if (ctx.kind === 'number') {
    // A measure is never grouped, so its one mark, "," or ".", is the decimal mark in every language.
    const marks = new Set(s.replace(/\d/g, ''));
    if (marks.size > 1) return refuse('misplaced_separator');
    const read = readDigits(s, { group: '', decimal: marks.has(',') ? ',' : '.' }, ctx.decimals);
    if (!read.ok) return refuse(read.reason);
    return finish(read.digits);
  }
  if (ctx.kind === 'wire') {
    // The wire form is the one formatRateWire writes: "." before the decimals, no grouping ("25,400" is refused,
    // not read as 25.400 or 25,4), no leading zero ("025400"), so a stored value has exactly one spelling.
    const read = readDigits(s, { group: '', decimal: '.' }, ctx.decimals);
    if (!read.ok) return refuse(read.reason);
    if (/^0\d/.test(s)) return refuse('misplaced_separator');
    return finish(read.digits);
  }
  const read = readDigits(s, SEPARATORS[ctx.lang], ctx.decimals);
  if (!read.ok && ctx.kind === 'money' && LONE_DECIMAL_MARK.test(s)) {
    // One mark with one or two digits after it is a thousands group in neither language, so it can only be the
    // decimal mark: a price pasted from elsewhere ("39.99" in Vietnamese, "39,99" in English) has one reading.
    const lone = readDigits(s, { group: '', decimal: s.includes(',') ? ',' : '.' }, ctx.decimals);
    if (lone.ok) return finish(lone.digits);
  }
  if (!read.ok) {
    // Readable with the other language's separators: the person writes numbers the other way; say how to here.
    const other = readDigits(s, SEPARATORS[OTHER_LANGUAGE[ctx.lang]], ctx.decimals);
    return refuse(other.ok ? 'wrong_separators' : read.reason);
  }
  return finish(read.digits);
}

/**
 * A typed amount → integer minor units of `currency`, or the reason it is refused (with its message).
 * See the module comment for exactly what is read.
 */
export function parseMoneyInput(text: string, options: MoneyInputOptions): NumberInputResult {
  const { currency, lang, allowNegative = false, max = MONEY_MAX } = options;
  checkMax(max, 'max');
  const decimals = CURRENCY_DECIMALS[currency];
  const ctx: Context = { kind: 'money', lang, decimals, currency, maxText: formatMoney(max, currency, lang) };
  return readNumber(String(text), ctx, allowNegative, max, (word) => {
    const owner = MARKER_CURRENCY.get(word.toLowerCase());
    if (owner === undefined) return 'unknown';
    return owner === currency ? 'ours' : 'other';
  });
}

/**
 * A typed percentage → basis points ("2,5" in Vietnamese, "2.5" or "2.5 %" in English → 250), or the reason it
 * is refused. At most two decimals; a "%" may follow the number.
 */
export function parsePercentInput(text: string, options: PercentInputOptions): NumberInputResult {
  const { lang, allowNegative = false, max = BPS_DENOMINATOR } = options;
  checkMax(max, 'max');
  const ctx: Context = { kind: 'percent', lang, decimals: PERCENT_DECIMALS, maxText: formatPercent(max, lang) };
  return readNumber(String(text), ctx, allowNegative, max, (word, where) => (word === '%' && where === 'trailing' ? 'ours' : 'unknown'));
}

/**
 * A typed exchange rate (đồng per unit of a foreign currency, at most two decimals) → hundredths of a đồng, read
 * with the UI language's separators like an amount: "25.450" and "18,5" in Vietnamese, "25,450" and "18.5" in
 * English. A "25.5" typed in Vietnamese is refused (it reads only the English way), not taken for 25,5 ₫ or 25.500 ₫.
 * An "₫"/"đ"/"VND" may follow the number; zero is refused.
 */
export function parseRateInput(text: string, options: RateInputOptions): NumberInputResult {
  const { lang, max = RATE_MAX_X100 } = options;
  checkMax(max, 'max');
  const ctx: Context = { kind: 'rate', lang, decimals: RATE_DECIMALS, currency: 'VND', maxText: `${formatRateAmount(max, lang)}${NBSP}${VND_SIGN}` };
  const r = readNumber(String(text), ctx, false, max, (word) => {
    const owner = MARKER_CURRENCY.get(word.toLowerCase());
    if (owner === undefined) return 'unknown';
    return owner === 'VND' ? 'ours' : 'other';
  });
  return r.ok && r.value === 0 ? { ok: false, reason: 'zero', message: message('zero', ctx) } : r;
}

/**
 * An exchange rate in the wire form (a settings value, an API field, an order's kept rate) → hundredths of a đồng,
 * or null: "25400" → 2540000, "18.5" / "18.50" → 1850. The same reader as a typed rate, with the wire's marks: "."
 * is the only decimal mark and nothing is grouped, so "25,400" and "25.400,5" are refused, never rewritten; at most
 * two decimals, no sign, no currency, no leading zero, zero refused, at most RATE_MAX_X100. A JS number is read only
 * when it is a safe integer (18.5 is sent as the string "18.5"). The inverse of formatRateWire.
 */
export function parseRateWire(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return null;
  }
  const ctx: Context = { kind: 'wire', lang: 'vi', decimals: RATE_DECIMALS, currency: 'VND', maxText: formatRateWire(RATE_MAX_X100) };
  const r = readNumber(text, ctx, false, RATE_MAX_X100, () => 'unknown');
  return r.ok && r.value > 0 ? r.value : null;
}

/**
 * A typed measure → an integer scaled by 10^decimals ("1,5" kg → 1500 g at 3 decimals, "12.5" cm → 125 mm at 1), or
 * the reason it is refused. Measures (weights, sizes, a price list's billing step, a spreadsheet's number cell) are
 * written without thousands grouping, so their one mark is unambiguous: "," and "." are both the decimal mark, in
 * every language ("1,5" and "1.5" kg are 1500 g; a spreadsheet's 1.5 arrives as "1.5"). Refused, never rewritten:
 * two marks or a grouped number ("1.000.000", "1,5.3"), a mark without digits on both sides ("1.", ".5"), more
 * decimals than the unit holds ("1,2345" kg: counted as typed, like money), letters or a unit ("1,5 kg"), an exponent
 * ("1e3"), a minus unless allowed. A JS number is read through its shortest text (1.5 → "1.5").
 */
export function parseDecimalInput(input: string | number, options: DecimalInputOptions): NumberInputResult {
  const { decimals, lang = 'vi', allowNegative = false, max = MONEY_MAX } = options;
  checkMax(max, 'max');
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 9) throw new RangeError(`decimals must be an integer from 0 to 9: ${decimals}`);
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : String(input);
  const ctx: Context = { kind: 'number', lang, decimals, maxText: formatScaled(max, decimals, { lang, grouping: false, trimZeros: true }) };
  return readNumber(text, ctx, allowNegative, max, () => 'unknown');
}

// ---- writing ----------------------------------------------------------------------------------------------------

/** THE grouping of digits: "1234567" → "1.234.567" with ".". Digits only (no sign, no decimals). */
export function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export interface ScaledTextOptions {
  /** The language's marks ("1.234,5" vi, "1,234.5" en). Absent: the plain form, "." before the decimals, no grouping ("1234.5"). */
  lang?: MessageLanguage;
  /** Thousands grouping with the language's mark; true by default when `lang` is given. Measures are never grouped. */
  grouping?: boolean;
  /** Drop trailing decimal zeros (and the mark with them): "1,50" → "1,5", "2,00" → "2". Money keeps them. */
  trimZeros?: boolean;
}

/**
 * THE writer of an integer scaled by 10^decimals (minor units, basis points, grams as kg, hundredths of a đồng): 123456
 * at 2 decimals → "1.234,56" (vi) / "1,234.56" (en) / "1234.56" (plain). Integer digits only, never a float; a negative
 * value starts with "-". Whatever it writes, parseDecimalInput (no grouping) or the language's reader reads back.
 */
export function formatScaled(value: number | bigint, decimals: number, options: ScaledTextOptions = {}): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`value must be a safe integer (scaled by 10^${decimals}): ${value}`);
  const { lang, grouping = lang !== undefined, trimZeros = false } = options;
  const { group, decimal } = lang ? SEPARATORS[lang] : { group: '', decimal: '.' };
  const big = BigInt(value);
  const digits = (big < 0n ? -big : big).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  return `${big < 0n ? '-' : ''}${grouping && group ? groupThousands(whole, group) : whole}${fraction ? decimal + fraction : ''}`;
}

/**
 * The number part of an amount as an input shows it once read: "1.234.567" / "49,99" (vi), "1,234,567" /
 * "49.99" (en). Always the currency's full decimals.
 */
export function formatMoneyAmount(minor: number | bigint, currency: Currency, lang: MessageLanguage): string {
  return formatScaled(minor, CURRENCY_DECIMALS[currency], { lang });
}

/**
 * THE money formatter, the one written form of an amount in each language: "1.234.567 ₫", "49,99 USD" (vi);
 * "1,234,567 ₫", "49.99 USD" (en). A no-break space keeps the currency with its number; a negative amount starts
 * with "-". đồng is the VND case (the server's Vietnamese messages write formatMoney(amount, 'VND', 'vi')); a
 * foreign currency keeps all its decimals (CURRENCY_DECIMALS). A bigint is written exactly (bigint columns).
 */
export function formatMoney(minor: number | bigint, currency: Currency, lang: MessageLanguage): string {
  return `${formatMoneyAmount(minor, currency, lang)}${NBSP}${currency === 'VND' ? VND_SIGN : currency}`;
}

/** An exchange rate in hundredths of a đồng as an input shows it, trailing decimal zeros dropped: 2545050 → "25.450,5" (vi) / "25,450.5" (en). */
export function formatRateAmount(x100: number, lang: MessageLanguage): string {
  if (!Number.isSafeInteger(x100)) throw new RangeError(`rate must be a safe integer of hundredths: ${x100}`);
  return formatScaled(x100, RATE_DECIMALS, { lang, trimZeros: true });
}

/**
 * An exchange rate in hundredths of a đồng in the wire form, the shortest text parseRateWire reads back: 2540000 →
 * "25400", 1850 → "18.5", 1855 → "18.55" (the plain form of formatScaled: "." before the decimals, no grouping).
 */
export function formatRateWire(x100: number): string {
  if (!Number.isSafeInteger(x100) || x100 <= 0) throw new RangeError(`rate must be a positive safe integer of hundredths: ${x100}`);
  return formatScaled(x100, RATE_DECIMALS, { trimZeros: true });
}

/**
 * THE percent formatter: basis points, trailing zeros dropped, "%" right after the number in BOTH languages:
 * 250 → "2,5%" (vi) / "2.5%" (en); 1000 → "10%". No space before "%": Vietnamese print and administrative writing
 * (and the English the screens use) write "5%", the form the existing tests and screens already expect; the French
 * "5 %" is not Vietnamese usage. A typed "5 %" is still read (parsePercentInput).
 */
export function formatPercent(bps: number, lang: MessageLanguage): string {
  if (!Number.isSafeInteger(bps)) throw new RangeError(`basis points must be a safe integer: ${bps}`);
  return `${formatScaled(bps, PERCENT_DECIMALS, { lang, trimZeros: true })}%`;
}
