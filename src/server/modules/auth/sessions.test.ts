import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionList } from '../../../shared/contracts/auth';
import { createTestContext, type TestContext } from '../../test/harness';
import { auditRows, createUser, freshIp, refreshCall } from './test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInFrom(email: string, password: string, userAgent: string, ip = freshIp()) {
  const res = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: ip, headers: { 'user-agent': userAgent }, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const fam = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString()).fam as string;
  return { token: body.token as string, refreshToken: body.refreshToken as string, fam, ip };
}

const mySessions = (token: string) => ctx.request({ method: 'GET', url: '/api/auth/sessions', token });
const me = (token: string) => ctx.request({ method: 'GET', url: '/api/auth/me', token });

describe('own sessions', () => {
  it('lists each signed-in session with its device, address, times and the current one marked', async () => {
    const u = await createUser(ctx);
    const pc = await signInFrom(u.email, u.password, CHROME_WINDOWS);
    const phone = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    const res = await mySessions(pc.token);
    expect(res.statusCode).toBe(200);
    const { items } = SessionList.parse(res.json());
    expect(items).toHaveLength(2);
    const byId = new Map(items.map((s) => [s.id, s]));
    expect(byId.get(pc.fam)).toMatchObject({ browser: 'Chrome', os: 'Windows', mobile: false, ip: pc.ip, current: true, userAgent: CHROME_WINDOWS });
    expect(byId.get(phone.fam)).toMatchObject({ browser: 'Safari', os: 'iOS', mobile: true, ip: phone.ip, current: false });
    // A refresh is activity: the session's last-seen moves, its start does not.
    const before = byId.get(phone.fam)!;
    await new Promise((r) => setTimeout(r, 20));
    expect((await refreshCall(ctx, phone.refreshToken, phone.token)).statusCode).toBe(200);
    const after = SessionList.parse((await mySessions(pc.token)).json()).items.find((s) => s.id === phone.fam)!;
    expect(after.createdAt).toBe(before.createdAt);
    expect(Date.parse(after.lastSeenAt)).toBeGreaterThan(Date.parse(before.lastSeenAt));
  });

  it('ends another of my sessions: its access token is refused at once, its refresh token too, and it is audited', async () => {
    const u = await createUser(ctx);
    const pc = await signInFrom(u.email, u.password, CHROME_WINDOWS);
    const phone = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    expect((await me(phone.token)).statusCode).toBe(200);
    const end = await ctx.request({ method: 'DELETE', url: `/api/auth/sessions/${phone.fam}`, token: pc.token });
    expect(end.statusCode, end.body).toBe(200);
    const used = await me(phone.token);
    expect(used.statusCode).toBe(401);
    expect(used.json().code).toBe('SESSION_REVOKED');
    expect((await refreshCall(ctx, phone.refreshToken, phone.token)).statusCode).toBe(401);
    expect((await me(pc.token)).statusCode).toBe(200);
    expect(SessionList.parse((await mySessions(pc.token)).json()).items.map((s) => s.id)).toEqual([pc.fam]);
    const audit = (await auditRows(ctx, 'session_ended')).filter((r) => r.actor_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ familyId: phone.fam, by: 'self' });
    // Once ended, it cannot be ended again.
    expect((await ctx.request({ method: 'DELETE', url: `/api/auth/sessions/${phone.fam}`, token: pc.token })).statusCode).toBe(404);
  });

  it("cannot see or end someone else's session", async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const sa = await signInFrom(a.email, a.password, CHROME_WINDOWS);
    const sb = await signInFrom(b.email, b.password, CHROME_WINDOWS);
    expect(SessionList.parse((await mySessions(sa.token)).json()).items.map((s) => s.id)).toEqual([sa.fam]);
    const res = await ctx.request({ method: 'DELETE', url: `/api/auth/sessions/${sb.fam}`, token: sa.token });
    expect(res.statusCode).toBe(404);
    expect((await me(sb.token)).statusCode).toBe(200);
    expect((await ctx.request({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', token: sa.token })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/sessions', token: null })).statusCode).toBe(401);
  });

  it('does not list a signed-out session', async () => {
    const u = await createUser(ctx);
    const pc = await signInFrom(u.email, u.password, CHROME_WINDOWS);
    const other = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    const out = await ctx.request({ method: 'POST', url: '/api/auth/logout', token: other.token, payload: { refreshToken: other.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(SessionList.parse((await mySessions(pc.token)).json()).items.map((s) => s.id)).toEqual([pc.fam]);
  });
});

describe("an employee's sessions, for an Admin", () => {
  it('lists and ends them (audited as by an Admin); Staff may not', async () => {
    const u = await createUser(ctx, { employeeCode: 'NV0005' });
    const [emp] = await ctx.database.query<{ id: number }>(`SELECT id FROM employees WHERE code = 'NV0005'`);
    const s = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    const list = await ctx.request({ method: 'GET', url: `/api/employees/${emp!.id}/sessions` });
    expect(list.statusCode, list.body).toBe(200);
    expect(SessionList.parse(list.json()).items).toMatchObject([{ id: s.fam, browser: 'Safari', os: 'iOS', current: false }]);
    await ctx.expectAdminOnly('GET', `/api/employees/${emp!.id}/sessions`);
    await ctx.expectAdminOnly('DELETE', `/api/employees/${emp!.id}/sessions/${s.fam}`);
    expect((await me(s.token)).statusCode).toBe(200);

    const end = await ctx.request({ method: 'DELETE', url: `/api/employees/${emp!.id}/sessions/${s.fam}` });
    expect(end.statusCode, end.body).toBe(200);
    expect((await me(s.token)).statusCode).toBe(401);
    expect(SessionList.parse((await ctx.request({ method: 'GET', url: `/api/employees/${emp!.id}/sessions` })).json()).items).toEqual([]);
    const audit = (await auditRows(ctx, 'session_ended')).filter((r) => Number(r.entity_id) === u.id);
    expect(audit.map((r) => r.after)).toEqual([{ familyId: s.fam, by: 'admin' }]);

    // A session of another account is not this employee's to end.
    const other = await createUser(ctx);
    const so = await signInFrom(other.email, other.password, CHROME_WINDOWS);
    expect((await ctx.request({ method: 'DELETE', url: `/api/employees/${emp!.id}/sessions/${so.fam}` })).statusCode).toBe(404);
    expect((await me(so.token)).statusCode).toBe(200);
  });

  it('answers 404 for an employee without an account', async () => {
    const [emp] = await ctx.database.query<{ id: number }>(
      `SELECT e.id FROM employees e WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.employee_id = e.id) ORDER BY e.id DESC LIMIT 1`,
    );
    expect((await ctx.request({ method: 'GET', url: `/api/employees/${emp!.id}/sessions` })).statusCode).toBe(404);
  });
});
