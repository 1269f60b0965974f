import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { ExchangeRates } from '../../../shared/contracts/exchange-rates';
import type { Order, OrderList } from '../../../shared/contracts/orders';
import { expectCreated, resourceRoutes, useTestContext } from '../../test/harness';

const ctx = useTestContext();

const list = (query: string) => ctx.getOk<OrderList>(`/api/orders${query}`);
const get = (id: number) => ctx.getOk<Order>(`/api/orders/${id}`);
const auditRows = async (id: number) =>
  ctx.database.query<{ action: string; before: Order | null; after: Order | null }>(
    `SELECT action, before, after FROM audit_log WHERE entity = 'orders' AND entity_id = $1 ORDER BY id`,
    [String(id)],
  );

let seq = 0;
const newCustomer = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  return ctx.postCreated<Customer>('/api/customers', { fullName: `Khách Đơn ${seq}`, phone: `0977${String(200000 + seq).slice(-6)}`, ...over });
};

/** The worked example of money.test.ts: 3 × 19.99 USD + 1 × 249.00 USD at 25,400 đ, 5 % fee, 30,000 đ domestic. */
const usdOrder = (customerId: number, over: Record<string, unknown> = {}) => ({
  customerId,
  kind: 'purchase',
  currency: 'USD',
  items: [
    { name: 'Vitamin Kirkland Daily Multi', url: 'https://www.costco.com/p/100334645', option: '500 viên', quantity: 3, unitPriceMinor: 1_999 },
    { name: 'Tai nghe AirPods Pro 2', url: 'https://www.amazon.com/dp/B0D1XD1ZV3', quantity: 1, unitPriceMinor: 24_900 },
  ],
  serviceFeeMode: 'percent',
  serviceFeeBps: 500,
  domesticFee: 30_000,
  deposit: 5_000_000,
  ...over,
});

