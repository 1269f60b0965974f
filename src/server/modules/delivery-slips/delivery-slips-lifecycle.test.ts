import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlip, SlipShortfallDetails, SlipTransitionDetails } from '../../../shared/contracts/delivery-slips';
import { createTestContext, type TestContext } from '../../test/harness';
import { slipHelpers } from './test-support';

/**
 * A slip's steps through the API on the real database (PGlite, or PostgreSQL under TEST_DB=postgres): the status
 * route with its package events and audit rows, and the confirmation with its ledger rows — atomic, idempotent,
 * confirmed once.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = slipHelpers(() => ctx);

const step = (id: number, payload: Record<string, unknown>, version?: number) =>
  ctx.request({ method: 'POST', url: `/api/delivery-slips/${id}/status`, payload, headers: version === undefined ? {} : { 'if-match': `"${version}"` } });

const stepOk = async (id: number, payload: Record<string, unknown>): Promise<DeliverySlip> => {
  const res = await step(id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeliverySlip;
};

const confirm = (id: number, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
  ctx.request({ method: 'POST', url: `/api/delivery-slips/${id}/confirm`, payload, headers: key === null ? {} : { 'idempotency-key': key } });

const packageStatuses = async (ids: number[]) =>
  (await h.q<{ id: string; status: string }>('SELECT id, status FROM packages WHERE id = ANY($1) ORDER BY id', [ids])).map((r) => r.status);

const events = (ids: number[], code: string) =>
  h.count(`SELECT count(*) AS n FROM tracking_events WHERE package_id = ANY($1) AND code = $2`, [ids, code]);

const ledgerOf = (slipId: number) =>
  h.q<{ type: string; amount: string; balance_after: string }>(
    `SELECT type, amount, balance_after FROM transactions WHERE reference_type = 'delivery_slip' AND reference_id = $1 ORDER BY id`,
    [slipId],
  );

const ledgerSum = async (customerId: number) => Number((await h.q<{ s: string }>('SELECT coalesce(sum(amount), 0) AS s FROM transactions WHERE customer_id = $1', [customerId]))[0]!.s);

async function deposit(customerId: number, amount: number) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/transactions',
    headers: { 'idempotency-key': randomUUID() },
    payload: { customerId, type: 'deposit', amount, method: 'cash' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A ready (finalised) slip of `n` fresh parcels. */
async function readySlip(n = 2, over: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) {
  const c = await h.customerWithReady(n, customer);
  const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds, ...over });
  const slip = await stepOk(draft.id, { status: 'ready' });
  return { c, slip };
}

