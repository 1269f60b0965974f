import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../shared/contracts/import';
import type { EventList, Package, PackageList } from '../../../shared/contracts/packages';
import { expectCreated, resourceRoutes, useTestContext } from '../../test/harness';
import { seededStoresAndCustomer, type SuiteCustomer } from './test-support';

/** /api/packages: the standard resource behaviours (list, get, create, patch, delete, export, import). */

const ctx = useTestContext();
let stores: Record<string, number>;
let customer: SuiteCustomer;
beforeAll(async () => {
  ({ stores, customer } = await seededStoresAndCustomer(ctx.database, 'oldest'));
});

const list = (query: string) => ctx.getOk<PackageList>(`/api/packages${query}`);

const auditRows = async (entityId: number) =>
  ctx.database.query<{ action: string; before: Package | null; after: Package | null }>(
    `SELECT action, before, after FROM audit_log WHERE entity = 'packages' AND entity_id = $1 ORDER BY id`,
    [String(entityId)],
  );
const auditCount = async () => Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'packages'`))[0]!.n);

let seq = 0;
const newNumber = () => `TEST${String(Date.now()).slice(-6)}${String(++seq).padStart(4, '0')}`;
const create = async (over: Record<string, unknown> = {}) => {
  return ctx.postCreated<Package>('/api/packages', { trackingNumber: newNumber(), customerId: customer.id, ...over });
};

describe('access', () => {
  it.each([
    ...resourceRoutes('/api/packages'),
    ['GET', '/api/packages/import/template'],
    ['POST', '/api/packages/import'],
    ['GET', '/api/packages/search?numbers=ABC123'],
    ['POST', '/api/packages/search'],
    ['POST', '/api/packages/receive'],
    ['GET', '/api/packages/1/events'],
    ['POST', '/api/packages/1/events'],
    ['GET', '/api/packages/labels?ids=1'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});

describe('list', () => {
  it('answers the seeded packages newest first, 25 a page', async () => {
    const page = await list('');
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    expect(page.items).toHaveLength(25);
    expect(page.total).toBeGreaterThanOrEqual(2000);
    const times = page.items.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items[0]).toMatchObject({ code: expect.stringMatching(/^PK\d{8}$/), status: expect.any(String), version: expect.any(Number) });
  });

  it('has every status in the seed (but in_transfer: every seeded parcel flies to its own hub), and at least 100 received abroad that are not on a MAWB', async () => {
    for (const status of ['expected', 'received_abroad', 'on_mawb', 'departed', 'arrived', 'in_customs', 'customs_hold', 'cleared', 'ready', 'on_slip', 'out_for_delivery', 'delivered', 'on_hold', 'damaged', 'lost', 'returned']) {
      const page = await list(`?status=${status}&pageSize=5`);
      expect(page.total, status).toBeGreaterThan(0);
      expect(page.items.every((p) => p.status === status)).toBe(true);
    }
    const waiting = await list('?status=received_abroad&onMawb=false&pageSize=200');
    expect(waiting.total).toBeGreaterThanOrEqual(100);
    expect(waiting.items.every((p) => p.mawbId === null && p.status === 'received_abroad')).toBe(true);
    // Every parcel that left its warehouse sits on a seeded MAWB.
    const onMawb = await list('?onMawb=true&pageSize=200');
    expect(onMawb.total).toBeGreaterThan(0);
    expect(onMawb.items.every((p) => p.mawbId !== null && p.status !== 'received_abroad')).toBe(true);
  });

  it("names each package's MAWB by its AWB number and its order by its code, in the list and the record", async () => {
    const [onMawb] = await ctx.database.query<{ id: number; mawb_id: number; awb_number: string }>(
      `SELECT p.id, p.mawb_id, m.awb_number FROM packages p JOIN mawbs m ON m.id = p.mawb_id WHERE p.deleted_at IS NULL ORDER BY p.id LIMIT 1`,
    );
    const [o] = await ctx.database.query<{ id: number; code: string; customer_id: number }>(
      `SELECT id, code, customer_id FROM orders WHERE deleted_at IS NULL AND status NOT IN ('completed', 'cancelled') ORDER BY id LIMIT 1`,
    );
    expect(onMawb && o, 'the seed has a package on a MAWB and an open order').toBeTruthy();
    const onOrder = { id: (await create({ customerId: Number(o!.customer_id), orderId: Number(o!.id) })).id, order_id: Number(o!.id), code: o!.code };
    const mawb = { mawb: { id: Number(onMawb!.mawb_id), awbNumber: onMawb!.awb_number } };
    const order = { order: { id: Number(onOrder!.order_id), code: onOrder!.code } };
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${onMawb!.id}` })).json()).toMatchObject(mawb);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${onOrder!.id}` })).json()).toMatchObject(order);
    expect((await list(`?mawbId=${onMawb!.mawb_id}&pageSize=200`)).items.find((p) => p.id === Number(onMawb!.id))).toMatchObject(mawb);
    expect((await list(`?orderId=${onOrder!.order_id}&pageSize=200`)).items.find((p) => p.id === Number(onOrder!.id))).toMatchObject(order);
    // A package on neither says so.
    expect(await create()).toMatchObject({ mawb: null, order: null });
  });

  it('filters by customer, store, destination, unidentified, weight range and creation date', async () => {
    const byCustomer = await list(`?customerId=${customer.id}&pageSize=200`);
    expect(byCustomer.total).toBeGreaterThan(0);
    expect(byCustomer.items.every((p) => p.customer?.id === customer.id && p.customer.code === customer.code)).toBe(true);
    const tokyo = await list(`?storeId=${stores['JP-TYO']}&pageSize=200`);
    expect(tokyo.total).toBeGreaterThan(0);
    expect(tokyo.items.every((p) => p.store?.code === 'JP-TYO')).toBe(true);
    const hanoi = await list(`?destinationStoreId=${stores['VN-HAN']}&pageSize=50`);
    expect(hanoi.items.every((p) => p.destinationStore?.code === 'VN-HAN')).toBe(true);
    const unknown = await list('?unidentified=true&pageSize=200');
    expect(unknown.total).toBeGreaterThan(0);
    expect(unknown.items.every((p) => p.unidentified && p.customer === null && p.status !== 'expected')).toBe(true);
    const mid = await list('?weightGMin=1000&weightGMax=2000&sort=weightG&pageSize=200');
    expect(mid.total).toBeGreaterThan(0);
    expect(mid.items.every((p) => p.weightG! >= 1000 && p.weightG! <= 2000)).toBe(true);
    const weights = mid.items.map((p) => p.weightG!);
    expect(weights).toEqual([...weights].sort((a, b) => a - b));
    const all = await list('?sort=createdAt&pageSize=200');
    const day = new Date(Date.parse(all.items[150]!.createdAt) + 7 * 3_600_000).toISOString().slice(0, 10);
    const upTo = await list(`?createdTo=${day}&pageSize=200`);
    expect(upTo.total).toBeGreaterThan(0);
    expect(upTo.items.every((p) => Date.parse(p.createdAt) < Date.parse(`${day}T00:00:00+07:00`) + 86_400_000)).toBe(true);
  });

  it('sorts by chargeable weight and status time, and rejects unknown sorts and parameters', async () => {
    const heavy = await list('?sort=-chargeableG&status=delivered&pageSize=50');
    const ch = heavy.items.map((p) => p.chargeableG!);
    expect(ch).toEqual([...ch].sort((a, b) => b - a));
    const recent = await list('?sort=-statusAt&pageSize=50');
    const at = recent.items.map((p) => Date.parse(p.statusAt));
    expect(at).toEqual([...at].sort((a, b) => b - a));
    for (const q of ['?sort=searchText', '?status=flying', '?foo=1', '?weightMin=1']) {
      const res = await ctx.request({ method: 'GET', url: `/api/packages${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('searches tracking numbers, codes, customer codes and contents without accents', async () => {
    const one = (await list('?status=delivered&pageSize=1')).items[0]!;
    expect((await list(`?q=${one.trackingNumber.slice(2, 12).toLowerCase()}`)).items.map((p) => p.id)).toContain(one.id);
    expect((await list(`?q=${one.code}`)).items.map((p) => p.id)).toEqual([one.id]);
    const milk = await list('?q=sua%20meiji&pageSize=200');
    expect(milk.total).toBeGreaterThan(0);
    expect(milk.items.every((p) => p.contents.includes('Sữa Meiji'))).toBe(true);
    const mine = await list(`?q=${customer.code.toLowerCase()}&pageSize=200`);
    expect(mine.total).toBe((await list(`?customerId=${customer.id}`)).total);
  });
});

