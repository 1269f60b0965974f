import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import { ORDER_FOLLOWED_PACKAGES_NOTE } from '../../../shared/domain/order-lifecycle';
import type { Order, OrderPackagesResponse } from '../../../shared/contracts/orders';
import type { Package } from '../../../shared/contracts/packages';
import { createTestContext, type TestContext } from '../../test/harness';
import { mawbHelpers } from '../mawbs/test-support';

/**
 * An order's parcels: attached from the order's page (scanned numbers or picked packages), taken off again,
 * and the order's status following them through every way a parcel moves (manual events, MAWB steps).
 */

let ctx: TestContext;
let customerId: number;
const h = mawbHelpers(() => ctx, 9_270_000);
beforeAll(async () => {
  ctx = await createTestContext();
  // The customer mawbHelpers receives parcels for (the oldest live one).
  customerId = Number((await ctx.database.query<{ id: number }>(`SELECT id FROM customers WHERE deleted_at IS NULL ORDER BY id LIMIT 1`))[0]!.id);
});
afterAll(() => ctx.close());

let seq = 0;
const newNumber = () => `OPK${String(Date.now()).slice(-7)}${String(++seq).padStart(4, '0')}`;
const newOrder = async (over: Record<string, unknown> = {}) =>
  ctx.postCreated<Order>('/api/orders', { customerId, kind: 'consignment', currency: 'VND', items: [], serviceFeeMode: 'fixed', serviceFeeFixed: 50_000, ...over });
