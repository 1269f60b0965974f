import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAddress } from '../../../shared/contracts/customers';
import type { MawbPackageList } from '../../../shared/contracts/mawbs';
import { createTestContext, type TestContext } from '../../test/harness';
import { mawbHelpers } from './test-support';

/** What the MAWB tells the airline, customs and the receiving hub: its weights as the airline bills them, and the manifest. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = mawbHelpers(() => ctx, 9_300_000);

describe('the airline\'s chargeable weight of a MAWB', () => {
  it('is max(total gross, total volumetric) rounded once to the airline step, beside what the customers are billed', async () => {
    const m = await h.createMawb();
    // Three parcels of 1,200 g, 30×20×10 cm (1,000 g volumetric each): chargeable 3 × 1,200 g (each rounded once, later,
    // by the price list that bills it).
    const parcels = await h.receiveParcels(3);
    expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);
    const got = await h.getMawb(m.id);
    expect(got.chargeableWeightG).toBe(3_600);
    expect(got.grossWeightG).toBe(3_600);
    // Airline: 18,000,000 mm³ ÷ 6000 = 3,000 g volumetric; max(3,600, 3,000) → next 500 g = 4,000 g.
    expect(got.volumetricWeightG).toBe(3_000);
    expect(got.airlineChargeableWeightG).toBe(4_000);
    const listed = (await ctx.request({ method: 'GET', url: `/api/mawbs?q=${got.awbNumber}` })).json() as { items: Array<{ id: number; airlineChargeableWeightG: number }> };
    expect(listed.items.find((i) => i.id === m.id)?.airlineChargeableWeightG).toBe(4_000);
    const empty = await h.createMawb();
    expect(empty.airlineChargeableWeightG).toBe(0);
    expect(empty.volumetricWeightG).toBe(0);
  });
});

describe('the manifest', () => {
  it('gives each package its contents, declared value and currency, and its consignee\'s name, phone and province; and the totals', async () => {
    const m = await h.createMawb();
    const parcels = await h.receiveParcels(2);
    await ctx.database.query(`UPDATE packages SET declared_value = 4599, declared_currency = 'USD' WHERE id = $1`, [parcels[0]!.id]);
    expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);
    const [customer] = await ctx.database.query<{ full_name: string; phone: string; province: string; addresses: CustomerAddress[] }>(
      `SELECT c.full_name, c.phone, c.province, c.addresses FROM customers c JOIN packages p ON p.customer_id = c.id WHERE p.id = $1`,
      [parcels[0]!.id],
    );
    const address = customer!.addresses.find((a) => a.isDefault) ?? customer!.addresses[0];
    const res = await ctx.request({ method: 'GET', url: `/api/mawbs/${m.id}/packages` });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as MawbPackageList;
    const first = list.items.find((p) => p.id === parcels[0]!.id)!;
    expect(first).toMatchObject({
      contents: 'Giày thể thao',
      declaredValue: 4599,
      declaredCurrency: 'USD',
      consigneeName: address?.receiver || customer!.full_name,
      consigneePhone: address?.phone || customer!.phone,
      consigneeProvince: address?.province || customer!.province,
    });
    expect(first.consigneeName).toBeTruthy();
    expect(first.consigneePhone).toBeTruthy();
    expect(first.consigneeProvince).toBeTruthy();
    expect(list.items.find((p) => p.id === parcels[1]!.id)).toMatchObject({ declaredValue: null, declaredCurrency: null });
    expect(list).toMatchObject({ pieces: 2, grossWeightG: 2_400, chargeableWeightG: 2_400, volumetricWeightG: 2_000, airlineChargeableWeightG: 2_500 });
  });
});
