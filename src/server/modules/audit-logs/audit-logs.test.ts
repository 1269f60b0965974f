import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogList } from '../../../shared/contracts/audit-logs';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let customerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const created = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'Nhật Ký Thử', phone: '0911222333' } });
  customerId = created.json().id;
  for (const [i, note] of ['một', 'hai', 'ba'].entries()) {
    const res = await ctx.request({ method: 'PATCH', url: `/api/customers/${customerId}`, headers: { 'if-match': `"${i + 1}"` }, payload: { note } });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

const logs = async (query: string) => {
  const res = await ctx.request({ method: 'GET', url: `/api/audit-logs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditLogList;
};

describe('GET /api/audit-logs', () => {
  it('is for Admins only', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/audit-logs', token: null })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/audit-logs', token: await ctx.tokenFor('Staff') })).statusCode).toBe(403);
  });

  it('gives one record\'s history newest first, with actor, before and after', async () => {
    const h = await logs(`?entity=customers&entityId=${customerId}`);
    expect(h.total).toBe(4);
    expect(h.items.map((r) => r.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(h.items.map((r) => (r.after as { note: string }).note)).toEqual(['ba', 'hai', 'một', '']);
    expect(h.items[0]).toMatchObject({ actorEmail: 'admin@cargo.test', actorName: expect.any(String), before: { note: 'hai', version: 3 }, after: { version: 4 } });
    expect(h.items[0]!.actorName).not.toBe('');
  });

  it('pages with the list engine and its bounds', async () => {
    const p1 = await logs(`?entity=customers&entityId=${customerId}&pageSize=3`);
    const p2 = await logs(`?entity=customers&entityId=${customerId}&pageSize=3&page=2`);
    expect(p1.items).toHaveLength(3);
    expect(p2.items.map((r) => r.action)).toEqual(['create']);
    expect((await ctx.request({ method: 'GET', url: '/api/audit-logs?pageSize=500' })).statusCode).toBe(400);
    const oldest = await logs(`?entity=customers&entityId=${customerId}&sort=at`);
    expect(oldest.items[0]!.action).toBe('create');
  });

  it('filters by action, actor and time; refuses q and unknown parameters', async () => {
    const creates = await logs('?entity=customers&action=create&pageSize=200');
    expect(creates.items.every((r) => r.action === 'create' && r.entity === 'customers')).toBe(true);
    const adminId = (await ctx.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@cargo.test'"))[0]!.id;
    const mine = await logs(`?actorId=${adminId}&pageSize=200`);
    expect(mine.total).toBeGreaterThanOrEqual(4);
    expect(mine.items.every((r) => r.actorId === Number(adminId))).toBe(true);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await logs(`?atFrom=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await logs(`?entity=customers&entityId=${customerId}&atTo=${encodeURIComponent(future)}`)).total).toBe(4);
    const q = await ctx.request({ method: 'GET', url: '/api/audit-logs?q=x' });
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toContain('q');
    expect((await ctx.request({ method: 'GET', url: '/api/audit-logs?entityType=x' })).statusCode).toBe(400);
  });
});
