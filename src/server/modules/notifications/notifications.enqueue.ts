import { sql } from 'drizzle-orm';
import { NOTIFY_EVENT_FOR_STATUS, type MessageChannel, type NotifyEvent } from '../../../shared/domain/notifications';
import type { EventCode } from '../../../shared/domain/package-status';
import type { Db } from '../../db/client';
import { enqueue, QUEUE_SCHEMA, QUEUES } from '../../lib/queue';
import type { WriteContext } from '../../lib/write-context';

/**
 * The enqueue side of notifications, called from the one write path of each cause (appendEvents for package
 * events, postMovement for the wallet) inside its transaction. A message is gathered per customer, event kind,
 * channel and group (the MAWB or slip): while it is queued and no send has started, more parcels of the same group
 * join it instead of making a second message. Its send job is keyed by the message, so one message has one job.
 */

interface Gathered {
  customerId: number;
  groupKey: string;
  packageIds: number[];
  params?: Record<string, unknown>;
}

/** The channels a customer receives on: each one they have not turned off (e-mail only with an address). */
async function channelsOf(tx: Db, customerIds: number[]): Promise<Map<number, MessageChannel[]>> {
  const rows = await tx.execute(
    sql`SELECT id, notify_zns, notify_email, email FROM customers WHERE id = ANY(${sql.raw(`ARRAY[${customerIds.map(Number).join(',')}]::bigint[]`)}) AND deleted_at IS NULL`,
  );
  const out = new Map<number, MessageChannel[]>();
  for (const r of (rows as unknown as { rows: Array<{ id: number; notify_zns: boolean; notify_email: boolean; email: string | null }> }).rows) {
    const channels: MessageChannel[] = [];
    if (r.notify_zns) channels.push('zns');
    if (r.notify_email && r.email) channels.push('email');
    out.set(Number(r.id), channels);
  }
  return out;
}

async function gather(ctx: WriteContext, event: NotifyEvent, groups: Gathered[]): Promise<number[]> {
  if (!groups.length) return [];
  const channels = await channelsOf(ctx.tx, [...new Set(groups.map((g) => g.customerId))]);
  const ids: number[] = [];
  for (const g of groups) {
    for (const channel of channels.get(g.customerId) ?? []) {
      const result = await ctx.tx.execute(sql`
        INSERT INTO messages (customer_id, event, channel, group_key, package_ids, params)
        VALUES (${g.customerId}, ${event}, ${channel}, ${g.groupKey}, ${JSON.stringify(g.packageIds)}::jsonb, ${JSON.stringify(g.params ?? {})}::jsonb)
        ON CONFLICT (customer_id, event, channel, group_key) WHERE state = 'queued' AND attempts = 0
        DO UPDATE SET
          package_ids = (SELECT coalesce(jsonb_agg(DISTINCT x ORDER BY x), '[]'::jsonb) FROM jsonb_array_elements(messages.package_ids || EXCLUDED.package_ids) x),
          params = messages.params || EXCLUDED.params,
          updated_at = now()
        RETURNING id`);
      const id = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
      ids.push(id);
      await enqueue(ctx.tx, QUEUES.notify, { messageId: id }, { key: `message:${id}` });
    }
  }
  return ids;
}

/**
 * Package events → messages: the packages that moved into a status a customer hears about, grouped by customer
 * and by their MAWB (departed, ready) or delivery slip (out for delivery, delivered); received-abroad parcels are
 * gathered by customer over the batch window.
 */