const expected = async (over: Record<string, unknown> = {}) => ctx.postCreated<Package>('/api/packages', { trackingNumber: newNumber(), customerId, ...over });
const attach = (orderId: number, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/orders/${orderId}/packages`, payload });
const detach = (orderId: number, packageId: number) => ctx.request({ method: 'DELETE', url: `/api/orders/${orderId}/packages/${packageId}` });
const getOrder = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/orders/${id}` })).json() as Order;
const getPackage = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/packages/${id}` })).json() as Package;
const addEvent = async (id: number, code: string) => {
  const res = await ctx.request({ method: 'POST', url: `/api/packages/${id}/events`, payload: { code } });
  expect(res.statusCode, `${code}: ${res.body}`).toBe(201);
};
const step = (id: number, status: string) => ctx.request({ method: 'POST', url: `/api/orders/${id}/status`, payload: { status } });
const attached = async (orderId: number, ...pkgs: Package[]) => {
  const res = await attach(orderId, { numbers: pkgs.map((p) => p.trackingNumber) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderPackagesResponse;
};

describe('access', () => {
  it.each([
    ['POST', '/api/orders/1/packages'],
    ['DELETE', '/api/orders/1/packages/1'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});

describe('attaching parcels to an order', () => {
  it('attaches scanned numbers (tracking numbers or package codes, scanner noise cleaned) and reports each one', async () => {
    const o = await newOrder();
    const [a, b] = [await expected(), await expected()];
    const res = await attach(o.id, { numbers: [` ${a.trackingNumber.toLowerCase()}\r`, b.code, 'NOPE0000000001', a.code] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OrderPackagesResponse;
    expect(body.results.map((r) => [r.number, r.outcome])).toEqual([
      [a.trackingNumber, 'attached'],
      [b.code, 'attached'],
      ['NOPE0000000001', 'not_found'],
    ]);
    expect((await getPackage(a.id)).order).toEqual({ id: o.id, code: o.code });
    expect((await getPackage(b.id)).orderId).toBe(o.id);
    const list = (await ctx.request({ method: 'GET', url: `/api/packages?orderId=${o.id}` })).json() as { total: number };
    expect(list.total).toBe(2);
    // Scanned again: already there, nothing refused.
    const again = await attach(o.id, { numbers: [a.trackingNumber] });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as OrderPackagesResponse).results[0]).toMatchObject({ outcome: 'already' });
  });

  it('attaches packages picked by id, and gives a parcel nobody owns to the order\'s customer', async () => {
    const o = await newOrder();
    const orphan = await expected({ customerId: undefined });
    const res = await attach(o.id, { packageIds: [orphan.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await getPackage(orphan.id)).toMatchObject({ orderId: o.id, customerId, unidentified: false });
  });

  it('refuses another customer\'s parcel naming both customers, and a parcel on another order naming that order', async () => {
    const other = await ctx.postCreated<Customer>('/api/customers', { fullName: 'Khách Khác Đơn', phone: `0966${String(Date.now()).slice(-6)}` });
    const o = await newOrder();
    const theirs = await expected({ customerId: other.id });
    const first = await newOrder();
    const taken = await expected();
    await attached(first.id, taken);

    const res = await attach(o.id, { numbers: [theirs.trackingNumber, taken.trackingNumber] });
    expect(res.statusCode, res.body).toBe(409);
    const err = res.json() as { code: string; message: string; details: OrderPackagesResponse };
    expect(err.code).toBe('ORDER_PACKAGES_REFUSED');
    expect(err.message).toContain(other.code);
    expect(err.message).toContain(o.customerCode);
    expect(err.message).toContain(first.code);
    expect(err.details.results.map((r) => r.outcome)).toEqual(['other_customer', 'other_order']);
    expect((await getPackage(theirs.id)).orderId).toBeNull();
    expect((await getPackage(taken.id)).orderId).toBe(first.id);

    // With a good one beside them, the good one is attached and the others reported.
    const good = await expected();
    const mixed = await attach(o.id, { numbers: [theirs.trackingNumber, good.trackingNumber] });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect((mixed.json() as OrderPackagesResponse).results.map((r) => r.outcome)).toEqual(['other_customer', 'attached']);
  });

  it('refuses any change on a cancelled order', async () => {
    const o = await newOrder();
    const p = await expected();
    expect((await step(o.id, 'cancelled')).statusCode).toBe(200);
    const res = await attach(o.id, { numbers: [p.trackingNumber] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ORDER_CLOSED' });
  });

  it('takes a wrongly attached parcel off, audited on the parcel and on the order', async () => {
    const o = await newOrder();
    const p = await expected();
    await attached(o.id, p);
    const res = await detach(o.id, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await getPackage(p.id)).orderId).toBeNull();
    expect((await detach(o.id, p.id)).statusCode).toBe(404);
    const rows = await ctx.database.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'orders' AND entity_id = $1 AND action LIKE '%packages' ORDER BY id`,
      [String(o.id)],
    );
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['attach_packages', { packages: [] }, { packages: [p.code] }],
      ['detach_packages', { packages: [p.code] }, { packages: [] }],
    ]);
    const pkgRows = await ctx.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'packages' AND entity_id = $1 AND action LIKE '%order' ORDER BY id`, [String(p.id)]);
    expect(pkgRows.map((r) => r.action)).toEqual(['attach_order', 'detach_order']);
  });
});

describe('the order follows its parcels', () => {
  const followed = (o: Order) => o.events.filter((e) => e.note === ORDER_FOLLOWED_PACKAGES_NOTE).map((e) => e.toStatus);

  it('walks a new order to received_abroad with its first parcel received, each legal step in its history', async () => {
    const o = await newOrder({ kind: 'purchase', currency: 'VND', items: [{ name: 'Giày', quantity: 1, unitPriceMinor: 500_000 }] });
    const [a, b] = [await expected(), await expected()];
    await attached(o.id, a, b);
    await addEvent(a.id, 'received_abroad');
    const after = await getOrder(o.id);
    expect(after.status).toBe('received_abroad');
    expect(followed(after)).toEqual(['confirmed', 'purchased', 'received_abroad']);
  });

  it('goes in transit, then arrived only when every parcel is ready, then delivering; completing stays a person\'s step', async () => {
    const o = await newOrder();
    const [a, b] = [await expected(), await expected()];
    await attached(o.id, a, b);
    await addEvent(a.id, 'received_abroad');
    await addEvent(a.id, 'departed');
    expect((await getOrder(o.id)).status).toBe('in_transit');
    await addEvent(a.id, 'ready');
    // b is still expected abroad: the order is not in the Vietnamese warehouse yet.
    expect((await getOrder(o.id)).status).toBe('in_transit');
    await addEvent(b.id, 'received_abroad');
    await addEvent(b.id, 'ready');
    expect((await getOrder(o.id)).status).toBe('arrived');
    await addEvent(a.id, 'out_for_delivery');
    expect((await getOrder(o.id)).status).toBe('delivering');
    await addEvent(a.id, 'delivered');
    await addEvent(b.id, 'out_for_delivery');
    await addEvent(b.id, 'delivered');
    const last = await getOrder(o.id);
    expect(last.status).toBe('delivering');
    expect(followed(last)).toEqual(['confirmed', 'received_abroad', 'in_transit', 'arrived', 'delivering']);
    // The order still owes its 50.000 ₫ fee: completing it records that payment in the same step.
    const done = await ctx.request({ method: 'POST', url: `/api/orders/${o.id}/status`, payload: { status: 'completed', payment: { amount: 50_000, method: 'cash' } } });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('never steps back when a parcel is corrected, and never moves a cancelled order', async () => {
    const o = await newOrder();
    const p = await expected();
    await attached(o.id, p);
    await addEvent(p.id, 'received_abroad');
    await addEvent(p.id, 'departed');
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${p.id}/events`, payload: { code: 'on_mawb', note: 'Quét nhầm' } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await getOrder(o.id)).status).toBe('in_transit');

    const c = await newOrder();
    const q = await expected();
    await attached(c.id, q);
    expect((await step(c.id, 'cancelled')).statusCode).toBe(200);
    await addEvent(q.id, 'received_abroad');
    expect((await getOrder(c.id)).status).toBe('cancelled');
  });

  it('follows when a parcel that is already ready is attached, and when the one holding it back is taken off', async () => {
    const o = await newOrder();
    const [ready, late] = [await expected(), await expected()];
    await addEvent(ready.id, 'received_abroad');
    await addEvent(ready.id, 'ready');
    await attached(o.id, late);
    const res = await attached(o.id, ready);
    // One parcel in Vietnam already, one still expected abroad: on its way, not arrived.
    expect(res.order.status).toBe('in_transit');
    const off = await detach(o.id, late.id);
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as Order).status).toBe('arrived');
  });

  it('follows the MAWB steps: departed, then received at the hub', async () => {
    const o = await newOrder();
    const [p] = await h.receiveParcels(1);
    await attached(o.id, p as unknown as Package);
    expect((await getOrder(o.id)).status).toBe('received_abroad');
    const m = await h.createMawb();
    expect((await h.addPackages(m.id, [p!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested', 'departed']);
    expect((await getOrder(o.id)).status).toBe('in_transit');
    await h.advance(m.id, ['arrived', 'in_customs', 'cleared', 'received_at_hub']);
    const order = await getOrder(o.id);
    expect(order.status).toBe('arrived');
    // The step is audited through the one status-change path.
    const audits = await ctx.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'orders' AND entity_id = $1 ORDER BY id`, [String(o.id)]);
    expect(audits.filter((r) => r.action === 'update').length).toBeGreaterThanOrEqual(followed(order).length);
  });
});

describe('the order field of a package (create and edit)', () => {
  const other = async () =>
    Number((await ctx.database.query<{ id: number }>(`SELECT id FROM customers WHERE deleted_at IS NULL AND id <> $1 ORDER BY id LIMIT 1`, [customerId]))[0]!.id);
  const patch = async (id: number, payload: Record<string, unknown>) =>
    ctx.request({ method: 'PATCH', url: `/api/packages/${id}`, headers: { 'if-match': `"${(await getPackage(id)).version}"` }, payload });

  it('refuses an order of another customer, a closed order, and a customer change away from the order (it bypassed the attach rules)', async () => {
    const mine = await newOrder();
    const theirs = await newOrder({ customerId: await other() });
    const p = await expected();

    const wrong = await patch(p.id, { orderId: theirs.id });
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().message).toContain(theirs.code);
    const created = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: newNumber(), customerId, orderId: theirs.id } });
    expect(created.statusCode, created.body).toBe(409);

    const cancelled = await newOrder();
    expect((await step(cancelled.id, 'cancelled')).statusCode).toBe(200);
    expect((await patch(p.id, { orderId: cancelled.id })).statusCode).toBe(409);

    const ok = await patch(p.id, { orderId: mine.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const away = await patch(p.id, { customerId: await other() });
    expect(away.statusCode, away.body).toBe(409);
    expect((await getPackage(p.id)).orderId).toBe(mine.id);
  });
});
