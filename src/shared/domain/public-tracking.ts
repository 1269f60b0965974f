import { SLIP_CODE_PATTERN } from './delivery-slip-lifecycle';
import { parseScannedNumbers } from './scan';

/**
 * What a customer may look up on the public tracking page (`/` and `GET /api/public/tracking`): up to
 * PUBLIC_TRACKING_MAX tracking numbers or package codes, or one delivery-slip code on its own. The numbers
 * are split and cleaned by the same parser as the staff search (shared/domain/scan.ts), so a list pasted
 * from a spreadsheet or a label scanned with a gun reads the same in both places.
 */

export const PUBLIC_TRACKING_MAX = 20;
/** Characters the box and the query parameter take: 20 numbers of up to 40 characters with separators. */
export const PUBLIC_TRACKING_INPUT_MAX = 1000;
/** The longest number a carrier or this business writes (TRACKING_NUMBER_MAX of the package contract). */
const NUMBER_MAX = 40;
const NUMBER_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;

export type PublicTrackingProblem =
  | { reason: 'empty' }
  | { reason: 'too_many'; count: number }
  | { reason: 'too_long' }
  | { reason: 'bad_number'; number: string }
  | { reason: 'slip_not_alone' };

export type PublicTrackingInput =
  | { ok: true; kind: 'numbers'; numbers: string[] }
  | { ok: true; kind: 'slip'; slipCode: string }
  | ({ ok: false } & PublicTrackingProblem);

/** A delivery slip's code (PG2611-00042): the slips' own pattern, so both sides always agree on what a code is. */
export function isSlipCode(number: string): boolean {
  return SLIP_CODE_PATTERN.test(number);
}

/** The cleaned, de-duplicated numbers of a lookup, or why it cannot be looked up. Input is refused, never rewritten. */
export function parsePublicTracking(text: string): PublicTrackingInput {
  if (text.length > PUBLIC_TRACKING_INPUT_MAX) return { ok: false, reason: 'too_long' };
  const parsed = parseScannedNumbers(text, PUBLIC_TRACKING_MAX);
  if (!parsed.ok) return { ok: false, reason: 'too_many', count: parsed.count };
  const { numbers } = parsed;
  if (!numbers.length) return { ok: false, reason: 'empty' };
  const bad = numbers.find((n) => n.length > NUMBER_MAX || !NUMBER_PATTERN.test(n));
  if (bad !== undefined) return { ok: false, reason: 'bad_number', number: bad };
  const slips = numbers.filter(isSlipCode);
  if (slips.length && numbers.length > 1) return { ok: false, reason: 'slip_not_alone' };
  if (slips.length) return { ok: true, kind: 'slip', slipCode: slips[0]! };
  return { ok: true, kind: 'numbers', numbers };
}
