import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodByCarrier, CustomerFeedbackList, DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { createTestContext, type TestContext } from '../../test/harness';
import { slipHelpers } from './test-support';

/** The customer's Feedback tab and the list's "what each carrier still owes", on both drivers. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = slipHelpers(() => ctx);

const post = async (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<DeliverySlip> => {
  const res = await ctx.request({ method: 'POST', url, payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeliverySlip;
};

/** A delivered slip of a new customer: courier (with that carrier) or pickup. */
async function delivered(over: Record<string, unknown>, confirm: Record<string, unknown>) {
  const c = await h.customerWithReady(1);
  const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds, ...over });
  let slip = await post(`/api/delivery-slips/${draft.id}/status`, { status: 'ready' });
  if (over.method === 'courier') slip = await post(`/api/delivery-slips/${slip.id}/status`, { status: 'out_for_delivery' });
  slip = await post(`/api/delivery-slips/${slip.id}/confirm`, { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'Chị Lan', ...confirm }, { 'idempotency-key': randomUUID() });
  return { c, slip };
}

describe('GET /api/delivery-slips/feedback', () => {
  it('lists the customer’s ratings with comment, date and slip, and nobody else’s', async () => {
    const { c, slip } = await delivered({}, { rating: 4, comment: 'Giao nhanh' });
    await delivered({}, { rating: 1, comment: 'Người khác' });
    const res = await ctx.request({ method: 'GET', url: `/api/delivery-slips/feedback?customerId=${c.customerId}` });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as CustomerFeedbackList;
    expect(list.items).toEqual([{ slipId: slip.id, slipCode: slip.code, rating: 4, comment: 'Giao nhanh', createdAt: expect.any(String) }]);
  });

  it('refuses a missing or bad customerId (400), an unknown customer (404), Staff (403) and no token (401)', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/feedback' })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/feedback?customerId=abc' })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/feedback?customerId=99999999' })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/feedback?customerId=1', token: await ctx.tokenFor('Staff') })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/feedback?customerId=1', token: null })).statusCode).toBe(401);
  });
});

describe('GET /api/delivery-slips/cod-by-carrier', () => {
  it('sums the collected COD of delivered courier slips not yet reconciled, per carrier; reconciling takes it off', async () => {
    const carrier = `GHN-${randomUUID().slice(0, 6)}`;
    const owed = async () => ((await ctx.request({ method: 'GET', url: '/api/delivery-slips/cod-by-carrier' })).json() as CodByCarrier).items.find((i) => i.carrierName === carrier);
    const a = await delivered({ method: 'courier', carrierName: carrier, receiverProvince: 'Hà Nội', receiverAddress: '1 Phố Huế' }, {});
    const b = await delivered({ method: 'courier', carrierName: carrier, receiverProvince: 'Hà Nội', receiverAddress: '2 Phố Huế' }, {});
    expect(await owed()).toEqual({ carrierName: carrier, slips: 2, amount: a.slip.collectedAmount! + b.slip.collectedAmount! });
    const rec = await ctx.request({ method: 'POST', url: '/api/delivery-slips/reconcile', payload: { slipIds: [a.slip.id], remittanceReference: 'UNC-1' } });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(await owed()).toEqual({ carrierName: carrier, slips: 1, amount: b.slip.collectedAmount! });
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/cod-by-carrier', token: await ctx.tokenFor('Staff') })).statusCode).toBe(403);
  });
});

describe('GET /api/packages/:id names its slip', () => {
  it('none before, the open slip while on it, the last one after it was cancelled (also in the list)', async () => {
    const c = await h.customerWithReady(1);
    const pkg = async () => (await ctx.request({ method: 'GET', url: `/api/packages/${c.packageIds[0]}` })).json() as { slip?: { id: number; code: string; open: boolean } | null };
    expect((await pkg()).slip).toBeNull();
    const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
    expect((await pkg()).slip).toEqual({ id: draft.id, code: draft.code, open: true });
    await post(`/api/delivery-slips/${draft.id}/status`, { status: 'cancelled' });
    expect((await pkg()).slip).toEqual({ id: draft.id, code: draft.code, open: false });
    const list = (await ctx.request({ method: 'GET', url: `/api/packages?customerId=${c.customerId}` })).json() as { items: Array<{ id: number; slip: unknown }> };
    expect(list.items.find((p) => p.id === c.packageIds[0])!.slip).toEqual({ id: draft.id, code: draft.code, open: false });
  });
});
