import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { currentLanguage } from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The business runs on Vietnamese time whatever the browser's zone is. */
export const APP_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** Between the amount and "₫": a no-break space, so an amount never wraps away from its currency sign. */
export const NBSP = '\u00a0';

type DateInput = string | number | Date | null | undefined;

function toZoned(value: DateInput) {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.tz(APP_TIME_ZONE) : null;
}

/** "dd/MM/yyyy HH:mm" in Asia/Ho_Chi_Minh; '' for a missing or invalid value. */
export function formatDateTime(value: DateInput): string {
  return toZoned(value)?.format(DATE_TIME_FORMAT) ?? '';
}

/** "dd/MM/yyyy" in Asia/Ho_Chi_Minh; '' for a missing or invalid value. */
export function formatDate(value: DateInput): string {
  return toZoned(value)?.format(DATE_FORMAT) ?? '';
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Integer đồng in the one written form of each language (shared/domain/money-input.ts formatMoney): "1.250.000 ₫"
 * in Vietnamese, "1,250,000 ₫" in English, a no-break space before ₫, so a row never mixes the Vietnamese
 * grouping of đồng with the English one of a foreign price. `lang` defaults to the UI language. Takes number,
 * bigint or an integer string (bigint columns may arrive as strings) and never goes through floating point.
 */
export function formatVnd(dong: number | bigint | string | null | undefined, lang: 'vi' | 'en' = currentLanguage()): string {
  if (dong === null || dong === undefined || dong === '') return '';
  let value: bigint;
  if (typeof dong === 'bigint') value = dong;
  else if (typeof dong === 'number') {
    if (!Number.isSafeInteger(dong)) throw new RangeError(`VND amount must be an integer number of đồng: ${dong}`);
    value = BigInt(dong);
  } else {
    if (!/^-?\d+$/.test(dong.trim())) throw new RangeError(`VND amount must be an integer number of đồng: ${dong}`);
    value = BigInt(dong.trim());
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  return `${negative ? '-' : ''}${groupThousands(digits, lang === 'en' ? ',' : '.')}${NBSP}₫`;
}

/**
 * An exchange rate, đồng per foreign unit × 100 (shared/domain/money.ts parseRate), in the written form of money:
 * "25.400 ₫" / "18,5 ₫" (vi), "25,400 ₫" / "18.5 ₫" (en). The one way a rate is shown (order, settings, calculator).
 */
export function formatRate(rateX100: number, lang: 'vi' | 'en' = currentLanguage()): string {
  const whole = Math.floor(rateX100 / 100);
  const cents = rateX100 % 100;
  const fraction = cents ? `${lang === 'en' ? '.' : ','}${String(cents).padStart(2, '0').replace(/0$/, '')}` : '';
  return formatVnd(whole, lang).replace(/\u00a0₫$/, `${fraction}\u00a0₫`);
}

/**
 * Integer grams as kilograms with up to two decimals, rounded half up ("1,25 kg" in Vietnamese,
 * "1.25 kg" in English; trailing zeros dropped: 1200 g → "1,2 kg", 3000 g → "3 kg").
 */
export function formatKg(grams: number | null | undefined, lang: 'vi' | 'en' = 'vi'): string {
  if (grams === null || grams === undefined) return '';
  if (!Number.isSafeInteger(grams)) throw new RangeError(`Weight must be an integer number of grams: ${grams}`);
  const negative = grams < 0;
  // Hundredths of a kilogram = grams / 10, rounded half up on the magnitude, all in integers.
  const centi = Math.floor((Math.abs(grams) + 5) / 10);
  const whole = Math.floor(centi / 100);
  const fraction = String(centi % 100).padStart(2, '0').replace(/0+$/, '');
  const [group, decimal] = lang === 'vi' ? ['.', ','] : [',', '.'];
  const number = groupThousands(String(whole), group) + (fraction ? decimal + fraction : '');
  return `${negative && centi > 0 ? '-' : ''}${number}${NBSP}kg`;
}

/** A plain integer with the language's grouping ("12.345" / "12,345"). */
export function formatInteger(value: number | null | undefined, lang: 'vi' | 'en' = 'vi'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Math.round(value);
  const digits = groupThousands(String(Math.abs(rounded)), lang === 'vi' ? '.' : ',');
  return rounded < 0 ? `-${digits}` : digits;
}
