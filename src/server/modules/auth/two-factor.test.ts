import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginResponse, MfaChallenge } from '../../../shared/contracts/auth';
import { RECOVERY_CODE_COUNT } from '../../../shared/two-factor';
import { base32Decode, totp, TOTP_STEP_SECONDS } from '../../lib/totp';
import { createTestContext, type TestContext } from '../../test/harness';
import { LOCKOUT_THRESHOLD } from './auth.service';
import { auditRows, createUser, freshIp, signIn, type TestUser } from './test-support';

/**
 * Two-factor sign-in over the API, on a fixed clock: Date is frozen 5 s into a 30-second step (timers stay real),
 * so every code is the one of a known step and moving to the next step is one setSystemTime.
 */
let ctx: TestContext;
let t0: number;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function freezeClock() {
  const step = TOTP_STEP_SECONDS * 1000;
  t0 = Math.floor(Date.now() / step) * step + 5_000;
  vi.useFakeTimers({ toFake: ['Date'], now: t0 });
}
afterEach(() => {
  vi.useRealTimers();
});
const at = (steps: number) => vi.setSystemTime(t0 + steps * TOTP_STEP_SECONDS * 1000);

const post = (url: string, payload: object, token: string | null = null) =>
  ctx.request({ method: 'POST', url, token, remoteAddress: freshIp(), payload });

const loginCall = (u: TestUser) => post('/api/auth/login', { email: u.email, password: u.password });

/** Enrols `u` from the account screen; returns the secret (as bytes) and the recovery codes. */
async function enrol(u: TestUser): Promise<{ secret: Buffer; recoveryCodes: string[] }> {
  const session = await signIn(ctx, u.email, u.password);
  const started = await post('/api/auth/two-factor/enrol', {}, session.token);
  expect(started.statusCode, started.body).toBe(200);
  const secret = base32Decode(started.json().secret);
  const confirmed = await post('/api/auth/two-factor/confirm', { code: totp(secret, Date.now()) }, session.token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes };
}

async function challenge(u: TestUser): Promise<string> {
  const res = await loginCall(u);
  expect(res.statusCode, res.body).toBe(401);
  return res.json().mfaToken;
}

const familiesOf = async (userId: number) =>
  (await ctx.database.query<{ n: number }>('SELECT count(DISTINCT family_id)::int AS n FROM refresh_tokens WHERE user_id = $1', [userId]))[0]!.n;

