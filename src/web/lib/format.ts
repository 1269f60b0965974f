import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatMoney, formatRateAmount, formatScaled } from '../../shared/domain/money-input';
import { currentLanguage } from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The business runs on Vietnamese time whatever the browser's zone is. */
export const APP_TIME_ZONE = 'Asia/Ho_Chi_Minh';
const DATE_FORMAT = 'DD/MM/YYYY';
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
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

/**
 * Integer đồng in the one written form of each language: "1.250.000 ₫" in Vietnamese, "1,250,000 ₫" in English,
 * a no-break space before ₫. Only the web's binding of THE money formatter (shared/domain/money-input.ts
 * formatMoney, VND case) to the UI language: it writes nothing itself. `lang` defaults to the UI language. Takes
 * number, bigint or an integer string (bigint columns may arrive as strings) and never goes through floating point;
 * null, undefined and '' are ''.
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
  return formatMoney(value, 'VND', lang);
}

/**
 * An exchange rate, đồng per foreign unit × 100 (shared/domain/money-input.ts parseRateWire), in the written form of money:
 * "25.400 ₫" / "18,5 ₫" (vi), "25,400 ₫" / "18.5 ₫" (en). The one way a rate is shown (order, settings, calculator).
 */
export function formatRate(rateX100: number, lang: 'vi' | 'en' = currentLanguage()): string {
  return `${formatRateAmount(rateX100, lang)}${NBSP}₫`;
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
  return `${formatScaled(negative ? -centi : centi, 2, { lang, trimZeros: true })}${NBSP}kg`;
}

/** A plain integer with the language's grouping ("12.345" / "12,345"). */
export function formatInteger(value: number | null | undefined, lang: 'vi' | 'en' = 'vi'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Math.round(value);
  return Number.isSafeInteger(rounded) ? formatScaled(rounded, 0, { lang }) : '';
}
