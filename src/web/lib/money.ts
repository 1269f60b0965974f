import { CURRENCY_DECIMALS, type Currency } from '../../shared/domain/money';

/**
 * Foreign amounts as people type and read them. Prices are integer minor units (USD cents, JPY yen); the text a
 * person types is turned into them with string arithmetic only, so 0.1 + 0.2 never becomes a price.
 */

const group = (digits: string, sep: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/**
 * Minor units → "1.299,99 USD" (vi) / "1,299.99 USD" (en); VND and 0-decimal currencies have no decimals.
 * Works on the integer's digits, never through a float.
 */
export function formatForeign(minor: number | null | undefined, currency: Currency, lang: 'vi' | 'en' = 'vi'): string {
  if (minor === null || minor === undefined || !Number.isSafeInteger(minor)) return '';
  const decimals = CURRENCY_DECIMALS[currency];
  const [groupSep, decimalSep] = lang === 'vi' ? ['.', ','] : [',', '.'];
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? digits.slice(-decimals) : '';
  return `${negative ? '-' : ''}${group(whole, groupSep)}${fraction ? decimalSep + fraction : ''}\u00a0${currency}`;
}

/**
 * The text of a decimal input → an integer scaled by 10^decimals, or null when it is not a plain non-negative
 * number with at most `decimals` decimals. Either '.' or ',' is the decimal mark (a person abroad and one in
 * Vietnam write 12.99 and 12,99); with 0 decimals every separator is grouping and is ignored ("1.500" ¥ = 1500).
 */
export function parseScaled(text: string, decimals: number): number | null {
  const t = text.trim().replace(/\s/g, '');
  if (!t) return null;
  if (decimals === 0) {
    if (!/^\d{1,3}([.,]?\d{3})*$/.test(t) && !/^\d+$/.test(t)) return null;
    const n = Number(t.replace(/[.,]/g, ''));
    return Number.isSafeInteger(n) ? n : null;
  }
  const m = /^(\d*)(?:[.,](\d*))?$/.exec(t);
  if (!m || (!m[1] && !m[2])) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  const n = Number(m[1] || '0') * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(n) ? n : null;
}

/** An integer scaled by 10^decimals → the text an input shows for it ("12.99", "1500"). */
export function scaledToText(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isSafeInteger(value)) return '';
  if (!decimals) return String(value);
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Basis points → "5 %", "2,5 %" (vi) / "2.5 %" (en). */
export function formatBps(bps: number, lang: 'vi' | 'en' = 'vi'): string {
  const text = scaledToText(bps, 2);
  return `${lang === 'vi' ? text.replace('.', ',') : text}\u00a0%`;
}

/** Σ quantity × unit price in minor units, exactly (BigInt), for showing the goods in their own currency. */
export function foreignSubtotal(items: ReadonlyArray<{ quantity: number; unitPriceMinor: number }>): number | null {
  let sum = 0n;
  for (const i of items) {
    if (!Number.isSafeInteger(i.quantity) || !Number.isSafeInteger(i.unitPriceMinor)) return null;
    sum += BigInt(i.quantity) * BigInt(i.unitPriceMinor);
  }
  return sum <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(sum) : null;
}
