/**
 * Customer notifications: the event kinds a customer hears about, the channels, the states of one message, and the
 * rules that need no server (which package event is which kind, quiet hours).
 */
import type { PackageStatus } from './package-status';

export const NOTIFY_EVENTS = [
  'received_abroad',
  'departed',
  'ready_for_pickup',
  'out_for_delivery',
  'delivered',
  'wallet_credited',
  'balance_reminder',
] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export const MESSAGE_CHANNELS = ['zns', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** The package statuses a customer is told about, and the event kind each one is. */
export const NOTIFY_EVENT_FOR_STATUS: Readonly<Partial<Record<PackageStatus, NotifyEvent>>> = {
  received_abroad: 'received_abroad',
  departed: 'departed',
  ready: 'ready_for_pickup',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
};

/** Events a customer is told about even in quiet hours (none today: every kind waits for the morning). */
export const URGENT_EVENTS: readonly NotifyEvent[] = [];

/**
 * The ZNS template parameters of each event kind, each with Zalo's length limit for a string parameter. A longer
 * value is cut to the limit (with "…") rather than have Zalo refuse the whole message.
 */
export const ZNS_PARAMS: Readonly<Record<NotifyEvent, Readonly<Record<string, number>>>> = {
  received_abroad: { customer_name: 30, package_count: 30, package_codes: 100, weight_kg: 30, estimated_freight: 30 },
  departed: { customer_name: 30, package_count: 30, awb_number: 30, flight: 30, eta: 30 },
  ready_for_pickup: { customer_name: 30, package_count: 30, amount_due: 30, tracking_url: 200 },
  out_for_delivery: { customer_name: 30, slip_code: 30, courier: 30, cod_amount: 30 },
  delivered: { customer_name: 30, slip_code: 30, receiver: 30, delivered_at: 30 },
  wallet_credited: { customer_name: 30, amount: 30, balance: 30 },
  balance_reminder: { customer_name: 30, balance: 30, days: 30 },
};

/** "HH:MM-HH:MM" (a window that may cross midnight) as minutes of the day; empty: no quiet hours. */
export function parseQuietHours(text: string): { from: number; to: number } | null {
  const v = text.trim();
  if (!v) return null;
  const m = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(v);
  if (!m) throw new Error(`not a window like "21:00-07:00": ${text}`);
  const [h1, m1, h2, m2] = m.slice(1).map(Number) as [number, number, number, number];
  if (h1 > 23 || h2 > 23 || m1 > 59 || m2 > 59) throw new Error(`not a window like "21:00-07:00": ${text}`);
  return { from: h1 * 60 + m1, to: h2 * 60 + m2 };
}

/** Vietnam is UTC+7 all year (no daylight saving). */
const VN_OFFSET_MIN = 7 * 60;

/**
 * When a message may go out: `now` itself outside the quiet window, else the window's end (Vietnam time) on the
 * same or the next day.
 */
export function quietHoursRelease(now: Date, window: { from: number; to: number } | null): Date {
  if (!window || window.from === window.to) return now;
  const local = new Date(now.getTime() + VN_OFFSET_MIN * 60_000);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const crosses = window.from > window.to;
  const inside = crosses ? minute >= window.from || minute < window.to : minute >= window.from && minute < window.to;
  if (!inside) return now;
  const release = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 0, window.to) - VN_OFFSET_MIN * 60_000);
  if (release.getTime() <= now.getTime()) release.setUTCDate(release.getUTCDate() + 1);
  return release;
}

/** Cuts a template value to its limit. */
export function fitParam(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * The `template_data` of one ZNS message: each template parameter (Zalo's name) filled from the field it is mapped
 * to, cut to that field's Zalo length limit. With no mapping, the template's parameters are our field names.
 */
export function znsTemplateData(event: NotifyEvent, mapping: Readonly<Record<string, string>> | undefined, content: Readonly<Record<string, string>>): Record<string, string> {
  const limits = ZNS_PARAMS[event];
  const pairs = mapping && Object.keys(mapping).length ? Object.entries(mapping) : Object.keys(limits).map((k) => [k, k] as const);
  return Object.fromEntries(pairs.map(([param, field]) => [param, fitParam(content[field] ?? '', limits[field] ?? 0)]));
}
