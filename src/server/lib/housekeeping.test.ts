import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../shared/contracts/customers';
import { createTestContext, TEST_ADMIN, type TestContext } from '../test/harness';
import { purgeExpired, runHousekeeping } from './housekeeping';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
const count = async (table: string) => Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

describe('housekeeping', () => {
  it('deletes what can no longer change an answer and keeps everything else', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'Khách Dọn Dẹp', phone: '0966777001' } });
    expect(res.statusCode, res.body).toBe(201);
    const customer = res.json() as Customer;
    const key = randomUUID();
    const pay = (amount: number) =>
      ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': key }, payload: { customerId: customer.id, type: 'deposit', amount, method: 'cash' } });
    expect((await pay(10_000)).statusCode).toBe(201);
    // Same key, other body: refused while the key is remembered.
    expect((await pay(20_000)).statusCode).toBe(422);

    // A sign-in leaves a refresh-token family; a failed one leaves a failure row.
    const login = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(login.statusCode).toBe(200);
    await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, payload: { email: 'nobody@cargo.test', password: 'wrong-password' } });
    await ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, payload: { email: TEST_ADMIN.email } });

    const before = {
      keys: await count('idempotency_keys'),
      refresh: await count('refresh_tokens'),
      resets: await count('password_reset_tokens'),
      failures: await count('auth_failures'),
    };
    expect(Object.values(before).every((n) => n > 0), JSON.stringify(before)).toBe(true);

    // Nothing is old yet: a purge now deletes nothing.
    expect(await purgeExpired(ctx.database, { idempotencyKeyTtlMs: DAY })).toEqual({ idempotencyKeys: 0, refreshTokens: 0, passwordResetTokens: 0, authFailures: 0, rateLimitCounters: 0 });

    // Eight days later every one of them has outlived its purpose.
    const later = new Date(Date.now() + 8 * DAY + 60_000);
    const purged = await purgeExpired(ctx.database, { idempotencyKeyTtlMs: DAY, now: later });
    expect(purged).toEqual({ idempotencyKeys: before.keys, refreshTokens: before.refresh, passwordResetTokens: before.resets, authFailures: before.failures, rateLimitCounters: expect.any(Number) });
    expect(await count('idempotency_keys')).toBe(0);
    expect(await count('refresh_tokens')).toBe(0);

    // The ledger is never touched, and the forgotten key is a new request again.
    const ledger = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1', [customer.id]);
    expect(ledger[0]!.n).toBe(1);
    expect((await pay(20_000)).statusCode).toBe(201);
  });

  it('keeps a key younger than its TTL', async () => {
    await ctx.database.query(`UPDATE idempotency_keys SET created_at = now() - interval '23 hours'`);
    const n = await count('idempotency_keys');
    expect(n).toBeGreaterThan(0);
    expect((await purgeExpired(ctx.database, { idempotencyKeyTtlMs: DAY })).idempotencyKeys).toBe(0);
    await ctx.database.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'`);
    expect((await purgeExpired(ctx.database, { idempotencyKeyTtlMs: DAY })).idempotencyKeys).toBe(n);
  });

  it('the scheduled run logs what it deleted, and rejects on a failure so the queue retries it', async () => {
    const infos: object[] = [];
    const log = { info: (o: object) => infos.push(o) };
    await ctx.database.query(`INSERT INTO auth_failures (email_key, at) VALUES ('old@cargo.test', now() - interval '2 days')`);
    expect((await runHousekeeping(ctx.database, { idempotencyKeyTtlMs: DAY, log })).authFailures).toBe(1);
    expect(infos).toHaveLength(1);
    await runHousekeeping(ctx.database, { idempotencyKeyTtlMs: DAY, log });
    expect(infos).toHaveLength(1);

    const broken = { ...ctx.database, query: () => Promise.reject(new Error('connection lost')) };
    await expect(runHousekeeping(broken, { idempotencyKeyTtlMs: DAY, log })).rejects.toThrow('connection lost');
  });
});