describe('create', () => {
  it('creates an expected package with a generated code, a cleaned number, its first event and one audit row', async () => {
    const before = await auditCount();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/packages',
      payload: {
        trackingNumber: ' 1z 999 aa1 01 2345 6784 ',
        customerCode: customer.code.toLowerCase(),
        storeId: stores['US-OR'],
        destinationStoreId: stores['VN-SGN'],
        weightG: 2300,
        lengthMm: 410,
        widthMm: 330,
        heightMm: 210,
        declaredValue: 4599,
        declaredCurrency: 'usd',
        contents: '  Giày Nike  ',
      },
    });
    const p = expectCreated<Package>(res, '/api/packages');
    expect(p).toMatchObject({
      code: expect.stringMatching(/^PK\d{8}$/),
      trackingNumber: '1Z999AA10123456784',
      customerId: customer.id,
      customer: { id: customer.id, code: customer.code },
      store: { code: 'US-OR' },
      destinationStore: { code: 'VN-SGN' },
      // 41 × 33 × 21 cm = 28 413 cm³ ÷ 6000 → 4 736 g; chargeable max(2 300, 4 736) = 4 736 g (the price list rounds it, once).
      volumetricG: 4736,
      chargeableG: 4736,
      declaredValue: 4599,
      declaredCurrency: 'USD',
      contents: 'Giày Nike',
      status: 'expected',
      unidentified: false,
      mawbId: null,
      orderId: null,
      photos: [],
      version: 1,
    });
    expect(await auditCount()).toBe(before + 1);
    expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['create']);
    const events = (await ctx.request({ method: 'GET', url: `/api/packages/${p.id}/events` })).json() as EventList;
    expect(events.items).toHaveLength(1);
    expect(events.items[0]).toMatchObject({ code: 'expected', packageId: p.id, actorName: expect.any(String), occurredAt: p.statusAt });
  });

  it('gives consecutive codes, moving past codes the sequence has not seen (a restored backup)', async () => {
    const a = await create();
    const b = await create();
    expect(Number(b.code.slice(2))).toBe(Number(a.code.slice(2)) + 1);
    await ctx.database.query(`SELECT setval('package_code_seq', 1)`);
    const c = await create();
    expect(Number(c.code.slice(2))).toBe(Number(b.code.slice(2)) + 1);
  });

  it('keeps the tracking number unique among live packages (409 on the field, naming the package)', async () => {
    const a = await create();
    const dup = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: a.trackingNumber.toLowerCase() } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toEqual([{ path: 'trackingNumber', message: expect.stringContaining(a.code) }]);
  });

  it('answers field errors in Vietnamese and writes nothing', async () => {
    const before = await auditCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ trackingNumber: 'AB' }, 'body.trackingNumber'],
      [{ trackingNumber: 'ABC!123/45' }, 'body.trackingNumber'],
      [{ trackingNumber: newNumber(), weightG: 0 }, 'body.weightG'],
      [{ trackingNumber: newNumber(), weightG: 1.5 }, 'body.weightG'],
      [{ trackingNumber: newNumber(), lengthMm: 5001 }, 'body.lengthMm'],
      [{ trackingNumber: newNumber(), declaredValue: 100 }, 'body.declaredCurrency'],
      [{ trackingNumber: newNumber(), declaredValue: 100, declaredCurrency: 'dollars' }, 'body.declaredCurrency'],
      [{ trackingNumber: newNumber(), customerId: customer.id, customerCode: customer.code }, 'body.customerCode'],
      [{ trackingNumber: newNumber(), photos: [{ url: 'javascript:alert(1)' }] }, 'body.photos.0.url'],
    ];
    for (const [payload, path] of cases) {
      const res = await ctx.request({ method: 'POST', url: '/api/packages', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path), JSON.stringify(payload)).toContain(path);
    }
    // Status and computed fields belong to the server.
    for (const extra of [{ status: 'delivered' }, { chargeableG: 1 }, { mawbId: 1 }, { code: 'PK99999999' }]) {
      const res = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: newNumber(), ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await auditCount()).toBe(before);
  });

  it('checks references: known customer code, origin store, Vietnamese destination', async () => {
    const unknownCustomer = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: newNumber(), customerCode: 'KH999999' } });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(unknownCustomer.json().details[0].path).toBe('customerCode');
    const hubAsOrigin = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: newNumber(), storeId: stores['VN-SGN'] } });
    expect(hubAsOrigin.statusCode).toBe(400);
    expect(hubAsOrigin.json().details[0].path).toBe('storeId');
    const originAsDestination = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: newNumber(), destinationStoreId: stores['JP-TYO'] } });
    expect(originAsDestination.statusCode).toBe(400);
    const bySuite = await create({ customerId: undefined, customerCode: customer.suiteCode });
    expect(bySuite.customer?.id).toBe(customer.id);
  });
});