describe('status', () => {
  it('draft → ready freezes the charges, puts the packages on_slip with one event each, one audit row per step', async () => {
    const c = await h.customerWithReady(2);
    const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
    expect(draft.chargesFrozenAt).toBeNull();
    const res = await step(draft.id, { status: 'ready' }, draft.version);
    expect(res.statusCode, res.body).toBe(200);
    const slip = res.json() as DeliverySlip;
    expect(res.headers.etag).toBe(`"${slip.version}"`);
    expect(slip.status).toBe('ready');
    expect(slip.version).toBe(draft.version + 1);
    expect(slip.chargesFrozenAt).not.toBeNull();
    expect(slip.total).toBe(draft.total);
    expect(slip.nextSteps).toEqual(['delivered', 'failed', 'cancelled']);
    expect(await packageStatuses(c.packageIds)).toEqual(['on_slip', 'on_slip']);
    expect(await events(c.packageIds, 'on_slip')).toBe(2);
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create', 'status']);
    // Frozen: money and packages can no longer be edited.
    const patch = await h.patch(slip.id, { discount: { kind: 'amount', amount: 1000, reason: 'x' } }, slip.version);
    expect(patch.statusCode).toBe(409);
  });

  it('a courier slip goes out for delivery; a failure (with its reason) returns the packages to ready and frees them', async () => {
    const { c, slip } = await readySlip(2, { method: 'courier', carrierName: 'GHN' });
    expect(slip.nextSteps).toEqual(['out_for_delivery', 'cancelled']);
    const out = await stepOk(slip.id, { status: 'out_for_delivery' });
    expect(await packageStatuses(c.packageIds)).toEqual(['out_for_delivery', 'out_for_delivery']);
    const noReason = await step(out.id, { status: 'failed' });
    expect(noReason.statusCode).toBe(400);
    const failed = await stepOk(out.id, { status: 'failed', reason: 'not_home', note: 'Gọi 3 lần' });
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('not_home');
    expect(failed.failureNote).toBe('Gọi 3 lần');
    expect(await packageStatuses(c.packageIds)).toEqual(['ready', 'ready']);
    // The slip and the reason are the note's code and parameters; what staff typed is the note (see 'notes' below).
    const ev = await h.q<{ note: string; note_code: string }>(`SELECT note, note_code FROM tracking_events WHERE package_id = $1 ORDER BY id DESC LIMIT 1`, [c.packageIds[0]]);
    expect(ev[0]).toEqual({ note: 'Gọi 3 lần', note_code: 'slip_failed' });
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create', 'status', 'status', 'status']);
    // Free for a new slip.
    const again = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
    expect(again.status).toBe('draft');
  });

  it('cancels a draft (packages untouched) and a ready slip (packages back to ready)', async () => {
    const c = await h.customerWithReady(1);
    const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
    const eventsBefore = await h.count('SELECT count(*) AS n FROM tracking_events WHERE package_id = $1', [c.packageIds[0]]);
    await stepOk(draft.id, { status: 'cancelled' });
    expect(await h.count('SELECT count(*) AS n FROM tracking_events WHERE package_id = $1', [c.packageIds[0]])).toBe(eventsBefore);
    expect(await packageStatuses(c.packageIds)).toEqual(['ready']);

    const { c: c2, slip } = await readySlip(1);
    await stepOk(slip.id, { status: 'cancelled' });
    expect(await packageStatuses(c2.packageIds)).toEqual(['ready']);
    expect(await h.count(`SELECT count(*) AS n FROM delivery_slip_packages WHERE slip_id = $1 AND open`, [slip.id])).toBe(0);
  });

  it('an illegal step is a 409 naming the allowed ones and changes nothing; delivered only through confirm; stale If-Match 412', async () => {
    const { c, slip } = await readySlip(1);
    const res = await step(slip.id, { status: 'out_for_delivery' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SLIP_TRANSITION_NOT_ALLOWED');
    expect(res.json().details as SlipTransitionDetails).toEqual({ from: 'ready', to: 'out_for_delivery', allowed: ['delivered', 'failed', 'cancelled'] });
    expect(res.json().message).toContain('Đã hủy');
    expect((await step(slip.id, { status: 'delivered' })).statusCode).toBe(400);
    expect((await step(slip.id, { status: 'ready' })).statusCode).toBe(409);
    const stale = await step(slip.id, { status: 'cancelled' }, slip.version - 1);
    expect(stale.statusCode).toBe(412);
    expect(await packageStatuses(c.packageIds)).toEqual(['on_slip']);
    expect((await h.get(slip.id)).version).toBe(slip.version);
    expect((await h.audit(slip.id)).length).toBe(2);
    const cancelled = await stepOk(slip.id, { status: 'cancelled' });
    const final = await step(cancelled.id, { status: 'ready' });
    expect(final.statusCode).toBe(409);
    expect(final.json().details.allowed).toEqual([]);
    expect((await step(999_999_999, { status: 'ready' })).statusCode).toBe(404);
  });

  it('Staff may not change a status nor confirm (403)', async () => {
    const staff = await ctx.tokenFor('Staff');
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/1/status', token: staff, payload: { status: 'ready' } })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/1/confirm', token: staff, payload: {} })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/delivery-slips/1/confirm', token: null, payload: {} })).statusCode).toBe(401);
  });
});

