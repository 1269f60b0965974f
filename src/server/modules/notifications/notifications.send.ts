import { sql } from 'drizzle-orm';
import { ZNS_TEMPLATES_KEY, ZnsTemplatesValue } from '../../../shared/contracts/settings';
import { quietHoursRelease, URGENT_EVENTS, znsTemplateData, type MessageChannel, type NotifyEvent } from '../../../shared/domain/notifications';
import { formatMoney } from '../../../shared/domain/money-input';
import { toZaloPhone } from '../../../shared/domain/phone';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../../lib/mail';
import { enqueue, QUEUES } from '../../lib/queue';
import { estimateFreight } from '../settings/index';
import { notificationSetting } from './notifications.settings';
import { sendZns, type SendOutcome } from './zns';

/**
 * The send side: one job sends one row of `messages`. The row is claimed (attempts + 1) before the provider is
 * called, which also closes it to gathering; its tracking_id goes to the provider, so a send repeated after a
 * crash (the job expired and was retried) carries the same id. A provider's 5xx or a timeout throws, and the queue
 * retries the job with a growing delay; its refusals for good are recorded as failed, with its answer.
 */

export interface NotifyDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => Date;
}

/** Thrown for a failure worth another try; the queue retries the job. */
export class RetryableSendError extends Error {}

interface MessageRow {
  id: number;
  customer_id: number;
  event: NotifyEvent;
  channel: MessageChannel;
  group_key: string;
  state: string;
  package_ids: number[];
  params: Record<string, unknown>;
  tracking_id: string;
  attempts: number;
  send_after: string | Date;
  created_at: string | Date;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** At most `perSecond` sends per provider in this process. */
const nextSlot = new Map<string, number>();
async function rateLimit(provider: string, perSecond: number): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlot.get(provider) ?? 0);
  nextSlot.set(provider, slot + 1000 / perSecond);
  if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
}

async function finish(database: Database, id: number, state: 'sent' | 'failed' | 'skipped', answer: unknown, reason: string): Promise<void> {
  await database.db.execute(sql`
    UPDATE messages SET state = ${state}, provider_answer = ${answer === undefined || answer === null ? null : JSON.stringify(answer)}::jsonb,
      reason = ${reason}, sent_at = ${state === 'sent' ? sql`now()` : sql`sent_at`}, updated_at = now()
    WHERE id = ${id} AND state = 'queued'`);
}

const money = (v: unknown, lang: 'vi' | 'en') => formatMoney(Number(v ?? 0), 'VND', lang);

/** The estimated freight's words in the customer's language: no parcel priced yet, or how many are left out. */
const FREIGHT_WORDS = {
  vi: { none: 'chưa có bảng giá', unpriced: (n: number) => ` (chưa tính ${n} kiện)` },
  en: { none: 'not priced yet', unpriced: (n: number) => ` (${n} not priced)` },
};

