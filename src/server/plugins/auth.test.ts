import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/auth';
import { createTokenSigner } from '../lib/tokens';
import { createTestContext, TEST_ADMIN, TEST_STAFF, type TestContext } from '../test/harness';
import {
  databaseSessionLoader,
  forgetSessionState,
  registerAuth,
  tokenStillValid,
  type SessionState,
  type SessionStateLoader,
} from './auth';
import { registerErrorHandler } from './errors';

const SECRET = 'plugin-test-secret-plugin-test-secret-0123';
const signer = createTokenSigner(SECRET, 15 * 60_000);
const key = new TextEncoder().encode(SECRET);

let ctx: TestContext;
let app: FastifyInstance;
let loads = 0;
const ids: Record<'Admin' | 'Staff', number> = { Admin: 0, Staff: 0 };

/** A bare app: only the error handler, the auth hook and three routes, one per access level. */
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [role, email] of [['Admin', TEST_ADMIN.email], ['Staff', TEST_STAFF.email]] as const) {
    ids[role] = (await ctx.database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  }
  const fromDb = databaseSessionLoader(ctx.database);
  const counting: SessionStateLoader = async (id) => {
    loads++;
    return fromDb(id);
  };
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerAuth(app, signer, { loadSessionState: counting });
  app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
  app.get('/api/mine', { config: { access: 'authenticated' } }, async (req) => ({ id: req.user!.id, role: req.user!.role }));
  app.get('/api/admin-only', async () => ({ ok: true }));
  app.get('/api/staff-or-admin', { config: { access: { roles: ['Admin', 'Staff'] } } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function tokenFor(role: Role, email = role === 'Admin' ? TEST_ADMIN.email : TEST_STAFF.email) {
  return (await signer.sign({ id: ids[role], role, email })).token;
}
function get(url: string, token?: string) {
  return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('the global auth hook', () => {
  it('lets public routes through without a token', async () => {
    expect((await get('/api/open')).statusCode).toBe(200);
  });

  it('answers 401 without a token, with a bad one, an expired one, or one signed with another key or algorithm', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'Admin', email: TEST_ADMIN.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ids.Admin))
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 100)
      .setJti('e')
      .sign(key);
    const otherKey = await createTokenSigner('another-secret-another-secret-another-secret', 60_000).sign({ id: ids.Admin, role: 'Admin', email: TEST_ADMIN.email });
    const hs512 = await new SignJWT({ role: 'Admin', email: TEST_ADMIN.email })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(ids.Admin))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(ids.Admin), role: 'Admin', exp: now + 600 })).toString('base64url')}.`;
    for (const url of ['/api/mine', '/api/admin-only']) {
      const missing = await get(url);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Bạn cần đăng nhập để tiếp tục' });
      for (const token of ['garbage', expired, otherKey.token, hs512, none]) {
        const res = await get(url, token);
        expect(res.statusCode, `${url} ${token.slice(0, 20)}`).toBe(401);
        expect(res.json().code).toBe('TOKEN_INVALID');
      }
    }
  });

  it('answers 403 for Staff on an Admin route and lets Staff through where allowed', async () => {
    const staff = await tokenFor('Staff');
    const forbidden = await get('/api/admin-only', staff);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ code: 'FORBIDDEN', message: 'Bạn không có quyền thực hiện thao tác này' });
    expect((await get('/api/mine', staff)).json()).toEqual({ id: ids.Staff, role: 'Staff' });
    expect((await get('/api/staff-or-admin', staff)).statusCode).toBe(200);
    const admin = await tokenFor('Admin');
    expect((await get('/api/admin-only', admin)).statusCode).toBe(200);
  });

  it('reads a user once per few seconds, not on every request', async () => {
    // A user this process has not seen yet, so the first request must read and the rest must not.
    const [row] = await ctx.database.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, role, full_name) VALUES ('cache.probe@cargo.test', 'x', 'Admin', 'Probe') RETURNING id`,
    );
    const token = (await signer.sign({ id: row!.id, role: 'Admin', email: 'cache.probe@cargo.test' })).token;
    const before = loads;
    for (let i = 0; i < 10; i++) expect((await get('/api/admin-only', token)).statusCode).toBe(200);
    expect(loads - before).toBe(1);
  });

  it('refuses a disabled user at once after this process changed them', async () => {
    const staff = await tokenFor('Staff');
    expect((await get('/api/mine', staff)).statusCode).toBe(200);
    await ctx.database.query('UPDATE users SET enabled = false WHERE id = $1', [ids.Staff]);
    try {
      forgetSessionState(ids.Staff);
      const res = await get('/api/mine', staff);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'SESSION_REVOKED', message: 'Phiên đăng nhập đã bị thu hồi, vui lòng đăng nhập lại' });
    } finally {
      await ctx.database.query('UPDATE users SET enabled = true WHERE id = $1', [ids.Staff]);
      forgetSessionState(ids.Staff);
    }
    expect((await get('/api/mine', staff)).statusCode).toBe(200);
  });

  it('refuses a token of a user that does not exist', async () => {
    const ghost = (await signer.sign({ id: 987_654, role: 'Admin', email: 'ghost@cargo.test' })).token;
    expect((await get('/api/mine', ghost)).statusCode).toBe(401);
  });
});

describe('tokenStillValid', () => {
  const claims = { sub: '1', role: 'Admin' as const, email: 'a@b.c', iat: 1_700_000_000, exp: 1_700_000_900, jti: 'j' };
  const state = (s: Partial<SessionState> = {}): SessionState => ({ enabled: true, role: 'Admin', sessionsValidAfter: null, ...s });

  it('holds for an enabled user with the same role and no revocation', () => {
    expect(tokenStillValid(claims, state())).toBe(true);
  });
  it('fails for a missing or disabled user, or a changed role', () => {
    expect(tokenStillValid(claims, null)).toBe(false);
    expect(tokenStillValid(claims, state({ enabled: false }))).toBe(false);
    expect(tokenStillValid(claims, state({ role: 'Staff' }))).toBe(false);
  });
  it('fails for a token issued in a second before the revocation, holds from the revocation second on', () => {
    expect(tokenStillValid(claims, state({ sessionsValidAfter: (claims.iat + 1) * 1000 }))).toBe(false);
    expect(tokenStillValid(claims, state({ sessionsValidAfter: claims.iat * 1000 + 999 }))).toBe(true);
    expect(tokenStillValid(claims, state({ sessionsValidAfter: (claims.iat - 60) * 1000 }))).toBe(true);
  });
});