describe('confirm', () => {
  it('delivers the packages (DLV), posts the collected money then the payment: wallet = balance + collected − total', async () => {
    const { c, slip } = await readySlip(3);
    const before = await h.balance(c.customerId);
    expect(slip.amountToCollect).toBe(slip.total);
    const res = await confirm(slip.id, { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'Chị Lan', rating: 5, comment: 'Nhanh' });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as DeliverySlip;
    expect(done.status).toBe('delivered');
    expect(done.collectedAmount).toBe(slip.amountToCollect);
    expect(done.collectMethod).toBe('cash');
    expect(done.receivedBy).toBe('Chị Lan');
    expect(done.deliveredAt).not.toBeNull();
    expect(done.feedback).toMatchObject({ rating: 5, comment: 'Nhanh' });
    expect(await packageStatuses(c.packageIds)).toEqual(['delivered', 'delivered', 'delivered']);
    const dlv = await h.q<{ iata_code: string }>(`SELECT iata_code FROM tracking_events WHERE package_id = ANY($1) AND code = 'delivered'`, [c.packageIds]);
    expect(dlv.map((e) => e.iata_code)).toEqual(['DLV', 'DLV', 'DLV']);
    const rows = await ledgerOf(slip.id);
    expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([
      ['collection', slip.amountToCollect],
      ['payment', -slip.total],
    ]);
    expect(await h.balance(c.customerId)).toBe(before + slip.amountToCollect - slip.total);
    expect(await h.balance(c.customerId)).toBe(await ledgerSum(c.customerId));
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create', 'status', 'confirm']);
    expect(await h.count(`SELECT count(*) AS n FROM delivery_feedback WHERE slip_id = $1`, [slip.id])).toBe(1);
  });

  it('uses the wallet credit; collecting more than due leaves the excess as credit', async () => {
    const c = await h.customerWithReady(1);
    await deposit(c.customerId, 10_000);
    const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
    const slip = await stepOk(draft.id, { status: 'ready' });
    expect(slip.walletCredit).toBe(Math.min(10_000, slip.total));
    expect(slip.amountToCollect).toBe(slip.total - slip.walletCredit);
    const res = await confirm(slip.id, { collectedAmount: slip.amountToCollect + 50_000, method: 'bank_transfer', receiverName: 'Anh Minh' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await h.balance(c.customerId)).toBe(10_000 + slip.amountToCollect + 50_000 - slip.total);
    expect(await h.balance(c.customerId)).toBe(await ledgerSum(c.customerId));
  });

  it('a courier slip confirms from out_for_delivery with a cod row; collecting less than due is allowed only within the credit limit', async () => {
    const { c, slip } = await readySlip(1, { method: 'courier', carrierName: 'GHN' }, { creditLimit: 20_000 });
    const early = await confirm(slip.id, { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'X' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('SLIP_TRANSITION_NOT_ALLOWED');
    await stepOk(slip.id, { status: 'out_for_delivery' });
    // Short by more than the limit: 409 with the shortfall, nothing written.
    const short = await confirm(slip.id, { collectedAmount: slip.amountToCollect - 25_000, method: 'cash', receiverName: 'X' });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(short.json().details as SlipShortfallDetails).toEqual({ shortfall: 5_000, amountDue: slip.amountToCollect, balanceAfter: -25_000, creditLimit: 20_000 });
    expect(await ledgerOf(slip.id)).toEqual([]);
    // Short within the limit: the wallet goes negative by the shortfall.
    const ok = await confirm(slip.id, { collectedAmount: slip.amountToCollect - 20_000, method: 'cash', receiverName: 'X' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await ledgerOf(slip.id)).map((r) => r.type)).toEqual(['cod', 'payment']);
    expect(await h.balance(c.customerId)).toBe(-20_000);
    const done = ok.json() as DeliverySlip;
    expect(done.codOutstanding).toBe(true);
  });

  it('needs an Idempotency-Key; a replay answers the same slip once; a second confirm is a 409', async () => {
    const { c, slip } = await readySlip(1);
    const body = { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'Chị Hoa' };
    const missing = await confirm(slip.id, body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await confirm(slip.id, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await confirm(slip.id, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await ledgerOf(slip.id)).length).toBe(2);
    const second = await confirm(slip.id, body);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('SLIP_ALREADY_CONFIRMED');
    expect((await ledgerOf(slip.id)).length).toBe(2);
    expect(await events(c.packageIds, 'delivered')).toBe(1);
    expect((await h.audit(slip.id)).map((a) => a.action)).toEqual(['create', 'status', 'confirm']);
  });

  it('10 concurrent confirms of one slip: exactly one succeeds, the others 409, one set of ledger rows', async () => {
    const { c, slip } = await readySlip(2);
    const before = await h.balance(c.customerId);
    const body = { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'Chị Hoa' };
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(slip.id, body)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 200).length).toBe(1);
    expect(codes.filter((s) => s === 409).length).toBe(9);
    expect((await ledgerOf(slip.id)).length).toBe(2);
    expect(await events(c.packageIds, 'delivered')).toBe(2);
    expect(await h.balance(c.customerId)).toBe(before + slip.amountToCollect - slip.total);
    expect((await h.audit(slip.id)).filter((a) => a.action === 'confirm').length).toBe(1);
  });

  it('is atomic: a fault injected after the ledger rows and the events leaves no ledger row, no event, no audit row', async () => {
    const { c, slip } = await readySlip(2);
    const before = await h.balance(c.customerId);
    const counts = async () => [
      (await ledgerOf(slip.id)).length,
      await h.count('SELECT count(*) AS n FROM transactions WHERE customer_id = $1', [c.customerId]),
      await events(c.packageIds, 'delivered'),
      await h.count(`SELECT count(*) AS n FROM audit_log WHERE (entity = 'delivery-slips' AND entity_id = $1) OR entity = 'transactions'`, [String(slip.id)]),
      await h.count('SELECT count(*) AS n FROM delivery_feedback WHERE slip_id = $1', [slip.id]),
      await h.count('SELECT count(*) AS n FROM idempotency_keys'),
    ];
    const countsBefore = await counts();
    // The feedback row is written after both ledger rows, the DLV events and the slip row.
    await h.q(`CREATE FUNCTION confirm_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await h.q(`CREATE TRIGGER confirm_fault BEFORE INSERT ON delivery_feedback FOR EACH ROW EXECUTE FUNCTION confirm_fault()`);
    const key = randomUUID();
    const body = { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'Chị Hoa', rating: 4 };
    try {
      const res = await confirm(slip.id, body, key);
      expect(res.statusCode).toBe(500);
    } finally {
      await h.q('DROP TRIGGER confirm_fault ON delivery_feedback');
      await h.q('DROP FUNCTION confirm_fault()');
    }
    expect(await counts()).toEqual(countsBefore);
    expect(await h.balance(c.customerId)).toBe(before);
    expect(await packageStatuses(c.packageIds)).toEqual(['on_slip', 'on_slip']);
    const now = await h.get(slip.id);
    expect(now.status).toBe('ready');
    expect(now.version).toBe(slip.version);
    // Nothing was stored with the key either: the same request goes through once the fault is gone.
    const retry = await confirm(slip.id, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a draft, a failed and a cancelled slip (409), and validates the body (400 naming the field)', async () => {
    const c = await h.customerWithReady(1);
    const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
    const body = { collectedAmount: 0, method: 'cash', receiverName: 'X' };
    const res = await confirm(draft.id, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().details.allowed).toEqual(['ready', 'cancelled']);
    const { slip } = await readySlip(1);
    await stepOk(slip.id, { status: 'failed', reason: 'refused' });
    expect((await confirm(slip.id, body)).statusCode).toBe(409);
    for (const [bad, path] of [
      [{ ...body, collectedAmount: -1 }, 'collectedAmount'],
      [{ ...body, collectedAmount: 1.5 }, 'collectedAmount'],
      [{ ...body, method: 'card' }, 'method'],
      [{ ...body, receiverName: '' }, 'receiverName'],
      [{ ...body, rating: 6 }, 'rating'],
    ] as const) {
      const r = await confirm(draft.id, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(r.json().details)).toContain(path);
    }
  });
});

describe('notes the system writes', () => {
  const eventsOf = async (packageId: number) => {
    const res = await ctx.request({ method: 'GET', url: `/api/packages/${packageId}/events` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Array<{ code: string; note: string; noteCode: string | null; noteParams: Record<string, string> }> }).items;
  };
  const walletRows = async (slipId: number) => {
    const res = await ctx.request({ method: 'GET', url: `/api/transactions?customerId=${(await ctx.request({ method: 'GET', url: `/api/delivery-slips/${slipId}` })).json().customerId}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Array<{ type: string; note: string; noteCode: string | null; noteParams: Record<string, string> }> }).items.reverse();
  };

  it('package events of a slip carry a note code and its parameters; what staff typed stays apart, as typed', async () => {
    const { c, slip } = await readySlip(1, { method: 'courier', carrierName: 'GHN' });
    await stepOk(slip.id, { status: 'out_for_delivery' });
    await stepOk(slip.id, { status: 'failed', reason: 'wrong_address', note: 'Số nhà không có' });
    const [failed, out, onSlip] = await eventsOf(c.packageIds[0]!);
    expect(onSlip).toMatchObject({ code: 'on_slip', noteCode: 'slip_status', noteParams: { slip: slip.code, status: 'ready' }, note: '' });
    expect(out).toMatchObject({ code: 'out_for_delivery', noteCode: 'slip_status', noteParams: { slip: slip.code, status: 'out_for_delivery' }, note: '' });
    expect(failed).toMatchObject({ code: 'ready', noteCode: 'slip_failed', noteParams: { slip: slip.code, reason: 'wrong_address' }, note: 'Số nhà không có' });
  });

  it('the delivered event names the receiver as a parameter; the wallet rows carry their codes, the typed note apart', async () => {
    const { c, slip } = await readySlip(1);
    const res = await confirm(slip.id, { collectedAmount: slip.amountToCollect, method: 'cash', receiverName: 'Chị Lan', note: 'Để ở quầy' });
    expect(res.statusCode, res.body).toBe(200);
    const [delivered] = await eventsOf(c.packageIds[0]!);
    expect(delivered).toMatchObject({ code: 'delivered', noteCode: 'slip_delivered', noteParams: { slip: slip.code, receiver: 'Chị Lan' }, note: '' });
    const rows = (await walletRows(slip.id)).filter((r) => r.noteCode?.startsWith('slip_'));
    expect(rows.map((r) => [r.type, r.noteCode, r.noteParams, r.note])).toEqual([
      ['collection', 'slip_collected', { slip: slip.code }, 'Để ở quầy'],
      ['payment', 'slip_payment', { slip: slip.code }, ''],
    ]);
    // The search still finds the rows by the words of their system note.
    const found = await ctx.request({ method: 'GET', url: `/api/transactions?q=${encodeURIComponent(`thanh toan phieu giao ${slip.code}`)}` });
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { items: unknown[] }).items.length).toBe(1);
  });
});

