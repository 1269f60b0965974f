import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { Order } from '../../../shared/contracts/orders';
import type { Transaction } from '../../../shared/contracts/transactions';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Money on an order: the wallet never pays an order more than it still owes, a cancelled order takes no money and
 * gives back what it took (in the cancel's own transaction), money from the wallet has no cash/transfer method,
 * and an order is not completed while one of its parcels is still on the way.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let seq = 0;
const newCustomer = async () => {
  seq += 1;
  const res = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: `Khách Tiền ${seq}`, phone: `0966${String(300000 + seq).slice(-6)}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Customer;
};
/** A VND consignment of exactly `fee` đồng (fixed service fee, nothing else). */
const newOrder = async (customerId: number, fee = 2_000_000) => {
  const res = await ctx.request({ method: 'POST', url: '/api/orders', payload: { customerId, kind: 'consignment', currency: 'VND', serviceFeeMode: 'fixed', serviceFeeFixed: fee } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
};
const get = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/orders/${id}` })).json() as Order;
const customer = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/customers/${id}` })).json() as Customer;
const post = (payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': randomUUID() }, payload });
const step = (order: { id: number }, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/orders/${order.id}/status`, payload });

describe('paying an order', () => {
  it('refuses a payment above what is still due (409 with the amount), and takes the rest as a deposit', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 5_000_000, method: 'cash' })).statusCode).toBe(201);
    const pay = (amount: number) => post({ customerId: c.id, type: 'payment', amount, referenceType: 'order', referenceId: o.id });
    expect((await pay(1_500_000)).statusCode).toBe(201);
    const over = await pay(1_000_000);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({ code: 'ORDER_OVERPAID', details: { due: 500_000, amount: 1_000_000 } });
    expect(over.json().message).toContain('500.000\u00a0₫');
    expect((await pay(500_000)).statusCode).toBe(201);
    const full = await pay(1_000_000);
    expect(full.statusCode).toBe(409);
    expect(full.json().details).toEqual({ due: 0, amount: 1_000_000 });
    expect(await get(o.id)).toMatchObject({ paid: 2_000_000, due: 0 });
    // The extra money is a wallet deposit, not a payment of the order.
    expect((await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'cash' })).statusCode).toBe(201);
    expect((await customer(c.id)).balance).toBe(4_000_000);
  });

  it('refuses a refund above what the order was paid', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 2_000_000, method: 'cash' })).statusCode).toBe(201);
    expect((await post({ customerId: c.id, type: 'payment', amount: 700_000, referenceType: 'order', referenceId: o.id })).statusCode).toBe(201);
    const refund = await post({ customerId: c.id, type: 'refund', amount: 800_000, referenceType: 'order', referenceId: o.id });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json().details).toEqual({ paid: 700_000, amount: 800_000 });
  });
});

describe('cancelling an order', () => {
  it('takes no payment once cancelled', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await step(o, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'cash' })).statusCode).toBe(201);
    const pay = await post({ customerId: c.id, type: 'payment', amount: 100_000, referenceType: 'order', referenceId: o.id });
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json().code).toBe('ORDER_CLOSED');
  });

  it('owes nothing once cancelled (it showed the whole total as still due)', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await get(o.id)).due).toBeGreaterThan(0);
    expect((await step(o, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await get(o.id)).toMatchObject({ status: 'cancelled', due: 0 });
  });

  it('asks what to do with the money paid, and refunds it to the wallet in the same step', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 3_000_000, method: 'bank_transfer' })).statusCode).toBe(201);
    expect((await post({ customerId: c.id, type: 'payment', amount: 1_200_000, referenceType: 'order', referenceId: o.id })).statusCode).toBe(201);
    const ask = await step(o, { status: 'cancelled' });
    expect(ask.statusCode, ask.body).toBe(409);
    expect(ask.json()).toMatchObject({ code: 'ORDER_REFUND_REQUIRED', details: { paid: 1_200_000 } });
    expect((await get(o.id)).status).toBe('new');

    const done = await step(o, { status: 'cancelled', refundToWallet: true });
    expect(done.statusCode, done.body).toBe(200);
    const after = await get(o.id);
    expect(after).toMatchObject({ status: 'cancelled', paid: 0 });
    expect(after.transactions.map((t) => [t.type, t.amount, t.method])).toEqual(
      expect.arrayContaining([
        ['payment', -1_200_000, null],
        ['refund', 1_200_000, null],
      ]),
    );
    expect((await customer(c.id)).balance).toBe(3_000_000);
  });

  it('the refund row carries its note as a code and the order code (read in each reader\'s language), not a sentence', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 500_000, method: 'cash' })).statusCode).toBe(201);
    expect((await post({ customerId: c.id, type: 'payment', amount: 500_000, referenceType: 'order', referenceId: o.id })).statusCode).toBe(201);
    expect((await step(o, { status: 'cancelled', refundToWallet: true })).statusCode).toBe(200);
    const res = await ctx.request({ method: 'GET', url: `/api/transactions?orderId=${o.id}&type=refund` });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = (res.json() as { items: Transaction[] }).items;
    expect(refund).toMatchObject({ type: 'refund', noteCode: 'order_refund', noteParams: { order: o.code }, note: '' });
  });

  it('keeps the money on the order only when told so', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'cash' })).statusCode).toBe(201);
    expect((await post({ customerId: c.id, type: 'payment', amount: 1_000_000, referenceType: 'order', referenceId: o.id })).statusCode).toBe(201);
    expect((await step(o, { status: 'cancelled', refundToWallet: false })).statusCode).toBe(200);
    expect(await get(o.id)).toMatchObject({ status: 'cancelled', paid: 1_000_000 });
  });
});

