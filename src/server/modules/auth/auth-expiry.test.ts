import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createUser, freshIp, refreshCall, signIn, sleep } from './test-support';

// Short lifetimes from the configuration, and a public address for mailed links.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    ACCESS_TOKEN_TTL: '8s',
    REFRESH_TOKEN_TTL: '2s',
    REFRESH_TOKEN_ABSOLUTE_TTL: '4s',
    PUBLIC_URL: 'https://cargo.example.vn',
  });
});
afterAll(() => ctx.close());

describe('configured lifetimes', () => {
  it('signs access tokens for ACCESS_TOKEN_TTL', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user.email, user.password);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(8);
  });

  it('lets a refresh token idle for REFRESH_TOKEN_TTL at most', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    await sleep(2_100);
    const res = await refreshCall(ctx, s.refreshToken, s.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('ends a family after REFRESH_TOKEN_ABSOLUTE_TTL however active it is', async () => {
    const user = await createUser(ctx);
    let s = await signIn(ctx, user.email, user.password);
    // The family began when the sign-in answered or a little before (argon2 takes a while on a busy machine):
    // timing from the answer, 4.2 s later it is surely past its 4 s.
    const start = Date.now();
    // Refreshing every 1.2 s keeps it from idling out (2 s); the absolute limit (4 s) still ends it.
    for (const at of [1_200, 2_400]) {
      await sleep(start + at - Date.now());
      const res = await refreshCall(ctx, s.refreshToken, s.token);
      expect(res.statusCode, `refresh at ${at} ms`).toBe(200);
      s = res.json();
    }
    await sleep(start + 4_200 - Date.now());
    expect((await refreshCall(ctx, s.refreshToken, s.token)).statusCode).toBe(401);
  });
});

describe('PUBLIC_URL', () => {
  it('is the base of the mailed reset link, whatever Host the request carried', async () => {
    const user = await createUser(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      token: null,
      remoteAddress: freshIp(),
      headers: { host: 'attacker.example' },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await ctx.database.query<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1', [user.email]);
    expect(mail!.text).toMatch(/https:\/\/cargo\.example\.vn\/auth\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.text).not.toContain('attacker.example');
  });
});
