import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthUser, NewPassword, passwordProblem } from '../../../shared/contracts/auth';
import { requestMeta } from '../../lib/audit';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/harness';
import { LOCKOUT_THRESHOLD, requestPasswordReset, RESET_MAILS_PER_HOUR } from './auth.service';
import { auditRows, createUser, freshIp, nextSecond, refreshCall, signIn } from './test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function forgot(email: string, ip = freshIp()) {
  return ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, remoteAddress: ip, payload: { email } });
}
function reset(token: string, password: string) {
  return ctx.request({ method: 'POST', url: '/api/auth/reset-password', token: null, remoteAddress: freshIp(), payload: { token, password } });
}
function changePassword(token: string, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/auth/change-password', token, remoteAddress: freshIp(), payload });
}
async function outbox(to: string) {
  return ctx.database.query<{ subject: string; text: string; html: string | null }>(
    'SELECT subject, text, html FROM mail_outbox WHERE "to" = $1 ORDER BY id',
    [to],
  );
}
function linkToken(text: string): string {
  const m = /\/auth\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

describe('password policy (shared with the web form)', () => {
  it('wants at least 8 characters with a letter and a digit', () => {
    for (const bad of ['', 'a1', 'abcdefgh', '12345678', 'abc123', 'x'.repeat(129) + '1']) {
      expect(NewPassword.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ['abcdefg1', 'Mật khẩu 2024', 'P4ssword!', 'Đ1234567']) {
      expect(NewPassword.safeParse(good).success, good).toBe(true);
      expect(passwordProblem(good)).toBeNull();
    }
    expect(passwordProblem('short1')).toBe('Mật khẩu cần ít nhất 8 ký tự, gồm cả chữ cái và chữ số');
  });
});

describe('PATCH /api/auth/me', () => {
  it('changes the own name and phone, on the account and its employee, with one audit row', async () => {
    const user = await createUser(ctx, { employeeCode: 'NV0005' });
    const { token } = await signIn(ctx, user.email, user.password);
    const res = await ctx.request({ method: 'PATCH', url: '/api/auth/me', token, payload: { fullName: '  Trần Thị Kiểm  ', phone: '0912 345 678' } });
    expect(res.statusCode).toBe(200);
    const me = AuthUser.parse(res.json());
    expect(me.fullName).toBe('Trần Thị Kiểm');
    expect(me.employee).toMatchObject({ code: 'NV0005', fullName: 'Trần Thị Kiểm', phone: '0912 345 678' });
    const [emp] = await ctx.database.query<{ full_name: string; search_text: string; version: number }>(
      `SELECT full_name, search_text, version FROM employees WHERE code = 'NV0005'`,
    );
    expect(emp).toMatchObject({ full_name: 'Trần Thị Kiểm', version: 2 });
    expect(emp!.search_text).toContain('tran thi kiem');
    const audit = (await auditRows(ctx, 'profile_updated')).filter((r) => r.actor_id === user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'users', entity_id: String(user.id), after: { fullName: 'Trần Thị Kiểm', phone: '0912 345 678' } });
    const get = await ctx.request({ method: 'GET', url: '/api/auth/me', token });
    expect(get.json()).toEqual(me);
  });

  it('refuses what a user may not change about themselves, and bad values', async () => {
    const user = await createUser(ctx, { role: 'Staff' });
    const { token } = await signIn(ctx, user.email, user.password);
    for (const payload of [{ role: 'Admin' }, { email: 'x@y.z' }, {}, { fullName: '' }, { phone: 'abc' }, { phone: '0912345678' }]) {
      const res = await ctx.request({ method: 'PATCH', url: '/api/auth/me', token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const [row] = await ctx.database.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [user.id]);
    expect(row!.role).toBe('Staff');
  });
});

describe('POST /api/auth/change-password', () => {
  it('keeps the caller signed in, revokes every other session, and switches the password', async () => {
    const user = await createUser(ctx);
    const mine = await signIn(ctx, user.email, user.password);
    const elsewhere = await signIn(ctx, user.email, user.password);
    await nextSecond();
    const res = await changePassword(mine.token, {
      currentPassword: user.password,
      newPassword: 'Doi-mat-khau-2025',
      refreshToken: mine.refreshToken,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'refreshToken', 'token']);
    expect(body.refreshToken).toBe(mine.refreshToken);

    // The other session is gone at once: its access token and its refresh token.
    const other = await ctx.request({ method: 'GET', url: '/api/auth/me', token: elsewhere.token });
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('SESSION_REVOKED');
    expect((await refreshCall(ctx, elsewhere.refreshToken, elsewhere.token)).statusCode).toBe(401);
    // The caller's old access token predates the change too; the one handed back works, and so does the kept family.
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: mine.token })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: body.token })).statusCode).toBe(200);
    expect((await refreshCall(ctx, body.refreshToken, body.token)).statusCode).toBe(200);

    const oldLogin = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: freshIp(), payload: { email: user.email, password: user.password } });
    expect(oldLogin.statusCode).toBe(401);
    await signIn(ctx, user.email, 'Doi-mat-khau-2025');
    expect((await auditRows(ctx, 'password_changed')).filter((r) => r.entity_id === String(user.id))).toHaveLength(1);
  });

  it('starts a new session when no refresh token to keep was sent', async () => {
    const user = await createUser(ctx);
    const s = await signIn(ctx, user.email, user.password);
    const res = await changePassword(s.token, { currentPassword: user.password, newPassword: 'Khac-han-123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refreshToken).not.toBe(s.refreshToken);
    expect((await refreshCall(ctx, s.refreshToken, s.token)).statusCode).toBe(401);
    expect((await refreshCall(ctx, body.refreshToken, body.token)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (counting it toward the lockout) and a weak or unchanged new one', async () => {
    const user = await createUser(ctx, { role: 'Staff' });
    const { token } = await signIn(ctx, user.email, user.password);
    const wrong = await changePassword(token, { currentPassword: 'Khong-dung-1', newPassword: 'Hop-le-12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD', message: 'Mật khẩu hiện tại không đúng' });
    for (const newPassword of ['ngan1', 'chuachuso', '1234567890', user.password]) {
      const res = await changePassword(token, { currentPassword: user.password, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('newPassword') })]));
    }
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) await changePassword(token, { currentPassword: `Khong-dung-${i + 1}`, newPassword: 'Hop-le-12345' });
    const locked = await changePassword(token, { currentPassword: user.password, newPassword: 'Hop-le-12345' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('forgot and reset password', () => {
  it('without a mail server says where the link is kept (the outbox an Admin reads), the same for every address', async () => {
    const user = await createUser(ctx, {});
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@cargo.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ delivery: 'outbox' });
    expect((known.json() as { message: string }).message).toContain('Hộp thư đi');
    expect((known.json() as { message: string }).message).not.toContain('đã gửi');
  });

  it('answers the same for known and unknown e-mails, and mails a single-use link only to a real account', async () => {
    const user = await createUser(ctx);
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('no-such-person@cargo.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toMatch(/liên kết đặt lại mật khẩu/);
    expect(await outbox('no-such-person@cargo.test')).toHaveLength(0);

    const mails = await outbox(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Đặt lại mật khẩu Cargo Console');
    // No PUBLIC_URL here: the link points at the address the request came to.
    expect(mails[0]!.text).toMatch(/http:\/\/localhost(:\d+)?\/auth\/confirm\?token=/);
    const token = linkToken(mails[0]!.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.database.query('SELECT id FROM password_reset_tokens WHERE token_hash = $1', [sha256(token)]);
    expect(stored).toHaveLength(1);
    expect(await ctx.database.query('SELECT id FROM password_reset_tokens WHERE token_hash = $1', [token])).toHaveLength(0);

    const session = await signIn(ctx, user.email, user.password);
    await nextSecond();
    const done = await reset(token, 'Mat-khau-moi-2025');
    expect(done.statusCode).toBe(200);
    // Every session of the user is gone; the new password works, the old one does not.
    expect((await refreshCall(ctx, session.refreshToken, session.token)).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: session.token })).statusCode).toBe(401);
    await signIn(ctx, user.email, 'Mat-khau-moi-2025');
    // Single use.
    const again = await reset(token, 'Mat-khau-khac-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'RESET_TOKEN_INVALID', message: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn' });
    expect((await auditRows(ctx, 'password_reset_requested')).filter((r) => r.entity_id === String(user.id))).toHaveLength(1);
    expect((await auditRows(ctx, 'password_reset')).filter((r) => r.entity_id === String(user.id))).toHaveLength(1);
    const dump = await ctx.database.query<{ t: string }>(`SELECT coalesce(string_agg(audit_log::text, E'\\n'), '') AS t FROM audit_log`);
    expect(dump[0]!.t).not.toContain(token);
    expect(dump[0]!.t).not.toContain('Mat-khau-moi-2025');
  });

  it('sends nothing to a disabled account', async () => {
    const user = await createUser(ctx, { enabled: false });
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect(await outbox(user.email)).toHaveLength(0);
  });

  it('refuses an expired link, a made-up one and a weak password', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = linkToken((await outbox(user.email))[0]!.text);
    expect((await reset(token, 'ngan')).statusCode).toBe(400);
    expect((await reset('B'.repeat(43), 'Hop-le-12345')).json().code).toBe('RESET_TOKEN_INVALID');
    await ctx.database.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const expired = await reset(token, 'Hop-le-12345');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('RESET_TOKEN_INVALID');
    // The link lives one hour.
    await forgot(user.email);
    const [row] = await ctx.database.query<{ ttl: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM password_reset_tokens WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(row!.ttl).toBe(3600);
  });

  it('lifts a lockout once the owner of the mailbox resets the password', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: freshIp(), payload: { email: user.email, password: `Sai-${i}-abc` } });
    }
    await forgot(user.email);
    const token = linkToken((await outbox(user.email))[0]!.text);
    expect((await reset(token, 'Da-mo-khoa-1')).statusCode).toBe(200);
    await signIn(ctx, user.email, 'Da-mo-khoa-1');
  });

  it('is callable by other modules (employees send reset links) with the exported function', async () => {
    const user = await createUser(ctx);
    const fakeReq = { user: { id: 1, email: TEST_ADMIN.email }, id: 'req-1', ip: '127.0.0.9', headers: {} } as unknown as Parameters<typeof requestMeta>[0];
    await requestPasswordReset(ctx.app, user.email, requestMeta(fakeReq), 'https://console.example.vn/');
    const mails = await outbox(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('https://console.example.vn/auth/confirm?token=');
    const [audit] = (await auditRows(ctx, 'password_reset_requested')).filter((r) => r.entity_id === String(user.id));
    expect(audit).toMatchObject({ actor_id: 1, actor_email: TEST_ADMIN.email });
  });
});

describe('reset mail throttle', () => {
  it(`mails one account at most ${RESET_MAILS_PER_HOUR} links an hour, from however many addresses`, async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    expect(await outbox(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
    const throttled = (await auditRows(ctx, 'password_reset_requested')).filter(
      (r) => r.entity_id === String(user.id) && (r.after as { reason?: string }).reason === 'too_many_requests',
    );
    expect(throttled).toHaveLength(2);
  });
});