describe('get', () => {
  it('returns the record with its ETag; 404 unknown, 400 malformed', async () => {
    const p = await create();
    const res = await ctx.request({ method: 'GET', url: `/api/packages/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toEqual(p);
    const missing = await ctx.request({ method: 'GET', url: '/api/packages/987654321' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Không tìm thấy kiện hàng' });
    expect((await ctx.request({ method: 'GET', url: '/api/packages/abc' })).statusCode).toBe(400);
  });
});

describe('patch', () => {
  it('needs If-Match (428), refuses a stale one (412 with the current record)', async () => {
    const p = await create();
    const none = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, payload: { contents: 'x' } });
    expect(none.statusCode).toBe(428);
    const stale = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"5"' }, payload: { contents: 'x' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current).toMatchObject({ id: p.id, version: 1 });
    expect(stale.headers.etag).toBe('"1"');
  });

  it('re-computes the weights when the parcel is re-measured, with one audit row', async () => {
    const p = await create({ weightG: 1000, lengthMm: 300, widthMm: 200, heightMm: 100 });
    expect(p).toMatchObject({ volumetricG: 1000, chargeableG: 1000 });
    const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' }, payload: { heightMm: 250, contents: 'Nồi cơm' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    // 30 × 20 × 25 cm = 15 000 cm³ → 2.5 kg.
    expect(res.json()).toMatchObject({ heightMm: 250, volumetricG: 2500, chargeableG: 2500, contents: 'Nồi cơm', version: 2 });
    const cleared = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"2"' }, payload: { widthMm: null } });
    // Without all three sizes the parcel is billed by its gross weight (parcelFigures).
    expect(cleared.json()).toMatchObject({ widthMm: null, volumetricG: null, chargeableG: 1000 });
    const audit = await auditRows(p.id);
    expect(audit.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(audit[1]).toMatchObject({ before: { heightMm: 100, chargeableG: 1000 }, after: { heightMm: 250, chargeableG: 2500 } });
  });

  it('changes nothing (no version, no audit) when the patch repeats the record', async () => {
    const p = await create({ contents: 'Trà xanh' });
    const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' }, payload: { contents: 'Trà xanh', customerId: customer.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(1);
    expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('never takes the status, the MAWB or the computed weights (400); a taken number is 409', async () => {
    const p = await create();
    for (const payload of [{ status: 'delivered' }, { statusAt: new Date().toISOString() }, { mawbId: 3 }, { chargeableG: 500 }, { unidentified: false }]) {
      const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const other = await create();
    const taken = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' }, payload: { trackingNumber: other.trackingNumber } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].path).toBe('trackingNumber');
    const missing = await ctx.request({ method: 'PATCH', url: '/api/packages/987654321', headers: { 'if-match': '"1"' }, payload: { contents: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${p.id}` })).json().status).toBe('expected');
  });

  it('a declared value needs a currency once merged with the record', async () => {
    const p = await create({ declaredValue: 1000, declaredCurrency: 'JPY' });
    const ok = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' }, payload: { declaredValue: 2500 } });
    expect(ok.json()).toMatchObject({ declaredValue: 2500, declaredCurrency: 'JPY' });
    const bad = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': '"2"' }, payload: { declaredCurrency: null } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('declaredCurrency');
  });
});

