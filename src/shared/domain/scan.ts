/**
 * Numbers typed, pasted or scanned with a barcode gun (a keyboard wedge that types fast and may or may not
 * send Enter). One input may hold many numbers; each one is cleaned so that what the gun sends matches the
 * tracking number as it is stored.
 *
 * - Separators: newlines, commas, semicolons, spaces, tabs, and any other control character (guns that
 *   wrap each number in STX…ETX or end it with CR, LF or TAB).
 * - Noise stripped from each number: an AIM symbology identifier in front ("]C1", "]E0", "]Q1"…),
 *   zero-width characters, quotes / asterisks / brackets around it (CSV pastes, Code 39 start/stop "*"),
 *   and the USPS routing prefix "420" + ZIP (+4) that an Intelligent Mail package barcode carries before
 *   its 22-digit tracking number. Full-width digits and letters (a Japanese keyboard) become ASCII.
 * - Upper-cased; duplicates removed keeping the first occurrence's position.
 */

export const SCAN_MAX_NUMBERS = 500;

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
/** GS1 "(420) ship-to ZIP" element ended by FNC1 (GS), as a GS1-128 reader transmits it. */
// eslint-disable-next-line no-control-regex
const USPS_ROUTING_WITH_GS = /420\d{5}(?:\d{4})?\x1D/g;
// Every control character separates: CR, LF, TAB, STX, ETX, GS… Unicode spaces too (\s covers NBSP).
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\s,;\u0000-\u001F\u007F-\u009F]+/;
const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;
const EDGE_NOISE = /^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g;
/** 420 + ZIP or ZIP+4 glued to a USPS IMpb tracking number (22 or 26 digits starting 92–95). */
const USPS_ROUTING_GLUED = /^420(?:\d{9}|\d{5})(?=9[2-5]\d{20}(?:\d{4})?$)/;

function prepare(input: string): string {
  return input.normalize('NFKC').replace(ZERO_WIDTH, '').replace(USPS_ROUTING_WITH_GS, '');
}

/** One token (no separators inside) as it would be stored: noise removed, upper case. '' when nothing is left. */
export function cleanScannedToken(token: string): string {
  let t = token.replace(AIM_PREFIX, '');
  t = t.replace(EDGE_NOISE, '').toUpperCase();
  return t.replace(USPS_ROUTING_GLUED, '');
}

/**
 * One tracking number typed into a form field: the same cleaning, and inner spaces removed because people
 * copy numbers written in groups ("1Z 999 AA1 01 2345 6784").
 */
export function normalizeTrackingNumber(input: string): string {
  // eslint-disable-next-line no-control-regex
  return cleanScannedToken(prepare(input).replace(/[\s\u0000-\u001F\u007F-\u009F]+/g, ''));
}

export type ScanResult =
  | { ok: true; numbers: string[] }
  /** More distinct numbers than SCAN_MAX_NUMBERS; `count` is how many were found. */
  | { ok: false; reason: 'too_many'; count: number };

/** Every distinct number in the input, in the order first seen. */
export function parseScannedNumbers(input: string, max: number = SCAN_MAX_NUMBERS): ScanResult {
  const seen = new Set<string>();
  for (const token of prepare(input).split(SEPARATORS)) {
    const n = cleanScannedToken(token);
    if (n) seen.add(n);
  }
  if (seen.size > max) return { ok: false, reason: 'too_many', count: seen.size };
  return { ok: true, numbers: [...seen] };
}
