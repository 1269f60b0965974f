import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlip, DeliverySlipList, SlipBulkResult, SlipPackageConflicts, SlipQuote } from '../../../shared/contracts/delivery-slips';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEFAULT_DOMESTIC_FEES } from './delivery-slips.pricing';
import { slipHelpers } from './test-support';

/** /api/delivery-slips: create, edit, list with totals, lookup, printing, bulk creation, reconciliation. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = slipHelpers(() => ctx);

describe('access', () => {
  it.each([
    ['GET', '/api/delivery-slips'],
    ['GET', '/api/delivery-slips/1'],
    ['GET', '/api/delivery-slips/by-code/PG2611-00001'],
    ['GET', '/api/delivery-slips/ready-packages?customerId=1'],
    ['POST', '/api/delivery-slips'],
    ['POST', '/api/delivery-slips/quote'],
    ['PATCH', '/api/delivery-slips/1'],
    ['POST', '/api/delivery-slips/1/print'],
    ['POST', '/api/delivery-slips/bulk'],
    ['POST', '/api/delivery-slips/bulk-status'],
    ['POST', '/api/delivery-slips/reconcile'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});

describe('create', () => {
  it('makes a draft of the customer’s ready packages with its charges, the wallet credit and the COD, and one audit row', async () => {
    const c = await h.customerWithReady(3);
    const before = await h.balance(c.customerId);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(0, 3) });
    expect(slip.code).toMatch(/^PG\d{4}-\d{5,}$/);
    expect(slip.status).toBe('draft');
    expect(slip.storeId).toBe(c.storeId);
    expect(slip.method).toBe('pickup');
    expect(slip.packages.map((p) => p.packageId)).toEqual(c.packageIds.slice(0, 3));
    expect(slip.packages.every((p) => p.status === 'ready' && p.freight > 0 && p.amount === p.freight)).toBe(true);
    const freight = slip.packages.reduce((s, p) => s + p.freight, 0);
    expect(slip.packagesSubtotal).toBe(freight);
    expect(slip.total).toBe(freight);
    expect(slip.walletCredit).toBe(Math.min(slip.total, Math.max(before, 0)));
    expect(slip.amountToCollect).toBe(slip.total - slip.walletCredit);
    expect(slip.nextSteps).toEqual(['ready', 'cancelled']);
    expect(slip.receiverName.length).toBeGreaterThan(0);
    // A draft reserves its packages but does nothing to them, nor to the wallet.
    expect(await h.balance(c.customerId)).toBe(before);
    const audit = await h.audit(slip.id);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(audit[0]!.after!.total).toBe(slip.total);
  });

  it('takes scanned tracking numbers (any case, scanner noise) and courier fee by the receiver’s zone, with a percent discount', async () => {
    const c = await h.customerWithReady(2);
    const numbers = await h.q<{ tracking_number: string }>('SELECT tracking_number FROM packages WHERE id = ANY($1::bigint[]) ORDER BY id', [c.packageIds.slice(0, 2)]);
    const scanned = numbers.map((n) => `]C1${n.tracking_number.toLowerCase()}\r`).join('');
    const slip = await h.createOk({
      customerId: c.customerId,
      trackingNumbers: scanned,
      method: 'courier',
      carrierName: 'GHN',
      receiverProvince: 'Hà Nội',
      surcharges: [{ label: 'Đóng gói lại', amount: 20_000 }],
      discount: { kind: 'percent', bps: 1000, reason: 'Khách quen' },
    });
    expect(slip.packageCount).toBe(2);
    expect(slip.deliveryZone).toBe('hanoi_inner');
    expect(slip.domesticFee).toBe(DEFAULT_DOMESTIC_FEES.hanoi_inner);
    const subtotal = slip.packagesSubtotal + slip.domesticFee + 20_000;
    expect(slip.subtotal).toBe(subtotal);
    expect(slip.discountBps).toBe(1000);
    expect(slip.discountAmount).toBe(Math.floor((subtotal * 1000) / 10_000 + 0.5));
    expect(slip.total).toBe(subtotal - slip.discountAmount);
  });

  it('refuses packages of another customer, not ready, or already on an open slip — every one named, nothing written', async () => {
    const a = await h.customerWithReady(2);
    const b = await h.customerWithReady(1);
    await h.createOk({ customerId: a.customerId, packageIds: [a.packageIds[0]!] });
    const notReady = await h.receivedParcel(a.customerCode);
    const slips = await h.count('SELECT count(*) AS n FROM delivery_slips');
    const ids = [a.packageIds[0]!, b.packageIds[0]!, notReady, 999_999_999];
    const res = await h.create({ customerId: a.customerId, packageIds: ids });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('SLIP_PACKAGE_CONFLICT');
    const reasons = (res.json().details as SlipPackageConflicts).conflicts.map((x) => x.reason);
    expect(reasons).toEqual(['on_other_slip', 'other_customer', 'not_ready', 'not_found']);
    expect(await h.count('SELECT count(*) AS n FROM delivery_slips')).toBe(slips);
  });

  it('validates the body: 400 naming the field; 404 for an unknown customer', async () => {
    const c = await h.customerWithReady(1);
    const both = await h.create({ customerId: c.customerId, packageIds: [c.packageIds[0]], trackingNumbers: 'X' });
    expect(both.statusCode).toBe(400);
    const none = await h.create({ customerId: c.customerId });
    expect(none.statusCode).toBe(400);
    const noReason = await h.create({ customerId: c.customerId, packageIds: [c.packageIds[0]], discount: { kind: 'amount', amount: 1000 } });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json().details).toEqual([{ path: 'discount.reason', message: 'Cần ghi lý do giảm giá' }]);
    const float = await h.create({ customerId: c.customerId, packageIds: [c.packageIds[0]], surcharges: [{ label: 'x', amount: 10.5 }] });
    expect(float.statusCode).toBe(400);
    const feeOnPickup = await h.create({ customerId: c.customerId, packageIds: [c.packageIds[0]], domesticFee: 30000 });
    expect(feeOnPickup.statusCode).toBe(400);
    expect(feeOnPickup.json().details[0].path).toBe('domesticFee');
    const unknown = await h.create({ customerId: 999_999_999, packageIds: [c.packageIds[0]] });
    expect(unknown.statusCode).toBe(404);
    const en = await ctx.request({ method: 'POST', url: '/api/delivery-slips', headers: { 'accept-language': 'en' }, payload: { customerId: c.customerId, packageIds: [c.packageIds[0]], discount: { kind: 'amount', amount: 1000 } } });
    expect(en.json().message).toBe('A discount needs a reason');
  });

  it('quote gives the figures the create stores, writing nothing', async () => {
    const c = await h.customerWithReady(2);
    const body = { customerId: c.customerId, packageIds: c.packageIds.slice(0, 2), method: 'courier', receiverProvince: 'TP. Hồ Chí Minh' };
    const slips = await h.count('SELECT count(*) AS n FROM delivery_slips');
    const quote = await ctx.request({ method: 'POST', url: '/api/delivery-slips/quote', payload: body });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(await h.count('SELECT count(*) AS n FROM delivery_slips')).toBe(slips);
    const q = quote.json() as SlipQuote;
    const slip = await h.createOk(body);
    expect(q.total).toBe(slip.total);
    expect(q.deliveryZone).toBe('hcm_inner');
    expect(q.amountToCollect).toBe(slip.amountToCollect);
  });

  it('quote ?slipId= counts that slip’s own packages as free (the edit screen), others’ still conflict', async () => {
    const c = await h.customerWithReady(3);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(0, 2) });
    const body = { customerId: c.customerId, packageIds: c.packageIds.slice(0, 3) };
    const without = await ctx.request({ method: 'POST', url: '/api/delivery-slips/quote', payload: body });
    expect(without.statusCode).toBe(409);
    const own = await ctx.request({ method: 'POST', url: `/api/delivery-slips/quote?slipId=${slip.id}`, payload: body });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as SlipQuote).packages.map((p) => p.packageId)).toEqual(c.packageIds.slice(0, 3));
    const bad = await ctx.request({ method: 'POST', url: '/api/delivery-slips/quote?slipId=abc', payload: body });
    expect(bad.statusCode).toBe(400);
  });
});

describe('edit', () => {
  it('needs If-Match (428), refuses a stale one (412), recomputes a draft’s charges and replaces its packages', async () => {
    const c = await h.customerWithReady(3);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(0, 2) });
    expect((await h.patch(slip.id, { note: 'x' })).statusCode).toBe(428);
    const stale = await h.patch(slip.id, { note: 'x' }, slip.version + 5);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current.id).toBe(slip.id);

    const res = await h.patch(slip.id, { packageIds: [c.packageIds[2]!, c.packageIds[0]!], discount: { kind: 'amount', amount: 5000, reason: 'Bồi thường trễ' } }, slip.version);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as DeliverySlip;
    expect(res.headers.etag).toBe(`"${slip.version + 1}"`);
    expect(after.packages.map((p) => p.packageId)).toEqual([c.packageIds[2], c.packageIds[0]]);
    expect(after.discountAmount).toBe(5000);
    expect(after.total).toBe(after.packagesSubtotal - 5000);
    // The package taken off is free again: another slip may take it.
    const other = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[1]!] });
    expect(other.packageCount).toBe(1);
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it("a slip's package count follows its lines, whoever writes them: create, edit, a hand repair", async () => {
    const c = await h.customerWithReady(3);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(0, 2) });
    expect(slip.packageCount).toBe(2);
    const three = await h.patch(slip.id, { packageIds: c.packageIds }, slip.version);
    expect((three.json() as DeliverySlip).packageCount).toBe(3);
    const one = await h.patch(slip.id, { packageIds: [c.packageIds[1]!] }, (three.json() as DeliverySlip).version);
    expect((one.json() as DeliverySlip).packageCount).toBe(1);
    const listed = async () => (await ctx.request({ method: 'GET', url: `/api/delivery-slips?customerId=${c.customerId}` })).json() as DeliverySlipList;
    expect((await listed()).totals.packageCount).toBe(1);
    // A line removed straight in the database (a repair by hand) is counted too.
    await ctx.database.query('DELETE FROM delivery_slip_packages WHERE slip_id = $1', [slip.id]);
    const after = await listed();
    expect(after.items.find((s) => s.id === slip.id)!.packageCount).toBe(0);
    expect(after.totals.packageCount).toBe(0);
  });

  it('a patch that changes nothing writes no version and no audit row', async () => {
    const c = await h.customerWithReady(1);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!], note: 'a' });
    const res = await h.patch(slip.id, { note: 'a' }, slip.version);
    expect(res.statusCode).toBe(200);
    expect((res.json() as DeliverySlip).version).toBe(slip.version);
    expect((await h.audit(slip.id)).length).toBe(1);
  });

  it('404 for a slip that does not exist', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/999999999' })).statusCode).toBe(404);
    expect((await h.patch(999_999_999, { note: 'x' }, 1)).statusCode).toBe(404);
  });
});

describe('list, lookup and printing', () => {
  it('filters and carries the totals of the whole filtered set', async () => {
    const c = await h.customerWithReady(2);
    const a = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!] });
    const b = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[1]!], method: 'courier', receiverProvince: 'Đà Nẵng' });
    const res = await ctx.request({ method: 'GET', url: `/api/delivery-slips?customerId=${c.customerId}&status=draft&pageSize=1` });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as DeliverySlipList;
    expect(list.total).toBe(2);
    expect(list.items.length).toBe(1);
    expect(list.totals.count).toBe(2);
    expect(list.totals.packageCount).toBe(2);
    expect(list.totals.total).toBe(a.total + b.total);
    expect(list.totals.amountToCollect).toBe(a.amountToCollect + b.amountToCollect);
    const courier = (await ctx.request({ method: 'GET', url: `/api/delivery-slips?customerId=${c.customerId}&method=courier` })).json() as DeliverySlipList;
    expect(courier.items.map((s) => s.id)).toEqual([b.id]);
    const search = (await ctx.request({ method: 'GET', url: `/api/delivery-slips?q=${a.code.toLowerCase()}` })).json() as DeliverySlipList;
    expect(search.items.map((s) => s.id)).toEqual([a.id]);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips?codOutstanding=maybe' })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips?sort=receiverPhone' })).statusCode).toBe(400);
  });

  it('finds a slip by its scanned code, and 404 for none', async () => {
    const c = await h.customerWithReady(1);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!] });
    const res = await ctx.request({ method: 'GET', url: `/api/delivery-slips/by-code/${encodeURIComponent(`*${slip.code.toLowerCase()}*`)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DeliverySlip).id).toBe(slip.id);
    expect(res.headers.etag).toBe(`"${slip.version}"`);
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-slips/by-code/PG0000-99999' })).statusCode).toBe(404);
  });

  it('records each print (count and time) without changing the version', async () => {
    const c = await h.customerWithReady(1);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!] });
    const one = await ctx.request({ method: 'POST', url: `/api/delivery-slips/${slip.id}/print` });
    expect(one.statusCode, one.body).toBe(200);
    const many = await ctx.request({ method: 'POST', url: '/api/delivery-slips/print', payload: { ids: [slip.id] } });
    const printed = many.json().items[0] as DeliverySlip;
    expect(printed.printCount).toBe(2);
    expect(printed.lastPrintedAt).not.toBeNull();
    expect(printed.version).toBe(slip.version);
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create', 'print', 'print']);
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/999999999/print' })).statusCode).toBe(404);
  });

  it('lists a customer’s ready packages per hub with their freight, leaving out those on an open slip', async () => {
    const c = await h.customerWithReady(2);
    await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!] });
    const res = await ctx.request({ method: 'GET', url: `/api/delivery-slips/ready-packages?customerId=${c.customerId}` });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().hubs.flatMap((hub: { packages: Array<{ packageId: number; freight: number }> }) => hub.packages.map((p) => p.packageId));
    expect(ids).toContain(c.packageIds[1]);
    expect(ids).not.toContain(c.packageIds[0]);
  });
});

describe('bulk', () => {
  it('previews one slip per customer, then creates them all in one request', async () => {
    const c = await h.customerWithReady(2);
    const body = { storeId: c.storeId, customerIds: [c.customerId] };
    const preview = await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { ...body, preview: true } });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as SlipBulkResult;
    expect(p.items.length).toBe(1);
    expect(p.items[0]!.packageIds.length).toBeGreaterThanOrEqual(2);
    expect(p.items[0]!.slipId).toBeNull();
    const commit = await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { ...body, preview: false } });
    expect(commit.statusCode, commit.body).toBe(201);
    const made = commit.json() as SlipBulkResult;
    expect(made.items[0]!.total).toBe(p.items[0]!.total);
    const slip = await h.get(made.items[0]!.slipId!);
    expect(slip.packages.map((x) => x.packageId)).toEqual(p.items[0]!.packageIds);
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create']);
    // Nothing left to put on a slip: 409, nothing written.
    const again = await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { ...body, preview: false } });
    expect(again.statusCode).toBe(409);
  });

  it('is all or nothing: a fault while writing the slips leaves no slip, no package line and no audit row', async () => {
    const hub = (await h.q<{ id: string }>(`SELECT id FROM stores WHERE code = 'VN-SGN'`))[0]!.id;
    const preview = (await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { storeId: Number(hub), preview: true } })).json() as SlipBulkResult;
    expect(preview.items.length).toBeGreaterThan(2);
    const counts = async () => [
      await h.count('SELECT count(*) AS n FROM delivery_slips'),
      await h.count('SELECT count(*) AS n FROM delivery_slip_packages'),
      await h.count(`SELECT count(*) AS n FROM audit_log WHERE entity = 'delivery-slips'`),
    ];
    const before = await counts();
    // A fault on the audit rows, written after every slip and package line.
    await h.q(`CREATE FUNCTION slip_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.entity = 'delivery-slips' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`);
    await h.q(`CREATE TRIGGER slip_fault BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION slip_fault()`);
    try {
      const res = await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { storeId: Number(hub), preview: false } });
      expect(res.statusCode).toBe(500);
    } finally {
      await h.q('DROP TRIGGER slip_fault ON audit_log');
      await h.q('DROP FUNCTION slip_fault()');
    }
    expect(await counts()).toEqual(before);
  });

  it('validates: unknown store 404, an origin warehouse 400, a negative wait 400', async () => {
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { storeId: 999_999, preview: true } })).statusCode).toBe(404);
    const origin = (await h.q<{ id: string }>(`SELECT id FROM stores WHERE kind = 'origin' LIMIT 1`))[0]!.id;
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { storeId: Number(origin), preview: true } })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/bulk', payload: { storeId: 1, preview: true, minWaitingDays: -1 } })).statusCode).toBe(400);
  });
});

describe('reconcile', () => {
  it('refuses a slip that is not a delivered courier slip with COD owed, changing nothing', async () => {
    const c = await h.customerWithReady(1);
    const slip = await h.createOk({ customerId: c.customerId, packageIds: [c.packageIds[0]!], method: 'courier' });
    const res = await ctx.request({ method: 'POST', url: '/api/delivery-slips/reconcile', payload: { slipIds: [slip.id], remittanceReference: 'GHN-0001' } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('SLIP_NOT_RECONCILABLE');
    expect((await h.get(slip.id)).reconciledAt).toBeNull();
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/reconcile', payload: { slipIds: [], remittanceReference: 'x' } })).statusCode).toBe(400);
  });
});