describe('notes stored as sentences before slip and wallet note codes (migration 0023)', () => {
  it('turns the sentences the system wrote into codes, keeps what staff typed in brackets as the note, and leaves other text alone', async () => {
    const c = await h.customerWithReady(1);
    const packageId = c.packageIds[0]!;
    const events = [
      'Phiếu giao PG2611-00012: Sẵn sàng giao',
      'Phiếu giao PG2611-00012: Sai địa chỉ (Gọi 3 lần)',
      'Phiếu giao PG2611-00012 — người nhận: Chị Lan',
      'Phiếu giao PG2611-00012: giao lại chiều mai',
    ];
    for (const note of events) {
      await ctx.database.query(`INSERT INTO tracking_events (package_id, code, note, occurred_at) VALUES ($1, 'on_hold', $2, now() - interval '1 day')`, [packageId, note]);
    }
    const wallet = ['Thu khi giao phiếu PG2611-00012 (Để ở quầy)', 'Thanh toán phiếu giao PG2611-00012', 'Hoàn tiền cọc do hủy đơn DH00000501', 'Khách rút tiền mặt'];
    for (const note of wallet) {
      await ctx.database.query(`INSERT INTO transactions (customer_id, type, amount, balance_after, method, note) VALUES ($1, 'adjustment', 1, 0, 'cash', $2)`, [c.customerId, note]);
    }
    const [customsRow] = await ctx.database.query<{ id: number }>(
      `INSERT INTO tracking_events (package_id, code, location, occurred_at) VALUES ($1, 'in_customs', 'Hải quan Tân Sơn Nhất (SGN)', now() - interval '1 day') RETURNING id`,
      [packageId],
    );
    const sql = readFileSync(new URL('../../db/migrations/0023_slip_and_wallet_note_codes.sql', import.meta.url), 'utf8');
    const statements = sql.split('--> statement-breakpoint').map((x) => x.replace(/^(--.*\n)+/gm, '').trim());
    for (const statement of statements.filter((x) => x.startsWith('UPDATE') || /^ALTER TABLE \S+ (DISABLE|ENABLE) TRIGGER/.test(x))) {
      await ctx.database.query(statement);
    }
    const after = await ctx.database.query<{ note: string; note_code: string | null; note_params: Record<string, string> }>(
      `SELECT note, note_code, note_params FROM tracking_events WHERE package_id = $1 AND code = 'on_hold' ORDER BY id`,
      [packageId],
    );
    expect(after).toEqual([
      { note: '', note_code: 'slip_status', note_params: { slip: 'PG2611-00012', status: 'ready' } },
      { note: 'Gọi 3 lần', note_code: 'slip_failed', note_params: { slip: 'PG2611-00012', reason: 'wrong_address' } },
      { note: '', note_code: 'slip_delivered', note_params: { slip: 'PG2611-00012', receiver: 'Chị Lan' } },
      { note: 'Phiếu giao PG2611-00012: giao lại chiều mai', note_code: null, note_params: {} },
    ]);
    const customs = await ctx.database.query<{ location: string }>(`SELECT location FROM tracking_events WHERE id = $1`, [customsRow!.id]);
    expect(customs).toEqual([{ location: 'Tân Sơn Nhất (SGN)' }]);
    const rows = await ctx.database.query<{ note: string; note_code: string | null; note_params: Record<string, string> }>(
      `SELECT note, note_code, note_params FROM transactions WHERE customer_id = $1 AND type = 'adjustment' ORDER BY id`,
      [c.customerId],
    );
    expect(rows).toEqual([
      { note: 'Để ở quầy', note_code: 'slip_collected', note_params: { slip: 'PG2611-00012' } },
      { note: '', note_code: 'slip_payment', note_params: { slip: 'PG2611-00012' } },
      { note: '', note_code: 'order_refund', note_params: { order: 'DH00000501' } },
      { note: 'Khách rút tiền mặt', note_code: null, note_params: {} },
    ]);
  });
});
