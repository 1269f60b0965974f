import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Package } from '../../../shared/contracts/packages';
import type { PublicTrackingResponse } from '../../../shared/contracts/public-tracking';
import { createTestContext, type TestContext } from '../../test/harness';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { slipHelpers } from '../delivery-slips/test-support';
import { mawbHelpers } from '../mawbs/test-support';
import { PUBLIC_TRACKING_RATE_LIMIT } from './public-tracking.routes';
import { PUBLIC_TRACKING_CACHE_MS } from './public-tracking.service';

/** GET /api/public/tracking: what a customer without an account may read, and nothing more. */

let ctx: TestContext;
const h = mawbHelpers(() => ctx, 9_180_000);
const slips = slipHelpers(() => ctx);
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let ipSeq = 0;
/** Every request from its own address unless a test is about the per-address limit. */
const freshIp = () => `10.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const lookup = (query: string, opts: { headers?: Record<string, string>; ip?: string } = {}) =>
  ctx.request({ method: 'GET', url: `/api/public/tracking?${query}`, token: null, remoteAddress: opts.ip ?? freshIp(), headers: opts.headers });
const track = async (numbers: string, extra = '', headers?: Record<string, string>) => {
  const res = await lookup(`numbers=${encodeURIComponent(numbers)}${extra}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PublicTrackingResponse;
};
const minutesAhead = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
/** Lets the in-process cache forget what it read (its clock is Date.now). */
const afterCacheWindow = () => vi.setSystemTime(Date.now() + PUBLIC_TRACKING_CACHE_MS + 50);

/** Every key and every leaf value of a JSON document. */
function walk(v: unknown, keys: Set<string>, leaves: unknown[]) {
  if (Array.isArray(v)) for (const x of v) walk(x, keys, leaves);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      keys.add(k);
      walk(x, keys, leaves);
    }
  } else leaves.push(v);
}

/** The only keys a public answer has (contracts/public-tracking.ts); anything else is a leak. */
const PUBLIC_KEYS = ['items', 'notFound', 'number', 'status', 'statusLabel', 'origin', 'destination', 'flight', 'departedAt', 'arrivedAt', 'from', 'to', 'events', 'code', 'label', 'location', 'at'];
/** Words of the fields that must never be public, whatever a future key is called. */
const FORBIDDEN_KEY = /name|phone|address|price|amount|fee|freight|total|weight|gram|dimension|note|employee|user|actor|customer|receiver|wallet|id$|Id$/i;

/** Fails on any key outside the public ones, any key naming private data, and any number (ids, weights, money). */
function expectPublicOnly(body: unknown) {
  const keys = new Set<string>();
  const leaves: unknown[] = [];
  walk(body, keys, leaves);
  expect([...keys].filter((k) => !PUBLIC_KEYS.includes(k))).toEqual([]);
  expect([...keys].filter((k) => FORBIDDEN_KEY.test(k))).toEqual([]);
  expect(leaves.filter((v) => typeof v === 'number')).toEqual([]);
}