describe('soft delete', () => {
  it('needs If-Match, hides the package, keeps the row and frees its number', async () => {
    const p = await create();
    expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${p.id}` })).statusCode).toBe(428);
    expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${p.id}`, headers: { 'if-match': '"9"' } })).statusCode).toBe(412);
    const del = await ctx.request({ method: 'DELETE', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' } });
    expect(del.statusCode).toBe(204);
    expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['create', 'delete']);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${p.id}` })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${p.id}/events` })).statusCode).toBe(404);
    expect((await list(`?q=${p.code}`)).total).toBe(0);
    const [row] = await ctx.database.query<{ deleted_at: unknown }>('SELECT deleted_at FROM packages WHERE id = $1', [p.id]);
    expect(row!.deleted_at).not.toBeNull();
    const again = await create({ trackingNumber: p.trackingNumber });
    expect(again.code).not.toBe(p.code);
  });

  it('refuses a package already on its way (409)', async () => {
    // Seeded delivered parcels travelled on a MAWB: that alone refuses the delete.
    const gone = (await list('?status=delivered&pageSize=1')).items[0]!;
    const res = await ctx.request({ method: 'DELETE', url: `/api/packages/${gone.id}`, headers: { 'if-match': `"${gone.version}"` } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('MAWB');
    // Off any MAWB, the status refuses it.
    const p = await create();
    const ev = await ctx.request({ method: 'POST', url: `/api/packages/${p.id}/events`, payload: { code: 'delivered' } });
    expect(ev.statusCode).toBe(201);
    const version = ev.json().package.version;
    const refused = await ctx.request({ method: 'DELETE', url: `/api/packages/${p.id}`, headers: { 'if-match': `"${version}"` } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Đã giao');
  });
});

async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('export', () => {
  it('streams an XLSX of exactly the filtered list, statuses in Vietnamese, weights in kg and dimensions in cm', async () => {
    const res = await ctx.request({ method: 'GET', url: `/api/packages/export?format=xlsx&status=customs_hold,lost&sort=code` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    const expected = await list('?status=customs_hold,lost&sort=code&pageSize=200');
    expect(rows[0]).toEqual([
      'Mã kiện', 'Mã vận đơn', 'Mã KH', 'Khách hàng', 'Kho nhận', 'Kho đích', 'Trạng thái', 'Cập nhật trạng thái', 'Cân nặng (kg)', 'Dài (cm)', 'Rộng (cm)', 'Cao (cm)',
      'Cân quy đổi (kg)', 'Cân tính cước (kg)', 'Giá trị khai báo', 'Loại tiền', 'Nội dung', 'Chưa xác định chủ', 'Ngày tạo',
    ]);
    expect(rows.length - 1).toBe(expected.total);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[6], r[8], r[13]])).toEqual(
      expected.items.map((p) => [p.code, p.trackingNumber, p.status === 'lost' ? 'Thất lạc' : 'Hải quan tạm giữ', p.weightG === null ? null : p.weightG / 1000, p.chargeableG === null ? null : p.chargeableG / 1000]),
    );
  });

  it('streams a CSV too', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/packages/export?format=csv&status=lost' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines.length - 1).toBe((await list('?status=lost')).total);
  });
});

