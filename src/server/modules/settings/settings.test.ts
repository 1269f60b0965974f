import { describe, expect, it } from 'vitest';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import type { QuoteResponse, Setting, SettingList } from '../../../shared/contracts/settings';
import { parseRateWire } from '../../../shared/domain/money-input';
import { quote, type PriceListVersion, type RateVersion } from '../../../shared/domain/pricing';
import { useTestContext } from '../../test/harness';

const ctx = useTestContext();

const today = () => businessDate(Date.now());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const auditRows = async (id: number) =>
  ctx.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'settings' AND entity_id = $1 ORDER BY id`, [String(id)]);

const post = (payload: unknown) => ctx.request({ method: 'POST', url: '/api/settings', payload: payload as Record<string, unknown> });
const get = async (id: number) => {
  const res = await ctx.request({ method: 'GET', url: `/api/settings/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return { item: res.json() as Setting, etag: res.headers.etag as string };
};
const storeId = async (code: string) => Number((await ctx.database.query<{ id: string }>('SELECT id FROM stores WHERE code = $1', [code]))[0]!.id);

const JP_SCHEDULED = {
  name: 'Bảng giá chung (mới)',
  group: null,
  lines: [{ originCountry: 'JP', unit: 'kg', currency: 'VND', stepMilli: 500, minimum: 100_000, brackets: [{ fromMilli: 0, rate: 300_000 }] }],
};

describe('access', () => {
  it.each([
    ['GET', '/api/settings'],
    ['GET', '/api/settings/1'],
    ['POST', '/api/settings'],
    ['PATCH', '/api/settings/1'],
    ['DELETE', '/api/settings/1'],
    ['POST', '/api/pricing/quote'],
    ['POST', '/api/settings/logo'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));

  it('404 for a setting that does not exist', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/settings/99999999' })).statusCode).toBe(404);
    const patch = await ctx.request({ method: 'PATCH', url: '/api/settings/99999999', headers: { 'if-match': '"1"' }, payload: { description: 'x' } });
    expect(patch.statusCode).toBe(404);
  });
});

describe('list', () => {
  it('lists by kind with the status of each version, searchable', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/settings?kind=exchange_rate&status=current&pageSize=50' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as SettingList;
    expect(page.items.map((s) => s.key).sort()).toEqual(['EUR', 'JPY', 'KRW', 'USD']);
    const past = (await ctx.request({ method: 'GET', url: '/api/settings?kind=exchange_rate&status=past&key=USD' })).json() as SettingList;
    expect(past.total).toBeGreaterThanOrEqual(12);
    expect(past.items.every((s) => s.status === 'past' && s.key === 'USD')).toBe(true);
    const lists = (await ctx.request({ method: 'GET', url: '/api/settings?q=vip&kind=price_list' })).json() as SettingList;
    expect(lists.items.map((s) => s.key)).toEqual(['vip']);
    expect((await ctx.request({ method: 'GET', url: '/api/settings?kind=nope' })).statusCode).toBe(400);
  });
});