describe('two-factor enrolment from the account screen', () => {
  it('shows a QR code and key, is confirmed by one right code, gives the recovery codes once and stores the secret encrypted', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const session = await signIn(ctx, u.email, u.password);
    const started = await post('/api/auth/two-factor/enrol', {}, session.token);
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.otpauthUri).toBe(
      `otpauth://totp/Cargo%20Console:${encodeURIComponent(u.email)}?secret=${body.secret}&issuer=Cargo+Console&algorithm=SHA1&digits=6&period=30`,
    );
    const secret = base32Decode(body.secret);
    expect(secret).toHaveLength(20);

    // Not on until a code proves the app has the key.
    expect((await loginCall(u)).statusCode).toBe(200);
    const wrong = await post('/api/auth/two-factor/confirm', { code: totp(secret, Date.now() + 120_000) }, session.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('MFA_CODE_INVALID');

    const ok = await post('/api/auth/two-factor/confirm', { code: totp(secret, Date.now()) }, session.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await ctx.request({ method: 'GET', url: '/api/auth/two-factor', token: session.token });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });
    expect(status.body).not.toContain(body.secret);

    const [row] = await ctx.database.query<{ secret_enc: string }>('SELECT secret_enc FROM user_two_factor WHERE user_id = $1', [u.id]);
    expect(row!.secret_enc).toMatch(/^v1\./);
    expect(row!.secret_enc).not.toContain(body.secret);
    expect(row!.secret_enc).not.toContain(secret.toString('base64url'));
    const hashes = await ctx.database.query<{ code_hash: string }>('SELECT code_hash FROM user_recovery_codes WHERE user_id = $1', [u.id]);
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const h of hashes) expect(h.code_hash).toMatch(/^\$argon2id\$/);

    // A second enrolment while on is refused: the key cannot be read back or replaced silently.
    const again = await post('/api/auth/two-factor/enrol', {}, session.token);
    expect(again.statusCode).toBe(409);
    expect((await auditRows(ctx, 'two_factor_enabled')).some((r) => Number(r.entity_id) === u.id)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/auth/two-factor/enrol', {})).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/confirm', { code: '123456' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/two-factor', token: null })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor', () => {
  it('answers the password step with a 401 MFA_REQUIRED challenge and no session; the code step answers the login fields', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const { secret } = await enrol(u);
    const before = await familiesOf(u.id);

    const first = await loginCall(u);
    expect(first.statusCode).toBe(401);
    const ch = first.json();
    expect(MfaChallenge.parse(ch)).toEqual(ch);
    expect(ch).toMatchObject({ code: 'MFA_REQUIRED', expiresIn: 300 });
    expect(Object.keys(ch).sort()).toEqual(['code', 'expiresIn', 'message', 'mfaToken']);
    expect(await familiesOf(u.id)).toBe(before);
    // The challenge token is no access token.
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: ch.mfaToken })).statusCode).toBe(401);

    // The code that confirmed enrolment was of this step: spent.
    const replay = await post('/api/auth/login/mfa', { mfaToken: ch.mfaToken, code: totp(secret, Date.now()) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('MFA_CODE_INVALID');

    at(1);
    const code = totp(secret, Date.now());
    const done = await post('/api/auth/login/mfa', { mfaToken: ch.mfaToken, code });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'refreshToken', 'role', 'token']);
    expect(LoginResponse.parse(body)).toEqual(body);
    expect(body.data.email).toBe(u.email);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: body.token })).statusCode).toBe(200);
    expect(await familiesOf(u.id)).toBe(before + 1);

    // The same code once more, with a fresh challenge: refused (one use per step, on every instance).
    const again = await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code });
    expect(again.statusCode).toBe(401);
    // The step before a used one is spent too; the next step is good.
    expect((await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: totp(secret, Date.now() - 30_000) })).statusCode).toBe(401);
    at(2);
    expect((await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: totp(secret, Date.now()) })).statusCode).toBe(200);
    // ±1 step: the code of the step after now passes, two steps away does not.
    expect((await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: totp(secret, Date.now() + 60_000) })).statusCode).toBe(401);
    expect((await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: totp(secret, Date.now() + 30_000) })).statusCode).toBe(200);
    const audit = await auditRows(ctx, 'login');
    expect(audit.filter((r) => r.actor_id === u.id).some((r) => (r.after as { secondFactor?: string } | null)?.secondFactor === 'totp')).toBe(true);
  });

  it('refuses a challenge token that expired, is forged or is for enrolment', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const { secret } = await enrol(u);
    const token = await challenge(u);
    at(11); // 5.5 minutes later: past the 5-minute challenge
    const late = await post('/api/auth/login/mfa', { mfaToken: token, code: totp(secret, Date.now()) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('MFA_TOKEN_INVALID');
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await post('/api/auth/login/mfa', { mfaToken: forged, code: totp(secret, Date.now()) })).json().code).toBe('MFA_TOKEN_INVALID');
    // An access token is not a challenge token either.
    const access = await ctx.tokenFor('Staff');
    expect((await post('/api/auth/login/mfa', { mfaToken: access, code: totp(secret, Date.now()) })).json().code).toBe('MFA_TOKEN_INVALID');
  });

  it('signs in with a recovery code exactly once', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const { recoveryCodes } = await enrol(u);
    const code = recoveryCodes[3]!;
    const ok = await post('/api/auth/login/mfa', { mfaToken: await challenge(u), recoveryCode: code.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['data', 'refreshToken', 'role', 'token']);
    const twice = await post('/api/auth/login/mfa', { mfaToken: await challenge(u), recoveryCode: code });
    expect(twice.statusCode).toBe(401);
    expect(twice.json().code).toBe('MFA_CODE_INVALID');
    const status = await ctx.request({ method: 'GET', url: '/api/auth/two-factor', token: ok.json().token });
    expect(status.json().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    // Code and recovery code together, or neither: 400.
    expect((await post('/api/auth/login/mfa', { mfaToken: 'x', code: '123456', recoveryCode: recoveryCodes[0] })).statusCode).toBe(400);
    expect((await post('/api/auth/login/mfa', { mfaToken: 'x' })).statusCode).toBe(400);
  });

  it('counts wrong codes towards the same lockout as wrong passwords', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const { secret } = await enrol(u);
    const token = await challenge(u);
    const wrong = String((Number(totp(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      const res = await post('/api/auth/login/mfa', { mfaToken: token, code: wrong });
      expect(res.statusCode).toBe(401);
    }
    at(1);
    const locked = await post('/api/auth/login/mfa', { mfaToken: token, code: totp(secret, Date.now()) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    // And the password step is locked too: a right password does not reset the count and open a new round.
    const pw = await loginCall(u);
    expect(pw.statusCode).toBe(429);
    expect((await auditRows(ctx, 'login_mfa_failed')).filter((r) => r.actor_id === u.id)).toHaveLength(LOCKOUT_THRESHOLD);
  });

  it('a right password does not clear the failures a second step made', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const { secret } = await enrol(u);
    const wrong = String((Number(totp(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) {
      // A fresh password step before every guess.
      expect((await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: wrong })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: wrong })).statusCode).toBe(401);
    expect((await loginCall(u)).statusCode).toBe(429);
  });

  it('turns off with the password (or a code), after which the password alone signs in', async () => {
    freezeClock();
    const u = await createUser(ctx);
    const { secret } = await enrol(u);
    at(1);
    const done = await post('/api/auth/login/mfa', { mfaToken: await challenge(u), code: totp(secret, Date.now()) });
    const token = done.json().token;
    const bad = await post('/api/auth/two-factor/disable', { password: 'Sai-mat-khau-1' }, token);
    expect(bad.statusCode).toBe(400);
    // The code just used to sign in is spent here too.
    expect((await post('/api/auth/two-factor/disable', { code: totp(secret, Date.now()) }, token)).statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: u.password }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await loginCall(u)).statusCode).toBe(200);
    expect(await ctx.database.query('SELECT 1 FROM user_recovery_codes WHERE user_id = $1', [u.id])).toHaveLength(0);
    expect((await auditRows(ctx, 'two_factor_disabled')).some((r) => Number(r.entity_id) === u.id)).toBe(true);
    expect((await post('/api/auth/two-factor/disable', { password: u.password }, token)).statusCode).toBe(409);
  });
});

