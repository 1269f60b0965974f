import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthUser, LoginResponse } from '../../../shared/contracts/auth';
import * as passwords from '../../lib/passwords';
import { forgetSessionState, SESSION_CACHE_MS } from '../../plugins/auth';
import { createTestContext, TEST_ADMIN, TEST_STAFF, type TestContext } from '../../test/harness';
import { LOCKOUT_THRESHOLD, revokeUserSessions } from './auth.service';
import { auditRows, createUser, freshIp, nextSecond, refreshCall, signIn } from './test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function loginCall(email: unknown, password: unknown, ip = freshIp()) {
  return ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: ip, payload: { email, password } });
}

/** Once the session cache's time has passed, the access token of an ended session is refused. */
async function expectRevokedOnceCacheLapses(me: () => ReturnType<TestContext['request']>) {
  const start = Date.now();
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => start + SESSION_CACHE_MS + 1);
  try {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_REVOKED');
  } finally {
    spy.mockRestore();
  }
}

/** Headers that could tell one failure from another (everything but the clock). */
function comparableHeaders(headers: Record<string, unknown>) {
  const { date: _date, ...rest } = headers;
  return rest;
}

describe('POST /api/auth/login', () => {
  it('answers exactly { token, refreshToken, data, role } with the user and never a hash', async () => {
    const res = await loginCall(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'refreshToken', 'role', 'token']);
    expect(LoginResponse.parse(body)).toEqual(body);
    expect(body.role).toBe('Admin');
    expect(body.data).toMatchObject({
      email: TEST_ADMIN.email,
      role: 'Admin',
      employee: { code: 'NV0001', fullName: expect.any(String), phone: expect.any(String), position: 'Quản lý vận hành' },
      store: { code: expect.any(String), name: expect.any(String) },
    });
    expect(Object.keys(body.data).sort()).toEqual(['email', 'employee', 'fullName', 'id', 'role', 'store']);
    expect(res.body).not.toMatch(/argon2|password/i);
    // 256 random bits, base64url; only its SHA-256 is stored.
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.database.query('SELECT id FROM refresh_tokens WHERE token_hash = $1', [sha256(body.refreshToken)]);
    expect(stored).toHaveLength(1);
    const plain = await ctx.database.query('SELECT id FROM refresh_tokens WHERE token_hash = $1', [body.refreshToken]);
    expect(plain).toHaveLength(0);
  });

  it('signs an HS256 access token with sub, role, email, iat, exp, jti, its session family and the configured lifetime', async () => {
    const { token } = await signIn(ctx, TEST_STAFF.email, TEST_STAFF.password);
    const [header, payload] = token.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(Object.keys(payload).sort()).toEqual(['email', 'exp', 'fam', 'iat', 'jti', 'role', 'sub']);
    const [family] = await ctx.database.query<{ family_id: string }>(
      'SELECT family_id FROM refresh_tokens rt JOIN users u ON u.id = rt.user_id WHERE u.email = $1 ORDER BY rt.id DESC LIMIT 1',
      [TEST_STAFF.email],
    );
    expect(payload.fam).toBe(family!.family_id);
    expect(payload).toMatchObject({ role: 'Staff', email: TEST_STAFF.email });
    expect(payload.exp - payload.iat).toBe(15 * 60);
    expect(Math.abs(payload.iat - Date.now() / 1000)).toBeLessThan(5);
  });

  it('compares the e-mail case-insensitively', async () => {
    const res = await loginCall('  ADMIN@Cargo.TEST ', TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(TEST_ADMIN.email);
  });

  it('answers 400 with field details for a bad body', async () => {
    for (const payload of [{}, { email: TEST_ADMIN.email }, { email: 'not-an-email', password: 'x' }, { email: 1, password: 2 }]) {
      const res = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: freshIp(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Dữ liệu không hợp lệ', details: expect.any(Array) });
    }
  });

  it('fails byte-for-byte identically for an unknown e-mail, a wrong password and a disabled account', async () => {
    const disabled = await createUser(ctx, { enabled: false });
    const responses = [
      await loginCall('nobody-here@cargo.test', 'Whatever123'),
      await loginCall(TEST_STAFF.email, 'Wrong-password-1'),
      await loginCall(disabled.email, disabled.password),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(JSON.stringify({ message: 'Email hoặc mật khẩu không đúng', code: 'INVALID_CREDENTIALS' }));
    }
    expect(comparableHeaders(responses[1]!.headers)).toEqual(comparableHeaders(responses[0]!.headers));
    expect(comparableHeaders(responses[2]!.headers)).toEqual(comparableHeaders(responses[0]!.headers));
  });

  it('costs an unknown e-mail the same argon2id verification as a known one (timing tells nothing)', async () => {
    // Wall-clock comparisons are too noisy on a shared 2-core machine, so this observes the work itself:
    // every failure runs exactly one verification, against a hash with the real accounts' parameters.
    const user = await createUser(ctx);
    const disabled = await createUser(ctx, { enabled: false });
    const spy = vi.spyOn(passwords, 'verifyPassword');
    try {
      const paramsOf = (hash: string) => hash.split('$').slice(1, 4).join('$');
      const [real] = await ctx.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
      for (const [email, password] of [
        ['ghost.timing@cargo.test', 'Wrong-password-1'],
        [user.email, 'Wrong-password-1'],
        [disabled.email, disabled.password],
      ]) {
        spy.mockClear();
        expect((await loginCall(email, password)).statusCode).toBe(401);
        expect(spy, email).toHaveBeenCalledTimes(1);
        expect(paramsOf(spy.mock.calls[0]![0])).toBe(paramsOf(real!.password_hash));
        expect(paramsOf(real!.password_hash)).toMatch(/^argon2id\$v=19\$m=19456,t=2,p=1$/);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('audits success and failure without ever storing the password', async () => {
    const user = await createUser(ctx);
    await loginCall(user.email, 'Sai-mat-khau-42');
    await signIn(ctx, user.email, user.password);
    const failed = (await auditRows(ctx, 'login_failed')).filter((r) => r.actor_email === user.email);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ entity: 'auth', entity_id: String(user.id), after: { reason: 'wrong_password' }, ip: expect.any(String) });
    const ok = (await auditRows(ctx, 'login')).filter((r) => r.actor_id === user.id);
    expect(ok).toHaveLength(1);
    const dump = await ctx.database.query<{ t: string }>('SELECT coalesce(string_agg(audit_log::text, E\'\\n\'), \'\') AS t FROM audit_log');
    expect(dump[0]!.t).not.toContain('Sai-mat-khau-42');
    expect(dump[0]!.t).not.toContain(user.password);
  });
});

describe('per-account lockout', () => {
  it(`locks an account after ${LOCKOUT_THRESHOLD} failures in 15 minutes, even against the right password`, async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      // A new address every time: the lockout counts per account, not per address.
      expect((await loginCall(user.email, `Wrong-${i}-pass`)).statusCode).toBe(401);
    }
    const locked = await loginCall(user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: 'Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau 15 phút.',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const lockAudit = (await auditRows(ctx, 'login_locked')).filter((r) => r.actor_email === user.email);
    expect(lockAudit).toHaveLength(1);

    // Once the failures age out of the window the right password works again.
    await ctx.database.query(`UPDATE auth_failures SET at = at - interval '15 minutes' WHERE email_key = $1`, [user.email]);
    expect((await loginCall(user.email, user.password)).statusCode).toBe(200);
  });

  it('locks an unknown e-mail the same way, with the same answer', async () => {
    const user = await createUser(ctx);
    const ghost = 'ghost.lockout@cargo.test';
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      await loginCall(ghost, `Wrong-${i}-pass`);
      await loginCall(user.email, `Wrong-${i}-pass`);
    }
    const a = await loginCall(ghost, 'Wrong-pass-11');
    const b = await loginCall(user.email, 'Wrong-pass-11');
    expect(a.statusCode).toBe(429);
    expect(b.statusCode).toBe(429);
    expect(a.body).toBe(b.body);
    expect(a.headers['retry-after']).toBeDefined();
  });

  it('counts only the last 15 minutes', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) await loginCall(user.email, `Wrong-${i}-pass`);
    await ctx.database.query(`UPDATE auth_failures SET at = at - interval '16 minutes' WHERE email_key = $1`, [user.email]);
    await loginCall(user.email, 'Wrong-once-more1');
    expect((await loginCall(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('per-IP rate limit', () => {
  it('answers 429 with Retry-After after 30 sign-in attempts a minute from one address, and only for that address', async () => {
    const ip = freshIp();
    let last;
    for (let i = 0; i < 30; i++) {
      last = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: ip, payload: {} });
      expect(last.statusCode).toBe(400);
    }
    last = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: ip, payload: {} });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ code: 'RATE_LIMITED', message: 'Quá nhiều yêu cầu, vui lòng thử lại sau' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginCall(TEST_STAFF.email, TEST_STAFF.password)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: a new pair, the successor works, the family is kept', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const res = await refreshCall(ctx, s.refreshToken, s.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token']);
    expect(body.refreshToken).not.toBe(s.refreshToken);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await ctx.request({ method: 'GET', url: '/api/auth/me', token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const rows = await ctx.database.query<{ family_id: string; rotated_at: Date | null; parent_id: number | null }>(
      'SELECT family_id, rotated_at, parent_id FROM refresh_tokens WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]!.family_id).toBe(rows[0]!.family_id);
    expect(rows[0]!.rotated_at).not.toBeNull();
    expect(rows[1]!.rotated_at).toBeNull();
    const next = await refreshCall(ctx, body.refreshToken, body.token);
    expect(next.statusCode).toBe(200);
  });

  it('accepts an expired access token of the same user as bearer, and no bearer at all', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const key = new TextEncoder().encode(ctx.app.deps.jwtSecret);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ role: 'Staff', email: user.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(past)
      .setExpirationTime(past + 900)
      .setJti('x')
      .sign(key);
    const a = await refreshCall(ctx, s.refreshToken, expired);
    expect(a.statusCode).toBe(200);
    const b = await refreshCall(ctx, a.json().refreshToken, null);
    expect(b.statusCode).toBe(200);
  });

  it("refuses another user's access token, a forged one, and an unknown refresh token", async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const other = await ctx.tokenFor('Admin');
    const forged = s.token.slice(0, -4) + (s.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bearer of [other, forged, 'not.a.jwt']) {
      const res = await refreshCall(ctx, s.refreshToken, bearer);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('REFRESH_TOKEN_INVALID');
    }
    expect((await refreshCall(ctx, 'A'.repeat(43), null)).statusCode).toBe(401);
    expect((await refreshCall(ctx, '', null)).statusCode).toBe(400);
    // None of those spent the real token.
    expect((await refreshCall(ctx, s.refreshToken, s.token)).statusCode).toBe(200);
  });

  it('gives a retry within 10 s the same successor and a fresh access token', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const first = await refreshCall(ctx, s.refreshToken, s.token);
    const retry = await refreshCall(ctx, s.refreshToken, s.token);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refreshToken).toBe(first.json().refreshToken);
    expect(retry.json().token).not.toBe(first.json().token);
    // The successor was not spent by the retry, and the family is intact.
    expect((await refreshCall(ctx, first.json().refreshToken, first.json().token)).statusCode).toBe(200);
    expect(await auditRows(ctx, 'refresh_reuse_detected').then((r) => r.filter((x) => x.actor_id === user.id))).toHaveLength(0);
  });

  it('gives concurrent refreshes of one token the same successor', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshCall(ctx, s.refreshToken, s.token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().refreshToken)).size).toBe(1);
    const rows = await ctx.database.query('SELECT id FROM refresh_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(2);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const other = await signIn(ctx, user.email, user.password);
    const r1 = (await refreshCall(ctx, s.refreshToken, s.token)).json();
    const r2 = (await refreshCall(ctx, r1.refreshToken, r1.token)).json();
    await ctx.database.query(`UPDATE refresh_tokens SET rotated_at = rotated_at - interval '11 seconds' WHERE user_id = $1`, [user.id]);

    const reuse = await refreshCall(ctx, s.refreshToken, s.token);
    expect(reuse.statusCode).toBe(401);
    // The thief's copy and the rightful holder's newest token are both dead now.
    expect((await refreshCall(ctx, r2.refreshToken, r2.token)).statusCode).toBe(401);
    expect((await refreshCall(ctx, r1.refreshToken, r1.token)).statusCode).toBe(401);
    const audit = (await auditRows(ctx, 'refresh_reuse_detected')).filter((r) => r.actor_id === user.id);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(s.refreshToken);
    // Another sign-in of the same user is another family and lives on.
    expect((await refreshCall(ctx, other.refreshToken, other.token)).statusCode).toBe(200);
  });

  it('ends the access tokens of a family revoked for reuse at once in this process', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const other = await signIn(ctx, user.email, user.password);
    const r1 = (await refreshCall(ctx, s.refreshToken, s.token)).json();
    const me = (token: string) => ctx.request({ method: 'GET', url: '/api/auth/me', token });
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await me(r1.token)).statusCode).toBe(200);
    await ctx.database.query(`UPDATE refresh_tokens SET rotated_at = rotated_at - interval '11 seconds' WHERE user_id = $1`, [user.id]);
    expect((await refreshCall(ctx, s.refreshToken, s.token)).statusCode).toBe(401);
    for (const token of [s.token, r1.token]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_REVOKED');
    }
    // The user's other sign-in is another family and keeps working.
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('ends the access tokens of a family revoked for reuse by another instance within 5 s', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const me = () => ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token });
    expect((await me()).statusCode).toBe(200);
    // What another server instance writes when it sees the reuse: this process is not told.
    await ctx.database.query(`UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = 'reuse' WHERE user_id = $1`, [user.id]);
    await expectRevokedOnceCacheLapses(me);
  });

  it('refuses an idle-expired token and one past the absolute family expiry', async () => {
    const user = await createUser(ctx);
    const idle = await signIn(ctx, user.email, user.password);
    await ctx.database.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sha256(idle.refreshToken)],
    );
    expect((await refreshCall(ctx, idle.refreshToken, idle.token)).statusCode).toBe(401);

    const absolute = await signIn(ctx, user.email, user.password);
    const next = (await refreshCall(ctx, absolute.refreshToken, absolute.token)).json();
    await ctx.database.query(
      `UPDATE refresh_tokens SET family_expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sha256(next.refreshToken)],
    );
    expect((await refreshCall(ctx, next.refreshToken, next.token)).statusCode).toBe(401);
  });

  it('refuses a disabled user', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    await ctx.database.query('UPDATE users SET enabled = false WHERE id = $1', [user.id]);
    expect((await refreshCall(ctx, s.refreshToken, s.token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family of the refresh token, and only that one', async () => {
    const user = await createUser(ctx);
    const a = await signIn(ctx, user.email, user.password);
    const b = await signIn(ctx, user.email, user.password);
    const res = await ctx.request({ method: 'POST', url: '/api/auth/logout', token: a.token, payload: { refreshToken: a.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Đã đăng xuất' });
    expect((await refreshCall(ctx, a.refreshToken, a.token)).statusCode).toBe(401);
    expect((await refreshCall(ctx, b.refreshToken, b.token)).statusCode).toBe(200);
    expect((await auditRows(ctx, 'logout')).filter((r) => r.actor_id === user.id)).toHaveLength(1);
  });

  it("cannot end someone else's session, and needs a token", async () => {
    const user = await createUser(ctx);
    const victim = await signIn(ctx, user.email, user.password);
    const staff = await ctx.tokenFor('Staff');
    const res = await ctx.request({ method: 'POST', url: '/api/auth/logout', token: staff, payload: { refreshToken: victim.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect((await refreshCall(ctx, victim.refreshToken, victim.token)).statusCode).toBe(200);
    const anon = await ctx.request({ method: 'POST', url: '/api/auth/logout', token: null, payload: { refreshToken: 'x' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('an ended session ends its access tokens (one rule, every reason)', () => {
  it('after logout (and the lock screen, which calls it) the access token answers 401 on reads and writes at once', async () => {
    const admin = await createUser(ctx, { role: 'Admin' });
    const s = await signIn(ctx, admin.email, admin.password);
    const other = await signIn(ctx, admin.email, admin.password);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(200);
    const out = await ctx.request({ method: 'POST', url: '/api/auth/logout', token: s.token, payload: { refreshToken: s.refreshToken } });
    expect(out.statusCode).toBe(200);
    const read = await ctx.request({ method: 'GET', url: '/api/customers', token: s.token });
    expect(read.statusCode).toBe(401);
    expect(read.json().code).toBe('SESSION_REVOKED');
    const write = await ctx.request({ method: 'POST', url: '/api/customers', token: s.token, payload: { fullName: 'Không được tạo' } });
    expect(write.statusCode).toBe(401);
    // The user's other sign-in is another family and lives on.
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: other.token })).statusCode).toBe(200);
  });

  it.each(['logout', 'reuse', 'password_changed', 'disabled', 'ended_by_admin', 'anything_new'])(
    'a family ended by another instance (reason %s) stops its access tokens within 5 s',
    async (reason) => {
      const user = await createUser(ctx);
      const s = await signIn(ctx, user.email, user.password);
      const me = () => ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token });
      expect((await me()).statusCode).toBe(200);
      // What another server instance writes: this process is not told.
      await ctx.database.query(`UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1`, [user.id, reason]);
      await expectRevokedOnceCacheLapses(me);
    },
  );
});

describe('sessions revoked at once', () => {
  it('revokeUserSessions ends refresh families and access tokens issued before it', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(200);
    await nextSecond();
    await revokeUserSessions(ctx.database.db, user.id, 'test');
    const me = await ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('SESSION_REVOKED');
    expect((await refreshCall(ctx, s.refreshToken, s.token)).statusCode).toBe(401);
    // A new sign-in is a new session.
    const fresh = await signIn(ctx, user.email, user.password);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: fresh.token })).statusCode).toBe(200);
  });

  it('refuses the access token of a user disabled by this process at once', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(200);
    await ctx.database.query('UPDATE users SET enabled = false WHERE id = $1', [user.id]);
    forgetSessionState(user.id);
    const res = await ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_REVOKED');
  });

  it('refuses a token whose role no longer matches the account', async () => {
    const user = await createUser(ctx, { role: 'Admin' });
    const s = await signIn(ctx, user.email, user.password);
    await ctx.database.query(`UPDATE users SET role = 'Staff' WHERE id = $1`, [user.id]);
    forgetSessionState(user.id);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(401);
    // A refresh hands out a token with the current role.
    const r = await refreshCall(ctx, s.refreshToken, s.token);
    expect(r.statusCode).toBe(200);
    const me = await ctx.request({ method: 'GET', url: '/api/auth/me', token: r.json().token });
    expect(me.json().role).toBe('Staff');
  });
});

describe('access to routes', () => {
  it('answers 401 without a token on authenticated auth routes', async () => {
    for (const [method, url] of [['GET', '/api/auth/me'], ['PATCH', '/api/auth/me'], ['POST', '/api/auth/change-password'], ['POST', '/api/auth/logout']] as const) {
      const res = await ctx.request({ method, url, token: null, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('lets Staff read their own profile', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/auth/me', token: await ctx.tokenFor('Staff') });
    expect(res.statusCode).toBe(200);
    const me = AuthUser.parse(res.json());
    expect(me).toMatchObject({ email: TEST_STAFF.email, role: 'Staff', employee: { code: 'NV0002' } });
    expect(res.body).not.toMatch(/argon2|hash/i);
  });

  it('answers 403 for Staff on an Admin-only route', async () => {
    // Unmatched paths are Admin-only too, so this holds before and after the audit-log module is mounted.
    const res = await ctx.request({ method: 'GET', url: '/api/audit-logs', token: await ctx.tokenFor('Staff') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Bạn không có quyền thực hiện thao tác này' });
  });
});

describe('OpenAPI', () => {
  it('documents every auth endpoint, the public ones without a security requirement', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/auth/refresh-token', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/auth/me', 'get'],
      ['/api/auth/me', 'patch'],
      ['/api/auth/change-password', 'post'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/auth/me'].get.security).toBeUndefined();
    expect(JSON.stringify(doc.paths['/api/auth/login'].post.requestBody)).toContain('password');
  });
});