describe('writes', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    const badKind = await post({ kind: 'nope', key: 'x', value: 1 });
    expect(badKind.statusCode).toBe(400);
    const badKey = await post({ kind: 'exchange_rate', key: 'XYZ', value: { rate: '1' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().details).toEqual([{ path: 'key', message: expect.any(String) }]);
    const badRate = await post({ kind: 'exchange_rate', key: 'USD', value: { rate: '25,400' } });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().details[0].path).toBe('value.rate');
    const past = await post({ kind: 'exchange_rate', key: 'USD', value: { rate: '25000' }, effectiveFrom: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    const badList = await post({ kind: 'price_list', key: 'x', value: { ...JP_SCHEDULED, lines: [{ ...JP_SCHEDULED.lines[0], brackets: [{ fromMilli: 5, rate: 1 }] }] } });
    expect(badList.statusCode).toBe(400);
    expect(badList.json().details[0].path).toBe('value.lines.0.brackets.0.fromMilli');
    const logo = await post({ kind: 'company', key: 'logo', value: { fileId: null } });
    expect(logo.statusCode).toBe(400);
  });

  it('a scheduled version may be edited (If-Match, 412 when stale) and removed; one audit row each', async () => {
    const start = addDays(today(), 10);
    const res = await post({ kind: 'price_list', key: 'default', value: JP_SCHEDULED, effectiveFrom: start });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Setting;
    expect(created).toMatchObject({ status: 'scheduled', effectiveFrom: start, version: 1 });
    expect(res.headers.etag).toBe('"1"');
    expect(await auditRows(created.id)).toEqual([{ action: 'create' }]);

    const twice = await post({ kind: 'price_list', key: 'default', value: JP_SCHEDULED, effectiveFrom: start });
    expect(twice.statusCode).toBe(409);

    const noIfMatch = await ctx.request({ method: 'PATCH', url: `/api/settings/${created.id}`, payload: { description: 'Bảng giá mới' } });
    expect(noIfMatch.statusCode).toBe(428);
    const ok = await ctx.request({ method: 'PATCH', url: `/api/settings/${created.id}`, headers: { 'if-match': '"1"' }, payload: { effectiveFrom: addDays(start, 1) } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ effectiveFrom: addDays(start, 1), version: 2 });
    const stale = await ctx.request({ method: 'PATCH', url: `/api/settings/${created.id}`, headers: { 'if-match': '"1"' }, payload: { description: 'x' } });
    expect(stale.statusCode).toBe(412);
    expect(await auditRows(created.id)).toEqual([{ action: 'create' }, { action: 'update' }]);

    const del = await ctx.request({ method: 'DELETE', url: `/api/settings/${created.id}`, headers: { 'if-match': '"2"' } });
    expect(del.statusCode, del.body).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/settings/${created.id}` })).statusCode).toBe(404);
    expect(await auditRows(created.id)).toEqual([{ action: 'create' }, { action: 'update' }, { action: 'delete' }]);
  });

  it('DELETE: 404 for an unknown setting, 412 on a stale If-Match (the version stays, no audit row)', async () => {
    expect((await ctx.request({ method: 'DELETE', url: '/api/settings/99999999', headers: { 'if-match': '"1"' } })).statusCode).toBe(404);
    const res = await post({ kind: 'price_list', key: 'vip', value: { ...JP_SCHEDULED, name: 'VIP (mới)', group: 'vip' }, effectiveFrom: addDays(today(), 40) });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Setting).id;
    const stale = await ctx.request({ method: 'DELETE', url: `/api/settings/${id}`, headers: { 'if-match': '"7"' } });
    expect(stale.statusCode).toBe(412);
    expect((await ctx.request({ method: 'GET', url: `/api/settings/${id}` })).statusCode).toBe(200);
    expect(await auditRows(id)).toEqual([{ action: 'create' }]);
  });

  it('a version in force is never edited or removed (409), and writes no audit row', async () => {
    const current = ((await ctx.request({ method: 'GET', url: '/api/settings?kind=price_list&key=vip&status=current' })).json() as SettingList).items[0]!;
    const before = (await auditRows(current.id)).length;
    const patch = await ctx.request({ method: 'PATCH', url: `/api/settings/${current.id}`, headers: { 'if-match': `"${current.version}"` }, payload: { description: 'x' } });
    expect(patch.statusCode).toBe(409);
    const del = await ctx.request({ method: 'DELETE', url: `/api/settings/${current.id}`, headers: { 'if-match': `"${current.version}"` } });
    expect(del.statusCode).toBe(409);
    expect((await auditRows(current.id)).length).toBe(before);
  });

  it('a plain setting (company name) is edited in place with If-Match', async () => {
    const row = ((await ctx.request({ method: 'GET', url: '/api/settings?kind=company&key=name' })).json() as SettingList).items[0]!;
    const { etag } = await get(row.id);
    const res = await ctx.request({ method: 'PATCH', url: `/api/settings/${row.id}`, headers: { 'if-match': etag }, payload: { value: 'Công ty Thử Nghiệm' } });
    expect(res.statusCode, res.body).toBe(200);
    const pub = (await ctx.request({ method: 'GET', url: '/api/public/company', token: null })).json();
    expect(pub.name).toBe('Công ty Thử Nghiệm');
    expect(await auditRows(row.id)).toEqual([{ action: 'update' }]);
    const again = await post({ kind: 'company', key: 'name', value: 'Khác' });
    expect(again.statusCode).toBe(409);
  });

  it('a USD rate starting today changes a new order’s rate at once and leaves existing orders alone', async () => {
    const cust = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'Khách Tỷ Giá', phone: '0977123456' } });
    expect(cust.statusCode, cust.body).toBe(201);
    const order = (over: Record<string, unknown> = {}) => ({
      customerId: cust.json().id,
      kind: 'purchase',
      currency: 'USD',
      items: [{ name: 'Giày', quantity: 1, unitPriceMinor: 10_000 }],
      serviceFeeMode: 'fixed',
      serviceFeeFixed: 0,
      domesticFee: 0,
      deposit: 0,
      ...over,
    });
    const first = await ctx.request({ method: 'POST', url: '/api/orders', payload: order() });
    expect(first.statusCode, first.body).toBe(201);
    const oldRate = first.json().exchangeRate as string;
    const newRate = String(Math.floor(parseRateWire(oldRate)! / 100) + 123);

    const res = await post({ kind: 'exchange_rate', key: 'USD', value: { rate: newRate }, effectiveFrom: today() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'current' });

    const second = await ctx.request({ method: 'POST', url: '/api/orders', payload: order() });
    expect(second.json()).toMatchObject({ exchangeRate: newRate, total: 100 * Number(newRate) });
    const again = await ctx.request({ method: 'GET', url: `/api/orders/${first.json().id}` });
    expect(again.json()).toMatchObject({ exchangeRate: oldRate, total: first.json().total });
    const rates = (await ctx.request({ method: 'GET', url: '/api/exchange-rates' })).json();
    expect(rates.rates.find((r: { currency: string }) => r.currency === 'USD')).toMatchObject({ rate: newRate, effectiveFrom: today() });
  });
});

describe('POST /api/pricing/quote', () => {
  const versions = async () => {
    const rows = await ctx.database.query<{ id: string; kind: string; key: string; value: unknown; effective_from: string }>(
      `SELECT id, kind, key, value, to_char(effective_from, 'YYYY-MM-DD') AS effective_from FROM settings WHERE kind IN ('price_list','exchange_rate') AND deleted_at IS NULL ORDER BY effective_from, id`,
    );
    const priceLists: PriceListVersion[] = rows
      .filter((r) => r.kind === 'price_list')
      .map((r) => ({ id: Number(r.id), key: r.key, effectiveFrom: r.effective_from, value: r.value as PriceListVersion['value'] }));
    const rates: RateVersion[] = rows
      .filter((r) => r.kind === 'exchange_rate')
      .map((r) => ({ currency: r.key as 'USD', rateX100: parseRateWire((r.value as { rate: string }).rate)!, effectiveFrom: r.effective_from }));
    return { priceLists, rates };
  };

  it('agrees with the pricing rule on the seeded lists (kg and lb, group and default)', async () => {
    const [tokyo, portland, hanoi] = await Promise.all([storeId('JP-TYO'), storeId('US-OR'), storeId('VN-HAN')]);
    const { priceLists, rates } = await versions();
    const cases = [
      { originStoreId: tokyo, country: 'JP', chargeableWeightG: 3200, customerGroup: 'vip' as const },
      { originStoreId: tokyo, country: 'JP', chargeableWeightG: 12_000, customerGroup: 'retail' as const },
      { originStoreId: portland, country: 'US', chargeableWeightG: 4536, customerGroup: 'wholesale' as const },
      { originStoreId: portland, country: 'US', chargeableWeightG: 500, customerGroup: 'vip' as const, insured: true, declaredValue: 2_000_000 },
    ];
    for (const c of cases) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/pricing/quote',
        payload: { originStoreId: c.originStoreId, destinationStoreId: hanoi, chargeableWeightG: c.chargeableWeightG, customerGroup: c.customerGroup, insured: c.insured, declaredValue: c.declaredValue },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as QuoteResponse;
      const expected = quote({
        chargeableWeightG: c.chargeableWeightG,
        declaredValue: c.declaredValue,
        insured: c.insured,
        route: { originStoreId: c.originStoreId, originCountry: c.country, destinationStoreId: hanoi },
        group: c.customerGroup,
        day: today(),
        priceLists,
        rates,
      });
      if (!expected.ok) throw new Error('no expected quote');
      expect(body).toMatchObject({ total: expected.quote.total, currency: 'VND', priceListId: expected.quote.priceListId });
      expect(body.lines.reduce((s, l) => s + l.amount, 0)).toBe(body.total);
      expect(body.total).toBeGreaterThan(0);
    }
  });

  it('uses a scheduled version only on or after its start day', async () => {
    const [tokyo, hanoi] = await Promise.all([storeId('JP-TYO'), storeId('VN-HAN')]);
    const start = addDays(today(), 20);
    const res = await post({ kind: 'price_list', key: 'default', value: JP_SCHEDULED, effectiveFrom: start });
    expect(res.statusCode, res.body).toBe(201);
    const q = async (day: string) =>
      (await ctx.request({ method: 'POST', url: '/api/pricing/quote', payload: { originStoreId: tokyo, destinationStoreId: hanoi, chargeableWeightG: 1000, customerGroup: 'retail', day } })).json() as QuoteResponse;
    expect((await q(addDays(start, -1))).priceListId).not.toBe(res.json().id);
    expect(await q(start)).toMatchObject({ priceListId: res.json().id, total: 300_000 });
  });

  it('422 for a route without a price line; 404 for an unknown store or customer; 400 for bad input', async () => {
    const [hanoi, saigon] = await Promise.all([storeId('VN-HAN'), storeId('VN-SGN')]);
    const none = await ctx.request({ method: 'POST', url: '/api/pricing/quote', payload: { originStoreId: saigon, destinationStoreId: hanoi, chargeableWeightG: 1000 } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'UNPROCESSABLE', message: expect.stringContaining('bảng giá') });
    const noStore = await ctx.request({ method: 'POST', url: '/api/pricing/quote', payload: { originStoreId: 9_999_999, destinationStoreId: hanoi, chargeableWeightG: 1000 } });
    expect(noStore.statusCode).toBe(404);
    const noCustomer = await ctx.request({ method: 'POST', url: '/api/pricing/quote', payload: { customerId: 9_999_999, originStoreId: saigon, destinationStoreId: hanoi, chargeableWeightG: 1000 } });
    expect(noCustomer.statusCode).toBe(404);
    const bad = await ctx.request({ method: 'POST', url: '/api/pricing/quote', payload: { originStoreId: saigon, destinationStoreId: hanoi, chargeableWeightG: 1.5 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/settings/logo', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const upload = (bytes: Buffer, name = 'logo.png', type = 'image/png') => {
    const boundary = '----settings2logo';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.request({ method: 'POST', url: '/api/settings/logo', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  };

  it('stores a PNG checked by content, points the company logo at it (one audit row) and serves it publicly', async () => {
    const res = await upload(PNG);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json() as Setting;
    expect(item).toMatchObject({ kind: 'company', key: 'logo', value: { contentType: 'image/png', size: PNG.length } });
    expect((await auditRows(item.id)).map((r) => r.action)).toEqual(['update']);
    const { logoUrl } = (await ctx.request({ method: 'GET', url: '/api/public/company', token: null })).json();
    const img = await ctx.request({ method: 'GET', url: logoUrl, token: null });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what is not an image by content (415), a file over 1 MiB (413), and a non-multipart body (415)', async () => {
    expect((await upload(Buffer.from('GIF89a not allowed'), 'logo.png', 'image/png')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(1_048_577 - PNG.length + 10)]);
    expect((await upload(big)).statusCode).toBe(413);
    expect((await ctx.request({ method: 'POST', url: '/api/settings/logo', payload: { x: 1 } })).statusCode).toBe(415);
  });
});
