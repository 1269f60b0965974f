/**
 * IATA air waybill numbers: `PPP-SSSSSSSC`, a 3-digit airline prefix, a 7-digit serial and a
 * check digit C = serial mod 7. The prefix is not part of the check (IATA Resolution 600a), so a number
 * stays valid whichever airline stock it comes from.
 *
 * People type them with or without the dash, with spaces ("176 1234 5675"), or scan them from a label;
 * `normalizeAwb` accepts all of these and answers the canonical `PPP-SSSSSSSC` form that is stored.
 */

const AWB_SERIAL_MAX = 9_999_999;

export interface AwbParts {
  prefix: string;
  /** The 7-digit serial as a string (leading zeros kept). */
  serial: string;
  checkDigit: number;
}

/** The check digit of a 7-digit serial (a string of digits or its numeric value). */
export function awbCheckDigit(serial: string | number): number {
  const n = typeof serial === 'number' ? serial : Number(serial);
  if (!Number.isSafeInteger(n) || n < 0 || n > AWB_SERIAL_MAX) throw new RangeError(`Serial AWB không hợp lệ: ${serial}`);
  return n % 7;
}

/** The 11 digits of an input, if it is nothing but digits with optional dashes/spaces between them. */
function digitsOf(input: string): string | null {
  // NFKC turns full-width digits (Japanese keyboards) into ASCII; dashes of any kind separate groups.
  const text = input.normalize('NFKC').trim().replace(/[\s\u2010-\u2015\u2212-]+/g, '');
  return /^\d{11}$/.test(text) ? text : null;
}

/** Prefix, serial and check digit as written (the check digit is not verified here), or null when not 11 digits. */
export function splitAwb(input: string): AwbParts | null {
  const d = digitsOf(input);
  if (!d) return null;
  return { prefix: d.slice(0, 3), serial: d.slice(3, 10), checkDigit: Number(d[10]) };
}

function formatAwb(parts: { prefix: string; serial: string; checkDigit: number }): string {
  return `${parts.prefix}-${parts.serial}${parts.checkDigit}`;
}

export type AwbCheck =
  | { ok: true; awb: string; parts: AwbParts }
  | { ok: false; reason: 'format' }
  | { ok: false; reason: 'check_digit'; expected: number; parts: AwbParts };

/** Validates an input and explains why it fails (the form names the check digit it expected). */
export function checkAwb(input: string): AwbCheck {
  const parts = splitAwb(input);
  if (!parts) return { ok: false, reason: 'format' };
  const expected = awbCheckDigit(parts.serial);
  if (expected !== parts.checkDigit) return { ok: false, reason: 'check_digit', expected, parts };
  return { ok: true, awb: formatAwb(parts), parts };
}

/** The canonical `PPP-SSSSSSSC` of a valid input, or null. */
export function normalizeAwb(input: string): string | null {
  const r = checkAwb(input);
  return r.ok ? r.awb : null;
}

export function isValidAwb(input: string): boolean {
  return checkAwb(input).ok;
}

/** The full number of a prefix and a serial, with its check digit. */
export function makeAwb(prefix: string, serial: number): string {
  if (!/^\d{3}$/.test(prefix)) throw new RangeError(`Tiền tố hãng phải gồm 3 chữ số: ${prefix}`);
  return formatAwb({ prefix, serial: String(serial).padStart(7, '0'), checkDigit: awbCheckDigit(serial) });
}

/**
 * The next number of an AWB stock: serial + 1 with its check digit ("176-12345675" → "176-12345686").
 * Null at the end of the serial range (a stock never wraps) or when the input is not a valid number.
 */
export function nextAwbNumber(awb: string): string | null {
  const r = checkAwb(awb);
  if (!r.ok) return null;
  const serial = Number(r.parts.serial) + 1;
  return serial > AWB_SERIAL_MAX ? null : makeAwb(r.parts.prefix, serial);
}
