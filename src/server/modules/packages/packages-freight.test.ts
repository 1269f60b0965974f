import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreightResponse } from '../../../shared/contracts/packages';
import type { QuoteResponse } from '../../../shared/contracts/settings';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const storeId = async (code: string) => Number((await ctx.database.query<{ id: string }>('SELECT id FROM stores WHERE code = $1', [code]))[0]!.id);
const vipCustomer = async () => Number((await ctx.database.query<{ id: string }>(`SELECT id FROM customers WHERE customer_group = 'vip' AND deleted_at IS NULL ORDER BY id LIMIT 1`))[0]!.id);
const newPackage = async (payload: Record<string, unknown>) => {
  const res = await ctx.request({ method: 'POST', url: '/api/packages', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; chargeableG: number | null };
};
const freight = async (ids: number[]) => {
  const res = await ctx.request({ method: 'GET', url: `/api/packages/freight?ids=${ids.join(',')}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FreightResponse;
};

describe('GET /api/packages/freight', () => {
  it('estimates each package by the pricing rule the quote uses (route, group, chargeable weight), in the order asked', async () => {
    const tokyo = await storeId('JP-TYO');
    const hanoi = await storeId('VN-HAN');
    const customerId = await vipCustomer();
    const weighed = await newPackage({ trackingNumber: 'FRT0000001', storeId: tokyo, destinationStoreId: hanoi, customerId, weightG: 3200 });
    const unweighed = await newPackage({ trackingNumber: 'FRT0000002', storeId: tokyo });
    const noOrigin = await newPackage({ trackingNumber: 'FRT0000003', weightG: 1000 });
    const page = await freight([noOrigin.id, weighed.id, unweighed.id, 99999999]);
    expect(page.items.map((i) => i.id)).toEqual([noOrigin.id, weighed.id, unweighed.id]);
    expect(page.items[0]).toMatchObject({ total: null, missing: 'no_route' });
    expect(page.items[2]).toMatchObject({ total: null, missing: 'no_weight' });

    const q = await ctx.request({
      method: 'POST',
      url: '/api/pricing/quote',
      payload: { customerId, originStoreId: tokyo, destinationStoreId: hanoi, chargeableWeightG: weighed.chargeableG ?? 3200, day: page.day },
    });
    expect(q.statusCode, q.body).toBe(200);
    const quoted = q.json() as QuoteResponse;
    const insurance = quoted.lines.filter((l) => /bảo hiểm/i.test(l.label)).reduce((s, l) => s + l.amount, 0);
    expect(page.items[1]).toEqual({ id: weighed.id, total: quoted.total - insurance, missing: null, priceListId: quoted.priceListId, priceListName: quoted.priceListName, basis: quoted.basis });
    expect(page.items[1]!.total).toBeGreaterThan(0);
  });

  it('refuses bad ids and too many, unknown parameters; Admin only', async () => {
    for (const qs of ['ids=', 'ids=a,2', 'ids=0', `ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`, 'ids=1&x=2', '']) {
      expect((await ctx.request({ method: 'GET', url: `/api/packages/freight?${qs}` })).statusCode, qs).toBe(400);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/packages/freight?ids=1', token: null })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/packages/freight?ids=1', token: await ctx.tokenFor('Staff') })).statusCode).toBe(403);
  });
});
