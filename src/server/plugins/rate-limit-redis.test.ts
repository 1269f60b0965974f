import { randomInt } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../modules/auth/index';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * With REDIS_URL set, the per-IP limits count in Redis: two app instances (each on its own database, so nothing else
 * is shared) answer one client from one allowance. Runs against the Redis at REDIS_TEST_URL (default
 * redis://127.0.0.1:6379); skipped, saying so, when none answers.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const redisUp = await reachable(REDIS_URL);
if (!redisUp) console.warn(`rate-limit-redis.test: no Redis answers at ${REDIS_URL}; the shared-counter test is skipped`);

describe.skipIf(!redisUp)('rate limits in Redis (REDIS_URL)', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestContext({ REDIS_URL });
    b = await createTestContext({ REDIS_URL });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  // A client address no other run or test uses, so the counters start from nothing.
  const ip = `10.${randomInt(200, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  const forgot = (ctx: TestContext, n: number) =>
    ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, remoteAddress: ip, payload: { email: `nobody${n}@cargo.test` } });

  it('two instances share one allowance per client', async () => {
    const max = AUTH_RATE_LIMITS.forgotPassword.max;
    const remaining: number[] = [];
    for (let i = 0; i < max; i++) {
      const res = await forgot(i % 2 === 0 ? a : b, i);
      expect(res.statusCode, res.body).toBe(200);
      remaining.push(Number(res.headers['x-ratelimit-remaining']));
    }
    // One count across both: every answer, whichever instance gave it, is one less than the one before.
    expect(remaining).toEqual(Array.from({ length: max }, (_, i) => max - 1 - i));
    const over = await forgot(a, max);
    expect(over.statusCode).toBe(429);
    expect((await forgot(b, max + 1)).statusCode).toBe(429);
    // Another client is not affected.
    const other = await b.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, remoteAddress: `10.${randomInt(1, 199)}.${randomInt(0, 255)}.${randomInt(1, 255)}`, payload: { email: 'x@cargo.test' } });
    expect(other.statusCode).toBe(200);
  });
});