export async function notifyPackageEvents(ctx: WriteContext, packageIds: number[], code: EventCode): Promise<number[]> {
  const event = NOTIFY_EVENT_FOR_STATUS[code];
  if (!ctx.notify || !event || !packageIds.length) return [];
  const bySlip = event === 'out_for_delivery' || event === 'delivered';
  const result = await ctx.tx.execute(sql`
    SELECT p.id, p.customer_id,
      ${bySlip
        ? sql`(SELECT 'slip:' || sp.slip_id FROM delivery_slip_packages sp WHERE sp.package_id = p.id ORDER BY sp.id DESC LIMIT 1)`
        : event === 'received_abroad'
          ? sql`''`
          : sql`CASE WHEN p.mawb_id IS NULL THEN '' ELSE 'mawb:' || p.mawb_id END`} AS group_key
    FROM packages p
    WHERE p.id = ANY(${sql.raw(`ARRAY[${packageIds.map(Number).join(',')}]::bigint[]`)})
      AND p.customer_id IS NOT NULL AND p.deleted_at IS NULL AND p.status = ${code}`);
  const groups = new Map<string, Gathered>();
  for (const r of (result as unknown as { rows: Array<{ id: number; customer_id: number; group_key: string | null }> }).rows) {
    const groupKey = r.group_key ?? '';
    const k = `${r.customer_id}|${groupKey}`;
    const g = groups.get(k) ?? { customerId: Number(r.customer_id), groupKey, packageIds: [] };
    g.packageIds.push(Number(r.id));
    groups.set(k, g);
  }
  return gather(ctx, event, [...groups.values()]);
}

/** A wallet credit → one message per ledger row, with its amount and the balance after it. */
export async function notifyWalletCredited(
  ctx: WriteContext,
  row: { id: number; customerId: number; amount: number; balanceAfter: number },
): Promise<number[]> {
  if (!ctx.notify || row.amount <= 0) return [];
  return gather(ctx, 'wallet_credited', [
    { customerId: row.customerId, groupKey: `tx:${row.id}`, packageIds: [], params: { amount: row.amount, balance: row.balanceAfter } },
  ]);
}

/**
 * Balance reminders: one message per customer whose balance has been negative for at least `days` days (by their
 * ledger: no row since then brought it to zero or above), once per day.
 */
export async function enqueueBalanceReminders(ctx: WriteContext, days: number, day: string): Promise<number[]> {
  const result = await ctx.tx.execute(sql`
    SELECT c.id, c.balance FROM customers c
    WHERE c.deleted_at IS NULL AND c.balance < 0
      AND NOT EXISTS (
        SELECT 1 FROM transactions t
        WHERE t.customer_id = c.id AND t.balance_after >= 0 AND t.created_at > now() - make_interval(days => ${days}))
      AND EXISTS (
        SELECT 1 FROM transactions t WHERE t.customer_id = c.id AND t.created_at <= now() - make_interval(days => ${days}))
      AND NOT EXISTS (
        SELECT 1 FROM messages m WHERE m.customer_id = c.id AND m.event = 'balance_reminder' AND m.group_key = ${`day:${day}`})`);
  const rows = (result as unknown as { rows: Array<{ id: number; balance: number }> }).rows;
  return gather(
    ctx,
    'balance_reminder',
    rows.map((r) => ({ customerId: Number(r.id), groupKey: `day:${day}`, packageIds: [], params: { balance: Number(r.balance), days } })),
  );
}

/**
 * Messages still queued whose send job is gone (a restore brings the messages back but not the queue's jobs, which
 * are not in a backup): each gets its job again. The key names the message's last change, so instances starting
 * together add one job, and a message whose job is waiting or running gets none (one send at a time).
 */
export async function requeueOrphanedMessages(tx: Db): Promise<number> {
  const result = await tx.execute(sql`
    SELECT m.id, extract(epoch FROM m.updated_at)::text AS changed FROM messages m
    WHERE m.state = 'queued'
      AND NOT EXISTS (
        SELECT 1 FROM ${sql.raw(QUEUE_SCHEMA)}.job j
        WHERE j.name = ${QUEUES.notify} AND j.state IN ('created', 'retry', 'active') AND (j.data->>'messageId')::bigint = m.id)`);
  const rows = (result as unknown as { rows: Array<{ id: number; changed: string }> }).rows;
  for (const r of rows) await enqueue(tx, QUEUES.notify, { messageId: Number(r.id) }, { key: `message:${r.id}:requeue:${r.changed}` });
  return rows.length;
}