const create = async (payload: Record<string, unknown>) => {
  return ctx.postCreated<Order>('/api/orders', payload);
};
const step = (order: { id: number }, status: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  ctx.request({ method: 'POST', url: `/api/orders/${order.id}/status`, payload: { status, ...extra }, headers });

describe('access', () => {
  it.each([
    ...resourceRoutes('/api/orders'),
    ['POST', '/api/orders/1/status'],
    ['GET', '/api/exchange-rates'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));

  it('answers 404 for an order that does not exist', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/orders/999999' })).statusCode).toBe(404);
    expect((await step({ id: 999999 }, 'confirmed')).statusCode).toBe(404);
    const patch = await ctx.request({ method: 'PATCH', url: '/api/orders/999999', headers: { 'if-match': '"1"' }, payload: { note: 'x' } });
    expect(patch.statusCode).toBe(404);
  });
});

describe('exchange rates', () => {
  it('answers the seeded rates effective today, and older ones for an older day', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/exchange-rates' });
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json() as ExchangeRates;
    expect(Object.fromEntries(today.rates.map((r) => [r.currency, r.rate]))).toEqual({ USD: '25400', JPY: '170', KRW: '18.5', EUR: '27500' });
    const yearAgo = new Date(Date.now() - 340 * 86_400_000).toISOString().slice(0, 10);
    const old = (await ctx.request({ method: 'GET', url: `/api/exchange-rates?date=${yearAgo}` })).json() as ExchangeRates;
    expect(old.rates).toHaveLength(4);
    expect(Number(old.rates.find((r) => r.currency === 'USD')!.rate)).toBeLessThan(25_400);
    expect(old.rates.every((r) => r.effectiveFrom <= yearAgo)).toBe(true);
    expect(((await ctx.request({ method: 'GET', url: '/api/exchange-rates?date=2001-01-01' })).json() as ExchangeRates).rates).toEqual([]);
    const bad = await ctx.request({ method: 'GET', url: '/api/exchange-rates?date=2025-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('date');
  });
});

describe('create', () => {
  it('computes every total on the server and ignores totals the client sends', async () => {
    const c = await newCustomer();
    const payload = usdOrder(c.id, { total: 1, itemsSubtotal: 2, serviceFee: 3, remaining: 4 });
    (payload.items as Array<Record<string, unknown>>)[0]!.amount = 999;
    const res = await ctx.request({ method: 'POST', url: '/api/orders', payload });
    const o = expectCreated<Order>(res, '/api/orders');
    expect(o).toMatchObject({
      code: expect.stringMatching(/^DH\d{8}$/),
      customerId: c.id,
      customerCode: c.code,
      status: 'new',
      currency: 'USD',
      exchangeRate: '25400',
      itemsSubtotal: 7_847_838,
      goods: 7_847_838,
      serviceFee: 392_392,
      domesticFee: 30_000,
      deposit: 5_000_000,
      total: 8_270_230,
      remaining: 3_270_230,
      paid: 0,
      due: 8_270_230,
      version: 1,
    });
    expect(o.items.map((i) => i.amount)).toEqual([1_523_238, 6_324_600]);
    expect(o.items[0]).toMatchObject({ option: '500 viên', url: 'https://www.costco.com/p/100334645' });
    expect(o.events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'new', actorName: expect.any(String) })]);
    // What was stored, not only what was answered.
    const [row] = await ctx.database.query<{ total: number; items_subtotal: number; exchange_rate_x100: number }>(
      'SELECT total, items_subtotal, exchange_rate_x100 FROM orders WHERE id = $1',
      [o.id],
    );
    expect(row).toEqual({ total: 8_270_230, items_subtotal: 7_847_838, exchange_rate_x100: 2_540_000 });
    const audit = await auditRows(o.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', before: null, after: { code: o.code, total: 8_270_230 } });
  });

  it('takes rates with decimals and fees as a fixed amount', async () => {
    const c = await newCustomer();
    const o = await create({
      customerId: c.id,
      kind: 'purchase',
      currency: 'KRW',
      items: [{ name: 'Mì Shin Ramyun', quantity: 3, unitPriceMinor: 1 }],
      serviceFeeMode: 'fixed',
      serviceFeeFixed: 20_000,
    });
    // 3 won × 18.5 đ = 55.5 đ → 56 đ: one rounding for the line, not 3 × 19.
    expect(o).toMatchObject({ exchangeRate: '18.5', itemsSubtotal: 56, serviceFee: 20_000, total: 20_056, items: [expect.objectContaining({ amount: 56, url: null, option: '' })] });
  });

  it('does not bill a consignment for its declared goods', async () => {
    const c = await newCustomer();
    const o = await create({
      customerId: c.id,
      kind: 'consignment',
      currency: 'JPY',
      items: [{ name: 'Đồ gốm Nhật', quantity: 2, unitPriceMinor: 10_000 }],
      serviceFeeMode: 'fixed',
      serviceFeeFixed: 30_000,
      domesticFee: 25_000,
    });
    expect(o).toMatchObject({ kind: 'consignment', itemsSubtotal: 3_400_000, goods: 0, total: 55_000, exchangeRate: '170' });
    expect((await create({ customerId: c.id, kind: 'consignment', currency: 'VND', serviceFeeMode: 'fixed', serviceFeeFixed: 50_000 })).total).toBe(50_000);
  });

  it('refuses bad input field by field, and writes nothing', async () => {
    const c = await newCustomer();
    const count = async () => Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [usdOrder(c.id, { items: [] }), 'body.items'],
      [usdOrder(c.id, { currency: 'GBP' }), 'body.currency'],
      [usdOrder(c.id, { kind: 'gift' }), 'body.kind'],
      [usdOrder(c.id, { items: [{ name: 'A', quantity: 0, unitPriceMinor: 1 }] }), 'body.items.0.quantity'],
      [usdOrder(c.id, { items: [{ name: 'A', quantity: 1, unitPriceMinor: 1.5 }] }), 'body.items.0.unitPriceMinor'],
      [usdOrder(c.id, { items: [{ name: 'A', quantity: 1, unitPriceMinor: 1, url: 'javascript:alert(1)' }] }), 'body.items.0.url'],
      [usdOrder(c.id, { serviceFeeBps: 10_001 }), 'body.serviceFeeBps'],
      [usdOrder(c.id, { deposit: -1 }), 'body.deposit'],
      [usdOrder(c.id, { status: 'completed' }), 'body'],
      [usdOrder(c.id, { code: 'DH00000001' }), 'body'],
    ];
    for (const [payload, path] of cases) {
      const res = await ctx.request({ method: 'POST', url: '/api/orders', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json().details as Array<{ path: string }>).map((d) => d.path).join(' '), JSON.stringify(payload)).toContain(path);
    }
    const tooMuch = await ctx.request({ method: 'POST', url: '/api/orders', payload: usdOrder(c.id, { deposit: 8_270_231 }) });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toEqual([{ path: 'deposit', message: expect.stringContaining('8.270.230\u00a0₫') }]);
    const nobody = await ctx.request({ method: 'POST', url: '/api/orders', payload: usdOrder(999_999) });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details[0].path).toBe('customerId');
    expect(await count()).toBe(before);
  });

  it('refuses a new order for an inactive customer', async () => {
    const c = await newCustomer({ status: 'inactive' });
    const res = await ctx.request({ method: 'POST', url: '/api/orders', payload: usdOrder(c.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0].path).toBe('customerId');
  });
});

