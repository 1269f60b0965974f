import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageList, MessageTestResult, QueueStatus } from '../../../shared/contracts/messages';
import type { Setting } from '../../../shared/contracts/settings';
import { jobHandlers } from '../../jobs';
import { createMailer } from '../../lib/mail';
import { QUEUES } from '../../lib/queue';
import { runWrite, SYSTEM_META } from '../../lib/write-context';
import { createTestContext, type TestContext } from '../../test/harness';
import { slipHelpers } from '../delivery-slips/test-support';
import { postMovement } from '../transactions/index';
import { startFakeZns, type FakeZns } from './fake-zns';
import { processMessage, type NotifyDeps } from './notifications.send';
import { reminderDays } from './notifications.settings';

// Zalo's templates as an OA has them approved: their own parameter names, each with Zalo's length limit.
const TEMPLATES = {
  'tpl-recv-01': { ten_khach: 30, so_kien: 30, ma_kien: 100, can_nang: 30 },
  'tpl-wallet-01': { ten: 30, so_tien: 30, so_du: 30 },
  // The fallback of ZNS_TEMPLATES: parameters named as our fields.
  received_abroad: { customer_name: 30, package_count: 30, package_codes: 100, weight_kg: 30, estimated_freight: 30 },
};

let fake: FakeZns;
let ctx: TestContext;
let deps: NotifyDeps;
const helpers = slipHelpers(() => ctx);

