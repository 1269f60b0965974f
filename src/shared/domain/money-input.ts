/**
 * Money and percentage typed by a person, read exactly or refused. Pure: the web shows the message under the
 * input as the user types, and the server may read the same text the same way.
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
 * refused in English for VND, where it would be 1 đồng and 234 thousandths.
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
export const PERCENT_DECIMALS = 2;

export interface RateInputOptions {
  lang: MessageLanguage;
  /** Largest rate accepted, in hundredths of a đồng; RATE_MAX_X100 by default. */
  max?: number;
}

/** Decimals an exchange rate (đồng per unit of the foreign currency) may be typed with. */
export const RATE_DECIMALS = 2;

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

type Kind = 'money' | 'percent' | 'rate';

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
  const minor = ctx.decimals > 0 ? 123_456_789 : 1_234_567;
  return formatMinor(minor, ctx.decimals, ctx.lang);
}

/** The Vietnamese message of a refusal (English comes from the message catalog). */
function message(reason: NumberInputError, ctx: Context): string {
  const { group, decimal } = SEPARATORS[ctx.lang];
  const sample = example(ctx);
  const currency = ctx.currency ?? 'VND';
  switch (reason) {
    case 'empty':
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
      return `Dấu ngăn cách đặt sai chỗ: mỗi nhóm hàng nghìn có đúng 3 chữ số, ví dụ ${sample}`;
    case 'too_many_decimals':
      if (ctx.kind === 'percent') return `Tỷ lệ phần trăm có tối đa ${ctx.decimals} chữ số thập phân`;
      if (ctx.kind === 'rate') return `Tỷ giá có tối đa ${ctx.decimals} chữ số thập phân`;
      return ctx.decimals === 0 ? `Số tiền ${currency} không có phần thập phân` : `Số tiền ${currency} có tối đa ${ctx.decimals} chữ số thập phân`;
    case 'too_large':
      return ctx.kind === 'money' ? `Số tiền tối đa là ${ctx.maxText}` : ctx.kind === 'rate' ? `Tỷ giá tối đa là ${ctx.maxText}` : `Tỷ lệ tối đa là ${ctx.maxText}`;
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
  if (whole.includes(seps.group)) {
    const grouped = new RegExp(`^[1-9]\\d{0,2}(?:\\${seps.group}\\d{3})+$`);
    if (!grouped.test(whole)) return { ok: false, reason: 'misplaced_separator' };
  } else if (!/^\d+$/.test(whole)) {
    return { ok: false, reason: 'misplaced_separator' };
  }
  if (fraction !== undefined && fraction.length > decimals) return { ok: false, reason: 'too_many_decimals' };
  return { ok: true, digits: whole.split(seps.group).join('') + (fraction ?? '').padEnd(decimals, '0') };
}

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

  const read = readDigits(s, SEPARATORS[ctx.lang], ctx.decimals);
  if (!read.ok) {
    // Readable with the other language's separators: the person writes numbers the other way; say how to here.
    const other = readDigits(s, SEPARATORS[OTHER_LANGUAGE[ctx.lang]], ctx.decimals);
    return refuse(other.ok ? 'wrong_separators' : read.reason);
  }
  if (negative && !allowNegative) return refuse('negative');
  const magnitude = BigInt(read.digits);
  if (magnitude > BigInt(max)) return refuse('too_large');
  const value = Number(magnitude);
  return { ok: true, value: negative && value !== 0 ? -value : value };
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

// ---- writing ----------------------------------------------------------------------------------------------------

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function formatMinor(minor: number, decimals: number, lang: MessageLanguage): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount must be a safe integer of minor units: ${minor}`);
  const { group, decimal } = SEPARATORS[lang];
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${minor < 0 ? '-' : ''}${groupThousands(whole, group)}${decimals > 0 ? decimal + fraction : ''}`;
}

/**
 * The number part of an amount as an input shows it once read: "1.234.567" / "49,99" (vi), "1,234,567" /
 * "49.99" (en). Always the currency's full decimals.
 */
export function formatMoneyAmount(minor: number, currency: Currency, lang: MessageLanguage): string {
  return formatMinor(minor, CURRENCY_DECIMALS[currency], lang);
}

/**
 * THE written form of an amount in each language: "1.234.567 ₫", "49,99 USD" (vi); "1,234,567 ₫", "49.99 USD"
 * (en). A no-break space keeps the currency with its number; a negative amount starts with "-".
 */
export function formatMoney(minor: number, currency: Currency, lang: MessageLanguage): string {
  return `${formatMoneyAmount(minor, currency, lang)}${NBSP}${currency === 'VND' ? VND_SIGN : currency}`;
}

/** An exchange rate in hundredths of a đồng as an input shows it, trailing decimal zeros dropped: 2545050 → "25.450,5" (vi) / "25,450.5" (en). */
export function formatRateAmount(x100: number, lang: MessageLanguage): string {
  if (!Number.isSafeInteger(x100)) throw new RangeError(`rate must be a safe integer of hundredths: ${x100}`);
  const text = formatMinor(x100, RATE_DECIMALS, lang);
  const { decimal } = SEPARATORS[lang];
  // Two decimals are always written here, so only decimal zeros are trailing ones.
  return text.replace(/0+$/, '').replace(new RegExp(`\\${decimal}$`), '');
}

/** Basis points as a percentage, trailing zeros dropped: 250 → "2,5%" (vi) / "2.5%" (en); 1000 → "10%". */
export function formatPercent(bps: number, lang: MessageLanguage): string {
  if (!Number.isSafeInteger(bps)) throw new RangeError(`basis points must be a safe integer: ${bps}`);
  const text = formatMinor(bps, PERCENT_DECIMALS, lang);
  const { decimal } = SEPARATORS[lang];
  const trimmed = text.includes(decimal) ? text.replace(/0+$/, '').replace(new RegExp(`\\${decimal}$`), '') : text;
  return `${trimmed}%`;
}