/** The figures of one message, read when it is sent (the parcels gathered, their MAWB or slip, the wallet). */
async function contentOf(deps: NotifyDeps, m: MessageRow, customer: { full_name: string; balance: number; language: 'vi' | 'en' }): Promise<Record<string, string>> {
  const { database, config } = deps;
  const lang = customer.language;
  const ids = m.package_ids.map(Number);
  const idList = sql.raw(`ARRAY[${ids.join(',') || 'NULL'}]::bigint[]`);
  const base = { customer_name: customer.full_name };
  switch (m.event) {
    case 'received_abroad': {
      const [r] = rowsOf<{ n: number; codes: string; grams: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS n, string_agg(code, ', ' ORDER BY code) AS codes, coalesce(sum(weight_g), 0)::int AS grams FROM packages WHERE id = ANY(${idList})`),
      );
      // The freight the one quote gives today for the parcels priced so far (a parcel with no price list yet is left out, and said).
      const freight = await estimateFreight(database.db, ids);
      const priced = freight.items.filter((f) => f.total !== null);
      const unpriced = ids.length - priced.length;
      const total = priced.reduce((sum, f) => sum + f.total!, 0);
      const words = FREIGHT_WORDS[lang];
      const estimated_freight = !priced.length ? words.none : `${money(total, lang)}${unpriced ? words.unpriced(unpriced) : ''}`;
      return { ...base, package_count: String(r?.n ?? 0), package_codes: r?.codes ?? '', weight_kg: ((r?.grams ?? 0) / 1000).toFixed(2), estimated_freight };
    }
    case 'departed':
    case 'ready_for_pickup': {
      const mawbId = m.group_key.startsWith('mawb:') ? Number(m.group_key.slice(5)) : null;
      const [mawb] = mawbId
        ? rowsOf<{ awb_number: string; flights: string; eta: string | null }>(await database.db.execute(sql`SELECT awb_number, flights, eta FROM mawbs WHERE id = ${mawbId}`))
        : [];
      const [first] = rowsOf<{ code: string }>(await database.db.execute(sql`SELECT code FROM packages WHERE id = ANY(${idList}) ORDER BY code LIMIT 1`));
      if (m.event === 'departed') {
        return {
          ...base,
          package_count: String(ids.length),
          awb_number: mawb?.awb_number ?? '',
          flight: mawb?.flights ?? '',
          eta: mawb?.eta ? new Date(mawb.eta).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short', timeStyle: 'short' }) : '',
        };
      }
      const origin = config.PUBLIC_URL?.replace(/\/$/, '') ?? '';
      return {
        ...base,
        package_count: String(ids.length),
        amount_due: money(Math.max(0, -customer.balance), lang),
        tracking_url: `${origin}/?q=${encodeURIComponent(first?.code ?? '')}`,
      };
    }
    case 'out_for_delivery':
    case 'delivered': {
      const slipId = m.group_key.startsWith('slip:') ? Number(m.group_key.slice(5)) : null;
      const [slip] = slipId
        ? rowsOf<{ code: string; carrier_name: string; method: string; amount_to_collect: number; receiver_name: string; delivered_at: string | null }>(
            await database.db.execute(sql`SELECT code, carrier_name, method, amount_to_collect, receiver_name, delivered_at FROM delivery_slips WHERE id = ${slipId}`),
          )
        : [];
      if (m.event === 'out_for_delivery') {
        return { ...base, slip_code: slip?.code ?? '', courier: slip?.carrier_name || slip?.method || '', cod_amount: money(slip?.amount_to_collect, lang) };
      }
      const at = slip?.delivered_at ? new Date(slip.delivered_at) : deps.now?.() ?? new Date();
      return {
        ...base,
        slip_code: slip?.code ?? '',
        receiver: slip?.receiver_name ?? '',
        delivered_at: at.toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short', timeStyle: 'short' }),
      };
    }
    case 'wallet_credited':
      return { ...base, amount: money(m.params.amount, lang), balance: money(m.params.balance, lang) };
    case 'balance_reminder':
      return { ...base, balance: money(m.params.balance, lang), days: String(m.params.days ?? '') };
  }
}

const SUBJECTS: Record<NotifyEvent, { vi: string; en: string }> = {
  received_abroad: { vi: 'Kho nước ngoài đã nhận hàng của bạn', en: 'Your parcels were received abroad' },
  departed: { vi: 'Hàng của bạn đã lên chuyến bay', en: 'Your parcels have departed' },
  ready_for_pickup: { vi: 'Hàng của bạn đã sẵn sàng để nhận', en: 'Your parcels are ready for pickup' },
  out_for_delivery: { vi: 'Hàng của bạn đang được giao', en: 'Your parcels are out for delivery' },
  delivered: { vi: 'Hàng của bạn đã được giao', en: 'Your parcels were delivered' },
  wallet_credited: { vi: 'Ví của bạn vừa được nạp tiền', en: 'Your wallet was credited' },
  balance_reminder: { vi: 'Nhắc thanh toán: số dư ví đang âm', en: 'Reminder: your wallet balance is negative' },
};

const LINES: Record<NotifyEvent, { vi: (p: Record<string, string>) => string; en: (p: Record<string, string>) => string }> = {
  received_abroad: {
    vi: (p) => `Kho nước ngoài đã nhận ${p.package_count} kiện (${p.package_codes}), tổng ${p.weight_kg} kg. Cước ước tính: ${p.estimated_freight}.`,
    en: (p) => `Our warehouse abroad received ${p.package_count} parcel(s) (${p.package_codes}), ${p.weight_kg} kg in all. Estimated freight: ${p.estimated_freight}.`,
  },
  departed: {
    vi: (p) => `${p.package_count} kiện đã bay theo vận đơn ${p.awb_number}, chuyến ${p.flight}, dự kiến đến ${p.eta}.`,
    en: (p) => `${p.package_count} parcel(s) departed on AWB ${p.awb_number}, flight ${p.flight}, arriving ${p.eta}.`,
  },
  ready_for_pickup: {
    vi: (p) => `${p.package_count} kiện đã về và sẵn sàng để nhận. Số tiền cần thanh toán: ${p.amount_due}. Theo dõi: ${p.tracking_url}`,
    en: (p) => `${p.package_count} parcel(s) arrived and are ready for pickup. Amount to pay: ${p.amount_due}. Track: ${p.tracking_url}`,
  },
  out_for_delivery: {
    vi: (p) => `Phiếu giao ${p.slip_code} đang được giao bởi ${p.courier}. Tiền thu hộ: ${p.cod_amount}.`,
    en: (p) => `Delivery slip ${p.slip_code} is out for delivery with ${p.courier}. Cash on delivery: ${p.cod_amount}.`,
  },
  delivered: {
    vi: (p) => `Phiếu giao ${p.slip_code} đã giao cho ${p.receiver} lúc ${p.delivered_at}.`,
    en: (p) => `Delivery slip ${p.slip_code} was delivered to ${p.receiver} at ${p.delivered_at}.`,
  },
  wallet_credited: {
    vi: (p) => `Ví của bạn vừa được cộng ${p.amount}. Số dư mới: ${p.balance}.`,
    en: (p) => `Your wallet was credited ${p.amount}. New balance: ${p.balance}.`,
  },
  balance_reminder: {
    vi: (p) => `Số dư ví của bạn là ${p.balance} đã ${p.days} ngày. Vui lòng thanh toán.`,
    en: (p) => `Your wallet balance has been ${p.balance} for ${p.days} days. Please pay.`,
  },
};

/** The e-mail of one message in the customer's language. */
export function emailOf(event: NotifyEvent, lang: 'vi' | 'en', params: Record<string, string>): { subject: string; text: string } {
  const greeting = lang === 'vi' ? `Xin chào ${params.customer_name},` : `Hello ${params.customer_name},`;
  return { subject: SUBJECTS[event][lang], text: `${greeting}\n\n${LINES[event][lang](params)}\n` };
}

/**
 * The Zalo template of an event kind: the one saved in Settings (notifications.znsTemplates: its id and the mapping
 * of its parameters to our fields), else ZNS_TEMPLATES' id with the parameters named as our fields.
 */
export async function znsTemplateFor(database: Database, config: Config, event: NotifyEvent): Promise<{ templateId: string; params?: Record<string, string> } | undefined> {
  const saved = ZnsTemplatesValue.safeParse(await notificationSetting(database, ZNS_TEMPLATES_KEY));
  const own = saved.success ? saved.data[event] : undefined;
  if (own) return own;
  const fallback = config.ZNS_TEMPLATES[event];
  return fallback ? { templateId: fallback } : undefined;
}

export type ProcessResult = 'sent' | 'failed' | 'skipped' | 'held' | 'gathering' | 'gone';

/**
 * Sends message `id` once. `lastAttempt`: the queue will not retry, so a retryable failure is recorded as failed.
 */
export async function processMessage(deps: NotifyDeps, id: number, opts: { lastAttempt?: boolean } = {}): Promise<ProcessResult> {
  const { database, config } = deps;
  const now = deps.now?.() ?? new Date();
  const [current] = rowsOf<MessageRow>(await database.db.execute(sql`SELECT * FROM messages WHERE id = ${id}`));
  if (!current || current.state !== 'queued') return 'gone';
  // Gathering: a message leaves NOTIFY_BATCH_SECONDS after its first parcel; quiet hours hold a Zalo message.
  let release = new Date(Math.max(new Date(current.created_at).getTime() + config.NOTIFY_BATCH_SECONDS * 1000, new Date(current.send_after).getTime()));
  if (current.channel === 'zns' && !URGENT_EVENTS.includes(current.event)) {
    const quietEnd = quietHoursRelease(release.getTime() > now.getTime() ? release : now, config.NOTIFY_QUIET_HOURS);
    if (quietEnd.getTime() > release.getTime()) release = quietEnd;
  }
  if (release.getTime() > now.getTime() + 500) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE messages SET send_after = ${release.toISOString()}::timestamptz, updated_at = now() WHERE id = ${id} AND state = 'queued'`);
      await enqueue(tx as never, QUEUES.notify, { messageId: id }, {
        key: `message:${id}:at:${release.toISOString()}`,
        startAfterSeconds: Math.ceil((release.getTime() - now.getTime()) / 1000),
      });
    });
    return release.getTime() > new Date(current.created_at).getTime() + config.NOTIFY_BATCH_SECONDS * 1000 + 1000 ? 'held' : 'gathering';
  }
  // Claim it: from here no parcel joins it, and a second worker finds it claimed only after this one's retry.
  const [m] = rowsOf<MessageRow>(
    await database.db.execute(sql`UPDATE messages SET attempts = attempts + 1, updated_at = now() WHERE id = ${id} AND state = 'queued' RETURNING *`),
  );
  if (!m) return 'gone';
  const [customer] = rowsOf<{ full_name: string; phone: string; email: string | null; balance: number; language: 'vi' | 'en'; notify_zns: boolean; notify_email: boolean }>(
    await database.db.execute(sql`SELECT full_name, phone, email, balance, language, notify_zns, notify_email FROM customers WHERE id = ${m.customer_id}`),
  );
  if (!customer) {
    await finish(database, id, 'skipped', null, 'customer not found');
    return 'skipped';
  }
  if ((m.channel === 'zns' && !customer.notify_zns) || (m.channel === 'email' && !customer.notify_email)) {
    await finish(database, id, 'skipped', null, 'the customer turned this channel off');
    return 'skipped';
  }
  const params = await contentOf(deps, m, customer);
  let outcome: SendOutcome;
  if (m.channel === 'zns') {
    const phone = toZaloPhone(customer.phone);
    if (!phone) {
      await finish(database, id, 'skipped', null, `no valid mobile number for Zalo: "${customer.phone}"`);
      return 'skipped';
    }
    const template = await znsTemplateFor(database, config, m.event);
    if (!template) {
      await finish(database, id, 'skipped', null, `no ZNS template for ${m.event} (Settings or ZNS_TEMPLATES)`);
      return 'skipped';
    }
    const templateId = template.templateId;
    const templateData = znsTemplateData(m.event, template.params, params);
    await database.db.execute(sql`UPDATE messages SET recipient = ${phone} WHERE id = ${id}`);
    await rateLimit('zns', config.NOTIFY_RATE_PER_SECOND);
    outcome = await sendZns(database, config, { phone, templateId, templateData, trackingId: m.tracking_id }, now);
  } else {
    if (!customer.email) {
      await finish(database, id, 'skipped', null, 'no e-mail address');
      return 'skipped';
    }
    await database.db.execute(sql`UPDATE messages SET recipient = ${customer.email} WHERE id = ${id}`);
    await rateLimit('email', config.NOTIFY_RATE_PER_SECOND);
    try {
      await deps.mailer.send({ to: customer.email, ...emailOf(m.event, customer.language, params) });
      outcome = { kind: 'sent', answer: { mode: deps.mailer.mode } };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      outcome = code && code >= 500 && code < 600
        ? { kind: 'failed', answer: { responseCode: code }, reason: (err as Error).message }
        : { kind: 'retry', answer: code ? { responseCode: code } : null, reason: (err as Error).message };
    }
  }
  if (outcome.kind === 'sent') {
    await finish(database, id, 'sent', outcome.answer, '');
    return 'sent';
  }
  if (outcome.kind === 'failed' || opts.lastAttempt) {
    await finish(database, id, 'failed', outcome.answer, outcome.reason);
    deps.log.warn({ messageId: id, reason: outcome.reason }, 'notification failed');
    return 'failed';
  }
  await database.db.execute(sql`
    UPDATE messages SET provider_answer = ${outcome.answer ? JSON.stringify(outcome.answer) : null}::jsonb, reason = ${outcome.reason}, updated_at = now()
    WHERE id = ${id}`);
  throw new RetryableSendError(`message ${id}: ${outcome.reason}`);
}