beforeAll(async () => {
  fake = await startFakeZns({ templates: TEMPLATES, accessToken: 'settings-token' });
  ctx = await createTestContext({
    ZNS_BASE_URL: fake.url,
    ZNS_ACCESS_TOKEN: 'settings-token',
    ZNS_TEMPLATES: JSON.stringify({ received_abroad: 'received_abroad' }),
    NOTIFY_QUIET_HOURS: '',
    NOTIFY_BATCH_SECONDS: '0',
  });
  deps = { database: ctx.database, config: ctx.config, mailer: createMailer({ config: ctx.config, database: ctx.database, log: ctx.app.log }), log: ctx.app.log };
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const saveSetting = (key: string, value: unknown) => ctx.request({ method: 'POST', url: '/api/settings', payload: { kind: 'notifications', key, value } });

describe('notifications settings', () => {
  it('the test send, the queue figures and the settings are for Admins only', async () => {
    await ctx.expectAdminOnly('POST', '/api/messages/test');
    await ctx.expectAdminOnly('GET', '/api/messages/queue');
  });

  it('znsTemplates refuses a mapping to a field the event does not have, a bad template id and an unknown event', async () => {
    const unknownField = await saveSetting('znsTemplates', { received_abroad: { templateId: 'tpl-recv-01', params: { ten_khach: 'customer_name', so_du: 'balance' } } });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().details).toEqual([{ path: 'value.received_abroad.params.so_du', message: 'Trường dữ liệu không có trong sự kiện này' }]);
    const badId = await saveSetting('znsTemplates', { departed: { templateId: 'có dấu cách', params: {} } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].path).toBe('value.departed.templateId');
    const badEvent = await saveSetting('znsTemplates', { parcel_lost: { templateId: '123', params: {} } });
    expect(badEvent.statusCode).toBe(400);
    const badName = await saveSetting('znsTemplates', { departed: { templateId: '123', params: { 'tên khách': 'customer_name' } } });
    expect(badName.statusCode).toBe(400);
    expect((await ctx.getOk<{ total: number }>('/api/settings?kind=notifications')).total).toBe(0);
  });

  it('reminder_days is a whole number of days from 1 to 90, 7 while none is saved, and the reminder job counts by it', async () => {
    expect(await reminderDays(ctx.database)).toBe(7);
    for (const bad of [0, 91, 2.5, '14']) expect((await saveSetting('reminder_days', bad)).statusCode, String(bad)).toBe(400);
    const saved = await saveSetting('reminder_days', 14);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await reminderDays(ctx.database)).toBe(14);

    // A wallet negative for 10 days: no reminder at 14 days, one at 9.
    const customer = await helpers.newCustomer({ phone: '0356777001', creditLimit: 1_000_000 });
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'payment', amount: 200_000, method: 'cash' }));
    // Its history dated 10 days back (the ledger is append-only: the guard is lifted for this one repair).
    await ctx.database.query(`ALTER TABLE transactions DISABLE TRIGGER transactions_append_only`);
    try {
      await ctx.database.query(`UPDATE transactions SET created_at = now() - interval '10 days' WHERE customer_id = $1`, [customer.id]);
    } finally {
      await ctx.database.query(`ALTER TABLE transactions ENABLE TRIGGER transactions_append_only`);
    }
    const remind = () => jobHandlers({ ...deps, log: ctx.app.log })[QUEUES.balanceReminder]!({} as never);
    const reminders = async () => (await ctx.getOk<MessageList>(`/api/messages?customerId=${customer.id}&event=balance_reminder`)).total;
    await remind();
    expect(await reminders()).toBe(0);
    const s = saved.json() as Setting;
    const patched = await ctx.request({ method: 'PATCH', url: `/api/settings/${s.id}`, headers: { 'if-match': `"${s.version}"` }, payload: { value: 9 } });
    expect(patched.statusCode, patched.body).toBe(200);
    await remind();
    expect(await reminders()).toBe(1);
  });

  it('a test send goes through the adapter with sample data: ZNS_TEMPLATES while Settings has none, then the mapped template', async () => {
    const before = fake.sent.length;
    const fallback = await ctx.request({ method: 'POST', url: '/api/messages/test', payload: { event: 'received_abroad', phone: '0356 222 001' } });
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect(fallback.json()).toMatchObject({ outcome: 'sent', phone: '84356222001', templateId: 'received_abroad', reason: '', answer: { error: 0, message: 'Success' } });
    expect(fake.sent.length).toBe(before + 1);
    expect(Object.keys(fake.sent.at(-1)!.templateData).sort()).toEqual(['customer_name', 'estimated_freight', 'package_codes', 'package_count', 'weight_kg']);
    expect(fake.sent.at(-1)!.trackingId).toMatch(/^test-/);

    const saved = await saveSetting('znsTemplates', {
      received_abroad: { templateId: 'tpl-recv-01', params: { ten_khach: 'customer_name', so_kien: 'package_count', ma_kien: 'package_codes', can_nang: 'weight_kg' } },
      wallet_credited: { templateId: 'tpl-wallet-01', params: { ten: 'customer_name', so_tien: 'amount', so_du: 'balance' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const mapped = await ctx.request({ method: 'POST', url: '/api/messages/test', payload: { event: 'received_abroad', phone: '0356222001' } });
    const result = mapped.json() as MessageTestResult;
    expect(result).toMatchObject({ outcome: 'sent', templateId: 'tpl-recv-01' });
    expect(fake.sent.at(-1)).toMatchObject({ templateId: 'tpl-recv-01', phone: '84356222001', templateData: result.templateData });
    expect(Object.keys(result.templateData).sort()).toEqual(['can_nang', 'ma_kien', 'so_kien', 'ten_khach']);
  });

  it('a test send shows the provider refusing, and refuses a landline and an event with no template', async () => {
    fake.failNext(1, 'invalid_phone');
    const refused = await ctx.request({ method: 'POST', url: '/api/messages/test', payload: { event: 'received_abroad', phone: '0356222002' } });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ outcome: 'failed', reason: '-108: Phone number invalid', answer: { error: -108 } });
    const landline = await ctx.request({ method: 'POST', url: '/api/messages/test', payload: { event: 'received_abroad', phone: '024 3825 1234' } });
    expect(landline.statusCode).toBe(400);
    expect(landline.json().details).toEqual([{ path: 'phone', message: 'Zalo chỉ gửi tới số di động Việt Nam' }]);
    const none = await ctx.request({ method: 'POST', url: '/api/messages/test', payload: { event: 'departed', phone: '0356222002' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_ZNS_TEMPLATE');
    const badBody = await ctx.request({ method: 'POST', url: '/api/messages/test', payload: { event: 'departed', phone: '0356222002', extra: 1 } });
    expect(badBody.statusCode).toBe(400);
  });

  it("a customer's message is sent with the template and parameter names mapped in Settings", async () => {
    const customer = await helpers.newCustomer({ phone: '0356777002', fullName: 'Trần Thị Ánh Xạ' });
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 250_000, method: 'cash' }));
    const [message] = (await ctx.getOk<MessageList>(`/api/messages?customerId=${customer.id}&channel=zns&event=wallet_credited`)).items;
    expect(await processMessage(deps, message!.id)).toBe('sent');
    const sent = fake.sent.find((s) => s.trackingId === message!.trackingId)!;
    expect(sent).toMatchObject({ templateId: 'tpl-wallet-01', phone: '84356777002' });
    expect(sent.templateData).toEqual({ ten: 'Trần Thị Ánh Xạ', so_tien: expect.stringContaining('250'), so_du: expect.stringContaining('250') });
  });

  it('the queue figures are those of /api/health', async () => {
    const queue = await ctx.getOk<QueueStatus>('/api/messages/queue');
    const health = await ctx.getOk<{ queue: QueueStatus }>('/api/health');
    // Read a moment apart: the oldest job's age may have grown by a second meanwhile.
    expect({ ...queue, oldestWaitingSeconds: 0 }).toEqual({ ...health.queue, oldestWaitingSeconds: 0 });
    expect(Math.abs(health.queue.oldestWaitingSeconds - queue.oldestWaitingSeconds)).toBeLessThanOrEqual(1);
    expect(Object.keys(queue).sort()).toEqual(['backlog', 'failedLastHour', 'oldestWaitingSeconds']);
  });
});
