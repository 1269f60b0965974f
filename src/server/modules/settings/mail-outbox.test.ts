import { describe, expect, it } from 'vitest';
import { MAIL_OUTBOX_LIMIT, type MailOutbox } from '../../../shared/contracts/mail-outbox';
import { createTestContext, useTestContext } from '../../test/harness';
import { createUser, freshIp } from '../auth/test-support';

const ctx = useTestContext();

describe('GET /api/mail-outbox: where "forgot password" puts its link without a mail server', () => {
  it('is Admin only', async () => {
    await ctx.expectAdminOnly('GET', '/api/mail-outbox');
  });

  it('shows an Admin the reset link a "forgot password" wrote, newest first, never cached', async () => {
    const user = await createUser(ctx);
    const forgot = await ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, remoteAddress: freshIp(), payload: { email: user.email } });
    expect(forgot.statusCode, forgot.body).toBe(200);

    const res = await ctx.request({ method: 'GET', url: '/api/mail-outbox' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const box = res.json() as MailOutbox;
    expect(box.mode).toBe('outbox');
    expect(box.pickupDir).toBe(false);
    expect(box.total).toBeGreaterThanOrEqual(1);
    const newest = box.items[0]!;
    expect(newest.to).toBe(user.email);
    // The link the user was told about is readable here, and only here (the log never has it).
    expect(newest.text).toMatch(/\/auth\/confirm\?token=[\w-]{20,}/);
    expect(newest.sentAt).toBeNull();
    expect(Number.isNaN(Date.parse(newest.createdAt))).toBe(false);
    const ids = box.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('lists at most the newest MAIL_OUTBOX_LIMIT and counts them all', async () => {
    await ctx.database.query(
      `INSERT INTO mail_outbox ("to", subject, text) SELECT 'bulk' || g || '@cargo.test', 'Thử', 'nội dung' FROM generate_series(1, $1::int) g`,
      [MAIL_OUTBOX_LIMIT + 5],
    );
    const box = (await ctx.getOk<MailOutbox>('/api/mail-outbox'));
    expect(box.items).toHaveLength(MAIL_OUTBOX_LIMIT);
    const [{ n }] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    expect(box.total).toBe(n);
    expect(box.items[0]!.to).toBe(`bulk${MAIL_OUTBOX_LIMIT + 5}@cargo.test`);
  });

  it('says mail is sent when SMTP_URL is set, and when a pickup directory also holds it', async () => {
    for (const [env, expected] of [
      [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, { mode: 'smtp', pickupDir: false }],
      [{ MAIL_PICKUP_DIR: '/tmp/cargo-mail-pickup-test' }, { mode: 'outbox', pickupDir: true }],
    ] as const) {
      const other = await createTestContext(env);
      try {
        expect(await other.getOk<MailOutbox>('/api/mail-outbox')).toMatchObject(expected);
      } finally {
        await other.close();
      }
    }
  }, 60_000);
});