describe('the office policy: two-factor required', () => {
  const setPolicy = async (value: string) => {
    await ctx.database.query(`DELETE FROM settings WHERE kind = 'security' AND key = 'two_factor_required'`);
    await ctx.database.query(
      `INSERT INTO settings (kind, key, value, effective_from) VALUES ('security', 'two_factor_required', $1::jsonb, '2000-01-01')`,
      [JSON.stringify(value)],
    );
  };
  afterAll(async () => {
    await ctx.database.query(`DELETE FROM settings WHERE kind = 'security' AND key = 'two_factor_required'`);
  });

  it('makes a user without it enrol at sign-in before any session, then answers the login fields and the recovery codes', async () => {
    freezeClock();
    await setPolicy('all');
    const u = await createUser(ctx);
    const first = await loginCall(u);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: 'MFA_ENROL_REQUIRED', mfaToken: expect.any(String) });
    expect(await familiesOf(u.id)).toBe(0);
    const token = first.json().mfaToken;
    // The enrolment token only enrols: it is no second-step token and no access token.
    expect((await post('/api/auth/login/mfa', { mfaToken: token, code: '123456' })).json().code).toBe('MFA_TOKEN_INVALID');
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);

    const started = await post('/api/auth/login/mfa/enrol', { mfaToken: token });
    expect(started.statusCode, started.body).toBe(200);
    const secret = base32Decode(started.json().secret);
    const wrong = await post('/api/auth/login/mfa/enrol/confirm', { mfaToken: token, code: totp(secret, Date.now() + 120_000) });
    expect(wrong.statusCode).toBe(400);
    expect(await familiesOf(u.id)).toBe(0);
    const done = await post('/api/auth/login/mfa/enrol/confirm', { mfaToken: token, code: totp(secret, Date.now()) });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'recoveryCodes', 'refreshToken', 'role', 'token']);
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: body.token })).statusCode).toBe(200);

    // Required: it cannot be turned off, and the next sign-in asks for a code.
    const off = await post('/api/auth/two-factor/disable', { password: u.password }, body.token);
    expect(off.statusCode).toBe(409);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/two-factor', token: body.token })).json()).toMatchObject({ enabled: true, required: true });
    expect((await loginCall(u)).json().code).toBe('MFA_REQUIRED');
  });

  it("'admins' asks it of Admin accounts only; 'off' (or no setting) of nobody who has not enrolled", async () => {
    freezeClock();
    await setPolicy('admins');
    const admin = await createUser(ctx, { role: 'Admin' });
    const staff = await createUser(ctx, { role: 'Staff' });
    expect((await loginCall(admin)).json().code).toBe('MFA_ENROL_REQUIRED');
    expect((await loginCall(staff)).statusCode).toBe(200);
    await setPolicy('off');
    expect((await loginCall(admin)).statusCode).toBe(200);
  });

  it('is validated as a setting: only off, admins or all', async () => {
    await ctx.database.query(`DELETE FROM settings WHERE kind = 'security' AND key = 'two_factor_required'`);
    const bad = await ctx.request({ method: 'POST', url: '/api/settings', payload: { kind: 'security', key: 'two_factor_required', value: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    const good = await ctx.request({ method: 'POST', url: '/api/settings', payload: { kind: 'security', key: 'two_factor_required', value: 'admins' } });
    expect(good.statusCode, good.body).toBe(201);
  });
});
