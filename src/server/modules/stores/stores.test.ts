import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, StoreList } from '../../../shared/contracts/stores';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let staffToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staffToken = await ctx.tokenFor('Staff');
});
afterAll(() => ctx.close());

const auditRows = async (id: number) =>
  ctx.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'stores' AND entity_id = $1 ORDER BY id`, [String(id)]);
const create = (payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/stores', payload });
const OSAKA = { code: 'JP-OSA', name: 'Kho Osaka', country: 'JP', kind: 'origin', address: '1-2 Namba, Osaka', phone: '+81 6 0000 0000' };

describe('access', () => {
  it.each([
    ['GET', '/api/stores'],
    ['GET', '/api/stores/1'],
    ['POST', '/api/stores'],
    ['PATCH', '/api/stores/1'],
    ['DELETE', '/api/stores/1'],
  ])('%s %s: 401 without a token, 403 for Staff', async (method, url) => {
    expect((await ctx.request({ method: method as 'GET', url, token: null })).statusCode).toBe(401);
    const staff = await ctx.request({ method: method as 'GET', url, token: staffToken, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(staff.statusCode).toBe(403);
  });

  it('404 for a store that does not exist', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/stores/99999999' })).statusCode).toBe(404);
    const patch = await ctx.request({ method: 'PATCH', url: '/api/stores/99999999', headers: { 'if-match': '"1"' }, payload: { name: 'x' } });
    expect(patch.statusCode).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: '/api/stores/99999999', headers: { 'if-match': '"1"' } })).statusCode).toBe(404);
  });
});

describe('writes', () => {
  it('refuses bad input with a 400 naming the field, never rewriting it', async () => {
    const lower = await create({ ...OSAKA, code: 'jp-osa' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().details).toEqual([{ path: 'body.code', message: expect.any(String) }]);
    const hubAbroad = await create({ ...OSAKA, kind: 'hub' });
    expect(hubAbroad.statusCode).toBe(400);
    expect(hubAbroad.json().details).toEqual([{ path: 'body.country', message: 'Kho trung chuyển Việt Nam phải ở quốc gia VN' }]);
    const noName = await create({ ...OSAKA, name: ' ' });
    expect(noName.json().details).toEqual([{ path: 'body.name', message: expect.any(String) }]);
    expect((await create({ ...OSAKA, extra: 1 })).statusCode).toBe(400);
    expect((await ctx.database.query(`SELECT 1 FROM stores WHERE code = 'JP-OSA'`)).length).toBe(0);
  });

  it('creates a store (one audit row), refuses a second with the same code (409 on code)', async () => {
    const res = await create(OSAKA);
    expect(res.statusCode, res.body).toBe(201);
    const store = res.json() as Store;
    expect(store).toMatchObject({ ...OSAKA, status: 'active', version: 1 });
    expect(res.headers.etag).toBe('"1"');
    expect((await auditRows(store.id)).map((r) => r.action)).toEqual(['create']);
    const again = await create(OSAKA);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ path: 'code', message: 'Mã kho này đã được dùng' }]);
    const listed = (await ctx.request({ method: 'GET', url: '/api/stores?q=osaka' })).json() as StoreList;
    expect(listed.items.map((s) => s.code)).toEqual(['JP-OSA']);
  });

  it('edits with If-Match (412 when stale), checks kind against country on the stored record, deactivates; one audit row per change', async () => {
    const store = (await create({ ...OSAKA, code: 'JP-KIX', name: 'Kho Kansai' })).json() as Store;
    const patch = (etag: string, payload: Record<string, unknown>) => ctx.request({ method: 'PATCH', url: `/api/stores/${store.id}`, headers: { 'if-match': etag }, payload });
    const ok = await patch('"1"', { name: 'Kho Kansai (sân bay)' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Kho Kansai (sân bay)', version: 2 });
    const stale = await patch('"1"', { name: 'Ai đó khác' });
    expect(stale.statusCode).toBe(412);
    expect((await ctx.request({ method: 'PATCH', url: `/api/stores/${store.id}`, payload: { name: 'x' } })).statusCode).toBe(428);
    const badKind = await patch('"2"', { kind: 'hub' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().details).toEqual([{ path: 'country', message: expect.any(String) }]);
    const off = await patch('"2"', { status: 'inactive' });
    expect(off.json()).toMatchObject({ status: 'inactive', version: 3 });
    expect((await auditRows(store.id)).map((r) => r.action)).toEqual(['create', 'update', 'update']);
  });

  it('removes an unused store (If-Match, one audit row); a store with packages is never removed (409)', async () => {
    const unused = (await create({ ...OSAKA, code: 'JP-NGO', name: 'Kho Nagoya' })).json() as Store;
    expect((await ctx.request({ method: 'DELETE', url: `/api/stores/${unused.id}`, headers: { 'if-match': '"9"' } })).statusCode).toBe(412);
    const gone = await ctx.request({ method: 'DELETE', url: `/api/stores/${unused.id}`, headers: { 'if-match': '"1"' } });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/stores/${unused.id}` })).statusCode).toBe(404);
    expect((await auditRows(unused.id)).map((r) => r.action)).toEqual(['create', 'delete']);

    const used = (await create({ ...OSAKA, code: 'JP-FUK', name: 'Kho Fukuoka' })).json() as Store;
    const pkg = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: 'STORETEST0001', storeId: used.id } });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const refused = await ctx.request({ method: 'DELETE', url: `/api/stores/${used.id}`, headers: { 'if-match': '"1"' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('ngừng hoạt động') });
    expect((await ctx.request({ method: 'GET', url: `/api/stores/${used.id}` })).statusCode).toBe(200);
    expect((await auditRows(used.id)).map((r) => r.action)).toEqual(['create']);
  });
});