describe('edit', () => {
  it('needs If-Match (428), refuses a stale one (412 with the current order) and recomputes on change', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const missing = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, payload: { note: 'x' } });
    expect(missing.statusCode).toBe(428);

    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/orders/${o.id}`,
      headers: { 'if-match': '"1"' },
      payload: { items: [{ name: 'Tai nghe AirPods Pro 2', quantity: 2, unitPriceMinor: 24_900 }], total: 5, deposit: 1_000_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Order;
    expect(edited).toMatchObject({ version: 2, itemsSubtotal: 12_649_200, serviceFee: 632_460, total: 13_311_660, deposit: 1_000_000, remaining: 12_311_660 });
    expect(edited.items).toHaveLength(1);
    expect(res.headers.etag).toBe('"2"');

    const stale = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': '"1"' }, payload: { note: 'y' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current).toMatchObject({ id: o.id, version: 2, total: 13_311_660 });

    const audit = await auditRows(o.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.before!.total).toBe(8_270_230);
    expect(audit[1]!.after!.total).toBe(13_311_660);
  });

  it('changes nothing, and writes no audit row, for a patch that repeats the order', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const echo = { currency: o.currency, items: o.items, serviceFeeBps: o.serviceFeeBps, note: o.note, total: o.total, paid: o.paid };
    const res = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': '"1"' }, payload: echo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(1);
    expect(await auditRows(o.id)).toHaveLength(1);
  });

  it('takes a new currency at the rate of the order’s own date', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id, { deposit: 0 }));
    const res = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': '"1"' }, payload: { currency: 'EUR' } });
    expect(res.statusCode, res.body).toBe(200);
    const eur = res.json() as Order;
    expect(eur).toMatchObject({ currency: 'EUR', exchangeRate: '27500', items: [expect.objectContaining({ amount: 1_649_175 }), expect.objectContaining({ amount: 6_847_500 })] });
    expect(eur.itemsSubtotal).toBe(1_649_175 + 6_847_500);
  });

  it('refuses a deposit above the new total', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const res = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': '"1"' }, payload: { items: [{ name: 'Bút', quantity: 1, unitPriceMinor: 100 }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('deposit');
    expect((await get(o.id)).version).toBe(1);
  });

  it('locks items after purchase and fees once final, but keeps the note editable', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    for (const s of ['confirmed', 'purchased']) expect((await step(o, s)).statusCode).toBe(200);
    let cur = await get(o.id);
    const items = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': `"${cur.version}"` }, payload: { items: [{ name: 'Khác', quantity: 1, unitPriceMinor: 100_000 }] } });
    expect(items.statusCode).toBe(409);
    expect(items.json().details[0].path).toBe('items');
    const fee = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': `"${cur.version}"` }, payload: { domesticFee: 45_000 } });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json().total).toBe(8_270_230 + 15_000);
    expect((await step(o, 'cancelled')).statusCode).toBe(200);
    cur = await get(o.id);
    const late = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': `"${cur.version}"` }, payload: { deposit: 0 } });
    expect(late.statusCode).toBe(409);
    const note = await ctx.request({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: { 'if-match': `"${cur.version}"` }, payload: { note: 'Khách đổi ý' } });
    expect(note.statusCode).toBe(200);
    expect(note.json().note).toBe('Khách đổi ý');
  });
});

describe('status', () => {
  it('walks the lifecycle with one event and one audit row per step', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const path = ['confirmed', 'purchased', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed'];
    let version = 1;
    for (const s of path) {
      // The order still owes its total: completing it records that payment in the same step.
      const pay = s === 'completed' ? { payment: { amount: (await get(o.id)).due, method: 'bank_transfer' } } : {};
      const res = await step(o, s, { 'if-match': `"${version}"` }, pay);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: s, version: version + 1 });
      expect(res.headers.etag).toBe(`"${version + 1}"`);
      version += 1;
    }
    const done = await get(o.id);
    expect(done.events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'new'], ...path.map((s, i) => [i ? path[i - 1] : 'new', s])]);
    const audit = await auditRows(o.id);
    expect(audit).toHaveLength(1 + path.length);
    expect(audit.at(-1)).toMatchObject({ action: 'update', before: { status: 'delivering' }, after: { status: 'completed' } });
  });

  it('answers an illegal step with 409 and the allowed ones, changing nothing', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const res = await step(o, 'arrived');
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual({ status: 'new', allowed: ['confirmed', 'cancelled'] });
    expect(res.json().message).toContain('Mới tạo');
    const same = await step(o, 'new');
    expect(same.statusCode).toBe(409);
    expect(await auditRows(o.id)).toHaveLength(1);
    expect((await get(o.id)).events).toHaveLength(1);
    const bad = await ctx.request({ method: 'POST', url: `/api/orders/${o.id}/status`, payload: { status: 'lost' } });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a consignment out of "purchased" and ends cancelled orders', async () => {
    const c = await newCustomer();
    const o = await create({ customerId: c.id, kind: 'consignment', currency: 'USD', serviceFeeMode: 'fixed', serviceFeeFixed: 30_000 });
    expect((await step(o, 'confirmed')).statusCode).toBe(200);
    const purchased = await step(o, 'purchased');
    expect(purchased.statusCode).toBe(409);
    expect(purchased.json().details.allowed).toEqual(['received_abroad', 'cancelled']);
    expect((await step(o, 'cancelled')).statusCode).toBe(200);
    const after = await step(o, 'confirmed');
    expect(after.statusCode).toBe(409);
    expect(after.json().details.allowed).toEqual([]);
  });

  it('checks If-Match when it is sent', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const stale = await step(o, 'confirmed', { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current.status).toBe('new');
    expect((await step(o, 'confirmed', { 'if-match': 'nonsense' })).statusCode).toBe(400);
  });
});

describe('detail, wallet and delete', () => {
  it('shows the wallet rows that refer to the order, and what is still due', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const post = (payload: Record<string, unknown>) =>
      ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': randomUUID() }, payload: { customerId: c.id, method: 'bank_transfer', ...payload } });
    expect((await post({ type: 'deposit', amount: 5_000_000 })).statusCode).toBe(201);
    expect((await post({ type: 'payment', amount: 5_000_000, referenceType: 'order', referenceId: o.id })).statusCode).toBe(201);
    const res = await ctx.request({ method: 'GET', url: `/api/orders/${o.id}` });
    expect(res.headers.etag).toBe('"1"');
    const detail = res.json() as Order;
    expect(detail.transactions).toEqual([expect.objectContaining({ type: 'payment', amount: -5_000_000, code: expect.stringMatching(/^GD\d{8}$/) })]);
    expect(detail).toMatchObject({ paid: 5_000_000, due: 3_270_230 });
    const del = await ctx.request({ method: 'DELETE', url: `/api/orders/${o.id}`, headers: { 'if-match': '"1"' } });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain(detail.transactions[0]!.code);
  });

  it('soft-deletes a new order without money, once', async () => {
    const c = await newCustomer();
    const o = await create(usdOrder(c.id));
    const confirmed = await create(usdOrder(c.id));
    expect((await step(confirmed, 'confirmed')).statusCode).toBe(200);
    expect((await ctx.request({ method: 'DELETE', url: `/api/orders/${confirmed.id}`, headers: { 'if-match': '"2"' } })).statusCode).toBe(409);
    expect((await ctx.request({ method: 'DELETE', url: `/api/orders/${o.id}` })).statusCode).toBe(428);
    expect((await ctx.request({ method: 'DELETE', url: `/api/orders/${o.id}`, headers: { 'if-match': '"1"' } })).statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/orders/${o.id}` })).statusCode).toBe(404);
    expect((await list(`?customerId=${c.id}`)).items.map((x) => x.id)).toEqual([confirmed.id]);
    expect((await auditRows(o.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('list', () => {
  it('pages the 500 seeded orders newest first, with items and events', async () => {
    const page = await list('?pageSize=50');
    expect(page.total).toBeGreaterThanOrEqual(500);
    expect(page.items).toHaveLength(50);
    const times = page.items.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const o of page.items) {
      expect(o.events.length).toBeGreaterThan(0);
      expect(o.events.at(-1)!.toStatus).toBe(o.status);
      expect(o.total).toBe(o.goods + o.serviceFee + o.domesticFee);
      expect(o.itemsSubtotal).toBe(o.items.reduce((s, i) => s + i.amount, 0));
    }
  });

  it('filters by status, kind, customer, currency, total and date, and sorts by total', async () => {
    const done = await list('?status=completed,cancelled&kind=consignment&pageSize=200');
    expect(done.total).toBeGreaterThan(0);
    expect(done.items.every((o) => ['completed', 'cancelled'].includes(o.status) && o.kind === 'consignment')).toBe(true);
    const jpy = await list('?currency=JPY&totalMin=1000000&sort=-total&pageSize=200');
    expect(jpy.total).toBeGreaterThan(0);
    expect(jpy.items.every((o) => o.currency === 'JPY' && o.total >= 1_000_000)).toBe(true);
    expect(jpy.items.map((o) => o.total)).toEqual([...jpy.items.map((o) => o.total)].sort((a, b) => b - a));
    const one = jpy.items[0]!;
    const mine = await list(`?customerId=${one.customerId}&pageSize=200`);
    expect(mine.items.every((o) => o.customerId === one.customerId)).toBe(true);
    expect(mine.items.map((o) => o.id)).toContain(one.id);
    const day = new Date(Date.parse(one.createdAt) + 7 * 3_600_000).toISOString().slice(0, 10);
    const sameDay = await list(`?createdFrom=${day}&createdTo=${day}&pageSize=200`);
    expect(sameDay.items.map((o) => o.id)).toContain(one.id);
    expect((await ctx.request({ method: 'GET', url: '/api/orders?status=lost' })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/orders?sort=paid' })).statusCode).toBe(400);
  });

  it('searches codes, item names and the customer, without accents', async () => {
    const c = await newCustomer({ fullName: 'Trịnh Thị Ánh Tuyết' });
    const o = await create(usdOrder(c.id, { items: [{ name: 'Nồi chiên không dầu Ninja', quantity: 1, unitPriceMinor: 9_999 }], deposit: 0 }));
    expect((await list('?q=noi%20chien%20ninja')).items.map((x) => x.id)).toContain(o.id);
    expect((await list('?q=anh%20tuyet')).items.map((x) => x.id)).toEqual([o.id]);
    expect((await list(`?q=${o.code.toLowerCase()}`)).items.map((x) => x.id)).toEqual([o.id]);
    expect((await list(`?q=${c.code}`)).items.map((x) => x.id)).toEqual([o.id]);
  });

  it('exports the filtered list as CSV', async () => {
    const c = await newCustomer();
    const a = await create(usdOrder(c.id));
    await create(usdOrder(c.id, { deposit: 0 }));
    const res = await ctx.request({ method: 'GET', url: `/api/orders/export?format=csv&customerId=${c.id}&sort=code` });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Mã đơn');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(a.code);
    expect(lines[1]).toContain('8270230');
  });
});
