import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import type { DeliverySlip, SlipBulkStatusResult, SlipChargesChangedDetails } from '../../../shared/contracts/delivery-slips';
import type { FreightResponse, Package } from '../../../shared/contracts/packages';
import type { QuoteResponse } from '../../../shared/contracts/settings';
import { billableWeight } from '../../../shared/domain/pricing';
import { parcelFigures } from '../../../shared/domain/weight';
import { useTestContext } from '../../test/harness';
import { slipHelpers, type ParcelMeasures } from './test-support';

/**
 * The money a clerk sees is the money charged: one billable weight, one freight quote. Through the real routes on
 * the real database: a parcel's stored chargeable weight, its estimate, the price calculator, the slip line, the
 * slip total, the confirmation's ledger rows and the dashboard's revenue agree to the đồng, and the weight is
 * rounded once, in the unit of the price list that bills it.
 */

const ctx = useTestContext();
const h = slipHelpers(() => ctx);
const today = () => businessDate(Date.now());

const step = h.step;

async function pkg(id: number): Promise<Package> {
  const res = await ctx.request({ method: 'GET', url: `/api/packages/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Package;
}

async function estimates(ids: number[]): Promise<FreightResponse['items']> {
  const res = await ctx.request({ method: 'GET', url: `/api/packages/freight?ids=${ids.join(',')}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FreightResponse).items;
}

async function calculator(p: Package): Promise<QuoteResponse> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/pricing/quote',
    payload: { originStoreId: p.storeId, destinationStoreId: p.destinationStoreId, chargeableWeightG: p.chargeableG, customerId: p.customerId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteResponse;
}


const ledgerOf = (slipId: number) =>
  h.q<{ type: string; amount: string }>(`SELECT type, amount FROM transactions WHERE reference_type = 'delivery_slip' AND reference_id = $1 ORDER BY id`, [slipId]);

/** Parcels of a fresh customer, received at `origin` and brought to ready at Hồ Chí Minh. */
async function parcels(measures: ParcelMeasures[], origin = 'US-OR') {
  const c = await h.newCustomer();
  const ids = await h.readyParcels(c.code, measures.length, 'VN-SGN', { origin, measures });
  return { customerId: c.id, ids };
}

describe('one billable weight', () => {
  it("the issue's parcel: 1,2 kg, 25 × 20 × 10 cm on a pound route is billed 3 lb (685.800 ₫), not 1,5 kg → 4 lb", async () => {
    const { customerId, ids } = await parcels([{ weightG: 1200, lengthMm: 250, widthMm: 200, heightMm: 100 }]);
    const p = await pkg(ids[0]!);
    expect(p.chargeableG).toBe(1200);
    const [est] = await estimates(ids);
    expect(est!.basis).toMatchObject({ unit: 'lb', exactMilli: 2646, billedMilli: 3000 });
    const slip = await h.createOk({ customerId, packageIds: ids });
    expect(slip.packages[0]!.pricing).toMatchObject({ unit: 'lb', billedMilli: 3000 });
    // 3 lb × 8,50 USD + 1,50 USD security surcharge = 27,00 USD × 25.400 ₫ (the seeded rate).
    const rate = Number((await h.q<{ rate: string }>(`SELECT value->>'rate' AS rate FROM settings WHERE kind = 'exchange_rate' AND key = 'USD' AND deleted_at IS NULL ORDER BY effective_from DESC, id DESC LIMIT 1`))[0]!.rate);
    expect(slip.packages[0]!.amount).toBe(27 * rate);
    expect(est!.total).toBe(slip.packages[0]!.amount);
  });
});

describe('the cross-check', () => {
  it('estimate, calculator, slip line, slip total, ledger and dashboard revenue agree to the đồng; the weight is rounded once', async () => {
    // 1 g – 70 kg, measured (all three sizes) or not (none: receiving refuses a partial set).
    const parcel = fc
      .tuple(
        fc.integer({ min: 1, max: 70_000 }),
        fc.option(fc.record({ lengthMm: fc.integer({ min: 10, max: 1200 }), widthMm: fc.integer({ min: 10, max: 800 }), heightMm: fc.integer({ min: 10, max: 800 }) })),
      )
      .map(([weightG, dims]): ParcelMeasures => ({ weightG, ...dims }));
    await fc.assert(
      fc.asyncProperty(fc.array(parcel, { minLength: 1, maxLength: 3 }), fc.constantFrom('US-OR', 'JP-TYO'), async (measures, origin) => {
        const { customerId, ids } = await parcels(measures, origin);
        const revenueBefore = await h.slipRevenueToday();
        const est = new Map((await estimates(ids)).map((e) => [e.id, e]));
        const slip = await h.createOk({ customerId, packageIds: ids });
        for (const [i, id] of ids.entries()) {
          const p = await pkg(id);
          const m = measures[i]!;
          // The stored chargeable weight is parcelFigures' (unrounded), for a parcel with or without sizes.
          const complete = m.lengthMm !== undefined && m.widthMm !== undefined && m.heightMm !== undefined;
          expect(p.chargeableG).toBe(parcelFigures(complete ? m : { weightG: m.weightG }).chargeableG);
          const line = slip.packages.find((l) => l.packageId === id)!;
          const e = est.get(id)!;
          const calc = await calculator(p);
          // One quote: the same money and the same basis everywhere.
          expect(line.pricing).toEqual(e.basis);
          expect(line.amount).toBe(e.total);
          expect(calc.basis).toEqual(e.basis);
          expect(calc.total).toBe(e.total);
          // Rounded once: the billed weight is the smallest step multiple at or above the weight in the unit.
          const b = line.pricing!;
          expect(b).toMatchObject(billableWeight(p.chargeableG!, b.unit, b.stepMilli));
          expect(b.billedMilli % b.stepMilli).toBe(0);
          expect(b.billedMilli - b.stepMilli).toBeLessThan(b.exactMilli);
          expect(b.billedMilli).toBeGreaterThanOrEqual(b.exactMilli);
        }
        expect(slip.packagesSubtotal).toBe(slip.packages.reduce((n, l) => n + l.amount, 0));
        expect(slip.total).toBe(slip.packagesSubtotal + slip.domesticFee + slip.surchargesTotal - slip.discountAmount);

        const ready = await step(slip.id, { status: 'ready' });
        expect(ready.statusCode, ready.body).toBe(200);
        const frozen = ready.json() as DeliverySlip;
        expect(frozen.total).toBe(slip.total);
        const res = await ctx.request({
          method: 'POST',
          url: `/api/delivery-slips/${slip.id}/confirm`,
          payload: { collectedAmount: frozen.amountToCollect, method: 'cash', receiverName: 'Khách' },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(res.statusCode, res.body).toBe(200);
        const rows = (await ledgerOf(slip.id)).map((r) => [r.type, Number(r.amount)]);
        expect(rows).toEqual([...(frozen.amountToCollect > 0 ? [['collection', frozen.amountToCollect]] : []), ...(frozen.total > 0 ? [['payment', -frozen.total]] : [])]);
        expect(await h.slipRevenueToday()).toBe(revenueBefore + frozen.total);
      }),
      { numRuns: 6 },
    );
  }, 300_000);
});

describe('a draft is a draft', () => {
  it('finalising a draft whose charges changed since it was saved answers 409 SLIP_CHARGES_CHANGED with before/after, and goes through once accepted', async () => {
    const { customerId, ids } = await parcels([{ weightG: 2300 }]);
    const draft = await h.createOk({ customerId, packageIds: ids });
    // The day's USD rate changes after the draft was saved (and printed).
    const rate = await ctx.request({ method: 'POST', url: '/api/settings', payload: { kind: 'exchange_rate', key: 'USD', value: { rate: '27000' }, effectiveFrom: today() } });
    expect(rate.statusCode, rate.body).toBe(201);
    const refused = await step(draft.id, { status: 'ready' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('SLIP_CHARGES_CHANGED');
    const details = refused.json().details as SlipChargesChangedDetails;
    expect(details.before.total).toBe(draft.total);
    expect(details.after.total).toBeGreaterThan(draft.total);
    expect(details.after.lines.map((l) => l.packageId)).toEqual(ids);
    // Nothing moved: still a draft, same money.
    expect((await h.get(draft.id)).status).toBe('draft');
    expect((await h.get(draft.id)).total).toBe(draft.total);
    const accepted = await step(draft.id, { status: 'ready', acceptNewCharges: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as DeliverySlip).total).toBe(details.after.total);
  });

  it('finalising with the same charges needs no acceptance', async () => {
    const { customerId, ids } = await parcels([{ weightG: 900, lengthMm: 200, widthMm: 200, heightMm: 100 }], 'JP-TYO');
    const draft = await h.createOk({ customerId, packageIds: ids });
    expect((await step(draft.id, { status: 'ready' })).statusCode).toBe(200);
  });
});

describe('bulk finalising reports each slip', () => {
  it('finalises the unchanged, names the repriced with before/after and the refused with why, each on its own; accepting finalises the rest', async () => {
    const usd = await parcels([{ weightG: 3100 }]);
    const jpy = await parcels([{ weightG: 800 }], 'JP-TYO');
    const gone = await parcels([{ weightG: 1000 }]);
    const a = await h.createOk({ customerId: usd.customerId, packageIds: usd.ids });
    const b = await h.createOk({ customerId: jpy.customerId, packageIds: jpy.ids });
    const c = await h.createOk({ customerId: gone.customerId, packageIds: gone.ids });
    expect((await step(c.id, { status: 'cancelled' })).statusCode).toBe(200);
    // The day's USD rate moves after the drafts were saved: A (billed in USD) is repriced, B (JPY) is not.
    const rate = await ctx.request({ method: 'POST', url: '/api/settings', payload: { kind: 'exchange_rate', key: 'USD', value: { rate: String(25_000 + Math.floor(Math.random() * 900) + 50) }, effectiveFrom: today() } });
    expect(rate.statusCode, rate.body).toBe(201);

    const bulk = (payload: Record<string, unknown>, lang = 'vi') => ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk-status', payload, headers: { 'accept-language': lang } });
    const res = await bulk({ ids: [a.id, b.id, c.id, 99_999_999], status: 'ready' }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as SlipBulkStatusResult;
    const [ra, rb, rc, rd] = report.items;
    expect(ra).toMatchObject({ id: a.id, code: a.code, outcome: 'charges_changed', errorCode: 'SLIP_CHARGES_CHANGED', totalBefore: a.total });
    expect(ra!.totalAfter).not.toBe(a.total);
    expect(ra!.message).toMatch(/changed/i);
    expect(rb).toMatchObject({ id: b.id, code: b.code, outcome: 'done', errorCode: null, message: '', totalBefore: b.total, totalAfter: b.total });
    expect(rc).toMatchObject({ id: c.id, outcome: 'refused', errorCode: 'SLIP_TRANSITION_NOT_ALLOWED' });
    expect(rd).toMatchObject({ id: 99_999_999, code: null, outcome: 'refused', errorCode: 'NOT_FOUND' });
    expect(report.counts).toEqual({ done: 1, refused: 2, chargesChanged: 1 });
    expect((await h.get(a.id)).status).toBe('draft');
    expect((await h.get(b.id)).status).toBe('ready');

    const accepted = (await bulk({ ids: [a.id], status: 'ready', acceptNewCharges: true })).json() as SlipBulkStatusResult;
    expect(accepted.items[0]).toMatchObject({ outcome: 'done', totalBefore: a.total, totalAfter: ra!.totalAfter });
    expect((await h.get(a.id)).total).toBe(ra!.totalAfter);

    for (const payload of [{ ids: [], status: 'ready' }, { ids: [a.id, a.id], status: 'ready' }, { ids: [a.id], status: 'delivered' }, { ids: [a.id], status: 'failed' }]) {
      expect((await bulk(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('a bulk step over every slip matching the list filter', () => {
  const bulk = (payload: Record<string, unknown>, lang = 'vi') => ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk-status', payload, headers: { 'accept-language': lang } });

  it('takes the list filter instead of ids: every matching slip across pages, nothing else; none, both or a bad filter are refused', async () => {
    const mine = await parcels([{ weightG: 1000 }, { weightG: 1200 }, { weightG: 1400 }], 'JP-TYO');
    const other = await parcels([{ weightG: 1000 }], 'JP-TYO');
    const drafts = [];
    for (const id of mine.ids) drafts.push(await h.createOk({ customerId: mine.customerId, packageIds: [id] }));
    const untouched = await h.createOk({ customerId: other.customerId, packageIds: other.ids });
    // The list's own query values, as the list screen has them (one page of 2 would hold only two of the three).
    const filter = { customerId: String(mine.customerId), status: 'draft', sort: 'code' };
    const res = await bulk({ filter, status: 'ready' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as SlipBulkStatusResult;
    expect(report.items.map((i) => i.code)).toEqual(drafts.map((d) => d.code).sort());
    expect(report.counts).toEqual({ done: 3, refused: 0, chargesChanged: 0 });
    for (const d of drafts) expect((await h.get(d.id)).status).toBe('ready');
    expect((await h.get(untouched.id)).status).toBe('draft');

    const none = await bulk({ filter, status: 'ready' }, 'en');
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json()).toMatchObject({ code: 'SLIP_BULK_NOTHING_MATCHES', message: 'No delivery slip matches the filter' });

    for (const payload of [
      { filter, ids: [untouched.id], status: 'ready' },
      { status: 'ready' },
      { filter: { customerId: 'x' }, status: 'ready' },
      { filter: { page: 2 }, status: 'ready' },
      { filter: { colour: 'red' }, status: 'ready' },
    ]) {
      expect((await bulk(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses a filter that selects more than one step takes, naming the limit, and changes nothing', async () => {
    const c = await parcels([{ weightG: 1000 }], 'JP-TYO');
    const draft = await h.createOk({ customerId: c.customerId, packageIds: c.ids });
    // 500 more drafts of the same customer, copied from the one made through the API.
    const cols = (await h.q<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'delivery_slips' AND column_name <> 'id' AND is_generated = 'NEVER' ORDER BY ordinal_position`)).map((r) => r.column_name);
    const vals = cols.map((col) => (col === 'code' ? `s.code || '-' || g` : `s.${col}`));
    await h.q(`INSERT INTO delivery_slips (${cols.join(', ')}) SELECT ${vals.join(', ')} FROM delivery_slips s, generate_series(1, 500) g WHERE s.id = $1`, [draft.id]);
    const res = await bulk({ filter: { customerId: String(c.customerId), status: 'draft' }, status: 'cancelled' }, 'en');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'SLIP_BULK_TOO_MANY' });
    expect((res.json() as { message: string }).message).toContain('500');
    expect((await h.get(draft.id)).status).toBe('draft');
  });
});
