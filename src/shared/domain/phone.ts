/**
 * Vietnamese telephone numbers.
 *
 * Stored form: the national number with its trunk 0 and digits only.
 * - mobile: 10 digits, 0 + 3|5|7|8|9 + 8 digits ("0912345678");
 * - landline: 11 digits, 02 + area code + subscriber ("02838485566" for 028 3848 5566).
 *
 * Accepted input: that, or the international form with +84 / 84 / 0084 instead of the 0, written with
 * spaces, dots, dashes or brackets ("+84 912 345 678", "84912345678", "0912.345.678", "(028) 3848-5566").
 * A "(0)" left after the country code ("+84 (0) 912…") is tolerated because people write it.
 */

const MOBILE = /^0[35789]\d{8}$/;
const LANDLINE = /^02\d{9}$/;
/** What a user may type between digits. */
const SEPARATORS = /[\s.\-()/]/g;

export type PhoneKind = 'mobile' | 'landline';

/** The stored form of a Vietnamese number, or null when the input is not one. */
export function normalizeVietnamesePhone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const compact = input.trim().replace(SEPARATORS, '');
  if (!compact) return null;
  let national: string;
  if (/^\+84\d+$/.test(compact)) national = compact.slice(3);
  else if (/^0084\d+$/.test(compact)) national = compact.slice(4);
  else if (/^84\d{9,10}$/.test(compact)) national = compact.slice(2);
  else if (/^0\d+$/.test(compact)) return isNational(compact) ? compact : null;
  else return null;
  // After a country code the trunk 0 is dropped; keep exactly one.
  const withTrunk = `0${national.replace(/^0/, '')}`;
  return isNational(withTrunk) ? withTrunk : null;
}

function isNational(digits: string): boolean {
  return MOBILE.test(digits) || LANDLINE.test(digits);
}

export function isValidVietnamesePhone(input: string): boolean {
  return normalizeVietnamesePhone(input) !== null;
}

export function phoneKind(normalized: string): PhoneKind | null {
  if (MOBILE.test(normalized)) return 'mobile';
  if (LANDLINE.test(normalized)) return 'landline';
  return null;
}

/** Groups a stored number for reading: "0912 345 678", "028 3848 5566". */
export function formatVietnamesePhone(normalized: string): string {
  if (MOBILE.test(normalized)) return `${normalized.slice(0, 4)} ${normalized.slice(4, 7)} ${normalized.slice(7)}`;
  if (LANDLINE.test(normalized)) return `${normalized.slice(0, 3)} ${normalized.slice(3, 7)} ${normalized.slice(7)}`;
  return normalized;
}

export const PHONE_INVALID_MESSAGE = 'Số điện thoại không hợp lệ (VD: 0912 345 678 hoặc +84 912 345 678)';

/** A stored mobile number in the international form Zalo takes (84 and the number without its 0), or null. */
export function toZaloPhone(input: string): string | null {
  const n = normalizeVietnamesePhone(input);
  if (!n || phoneKind(n) !== 'mobile') return null;
  return `84${n.slice(1)}`;
}
