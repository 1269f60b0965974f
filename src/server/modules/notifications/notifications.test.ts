import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/domain/money-input';
import { NOTIFY_EVENTS, parseQuietHours, quietHoursRelease, ZNS_PARAMS } from '../../../shared/domain/notifications';
import { startJobs } from '../../jobs';
import { createMailer } from '../../lib/mail';
import type { RunningQueue } from '../../lib/queue';
import { runWrite, SYSTEM_META } from '../../lib/write-context';
import { createTestContext, type TestContext } from '../../test/harness';
import { until } from '../../test/until';
import { slipHelpers } from '../delivery-slips/test-support';
import { appendEvents } from '../packages/index';
import { estimateFreight } from '../settings/index';
import { postMovement } from '../transactions/index';
import { startFakeZns, type FakeZns } from './fake-zns';
import { processMessage, type NotifyDeps } from './notifications.send';

// Every event kind's template is the kind's own name at the fake, with the parameters the app sends.
const TEMPLATES = Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, ZNS_PARAMS[e]]));
const BATCH_SECONDS = 4;

let fake: FakeZns;
let ctx: TestContext;
let jobs: RunningQueue;
let deps: NotifyDeps;
const helpers = slipHelpers(() => ctx);

beforeAll(async () => {
  fake = await startFakeZns({ templates: TEMPLATES, accessToken: 'start-token', refreshToken: 'start-refresh', appId: 'app-1', secretKey: 'secret-1' });
  ctx = await createTestContext({
    ZNS_BASE_URL: fake.url,
    ZNS_OAUTH_URL: fake.url,
    ZNS_ACCESS_TOKEN: 'start-token',
    ZNS_REFRESH_TOKEN: 'start-refresh',
    ZNS_APP_ID: 'app-1',
    ZNS_SECRET_KEY: 'secret-1',
    ZNS_TEMPLATES: JSON.stringify(Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, e]))),
    NOTIFY_QUIET_HOURS: '',
    NOTIFY_BATCH_SECONDS: String(BATCH_SECONDS),
    QUEUE_POLL_SECONDS: '0.5',
  });
  // The token the environment names is stored as fresh, so only the refresh test refreshes.
  await ctx.database.query(
    `INSERT INTO provider_tokens (provider, access_token, refresh_token, expires_at) VALUES ('zalo_oa', 'start-token', 'start-refresh', now() + interval '1 day')`,
  );
  deps = { database: ctx.database, config: ctx.config, mailer: createMailer({ config: ctx.config, database: ctx.database, log: ctx.app.log }), log: ctx.app.log };
  jobs = await startJobs({ ...deps, log: ctx.app.log });
}, 60_000);

afterAll(async () => {
  await jobs?.stop(2_000);
  await ctx?.close();
  await fake?.close();
});

interface Row {
  id: number;
  event: string;
  channel: string;
  state: string;
  package_ids: number[];
  attempts: number;
  reason: string;
  tracking_id: string;
  recipient: string;
  provider_answer: { error?: number } | null;
}
const messagesOf = (customerId: number) => ctx.database.query<Row>('SELECT * FROM messages WHERE customer_id = $1 ORDER BY id', [customerId]);

const sentTo = (phone: string) => fake.sent.filter((s) => s.phone === phone);