async function xlsxFile(rows: unknown[][], textColumns: number[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Kiện');
  for (const c of textColumns) ws.getColumn(c).numFmt = '@';
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer) {
  const boundary = `----cargo${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kien-hang.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const HEADER = ['Mã vận đơn', 'Mã khách hàng', 'Cân nặng (kg)', 'Dài (cm)', 'Rộng (cm)', 'Cao (cm)', 'Nội dung'];

describe('import', () => {
  const post = async (mode: string, rows: unknown[][]) => {
    const m = multipart(await xlsxFile([HEADER, ...rows]));
    return ctx.request({ method: 'POST', url: `/api/packages/import?mode=${mode}`, payload: m.payload, headers: m.headers });
  };
  const count = async () => Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM packages'))[0]!.n);

  it('offers a template whose header the import reads', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/packages/import/template' });
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload))[0]).toEqual([...HEADER.slice(0, 6), 'Giá trị khai báo', 'Loại tiền', 'Nội dung']);
  });

  it('reads a declared value with the one decimal reader: "," or "." before the cents, more decimals than the currency has refused, not trimmed', async () => {
    const header = [...HEADER.slice(0, 6), 'Giá trị khai báo', 'Loại tiền', 'Nội dung'];
    const row = (value: unknown, currency: string) => [newNumber(), customer.code, 1, null, null, null, value, currency, 'Giày'];
    const m = multipart(await xlsxFile([header, row('45.99', 'USD'), row('45,99', 'USD'), row(45.99, 'USD'), row('1500', 'JPY'), row('45,990', 'USD'), row('1,5', 'JPY')]));
    const res = await ctx.request({ method: 'POST', url: '/api/packages/import?mode=preview', payload: m.payload, headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as ImportPreview;
    expect(p.rows.slice(0, 4).map((r) => [r.errors, r.data?.declaredValue])).toEqual([[[], 4599], [[], 4599], [[], 4599], [[], 1500]]);
    // "45,990" USD is not 45.99 dollars (nor 45,990): three decimals of a dollar are refused; "1,5" yen likewise.
    expect(p.rows.slice(4).map((r) => r.errors.map((e) => e.field))).toEqual([['declaredValue'], ['declaredValue']]);
  });

  it('previews per-field errors: duplicates, taken numbers, unknown customers, bad numbers, partial sizes', async () => {
    const seeded = (await list('?status=delivered&pageSize=1')).items[0]!;
    const n = () => newNumber();
    const dup = n();
    const before = await count();
    const audit = await auditCount();
    const res = await post('preview', [
      [dup, customer.code, '1,5', 30, 20, '10.5', 'Giày'],
      [dup, customer.code, 2, null, null, null, 'Áo'],
      [seeded.trackingNumber, null, 1, null, null, null, null],
      [n(), 'KH999999', 1, null, null, null, null],
      [n(), null, 'nặng', null, null, null, null],
      [n(), null, '1.2345', null, null, null, null],
      [n(), null, 1, 30, null, 10, null],
      [9.40011189922319e21, null, 1, null, null, null, null],
      [null, customer.code, 1, null, null, null, 'thiếu mã'],
      [n(), null, 2000, null, null, null, null],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as ImportPreview;
    expect(p).toMatchObject({ mode: 'preview', total: 10, valid: 1, invalid: 9 });
    expect(p.rows[0]).toMatchObject({ errors: [], data: { trackingNumber: dup, customerCode: customer.code, weightG: 1500, lengthMm: 300, widthMm: 200, heightMm: 105 } });
    const fields = p.rows.map((r) => r.errors.map((e) => e.field).sort());
    expect(fields.slice(1)).toEqual([
      ['trackingNumber'],
      ['trackingNumber'],
      ['customerCode'],
      ['weightKg'],
      ['weightKg'],
      ['widthCm'],
      ['trackingNumber'],
      ['trackingNumber'],
      ['weightKg'],
    ]);
    expect(p.rows[1]!.errors[0]!.message).toBe('Trùng với dòng 2 trong tệp');
    expect(p.rows[2]!.errors[0]!.message).toContain(seeded.code);
    expect(p.rows[7]!.errors[0]!.message).toContain('Excel');
    expect(await count()).toBe(before);
    expect(await auditCount()).toBe(audit);
  });

  it('commit is all or nothing: one bad row → 422, nothing written', async () => {
    const rows = Array.from({ length: 20 }, () => [newNumber(), customer.code, 1, 20, 20, 20, 'Bánh kẹo']);
    rows[13]![2] = '-1';
    const before = await count();
    const audit = await auditCount();
    const res = await post('commit', rows);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', details: { total: 20, valid: 19, invalid: 1 } });
    expect(await count()).toBe(before);
    expect(await auditCount()).toBe(audit);
  });

  it('commit creates every row as an expected package, weights converted, one audit row each', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [newNumber(), i % 2 ? customer.code : customer.suiteCode, '0,8', '40', '30', '20', `Nhập thử ${i}`]);
    const audit = await auditCount();
    const res = await post('commit', rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'commit', created: 20 });
    expect(await auditCount()).toBe(audit + 20);
    const made = await list('?q=nhap%20thu&pageSize=50');
    expect(made.total).toBe(20);
    for (const p of made.items) {
      // 40 × 30 × 20 cm = 24 000 cm³ → 4 kg volumetric against 0.8 kg.
      expect(p).toMatchObject({ status: 'expected', customerId: customer.id, weightG: 800, lengthMm: 400, volumetricG: 4000, chargeableG: 4000, unidentified: false });
    }
    const [row] = await auditRows(made.items[0]!.id);
    expect(row!.action).toBe('import');
    const events = (await ctx.request({ method: 'GET', url: `/api/packages/${made.items[0]!.id}/events` })).json() as EventList;
    expect(events.items.map((e) => e.code)).toEqual(['expected']);
  });
});
