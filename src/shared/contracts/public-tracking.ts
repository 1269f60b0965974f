import { z } from 'zod';
import { EVENT_CODES, PACKAGE_STATUSES } from '../domain/package-status';
import { parsePublicTracking, PUBLIC_TRACKING_INPUT_MAX, PUBLIC_TRACKING_MAX, type PublicTrackingInput } from '../domain/public-tracking';
import { Timestamp } from './resource';

/**
 * Public tracking, for customers without an account:
 *   GET /api/public/tracking?numbers=…[&lang=vi|en]
 *
 * - `numbers`: up to PUBLIC_TRACKING_MAX tracking numbers or package codes separated by newlines, commas,
 *   semicolons or spaces (shared/domain/public-tracking.ts), or one delivery-slip code (PG2611-00042) alone.
 * - `lang` (optional) wins over Accept-Language, so a shared link can carry its language.
 * - The answer holds only what a parcel's owner may read on a shop counter: its status, the route between the
 *   business's own warehouses, the flight once it has departed, and the public events. Every schema below is
 *   strict and the response is serialized through it: a field added to the query by mistake is a 500, never a leak.
 */

export const PUBLIC_LANGUAGES = ['vi', 'en'] as const;

function lookup(text: string, ctx: z.RefinementCtx): Extract<PublicTrackingInput, { ok: true }> {
  const parsed = parsePublicTracking(text);
  if (parsed.ok) return parsed;
  const message = {
    empty: () => 'Nhập ít nhất một mã vận đơn hoặc mã kiện',
    too_many: () => `Tối đa ${PUBLIC_TRACKING_MAX} mã mỗi lần tra cứu (đang có ${parsed.reason === 'too_many' ? parsed.count : 0} mã)`,
    too_long: () => `numbers dài tối đa ${PUBLIC_TRACKING_INPUT_MAX} ký tự`,
    bad_number: () => `Mã không hợp lệ: ${parsed.reason === 'bad_number' ? parsed.number : ''} (chỉ gồm chữ, số và dấu gạch ngang, tối đa 40 ký tự)`,
    slip_not_alone: () => 'Mã phiếu giao được tra cứu riêng, mỗi lần một mã',
  }[parsed.reason]();
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

export const PublicTrackingQuery = z.strictObject(
  {
    numbers: z.string({ error: 'Thiếu tham số numbers' }).transform(lookup),
    lang: z.enum(PUBLIC_LANGUAGES, { error: 'Ngôn ngữ phải là vi hoặc en' }).optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Tham số không được hỗ trợ: ${iss.keys.join(', ')}` : undefined) },
);
export type PublicTrackingQuery = z.output<typeof PublicTrackingQuery>;

/** One public event: what happened (code and its label in the reader's language), where, and when. */
const PublicTrackingEvent = z.strictObject({
  code: z.enum(EVENT_CODES),
  label: z.string(),
  location: z.string(),
  at: Timestamp,
});
type PublicTrackingEvent = z.infer<typeof PublicTrackingEvent>;

/** The MAWB's flight, shown once it has departed: flight number(s) and airports, actual times when known. */
export const PublicFlight = z.strictObject({
  number: z.string(),
  from: z.string(),
  to: z.string(),
  departedAt: Timestamp.nullable(),
  arrivedAt: Timestamp.nullable(),
});
export type PublicFlight = z.infer<typeof PublicFlight>;

export const PublicTrackingItem = z.strictObject({
  /** The number as the reader gave it (cleaned): their tracking number or the package code on the label. */
  number: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  statusLabel: z.string(),
  /** The foreign warehouse that received the parcel (name only). */
  origin: z.string().nullable(),
  /** The Vietnamese hub it goes to (name only). */
  destination: z.string().nullable(),
  flight: PublicFlight.optional(),
  /** Public events only, newest first. */
  events: z.array(PublicTrackingEvent),
});
export type PublicTrackingItem = z.infer<typeof PublicTrackingItem>;

export const PublicTrackingResponse = z.strictObject({
  items: z.array(PublicTrackingItem),
  notFound: z.array(z.string()),
});
export type PublicTrackingResponse = z.infer<typeof PublicTrackingResponse>;