describe('privacy', () => {
  it('answers status, route, flight and public events only: no name, phone, address, price, weight, note, employee or id', async () => {
    const hub = (await ctx.database.query<{ id: number; name: string }>(`SELECT id, name FROM stores WHERE code = 'VN-SGN'`))[0]!;
    const [parcel] = await h.receiveParcels(1, 2345);
    const customer = (await ctx.database.query<{ id: number; code: string; full_name: string; phone: string; email: string | null; note: string; addresses: unknown; suite_code: string | null }>(
      'SELECT c.id, c.code, c.full_name, c.phone, c.email, c.note, c.addresses, c.suite_code FROM customers c JOIN packages p ON p.customer_id = c.id WHERE p.id = $1',
      [parcel!.id],
    ))[0]!;
    const admin = (await ctx.database.query<{ full_name: string; email: string }>(`SELECT full_name, email FROM users WHERE role = 'Admin' ORDER BY id LIMIT 1`))[0]!;
    const patched = await ctx.request({
      method: 'PATCH',
      url: `/api/packages/${parcel!.id}`,
      payload: { destinationStoreId: hub.id, declaredValue: 98_765, declaredCurrency: 'USD' },
      headers: { 'if-match': `"${parcel!.version}"` },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const p = patched.json() as Package;
    const m = await h.createMawb({
      flightLegs: [{ flightNo: 'BR 15', from: 'LAX', to: 'SGN', etd: '2030-03-01T23:40:00-08:00', eta: '2030-03-03T05:10:00+07:00' }],
    });
    expect((await h.addPackages(m.id, [p.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested']);
    // The leg's ETD is years ahead: an ATD now is far from it and needs the confirmation.
    expect((await h.setStatus(m.id, 'departed', {}, 'Ghi chú nội bộ của chuyến bay', { confirm: true })).statusCode).toBe(200);
    // A staff-only event, later than everything else: neither it nor its status may show.
    const internal = await ctx.request({
      method: 'POST',
      url: `/api/packages/${p.id}/events`,
      payload: { code: 'on_hold', location: 'Kho bí mật', note: 'Khách nợ tiền, giữ lại', visibility: 'internal', occurredAt: minutesAhead(5) },
    });
    expect(internal.statusCode, internal.body).toBe(201);

    const res = await lookup(`numbers=${p.trackingNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PublicTrackingResponse;
    expect(body.notFound).toEqual([]);
    const [item] = body.items;
    expect(item).toMatchObject({
      number: p.trackingNumber,
      status: 'departed',
      statusLabel: 'Đã cất cánh',
      origin: p.store!.name,
      destination: hub.name,
      flight: { number: 'BR15', from: 'LAX', to: 'SGN' },
    });
    expect(item!.flight!.departedAt).toEqual(expect.any(String));
    expect(item!.events.map((e) => e.code)).toEqual(['departed', 'on_mawb', 'received_abroad']);
    expect(item!.events[0]).toEqual({ code: 'departed', label: 'Đã cất cánh', location: expect.any(String), at: expect.any(String) });

    // No number anywhere: ids, weights, prices and dimensions are all numbers.
    expectPublicOnly(body);
    const text = res.body;
    const addressParts: unknown[] = [];
    walk(customer.addresses, new Set(), addressParts);
    const storeContacts = await ctx.database.query<{ address: string; phone: string }>('SELECT address, phone FROM stores WHERE id IN ($1, $2)', [p.storeId, hub.id]);
    const secrets = [
      customer.full_name, customer.phone, customer.email, customer.note, customer.code, customer.suite_code,
      admin.full_name, admin.email, p.contents, 'Khách nợ tiền', 'Kho bí mật', 'Ghi chú nội bộ', m.awbNumber,
      '98765', '98.765', String(p.weightG), String(p.chargeableG), p.code,
      ...addressParts.map(String), ...storeContacts.flatMap((c) => [c.address, c.phone]),
    ].filter((s): s is string => !!s && s.length > 2);
    for (const s of secrets) expect(text, s).not.toContain(s);
    for (const id of [p.id, customer.id, m.id]) expect(text).not.toMatch(new RegExp(`\\b${id}\\b`));
  });

  it('needs no token, and a token changes nothing', async () => {
    const [p] = await h.receiveParcels(1);
    const anonymous = await lookup(`numbers=${p!.trackingNumber}`);
    const signedIn = await ctx.request({ method: 'GET', url: `/api/public/tracking?numbers=${p!.trackingNumber}`, remoteAddress: freshIp() });
    expect(anonymous.statusCode).toBe(200);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
  });
});

describe('lookups', () => {
  it('finds by tracking number or package code, in the order given, each package once; lists the rest as not found', async () => {
    const [a, b] = await h.receiveParcels(2);
    const body = await track(`${a!.trackingNumber.toLowerCase()}, NOPE-12345\n${b!.code} ${a!.code};ZZZ999999`);
    expect(body.items.map((i) => i.number)).toEqual([a!.trackingNumber, b!.code]);
    expect(body.notFound).toEqual(['NOPE-12345', 'ZZZ999999']);
    expect(body.items[0]).toMatchObject({ status: 'received_abroad', destination: null });
    expect(body.items[0]!.flight).toBeUndefined();
  });

  it('all unknown: 200 with every number not found', async () => {
    expect(await track('UNKNOWN00001 UNKNOWN00002')).toEqual({ items: [], notFound: ['UNKNOWN00001', 'UNKNOWN00002'] });
  });

  it('a deleted package is not found', async () => {
    const [p] = await h.receiveParcels(1);
    const del = await ctx.request({ method: 'DELETE', url: `/api/packages/${p!.id}`, headers: { 'if-match': `"${p!.version}"` } });
    expect(del.statusCode, del.body).toBe(204);
    expect((await track(p!.trackingNumber)).notFound).toEqual([p!.trackingNumber]);
  });

  it('labels follow Accept-Language, and ?lang= wins over it', async () => {
    const [p] = await h.receiveParcels(1);
    const en = await track(p!.trackingNumber, '', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.items[0]).toMatchObject({ statusLabel: 'Received abroad' });
    expect(en.items[0]!.events[0]!.label).toBe('Received abroad');
    const viByParam = await track(p!.trackingNumber, '&lang=vi', { 'accept-language': 'en' });
    expect(viByParam.items[0]!.statusLabel).toBe('Đã nhận ở kho nước ngoài');
    const enByParam = await track(p!.trackingNumber, '&lang=en');
    expect(enByParam.items[0]!.statusLabel).toBe('Received abroad');
  });
});

describe('delivery-slip codes', () => {
  /** A draft slip of a fresh customer's `n` ready parcels, with a receiver whose details must never show. */
  async function draftSlip(n: number): Promise<DeliverySlip> {
    const c = await slips.customerWithReady(n);
    return slips.createOk({
      customerId: c.customerId,
      packageIds: [...c.packageIds].reverse(),
      method: 'courier',
      carrierName: 'GHN',
      carrierTrackingNumber: 'GHNSECRET123',
      receiverName: 'Người Nhận Bí Mật',
      receiverPhone: '0912345678',
      receiverAddress: '12 Đường Riêng Tư, Quận 1',
      receiverProvince: 'Hồ Chí Minh',
      note: 'Giao giờ hành chính, khách khó tính',
    });
  }
  /**
   * Puts a slip in a final status the way its status step leaves it (the slip's packages released). Written in
   * SQL: the status route is another part of the slips section; only the rows matter to this lookup.
   */
  async function finish(slipId: number, status: 'cancelled' | 'failed') {
    await slips.q(`UPDATE delivery_slips SET status = $2, failure_reason = CASE WHEN $2 = 'failed' THEN 'refused' END WHERE id = $1`, [slipId, status]);
    await slips.q('UPDATE delivery_slip_packages SET open = false WHERE slip_id = $1', [slipId]);
  }

  it('a slip code answers that slip’s packages, by package code in the slip’s order, and nothing of the slip', async () => {
    const slip = await draftSlip(3);
    const res = await lookup(`numbers=${encodeURIComponent(` *${slip.code.toLowerCase()}* `)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PublicTrackingResponse;
    expect(body.notFound).toEqual([]);
    expect(body.items.map((i) => i.number)).toEqual(slip.packages.map((p) => p.code));
    for (const item of body.items) expect(item).toMatchObject({ status: 'ready', statusLabel: expect.any(String), destination: expect.any(String) });
    expectPublicOnly(body);
    const secrets = [
      'Người Nhận Bí Mật', '0912345678', 'Đường Riêng Tư', 'khách khó tính', 'GHNSECRET123', slip.code,
      ...slip.packages.flatMap((p) => [p.trackingNumber, String(p.amount), String(p.freight), String(p.weightG)]),
      String(slip.total), String(slip.amountToCollect),
    ];
    for (const secret of secrets) expect(res.body, secret).not.toContain(secret);
  });

  it('the packages of a cancelled slip are not found through it; a failed slip still answers', async () => {
    const slip = await draftSlip(1);
    await finish(slip.id, 'cancelled');
    expect(await track(slip.code)).toEqual({ items: [], notFound: [slip.code] });
    // The same package on a new slip that fails: still found through that slip.
    const again = await slips.createOk({ customerId: slip.customerId, packageIds: slip.packages.map((p) => p.packageId) });
    await finish(again.id, 'failed');
    const body = await track(again.code);
    expect(body.items.map((i) => i.number)).toEqual([slip.packages[0]!.code]);
  });

  it('an unknown slip code is not found', async () => {
    expect(await track('pg2611-99999')).toEqual({ items: [], notFound: ['PG2611-99999'] });
  });

  it('a slip asked 20 times in a second costs one slip query and one package query', async () => {
    const slip = await draftSlip(2);
    const driver = ctx.database.pglite ?? ctx.database.pool!;
    const spy = vi.spyOn(driver, 'query');
    const count = (table: string) => spy.mock.calls.filter((c) => JSON.stringify(c[0]).includes(table)).length;
    vi.useFakeTimers({ toFake: ['Date'] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => track(slip.code)));
    expect(answers.every((a) => a.items.length === 2)).toBe(true);
    expect(count('delivery_slip_packages')).toBe(1);
    expect(count('tracking_events')).toBe(1);
  });

  it('a code near the format is an ordinary number', async () => {
    expect(await track('PG261-00042')).toEqual({ items: [], notFound: ['PG261-00042'] });
  });

  it('a slip code with anything else, or two slip codes, is a 400', async () => {
    for (const numbers of ['PG2611-00042 TRK123456', 'PG2611-00042,PG2611-00043']) {
      const res = await lookup(`numbers=${encodeURIComponent(numbers)}`);
      expect(res.statusCode, numbers).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.json())).toContain('Mã phiếu giao được tra cứu riêng, mỗi lần một mã');
    }
  });
});

describe('bad input → 400', () => {
  const cases: Array<[string, string, string]> = [
    ['no numbers parameter', '', 'Thiếu tham số numbers'],
    ['empty', 'numbers=', 'Nhập ít nhất một mã vận đơn hoặc mã kiện'],
    ['separators only', 'numbers=%2C%20%3B', 'Nhập ít nhất một mã vận đơn hoặc mã kiện'],
    ['21 numbers', `numbers=${Array.from({ length: 21 }, (_, i) => `TRK${1000 + i}X`).join(',')}`, 'Tối đa 20 mã mỗi lần tra cứu (đang có 21 mã)'],
    ['a 41-character number', `numbers=${'A'.repeat(41)}`, `Mã không hợp lệ: ${'A'.repeat(41)}`],
    ['markup inside a number', 'numbers=AB%3CSCRIPT%3ECD', 'Mã không hợp lệ: AB<SCRIPT>CD'],
    ['over 1000 characters', `numbers=${'A1,'.repeat(340)}`, 'numbers dài tối đa 1000 ký tự'],
    ['an unknown parameter', 'numbers=TRK12345&customerId=1', 'Tham số không được hỗ trợ: customerId'],
    ['an unknown language', 'numbers=TRK12345&lang=fr', 'Ngôn ngữ phải là vi hoặc en'],
  ];
  it.each(cases)('%s', async (_label, query, message) => {
    const res = await lookup(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(res.json())).toContain(message);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('in English for an English reader', async () => {
    const res = await lookup(`numbers=${Array.from({ length: 21 }, (_, i) => `EN${1000 + i}X`).join(',')}&lang=en`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('At most 20 numbers per search (21 given)');
  });
});

describe('caching and limits', () => {
  it('a found answer may be cached briefly by anyone, per language', async () => {
    const res = await lookup('numbers=NOTHING123');
    expect(res.headers['cache-control']).toBe('public, max-age=15');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it(`answers 429 with Retry-After after ${PUBLIC_TRACKING_RATE_LIMIT.max} lookups a minute from one address, and only for that address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PUBLIC_TRACKING_RATE_LIMIT.max; i++) expect((await lookup(`numbers=RATE${i}XYZ`, { ip })).statusCode).toBe(200);
    const refused = await lookup('numbers=RATE999XYZ', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Quá nhiều yêu cầu, vui lòng thử lại sau' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    const english = await lookup('numbers=RATE999XYZ', { ip, headers: { 'accept-language': 'en' } });
    expect(english.statusCode).toBe(429);
    expect(english.json().message).not.toBe('Quá nhiều yêu cầu, vui lòng thử lại sau');
    expect((await lookup('numbers=RATE999XYZ')).statusCode).toBe(200);
  });

  it('the same number asked 20 times in a second costs one query; after the cache window one more', async () => {
    const [p] = await h.receiveParcels(1);
    const driver = ctx.database.pglite ?? ctx.database.pool!;
    const spy = vi.spyOn(driver, 'query');
    const trackingQueries = () => spy.mock.calls.filter((c) => JSON.stringify(c[0]).includes('tracking_events')).length;
    // Date is frozen so "within the window" holds however slow the machine is; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const burst = await Promise.all(Array.from({ length: 10 }, () => track(p!.trackingNumber)));
    for (let i = 0; i < 10; i++) burst.push(await track(p!.trackingNumber, i % 2 ? '&lang=en' : ''));
    expect(burst.every((b) => b.items[0]?.status === 'received_abroad')).toBe(true);
    expect(trackingQueries()).toBe(1);
    // The package code is another key: one more query, whatever numbers come with it.
    await track(`${p!.code} ${p!.trackingNumber}`);
    await track(`${p!.trackingNumber},${p!.code}`);
    expect(trackingQueries()).toBe(2);

    // A staff event is seen once the window has passed, for the price of one more query.
    const added = await ctx.request({ method: 'POST', url: `/api/packages/${p!.id}/events`, payload: { code: 'on_hold', location: 'Portland', occurredAt: new Date(Date.now() + 60_000).toISOString() } });
    expect(added.statusCode, added.body).toBe(201);
    const before = trackingQueries();
    expect((await track(p!.trackingNumber)).items[0]!.status).toBe('received_abroad');
    afterCacheWindow();
    expect((await track(p!.trackingNumber)).items[0]!.status).toBe('on_hold');
    expect(trackingQueries()).toBe(before + 1);
  });
});