describe('customer notifications over Zalo ZNS', () => {
  it('one message per customer and event when a MAWB with 10 of their parcels moves, not one per parcel', async () => {
    const customer = await helpers.newCustomer({ phone: '0356111001' });
    const ids = await helpers.readyParcels(customer.code, 10);
    const sorted = (xs: number[]) => [...xs].map(Number).sort((a, b) => a - b);
    // The MAWB's steps move all ten at once: one message each. Received abroad is gathered over the batch window
    // from the first parcel, so the ten are one message when they were scanned within it (a slow machine may not).
    const [{ span }] = await ctx.database.query<{ span: number }>(
      `SELECT extract(epoch FROM max(occurred_at) - min(occurred_at))::float8 AS span FROM tracking_events WHERE code = 'received_abroad' AND package_id = ANY($1::bigint[])`,
      [ids],
    );
    const rows = await until(
      () => messagesOf(customer.id),
      (r) => r.some((m) => m.event === 'ready_for_pickup') && r.every((m) => m.state === 'sent'),
    );
    const received = rows.filter((r) => r.event === 'received_abroad');
    const byMawb = rows.filter((r) => r.event !== 'received_abroad');
    expect(byMawb.map((r) => [r.event, r.channel, r.state])).toEqual([
      ['departed', 'zns', 'sent'],
      ['ready_for_pickup', 'zns', 'sent'],
    ]);
    for (const r of byMawb) expect(sorted(r.package_ids)).toEqual(sorted(ids));
    expect(sorted(received.flatMap((r) => r.package_ids))).toEqual(sorted(ids));
    expect(received.every((r) => r.channel === 'zns' && r.state === 'sent')).toBe(true);
    if (span < BATCH_SECONDS - 1) expect(received).toHaveLength(1);
    const got = sentTo('84356111001');
    expect(got.map((s) => s.templateId).sort()).toEqual([...received.map(() => 'received_abroad'), 'departed', 'ready_for_pickup'].sort());
    const departed = got.find((g) => g.templateId === 'departed')!;
    expect(departed.templateData).toMatchObject({ package_count: '10', flight: 'BR25' });
    const firstReceived = got.find((g) => g.trackingId === received[0]!.tracking_id)!;
    expect(firstReceived.templateData.package_count).toBe(String(received[0]!.package_ids.length));
    // Received abroad tells the weight and the freight the one quote gives for those parcels today.
    const freight = await estimateFreight(ctx.database.db, received[0]!.package_ids.map(Number));
    const total = freight.items.reduce((sum, f) => sum + (f.total ?? 0), 0);
    expect(freight.items.every((f) => f.total !== null) && total > 0).toBe(true);
    expect(firstReceived.templateData.estimated_freight).toBe(formatMoney(total, 'VND', 'vi'));
    // The provider's answer is kept, and the tracking id sent is the message's.
    expect(received[0]!.provider_answer).toMatchObject({ error: 0 });
    expect(got.map((s) => s.trackingId).sort()).toEqual(rows.map((r) => r.tracking_id).sort());
  }, 120_000);

  it('a rolled-back write leaves no message and no job; the same write committed leaves one of each', async () => {
    const customer = await helpers.newCustomer({ phone: '0356111002' });
    const [pkg] = await helpers.readyParcels(customer.code, 1);
    await until(() => messagesOf(customer.id), (r) => r.length === 3 && r.every((m) => m.state === 'sent'));
    const jobsBefore = (await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify-send'`))[0]!.n;
    await expect(
      runWrite(ctx.database.db, SYSTEM_META, async (w) => {
        await appendEvents(w, [pkg!], { code: 'out_for_delivery' });
        throw new Error('the rest of the write failed');
      }),
    ).rejects.toThrow('the rest of the write failed');
    expect((await messagesOf(customer.id)).filter((m) => m.event === 'out_for_delivery')).toHaveLength(0);
    expect((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify-send'`))[0]!.n).toBe(jobsBefore);

    await runWrite(ctx.database.db, SYSTEM_META, (w) => appendEvents(w, [pkg!], { code: 'out_for_delivery' }));
    const after = await messagesOf(customer.id);
    expect(after.filter((m) => m.event === 'out_for_delivery')).toHaveLength(1);
    expect((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify-send'`))[0]!.n).toBe(jobsBefore + 1);
    // Sent before the next test tells the fake how to answer.
    await until(() => messagesOf(customer.id), (r) => r.every((m) => m.state === 'sent'));
  }, 120_000);

  it('a provider 500 is retried and the message sent once', async () => {
    const customer = await helpers.newCustomer({ phone: '0356111003' });
    const requestsBefore = fake.requests;
    fake.failNext(1, 'http500');
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 500_000, method: 'cash' }));
    const [row] = await until(() => messagesOf(customer.id), (r) => r[0]?.state === 'sent', 60_000);
    expect(row).toMatchObject({ event: 'wallet_credited', state: 'sent', attempts: 2 });
    expect(fake.requests - requestsBefore).toBe(2);
    const got = sentTo('84356111003');
    expect(got).toHaveLength(1);
    expect(got[0]!.templateData).toMatchObject({ amount: formatMoney(500_000, 'VND', 'vi'), balance: formatMoney(500_000, 'VND', 'vi') });
  }, 120_000);

  it('an "invalid phone" answer is not retried: the message fails with the provider\'s answer', async () => {
    const customer = await helpers.newCustomer({ phone: '0356111004' });
    const requestsBefore = fake.requests;
    fake.failNext(1, 'invalid_phone');
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 10_000, method: 'cash' }));
    const [row] = await until(() => messagesOf(customer.id), (r) => r[0]?.state === 'failed');
    expect(row).toMatchObject({ state: 'failed', attempts: 1, provider_answer: { error: -108 } });
    expect(row!.reason).toContain('-108');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fake.requests - requestsBefore).toBe(1);
  }, 120_000);

  it('a customer who turned Zalo off gets no Zalo message; one with no mobile number is skipped with the reason', async () => {
    const off = await helpers.newCustomer({ phone: '0356111005' });
    await ctx.database.query('UPDATE customers SET notify_zns = false WHERE id = $1', [off.id]);
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: off.id, type: 'deposit', amount: 10_000, method: 'cash' }));
    expect(await messagesOf(off.id)).toHaveLength(0);

    const landline = await helpers.newCustomer({ phone: '02838485566' });
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: landline.id, type: 'deposit', amount: 10_000, method: 'cash' }));
    const [row] = await until(() => messagesOf(landline.id), (r) => r[0]?.state === 'skipped');
    expect(row).toMatchObject({ state: 'skipped' });
    expect(row!.reason).toContain('02838485566');
    expect(fake.sent.some((s) => s.phone.endsWith('2838485566'))).toBe(false);
  }, 60_000);

  it('a customer with an e-mail address also gets it by e-mail, in their language; one who turned e-mail off gets only Zalo', async () => {
    const english = await helpers.newCustomer({ phone: '0356111008', email: 'khach8@example.com' });
    await ctx.database.query(`UPDATE customers SET language = 'en' WHERE id = $1`, [english.id]);
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: english.id, type: 'deposit', amount: 1_250_000, method: 'cash' }));
    const rows = await until(() => messagesOf(english.id), (r) => r.length === 2 && r.every((m) => m.state === 'sent'));
    expect(rows.map((r) => [r.channel, r.state, r.recipient]).sort()).toEqual([
      ['email', 'sent', 'khach8@example.com'],
      ['zns', 'sent', '84356111008'],
    ]);
    // No SMTP_URL here: the mail is in the outbox, as every mail the console writes.
    const mails = await ctx.database.query<{ subject: string; text: string }>(`SELECT subject, text FROM mail_outbox WHERE "to" = $1`, ['khach8@example.com']);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your wallet was credited');
    expect(mails[0]!.text).toContain(`credited ${formatMoney(1_250_000, 'VND', 'en')}`);

    const noMail = await helpers.newCustomer({ phone: '0356111009', email: 'khach9@example.com' });
    await ctx.database.query('UPDATE customers SET notify_email = false WHERE id = $1', [noMail.id]);
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: noMail.id, type: 'deposit', amount: 10_000, method: 'cash' }));
    const only = await until(() => messagesOf(noMail.id), (r) => r.length === 1 && r[0]!.state === 'sent');
    expect(only.map((r) => r.channel)).toEqual(['zns']);
    expect(await ctx.database.query(`SELECT 1 FROM mail_outbox WHERE "to" = $1`, ['khach9@example.com'])).toHaveLength(0);
  }, 120_000);

  it('in quiet hours a message is held until 07:00 Vietnam time (fixed clock)', async () => {
    const customer = await helpers.newCustomer({ phone: '0356111006' });
    await jobs.stop(2_000);
    try {
      await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 10_000, method: 'cash' }));
      const [row] = await messagesOf(customer.id);
      // 22:30 in Vietnam, two days from now.
      const night = new Date(Date.now() + 2 * 86_400_000);
      night.setUTCHours(15, 30, 0, 0);
      const quiet = { ...deps, config: { ...ctx.config, NOTIFY_QUIET_HOURS: parseQuietHours('21:00-07:00') }, now: () => night };
      expect(await processMessage(quiet, row!.id)).toBe('held');
      const [held] = await ctx.database.query<{ send_after: Date; state: string }>('SELECT send_after, state FROM messages WHERE id = $1', [row!.id]);
      const morning = new Date(night);
      morning.setUTCDate(morning.getUTCDate() + 1);
      morning.setUTCHours(0, 0, 0, 0); // 07:00 in Vietnam
      expect(new Date(held!.send_after).toISOString()).toBe(morning.toISOString());
      expect(held!.state).toBe('queued');
      expect(sentTo('84356111006')).toHaveLength(0);
      // At 07:05 it goes.
      const later = { ...quiet, now: () => new Date(morning.getTime() + 5 * 60_000) };
      expect(await processMessage(later, row!.id)).toBe('sent');
      expect(sentTo('84356111006')).toHaveLength(1);
    } finally {
      jobs = await startJobs({ ...deps, log: ctx.app.log });
    }
  }, 60_000);

  it('a queued message whose send job is gone (a restore does not carry the queue) is sent after the next start, once', async () => {
    const customer = await helpers.newCustomer({ phone: '0356111010' });
    await jobs.stop(2_000);
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 20_000, method: 'cash' }));
    const [row] = await messagesOf(customer.id);
    await ctx.database.query(`DELETE FROM pgboss.job WHERE name = 'notify-send' AND (data->>'messageId')::bigint = $1`, [row!.id]);
    jobs = await startJobs({ ...deps, log: ctx.app.log });
    const [sent] = await until(() => messagesOf(customer.id), (r) => r[0]?.state === 'sent');
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sentTo('84356111010')).toHaveLength(1);
  }, 60_000);

  it('an expired access token is refreshed with the refresh token and the new pair kept', async () => {
    await ctx.database.query(`UPDATE provider_tokens SET expires_at = now() - interval '1 minute'`);
    fake.expireToken();
    const refreshesBefore = fake.refreshes;
    const customer = await helpers.newCustomer({ phone: '0356111007' });
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 10_000, method: 'cash' }));
    await until(() => messagesOf(customer.id), (r) => r[0]?.state === 'sent');
    expect(fake.refreshes - refreshesBefore).toBe(1);
    const [tokens] = await ctx.database.query<{ access_token: string; expires_at: Date }>(`SELECT access_token, expires_at FROM provider_tokens WHERE provider = 'zalo_oa'`);
    expect(tokens!.access_token).toBe(fake.accessToken);
    expect(new Date(tokens!.expires_at).getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    // A token Zalo refuses before its stored expiry (-124) is refreshed too, and the message sent.
    fake.expireToken();
    const other = await helpers.newCustomer({ phone: '0356111008' });
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: other.id, type: 'deposit', amount: 10_000, method: 'cash' }));
    await until(() => messagesOf(other.id), (r) => r[0]?.state === 'sent');
    expect(fake.refreshes - refreshesBefore).toBe(2);
  }, 60_000);
});

describe('quiet hours', () => {
  const w = parseQuietHours('21:00-07:00');
  it('lets a message go outside the window and holds one inside it until 07:00 Vietnam time', () => {
    const afternoon = new Date('2026-03-10T08:00:00Z'); // 15:00 in Vietnam
    expect(quietHoursRelease(afternoon, w)).toEqual(afternoon);
    expect(quietHoursRelease(new Date('2026-03-10T14:30:00Z'), w).toISOString()).toBe('2026-03-11T00:00:00.000Z'); // 21:30
    expect(quietHoursRelease(new Date('2026-03-10T20:00:00Z'), w).toISOString()).toBe('2026-03-11T00:00:00.000Z'); // 03:00
    expect(quietHoursRelease(new Date('2026-03-11T00:00:00Z'), w).toISOString()).toBe('2026-03-11T00:00:00.000Z'); // 07:00
    expect(quietHoursRelease(new Date('2026-03-10T14:30:00Z'), parseQuietHours(''))).toEqual(new Date('2026-03-10T14:30:00Z'));
  });
});