describe('the method of a wallet row', () => {
  it('a payment or refund from the wallet has no method; money coming in has one', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id);
    const deposit = await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'cash' });
    expect(deposit.json()).toMatchObject({ method: 'cash' });
    const pay = await post({ customerId: c.id, type: 'payment', amount: 400_000, referenceType: 'order', referenceId: o.id });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((pay.json() as Transaction).method).toBeNull();
    // A client that still sends a method for a wallet payment: the wallet has none, nothing is stored.
    const old = await post({ customerId: c.id, type: 'payment', amount: 100_000, method: 'cash', referenceType: 'order', referenceId: o.id });
    expect(old.statusCode, old.body).toBe(201);
    expect((old.json() as Transaction).method).toBeNull();
    const noMethod = await post({ customerId: c.id, type: 'deposit', amount: 1_000 });
    expect(noMethod.statusCode).toBe(400);
    expect(JSON.stringify(noMethod.json())).toContain('method');
  });
});

describe('completing an order', () => {
  it('refuses while a parcel of the order is not delivered, naming it', async () => {
    const c = await newCustomer();
    const o = await newOrder(c.id, 100_000);
    const tracking = `MONEY${Date.now()}`;
    const pkg = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber: tracking, customerId: c.id, orderId: o.id } });
    expect(pkg.statusCode, pkg.body).toBe(201);
    for (const s of ['confirmed', 'received_abroad', 'in_transit', 'arrived', 'delivering']) {
      const res = await step(o, { status: s });
      expect(res.statusCode, `${s}: ${res.body}`).toBe(200);
    }
    const done = await step(o, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json()).toMatchObject({ code: 'ORDER_PACKAGES_UNDELIVERED', details: { packages: [{ trackingNumber: tracking, status: 'expected' }] } });
    expect(done.json().message).toContain(tracking);
    expect((await get(o.id)).status).toBe('delivering');
  });

  /** A consignment of `fee` đồng walked to 'delivering' (no parcels: nothing holds the completion back). */
  const delivering = async (fee: number) => {
    const c = await newCustomer();
    const o = await newOrder(c.id, fee);
    for (const s of ['confirmed', 'received_abroad', 'in_transit', 'arrived', 'delivering']) {
      const res = await step(o, { status: s });
      expect(res.statusCode, `${s}: ${res.body}`).toBe(200);
    }
    return { c, o };
  };

  it('refuses while the order still owes money (409 ORDER_HAS_DUE naming the amount), changing nothing', async () => {
    const { c, o } = await delivering(50_000);
    const done = await step(o, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json()).toMatchObject({ code: 'ORDER_HAS_DUE', details: { due: 50_000 } });
    expect(done.json().message).toContain('50.000\u00a0₫');
    const en = await ctx.request({ method: 'POST', url: `/api/orders/${o.id}/status`, headers: { 'accept-language': 'en' }, payload: { status: 'completed' } });
    expect(en.json().message).toBe('Order ' + o.code + ' still owes 50,000\u00a0₫: record the payment of this amount when completing the order');
    expect(await get(o.id)).toMatchObject({ status: 'delivering', due: 50_000, paid: 0 });
    expect((await customer(c.id)).balance).toBe(0);
    // Too little is refused the same way, with what would still be owed.
    const short = await step(o, { status: 'completed', payment: { amount: 20_000, method: 'cash' } });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ code: 'ORDER_HAS_DUE', details: { due: 30_000 } });
    // A payment is only for a completion.
    expect((await step(o, { status: 'arrived', payment: { amount: 50_000, method: 'cash' } })).statusCode).toBe(400);
  });

  it('completes with the payment recorded in the same step: cash in, the wallet pays the order, due 0', async () => {
    const { c, o } = await delivering(50_000);
    const done = await step(o, { status: 'completed', payment: { amount: 50_000, method: 'cash' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', paid: 50_000, due: 0 });
    const after = await get(o.id);
    expect(after.transactions.map((t) => [t.type, t.amount, t.method])).toEqual([
      ['deposit', 50_000, 'cash'],
      ['payment', -50_000, null],
    ]);
    expect((await customer(c.id)).balance).toBe(0);
    const rows = (await ctx.request({ method: 'GET', url: `/api/transactions?orderId=${o.id}` })).json() as { items: Transaction[] };
    expect(rows.items.map((t) => t.noteCode).sort()).toEqual(['order_balance', 'order_collected']);
    // Overpaying is the ledger's refusal, and nothing is written.
    const { o: o2 } = await delivering(50_000);
    const over = await step(o2, { status: 'completed', payment: { amount: 60_000, method: 'cash' } });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().code).toBe('ORDER_OVERPAID');
    expect(await get(o2.id)).toMatchObject({ status: 'delivering', paid: 0, transactions: [] });
  });

  it('completes paying from the wallet, within the credit limit', async () => {
    const { c, o } = await delivering(80_000);
    const broke = await step(o, { status: 'completed', payment: { amount: 80_000, method: 'wallet' } });
    expect(broke.statusCode, broke.body).toBe(409);
    expect(broke.json().code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect((await get(o.id)).status).toBe('delivering');
    expect((await post({ customerId: c.id, type: 'deposit', amount: 100_000, method: 'bank_transfer' })).statusCode).toBe(201);
    const done = await step(o, { status: 'completed', payment: { amount: 80_000, method: 'wallet' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', due: 0 });
    expect((await customer(c.id)).balance).toBe(20_000);
  });

  it('completes a paid order without a payment', async () => {
    const { c, o } = await delivering(40_000);
    expect((await post({ customerId: c.id, type: 'deposit', amount: 40_000, method: 'cash' })).statusCode).toBe(201);
    expect((await post({ customerId: c.id, type: 'payment', amount: 40_000, referenceType: 'order', referenceId: o.id })).statusCode).toBe(201);
    const done = await step(o, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
  });
});
