import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlip, ReadyPackages, SlipChargesChangedDetails } from '../../../shared/contracts/delivery-slips';
import type { Order } from '../../../shared/contracts/orders';
import { createTestContext, type TestContext } from '../../test/harness';
import { slipHelpers } from './test-support';

/**
 * Orders carry their debt to the counter: a consignment's service fee still owed when its goods are handed over is
 * an order line of the slip, collected with it and paid to the order in the same transaction. The slip's total (its
 * revenue) leaves the fee out, so the money counts once, on its order.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = slipHelpers(() => ctx);
const step = h.step;
const orderStep = (id: number, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/orders/${id}/status`, payload });
const getOrder = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/orders/${id}` })).json() as Order;

/** A VND consignment of exactly `fee` đồng, walked to `delivering` (its goods are at the counter). */
async function owingOrder(customerId: number, fee = 50_000): Promise<Order> {
  const res = await ctx.request({ method: 'POST', url: '/api/orders', payload: { customerId, kind: 'consignment', currency: 'VND', serviceFeeMode: 'fixed', serviceFeeFixed: fee } });
  expect(res.statusCode, res.body).toBe(201);
  const o = res.json() as Order;
  for (const s of ['confirmed', 'received_abroad', 'in_transit', 'arrived', 'delivering']) {
    const r = await orderStep(o.id, { status: s });
    expect(r.statusCode, `${s}: ${r.body}`).toBe(200);
  }
  return o;
}

async function ready(customerId: number): Promise<ReadyPackages> {
  const res = await ctx.request({ method: 'GET', url: `/api/delivery-slips/ready-packages?customerId=${customerId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReadyPackages;
}


const confirm = (id: number, collectedAmount: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/delivery-slips/${id}/confirm`,
    payload: { collectedAmount, method: 'cash', receiverName: 'Khách' },
    headers: { 'idempotency-key': randomUUID() },
  });

describe('an order fee collected with a slip', () => {
  it('is offered, added as an order line, collected on a pickup slip and paid to the order; the order then completes without a payment', async () => {
    const c = await h.customerWithReady(1);
    const order = await owingOrder(c.customerId);
    expect((await ready(c.customerId)).owingOrders).toEqual([{ orderId: order.id, code: order.code, kind: 'consignment', status: 'delivering', amount: 50_000 }]);

    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds, orderIds: [order.id] });
    expect(slip.orders).toEqual([{ orderId: order.id, code: order.code, kind: 'consignment', status: 'delivering', amount: 50_000 }]);
    expect(slip.ordersDue).toBe(50_000);
    // The slip's own total is its freight; the hand-over settles both.
    expect(slip.total).toBe(slip.packagesSubtotal);
    expect(slip.walletCredit).toBe(0);
    expect(slip.amountToCollect).toBe(slip.total + 50_000);
    // On an open slip the fee is not offered to another one.
    expect((await ready(c.customerId)).owingOrders).toEqual([]);

    const revenueBefore = await h.slipRevenueToday();
    const frozen = (await step(slip.id, { status: 'ready' })).json() as DeliverySlip;
    expect(frozen.status).toBe('ready');
    expect(frozen.amountToCollect).toBe(slip.amountToCollect);
    const done = await confirm(slip.id, frozen.amountToCollect);
    expect(done.statusCode, done.body).toBe(200);

    const rows = await h.q<{ type: string; amount: string; reference_type: string; reference_id: string; note_code: string | null; note_params: Record<string, string> }>(
      `SELECT type, amount, reference_type, reference_id, note_code, note_params FROM transactions WHERE customer_id = $1 ORDER BY id`,
      [c.customerId],
    );
    expect(rows.map((r) => [r.type, Number(r.amount), r.reference_type, Number(r.reference_id), r.note_code])).toEqual([
      ['collection', frozen.amountToCollect, 'delivery_slip', slip.id, 'slip_collected'],
      ['payment', -frozen.total, 'delivery_slip', slip.id, 'slip_payment'],
      ['payment', -50_000, 'order', order.id, 'slip_order'],
    ]);
    expect(rows[2]!.note_params).toEqual({ slip: slip.code, order: order.code });
    expect(await h.balance(c.customerId)).toBe(0);
    // Counted once: the dashboard's slip revenue rises by the slip's total, the fee is the order's.
    expect(await h.slipRevenueToday()).toBe(revenueBefore + frozen.total);

    const paid = await getOrder(order.id);
    expect(paid.due).toBe(0);
    expect(paid.paid).toBe(50_000);
    const completed = await orderStep(order.id, { status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('with wallet credit: the wallet covers the fee before cash is asked for', async () => {
    const c = await h.customerWithReady(1);
    const order = await owingOrder(c.customerId, 80_000);
    const topUp = await ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': randomUUID() }, payload: { customerId: c.customerId, type: 'deposit', amount: 30_000, method: 'cash' } });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds, orderIds: [order.id] });
    expect(slip.walletCredit).toBe(30_000);
    expect(slip.amountToCollect).toBe(slip.total + 80_000 - 30_000);
  });

  it("refuses an order that is another customer's, settled, or on another open slip (409 SLIP_ORDER_CONFLICT on its field), and frees it when the slip is cancelled", async () => {
    const c = await h.customerWithReady(2);
    const other = await h.newCustomer();
    const theirs = await owingOrder(other.id);
    const refused = await h.create({ customerId: c.customerId, packageIds: [c.packageIds[0]!], orderIds: [theirs.id] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SLIP_ORDER_CONFLICT', details: [{ path: 'orderIds.0' }] });
    expect(refused.json().message).toContain(theirs.code);

    const mine = await owingOrder(c.customerId);
    const first = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!], orderIds: [mine.id] });
    const twice = await h.create({ customerId: c.customerId, packageIds: [c.packageIds[1]!], orderIds: [mine.id] });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'SLIP_ORDER_CONFLICT', details: [{ path: 'orderIds.0' }] });

    const cancelled = await step(first.id, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ready(c.customerId)).owingOrders.map((o) => o.orderId)).toEqual([mine.id]);
    const second = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[1]!], orderIds: [mine.id] });
    expect(second.ordersDue).toBe(50_000);

    // Settled at the desk meanwhile: a new slip refuses it; the draft's finalising names the change.
    const topUp = await ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': randomUUID() }, payload: { customerId: c.customerId, type: 'deposit', amount: 50_000, method: 'cash' } });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const pay = await ctx.request({
      method: 'POST',
      url: '/api/transactions',
      headers: { 'idempotency-key': randomUUID() },
      payload: { customerId: c.customerId, type: 'payment', amount: 50_000, referenceType: 'order', referenceId: mine.id },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const changed = await step(second.id, { status: 'ready' });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().code).toBe('SLIP_CHARGES_CHANGED');
    const details = changed.json().details as SlipChargesChangedDetails;
    expect(details.before.orders).toEqual([{ orderId: mine.id, amount: 50_000 }]);
    expect(details.after.orders).toEqual([]);
    const accepted = await step(second.id, { status: 'ready', acceptNewCharges: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ orders: [], ordersDue: 0 });
  });

  it('refuses a malformed order list on the server', async () => {
    const c = await h.customerWithReady(1);
    for (const orderIds of [[0], ['x'], [1, 1], 'abc']) {
      const res = await h.create({ customerId: c.customerId, packageIds: c.packageIds, orderIds });
      expect(res.statusCode, JSON.stringify(orderIds)).toBe(400);
    }
  });
});
