import { describe, expect, it } from 'vitest';
import type { Message, MessageList } from '../../../shared/contracts/messages';
import { runWrite, SYSTEM_META } from '../../lib/write-context';
import { useTestContext } from '../../test/harness';
import { slipHelpers } from '../delivery-slips/test-support';
import { postMovement } from '../transactions/index';

// No queue workers here: messages stay queued, as staff find them before they are sent.
const ctx = useTestContext({ NOTIFY_QUIET_HOURS: '' });
const helpers = slipHelpers(() => ctx);

describe('/api/messages', () => {
  it('is for Admins only', async () => {
    await ctx.expectAdminOnly('GET', '/api/messages');
    await ctx.expectAdminOnly('POST', '/api/messages/1/cancel');
    await ctx.expectAdminOnly('POST', '/api/messages/1/resend');
  });

  it('lists the log with filters, cancels a queued message and resends it as a new one', async () => {
    const customer = await helpers.newCustomer({ phone: '0356222001', email: 'nhan.tin@cargo.test' });
    await runWrite(ctx.database.db, SYSTEM_META, (w) => postMovement(w, { customerId: customer.id, type: 'deposit', amount: 20_000, method: 'cash' }));
    const all = await ctx.getOk<MessageList>(`/api/messages?customerId=${customer.id}`);
    expect(all.items.map((m) => [m.event, m.channel, m.state]).sort()).toEqual([
      ['wallet_credited', 'email', 'queued'],
      ['wallet_credited', 'zns', 'queued'],
    ]);
    const zns = await ctx.getOk<MessageList>(`/api/messages?customerId=${customer.id}&channel=zns&state=queued&event=wallet_credited`);
    expect(zns.items).toHaveLength(1);
    expect(zns.items[0]).toMatchObject({ customerCode: customer.code, attempts: 0, sentAt: null });
    expect((await ctx.request({ method: 'GET', url: '/api/messages?state=lost' })).statusCode).toBe(400);

    const id = zns.items[0]!.id;
    const cancelled = await ctx.request({ method: 'POST', url: `/api/messages/${id}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'skipped', reason: expect.stringContaining('cancelled') });
    expect((await ctx.request({ method: 'POST', url: `/api/messages/${id}/cancel` })).statusCode).toBe(409);

    const resent = await ctx.request({ method: 'POST', url: `/api/messages/${id}/resend` });
    expect(resent.statusCode, resent.body).toBe(201);
    const fresh = resent.json() as Message;
    expect(fresh).toMatchObject({ state: 'queued', event: 'wallet_credited', channel: 'zns', customerId: customer.id });
    expect(fresh.id).not.toBe(id);
    expect(fresh.trackingId).not.toBe(zns.items[0]!.trackingId);
    const jobs = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify-send' AND data->>'messageId' = $1`, [String(fresh.id)]);
    expect(jobs[0]!.n).toBe(1);
    // While that one waits, a second resend is refused.
    expect((await ctx.request({ method: 'POST', url: `/api/messages/${id}/resend` })).statusCode).toBe(409);
    expect((await ctx.request({ method: 'POST', url: '/api/messages/999999/resend' })).statusCode).toBe(404);
  });
});
