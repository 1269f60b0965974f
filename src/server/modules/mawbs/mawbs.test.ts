import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mawb, MawbEventList, MawbList } from '../../../shared/contracts/mawbs';
import { isValidAwb } from '../../../shared/domain/awb';
import { MAWB_STATUS_EFFECTS, MAWB_STATUSES, packageStatusForMawb } from '../../../shared/domain/mawb-lifecycle';
import { FINAL_STATUSES, HELD_STATUSES } from '../../../shared/domain/package-status';
import { createTestContext, resourceRoutes, type TestContext } from '../../test/harness';
import { mawbHelpers } from './test-support';

/** /api/mawbs as a resource (list, export, get, create, patch, delete) and the demo seed's MAWBs. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = mawbHelpers(() => ctx, 9_200_000);

const list = async (query: string) => {
  const res = await ctx.request({ method: 'GET', url: `/api/mawbs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MawbList;
};
const create = (payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/mawbs', payload });
const patch = (id: number, payload: Record<string, unknown>, version?: number) =>
  ctx.request({ method: 'PATCH', url: `/api/mawbs/${id}`, payload, headers: version === undefined ? {} : { 'if-match': `"${version}"` } });
const auditCount = async () => Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'mawbs'`))[0]!.n);

const TWO_LEGS = [
  { flightNo: 'KE 12', from: 'LAX', to: 'ICN', etd: '2030-05-01T22:50:00-07:00', eta: '2030-05-03T05:00:00+09:00' },
  { flightNo: 'KE683', from: 'ICN', to: 'SGN', etd: '2030-05-03T10:20:00+09:00', eta: '2030-05-03T13:50:00+07:00' },
];

describe('access', () => {
  it.each(resourceRoutes('/api/mawbs'))('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});

describe('the demo seed', () => {
  it('has 50 MAWBs with valid, unique numbers on known routes, in every status', async () => {
    const all = await list('?pageSize=200');
    expect(all.total).toBe(50);
    expect(new Set(all.items.map((m) => m.awbNumber)).size).toBe(50);
    for (const m of all.items) {
      expect(isValidAwb(m.awbNumber), m.awbNumber).toBe(true);
      expect(m.airlineName).not.toBe(m.airlinePrefix);
      expect(['SGN', 'HAN']).toContain(m.destination);
      expect(m.flightLegs[0]!.from).toBe(m.origin);
      expect(m.flightLegs.at(-1)!.to).toBe(m.destination);
      expect(m.etd).toBe(m.flightLegs[0]!.etd);
    }
    for (const s of MAWB_STATUSES) expect(all.items.some((m) => m.status === s), s).toBe(true);
    expect(all.items.filter((m) => m.status === 'departed').every((m) => m.atd !== null && m.ata === null)).toBe(true);
    expect(all.items.filter((m) => m.status === 'closed').every((m) => m.atd !== null && m.ata !== null)).toBe(true);
    expect(all.items.some((m) => m.flightLegs.length === 2 && m.flightLegs[0]!.to === 'TPE' && m.airlineCode === 'BR')).toBe(true);
  });

  it('puts each package on a MAWB whose status matches its own, with the events the API writes, at the same instants', async () => {
    const rows = await ctx.database.query<{ mawb_status: string; status: string; n: number }>(`
      SELECT m.status AS mawb_status, p.status, count(*)::int AS n
      FROM packages p JOIN mawbs m ON m.id = p.mawb_id WHERE p.deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const expected = packageStatusForMawb(r.mawb_status as Mawb['status']);
      const ok =
        r.status === expected ||
        FINAL_STATUSES.includes(r.status as never) ||
        // Exceptions resolved by hand (a hold, a customs hold, damage): no MAWB step moves them.
        HELD_STATUSES.includes(r.status as never) ||
        // After the hub the packages go their own way: slips, delivery.
        (['received_at_hub', 'closed'].includes(r.mawb_status) && ['ready', 'on_slip', 'out_for_delivery', 'delivered'].includes(r.status));
      expect(ok, `${r.status} on a ${r.mawb_status} MAWB`).toBe(true);
    }
    const off = await ctx.database.query<{ status: string }>(`SELECT DISTINCT status FROM packages WHERE mawb_id IS NULL AND deleted_at IS NULL`);
    expect(off.map((r) => r.status).sort()).toEqual(['damaged', 'expected', 'on_hold', 'received_abroad', 'returned']);
    expect((await ctx.database.query(`SELECT 1 FROM packages p JOIN mawbs m ON m.id = p.mawb_id WHERE m.status = 'cancelled'`)).length).toBe(0);

    // Every status move of a MAWB wrote its event, at the move's time, to the packages not lost before it.
    const missing = await ctx.database.query<{ awb_number: string; to_status: string; code: string }>(`
      SELECT m.awb_number, me.to_status, p.code
      FROM mawb_events me JOIN mawbs m ON m.id = me.mawb_id JOIN packages p ON p.mawb_id = m.id
      WHERE me.kind = 'status' AND me.iata_code IS NOT NULL AND me.to_status <> 'cancelled'
        AND NOT EXISTS (SELECT 1 FROM tracking_events e WHERE e.package_id = p.id AND e.occurred_at = me.occurred_at AND e.iata_code = me.iata_code)
        AND NOT EXISTS (SELECT 1 FROM tracking_events e WHERE e.package_id = p.id AND e.code = 'lost' AND e.occurred_at < me.occurred_at)`);
    expect(missing).toEqual([]);
    const counts = await ctx.database.query<{ awb_number: string; package_count: number; n: number }>(`
      SELECT m.awb_number, me.package_count, (SELECT count(DISTINCT e.package_id)::int FROM tracking_events e JOIN packages p ON p.id = e.package_id
        WHERE p.mawb_id = m.id AND e.occurred_at = me.occurred_at AND e.iata_code = me.iata_code) AS n
      FROM mawb_events me JOIN mawbs m ON m.id = me.mawb_id WHERE me.kind = 'status' AND me.iata_code IS NOT NULL`);
    expect(counts.length).toBeGreaterThan(100);
    for (const c of counts) expect(c.package_count, c.awb_number).toBe(c.n);
    // Each MAWB's status time is its newest status move.
    const [drift] = await ctx.database.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM mawbs m
      WHERE m.status_at <> (SELECT max(occurred_at) FROM mawb_events me WHERE me.mawb_id = m.id AND me.kind IN ('created', 'status'))`);
    expect(drift!.n).toBe(0);
  });

  it('answers a seeded MAWB with its timeline and its packages summing to its totals', async () => {
    const [m] = (await list('?status=received_at_hub&pageSize=1&sort=-pieces')).items;
    expect(m!.pieces).toBeGreaterThan(10);
    const res = await ctx.request({ method: 'GET', url: `/api/mawbs/${m!.id}/packages` });
    const manifest = res.json() as { items: Array<{ weightG: number; chargeableG: number | null }>; grossWeightG: number };
    expect(manifest.items).toHaveLength(m!.pieces);
    expect(manifest.items.reduce((s, p) => s + p.weightG, 0)).toBe(m!.grossWeightG);
    const tl = ((await ctx.request({ method: 'GET', url: `/api/mawbs/${m!.id}/events` })).json() as MawbEventList).items;
    expect(tl.at(-1)).toMatchObject({ kind: 'created' });
    expect(tl.filter((e) => e.kind === 'status').map((e) => e.toStatus).reverse()).toEqual(['booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub']);
    expect(tl.filter((e) => e.kind === 'packages_added').reduce((s, e) => s + e.packageCount, 0)).toBe(m!.pieces);
    expect(tl.find((e) => e.toStatus === 'departed')).toMatchObject({ iataCode: MAWB_STATUS_EFFECTS.departed!.iataCode, packageCount: m!.pieces });
  });
});

describe('list', () => {
  it('filters by status, airline, route and ETD range; sorts by totals; searches the number and flights', async () => {
    const closed = await list('?status=closed&pageSize=200');
    expect(closed.total).toBeGreaterThan(0);
    expect(closed.items.every((m) => m.status === 'closed')).toBe(true);
    const eva = await list('?airline=695&pageSize=200');
    expect(eva.total).toBeGreaterThan(0);
    expect(eva.items.every((m) => m.airlinePrefix === '695' && m.airlineCode === 'BR')).toBe(true);
    const han = await list('?origin=NRT,HND&destination=HAN&pageSize=200');
    expect(han.total).toBeGreaterThan(0);
    expect(han.items.every((m) => ['NRT', 'HND'].includes(m.origin) && m.destination === 'HAN')).toBe(true);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const recent = await list(`?etdFrom=${from}&pageSize=200`);
    expect(recent.total).toBeGreaterThan(0);
    expect(recent.total).toBeLessThan(50);
    expect(recent.items.every((m) => Date.parse(m.etd!) >= Date.parse(`${from}T00:00:00+07:00`))).toBe(true);

    const byPieces = await list('?sort=-pieces&pageSize=200');
    const pieces = byPieces.items.map((m) => m.pieces);
    expect(pieces).toEqual([...pieces].sort((a, b) => b - a));
    const byWeight = await list('?sort=grossWeightG&pageSize=200');
    const weights = byWeight.items.map((m) => m.grossWeightG);
    expect(weights).toEqual([...weights].sort((a, b) => a - b));

    const target = closed.items[0]!;
    for (const q of [target.awbNumber, target.awbNumber.replace('-', ''), target.awbNumber.slice(4), target.flightLegs[0]!.flightNo.toLowerCase()]) {
      const found = await list(`?q=${encodeURIComponent(q)}&pageSize=200`);
      expect(found.items.map((m) => m.id), q).toContain(target.id);
    }
    expect((await list('?q=zzzz-nothing')).total).toBe(0);
  });

  it('rejects unknown filters, values and sorts (400 naming them)', async () => {
    for (const q of ['?airline=123', '?status=flying', '?sort=weight', '?origin=XXX', '?foo=1', '?etdFrom=2025-02-30']) {
      const res = await ctx.request({ method: 'GET', url: `/api/mawbs${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('exports the filtered list as XLSX with Vietnamese statuses and weights in kg', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/mawbs/export?format=xlsx&status=departed,arrived&sort=awbNumber' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const expected = await list('?status=departed,arrived&sort=awbNumber&pageSize=200');
    expect(rows.length - 1).toBe(expected.total);
    expect(rows[0]).toContain('Số AWB');
    expect(rows[1]![0]).toBe(expected.items[0]!.awbNumber);
    expect(rows.slice(1).every((r) => ['Đã cất cánh', 'Đã hạ cánh'].includes(r[13] as string))).toBe(true);
    expect(rows[0]![10]).toBe('Cân thực (kg)');
    expect(rows[1]![10]).toBe(expected.items[0]!.grossWeightG / 1000);
    expect(rows[1]![12]).toBe(expected.items[0]!.airlineChargeableWeightG / 1000);
  });
});

describe('create', () => {
  it('normalises the number, takes the airline from its prefix, derives ETD/ETA from the legs; one audit row and a timeline', async () => {
    const awb = h.nextAwb('180');
    const before = await auditCount();
    const res = await create({ awbNumber: ` ${awb.replace('-', ' ')} `, origin: 'lax', destination: 'sgn', flightLegs: TWO_LEGS, note: '  Hàng pin, chờ DG  ' });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as Mawb;
    expect(m).toMatchObject({
      awbNumber: awb,
      airlinePrefix: '180',
      airlineCode: 'KE',
      airlineName: 'Korean Air',
      origin: 'LAX',
      destination: 'SGN',
      flights: 'KE12 / KE683',
      etd: '2030-05-02T05:50:00.000Z',
      eta: '2030-05-03T06:50:00.000Z',
      atd: null,
      ata: null,
      pieces: 0,
      grossWeightG: 0,
      chargeableWeightG: 0,
      status: 'draft',
      note: 'Hàng pin, chờ DG',
      version: 1,
    });
    expect(m.flightLegs[0]).toEqual({ flightNo: 'KE12', from: 'LAX', to: 'ICN', etd: '2030-05-02T05:50:00.000Z', eta: '2030-05-02T20:00:00.000Z', atd: null, ata: null });
    expect(res.headers.location).toBe(`/api/mawbs/${m.id}`);
    expect(res.headers.etag).toBe('"1"');
    expect(await auditCount()).toBe(before + 1);
    const tl = ((await ctx.request({ method: 'GET', url: `/api/mawbs/${m.id}/events` })).json() as MawbEventList).items;
    expect(tl).toEqual([expect.objectContaining({ kind: 'created', toStatus: 'draft', actorName: expect.any(String) })]);
    // Without legs, ETD/ETA are set directly.
    const plain = await h.createMawb({ etd: '2030-06-01T10:00:00+07:00', eta: '2030-06-01T20:00:00+07:00', destination: 'HAN', origin: 'NRT' });
    expect(plain).toMatchObject({ etd: '2030-06-01T03:00:00.000Z', eta: '2030-06-01T13:00:00.000Z', flightLegs: [], flights: '' });
  });

  it('refuses a wrong check digit, an unknown prefix and a malformed number, in Vietnamese and on the field', async () => {
    const cases: Array<[string, string]> = [
      ['784-12345678', 'chữ số cuối phải là 5'],
      ['157 1234 5678', 'chữ số cuối phải là 5'],
      ['123-12345675', 'Tiền tố hãng 123'],
      ['176-1234567', '11 chữ số'],
      ['', 'Vui lòng nhập số AWB'],
    ];
    for (const [awbNumber, message] of cases) {
      const res = await create({ awbNumber, origin: 'LAX', destination: 'SGN' });
      expect(res.statusCode, awbNumber).toBe(400);
      expect(res.json().details, awbNumber).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.awbNumber', message: expect.stringContaining(message) })]));
    }
  });

  it('checks the route: known airports, a Vietnamese destination, legs that chain from origin to destination', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ origin: 'XYZ', destination: 'SGN' }, 'body.origin'],
      [{ origin: 'LAX', destination: 'NRT' }, 'body.destination'],
      [{ origin: 'SGN', destination: 'SGN' }, 'body.destination'],
      [{ origin: 'SFO', destination: 'SGN', flightLegs: TWO_LEGS }, 'body.flightLegs.0.from'],
      [{ origin: 'LAX', destination: 'HAN', flightLegs: TWO_LEGS }, 'body.flightLegs.1.to'],
      [{ origin: 'LAX', destination: 'SGN', flightLegs: [TWO_LEGS[0], { ...TWO_LEGS[1], from: 'TPE' }] }, 'body.flightLegs.1.from'],
      [{ origin: 'LAX', destination: 'SGN', flightLegs: [TWO_LEGS[0], { ...TWO_LEGS[1], etd: '2030-05-02T19:00:00Z' }] }, 'body.flightLegs.1.etd'],
      [{ origin: 'LAX', destination: 'SGN', flightLegs: TWO_LEGS, etd: '2030-05-01T00:00:00Z' }, 'body.etd'],
      [{ origin: 'LAX', destination: 'SGN', etd: '2030-05-02T00:00:00Z', eta: '2030-05-01T00:00:00Z' }, 'body.eta'],
      [{ origin: 'LAX', destination: 'SGN', flightLegs: [{ ...TWO_LEGS[0], flightNo: 'Korean 12' }] }, 'body.flightLegs.0.flightNo'],
      [{ origin: 'LAX', destination: 'SGN', status: 'booked' }, 'body'],
      [{ origin: 'LAX', destination: 'SGN', pieces: 3 }, 'body'],
    ];
    for (const [payload, path] of bad) {
      const res = await create({ awbNumber: h.nextAwb(), ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json().details as Array<{ path: string }>).map((d) => d.path), JSON.stringify(payload)).toContain(path);
    }
  });

  it('keeps the number unique among live MAWBs (409 naming the other), and frees it when a draft is deleted', async () => {
    const m = await h.createMawb();
    const again = await create({ awbNumber: m.awbNumber.replace('-', ''), origin: 'LAX', destination: 'SGN' });
    expect(again.statusCode).toBe(409);
    // Named by its number and status, never by its database id; the details carry the id for a link.
    const message = `Số AWB ${m.awbNumber} đã có trong hệ thống: MAWB này đang ở trạng thái "Nháp"`;
    expect(again.json()).toMatchObject({ code: 'MAWB_AWB_TAKEN', message });
    expect(again.json().details).toEqual([{ path: 'awbNumber', message, mawbId: m.id, awbNumber: m.awbNumber, status: 'draft' }]);
    expect(again.json().message).not.toContain('#');
    const english = await ctx.request({ method: 'POST', url: '/api/mawbs', payload: { awbNumber: m.awbNumber, origin: 'LAX', destination: 'SGN' }, headers: { 'accept-language': 'en' } });
    expect(english.json().message).toBe(`AWB number ${m.awbNumber} is already in the system: that MAWB is "Draft"`);
    const del = await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}`, headers: { 'if-match': `"${m.version}"` } });
    expect(del.statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/mawbs/${m.id}` })).statusCode).toBe(404);
    expect((await create({ awbNumber: m.awbNumber, origin: 'LAX', destination: 'SGN' })).statusCode).toBe(201);
  });
});

describe('get, patch and delete', () => {
  it('answers the record with its ETag; 404 unknown, 400 malformed id', async () => {
    const m = await h.createMawb();
    const res = await ctx.request({ method: 'GET', url: `/api/mawbs/${m.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${m.version}"`);
    expect(res.json()).toEqual(m);
    expect((await ctx.request({ method: 'GET', url: '/api/mawbs/999999' })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/mawbs/abc' })).statusCode).toBe(400);
  });

  it('needs If-Match (428), refuses a stale one (412 with the current record), writes one audit row per change', async () => {
    const m = await h.createMawb();
    expect((await patch(m.id, { note: 'x' })).statusCode).toBe(428);
    const ok = await patch(m.id, { note: 'Đã đặt chỗ với hãng', flightLegs: TWO_LEGS }, m.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ note: 'Đã đặt chỗ với hãng', flights: 'KE12 / KE683', etd: '2030-05-02T05:50:00.000Z', version: m.version + 1 });
    expect(ok.headers.etag).toBe(`"${m.version + 1}"`);
    const stale = await patch(m.id, { note: 'y' }, m.version);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current).toMatchObject({ id: m.id, version: m.version + 1, note: 'Đã đặt chỗ với hãng' });
    // The same legs again (jsonb hands them back in its own key order) change nothing: no version, no audit.
    const before = await auditCount();
    const same = await patch(m.id, { flightLegs: TWO_LEGS, note: 'Đã đặt chỗ với hãng' }, m.version + 1);
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(m.version + 1);
    expect(await auditCount()).toBe(before);
    // ETD/ETA follow the legs: sending them with legs is a 400, and so is a leg list that no longer fits the route.
    expect((await patch(m.id, { etd: '2030-01-01T00:00:00Z' }, m.version + 1)).statusCode).toBe(400);
    expect((await patch(m.id, { destination: 'HAN' }, m.version + 1)).statusCode).toBe(400);
    const reroute = await patch(m.id, { destination: 'HAN', flightLegs: [TWO_LEGS[0], { ...TWO_LEGS[1], flightNo: 'KE679', to: 'HAN' }] }, m.version + 1);
    expect(reroute.statusCode, reroute.body).toBe(200);
    expect(reroute.json()).toMatchObject({ destination: 'HAN', flights: 'KE12 / KE679' });
    expect((await patch(m.id, { status: 'booked' }, m.version + 2)).statusCode).toBe(400);
  });

  it('fixes the number and route once manifested, and everything once closed or cancelled (409)', async () => {
    const m = await h.createMawb();
    const [p] = await h.receiveParcels(1);
    expect((await h.addPackages(m.id, [p!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested']);
    let cur = await h.getMawb(m.id);
    const number = await patch(m.id, { awbNumber: h.nextAwb() }, cur.version);
    expect(number.statusCode).toBe(409);
    expect(number.json().details[0].path).toBe('awbNumber');
    expect((await patch(m.id, { origin: 'SFO' }, cur.version)).statusCode).toBe(409);
    // Flight changes (a new flight number, a corrected ATD) are still possible.
    const legs = await patch(m.id, { flightLegs: [{ flightNo: 'KE 18', from: 'LAX', to: 'SGN', etd: '2030-05-01T22:50:00-07:00', eta: '2030-05-03T05:00:00+07:00' }] }, cur.version);
    expect(legs.statusCode, legs.body).toBe(200);
    await h.advance(m.id, ['departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub', 'closed']);
    cur = await h.getMawb(m.id);
    expect((await patch(m.id, { note: 'sửa' }, cur.version)).statusCode).toBe(409);
    // Closed: not deletable either.
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}`, headers: { 'if-match': `"${cur.version}"` } })).statusCode).toBe(409);
  });

  it('deletes only a draft with no packages or a cancelled MAWB', async () => {
    const m = await h.createMawb();
    const [p] = await h.receiveParcels(1);
    expect((await h.addPackages(m.id, [p!.trackingNumber])).statusCode).toBe(200);
    let cur = await h.getMawb(m.id);
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}` })).statusCode).toBe(428);
    const withPackages = await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}`, headers: { 'if-match': `"${cur.version}"` } });
    expect(withPackages.statusCode).toBe(409);
    expect(withPackages.json().message).toContain('1 kiện');
    await h.advance(m.id, ['booked']);
    cur = await h.getMawb(m.id);
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}`, headers: { 'if-match': `"${cur.version}"` } })).statusCode).toBe(409);
    await h.advance(m.id, ['cancelled']);
    cur = await h.getMawb(m.id);
    const before = await auditCount();
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}`, headers: { 'if-match': `"${cur.version - 1}"` } })).statusCode).toBe(412);
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}`, headers: { 'if-match': `"${cur.version}"` } })).statusCode).toBe(204);
    expect(await auditCount()).toBe(before + 1);
    expect((await list(`?q=${m.awbNumber}`)).total).toBe(0);
  });
});
