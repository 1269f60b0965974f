import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransaction } from '../../../shared/contracts/bank-transactions';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { slipPaymentCode } from '../../../shared/domain/delivery-slip-lifecycle';
import { createTestContext, type TestContext } from '../../test/harness';
import { slipHelpers } from '../delivery-slips/test-support';
import { CASSO_SAMPLE_BODY, CASSO_SAMPLE_HEADER, CASSO_SAMPLE_KEY } from './fixtures/casso-sample';
import { processTransfer, receiveTransfer, sweepUnmatchedBankTransactions } from './bank-transactions.service';
import { fromSepay } from './bank-webhook.providers';
import { simulateTransfer } from './bank-simulate';
import { bankHelpers, cassoBody, sepayBody, TEST_ACCOUNT, TEST_SEPAY_KEY } from './test-support';

/**
 * The bank webhooks end to end on the real database (PGlite, or PostgreSQL under TEST_DB=postgres): each provider's
 * signed example pays a slip once, the wallet and the ledger agree, and every bad input or fault of issue 33 has its
 * case.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SEPAY_WEBHOOK_KEY: TEST_SEPAY_KEY, CASSO_WEBHOOK_KEY: CASSO_SAMPLE_KEY });
  await b.configureAccount();
});
afterAll(() => ctx.close());

const h = slipHelpers(() => ctx);
const b = bankHelpers(() => ctx, CASSO_SAMPLE_KEY);

async function readySlip(): Promise<DeliverySlip> {
  const c = await h.customerWithReady(1);
  const draft = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds });
  const res = await ctx.request({ method: 'POST', url: `/api/delivery-slips/${draft.id}/status`, payload: { status: 'ready' } });
  expect(res.statusCode, res.body).toBe(200);
  const slip = res.json() as DeliverySlip;
  expect(slip.amountToCollect).toBeGreaterThan(0);
  return slip;
}

const slipRows = (slipId: number) =>
  b.q<{ type: string; amount: string; method: string | null }>(`SELECT type, amount::text AS amount, method FROM transactions WHERE reference_type = 'delivery_slip' AND reference_id = $1 ORDER BY id`, [slipId]);

describe('a signed example per provider pays a slip, once', () => {
  it('SePay: the slip is paid, wallet and ledger agree, the second delivery changes nothing, a bad key is 401 and stores nothing', async () => {
    const slip = await readySlip();
    const body = sepayBody({ transferAmount: slip.amountToCollect, content: `IBFT ${slipPaymentCode(slip.code)} NGUYEN VAN A chuyen tien` });

    const bad = await b.sepay(body, 'not-the-key-0123456789');
    expect(bad.statusCode).toBe(401);
    expect(Object.keys(bad.json()).sort()).toEqual(['code', 'message']);
    expect(await b.rows('sepay', body.id)).toEqual([]);

    const res = await b.sepay(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await b.rows('sepay', body.id);
    expect(row).toMatchObject({ state: 'matched', slip_id: String(slip.id) });
    expect(await slipRows(slip.id)).toEqual([{ type: 'collection', amount: String(slip.amountToCollect), method: 'bank_transfer' }]);
    const w = await b.wallet(slip.customerId);
    expect(w.balance).toBe(w.ledger);

    const again = await b.sepay(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true });
    expect(await b.rows('sepay', body.id)).toHaveLength(1);
    expect(await slipRows(slip.id)).toHaveLength(1);
    expect(await b.wallet(slip.customerId)).toEqual(w);
  });

  it('Casso: its published sample verifies, its body signed now pays a slip; a replay changes nothing; bad signature is 401', async () => {
    // The sample exactly as published: correctly signed, but its timestamp is from 2024, outside the 5-minute window.
    const old = await b.casso(CASSO_SAMPLE_BODY, { header: CASSO_SAMPLE_HEADER });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('BANK_WEBHOOK_SIGNATURE_EXPIRED');
    expect(await b.rows('casso', 0)).toEqual([]);

    const slip = await readySlip();
    const body = cassoBody({ amount: slip.amountToCollect, description: `${slipPaymentCode(slip.code)} thanh toan phieu` });
    const forged = await b.casso(body, { key: 'someone-elses-key-0123456789' });
    expect(forged.statusCode).toBe(401);
    expect(await b.rows('casso', body.data.id)).toEqual([]);

    const res = await b.casso(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await slipRows(slip.id)).toEqual([{ type: 'collection', amount: String(slip.amountToCollect), method: 'bank_transfer' }]);
    const w = await b.wallet(slip.customerId);
    expect(w.balance).toBe(w.ledger);
    expect((await b.casso(body)).statusCode).toBe(200);
    expect(await slipRows(slip.id)).toHaveLength(1);
    expect(await b.wallet(slip.customerId)).toEqual(w);
  });
});

/**
 * What each provider counts as delivered (their docs): SePay, an HTTP 2xx with the JSON body {"success": true}
 * within 30 s, anything else is retried (Fibonacci, 8 attempts); Casso webhook v2, a 2xx answer. Both get exactly
 * `200 {"success":true}` as JSON for every transfer the console has stored, whatever it then matched: a stored
 * transfer must not be sent again. Only a refusal (bad key, bad body, suspicious replay)
 * answers otherwise.
 */
describe("the providers' success answer", () => {
  const exactly = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) => {
    expect(res.statusCode, what).toBe(200);
    expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
    expect(res.body, what).toBe('{"success":true}');
  };

  it('SePay: 200 {"success":true} for a matched, an unmatched, an outgoing, an unknown-account transfer and a retry', async () => {
    const slip = await readySlip();
    const matched = sepayBody({ transferAmount: slip.amountToCollect, content: slipPaymentCode(slip.code) });
    exactly(await b.sepay(matched), 'matched');
    exactly(await b.sepay(matched), 'retry');
    exactly(await b.sepay(sepayBody({ content: 'khong co ma' })), 'unmatched');
    exactly(await b.sepay(sepayBody({ transferType: 'out' })), 'outgoing');
    exactly(await b.sepay(sepayBody({ accountNumber: '999000111' })), 'unknown account');
    const refused = await b.sepay(sepayBody(), 'not-the-key-0123456789');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('success');
  });

  it("Casso: 200 {\"success\":true} for a matched and an unmatched transfer, a retry, the other provider's report of it and Casso's own error report", async () => {
    const slip = await readySlip();
    const matched = cassoBody({ amount: slip.amountToCollect, description: slipPaymentCode(slip.code) });
    exactly(await b.casso(matched), 'matched');
    exactly(await b.casso(matched), 'retry');
    exactly(await b.casso(cassoBody({ description: 'khong co ma' })), 'unmatched');
    exactly(await b.casso(cassoBody({ amount: -50_000 })), 'outgoing');
    // SePay reported this transfer first (same account and bank reference): Casso's report is stored as its duplicate.
    const first = sepayBody({ content: 'khong co ma' });
    exactly(await b.sepay(first), 'sepay first');
    exactly(await b.casso(cassoBody({ reference: first.referenceCode, description: 'khong co ma' })), 'duplicate');
    const errorReport = { error: 1, data: cassoBody().data };
    exactly(await b.casso(errorReport), "Casso's error report");
    expect(await b.rows('casso', errorReport.data.id)).toEqual([]);
    expect((await b.casso(cassoBody(), { key: 'someone-elses-key-0123456789' })).statusCode).toBe(401);
  });
});

describe('what a transfer pays', () => {
  it('a slip paid by transfer says so, and the counter hands it over collecting nothing more', async () => {
    const slip = await readySlip();
    await b.sepay(sepayBody({ transferAmount: slip.amountToCollect, content: slipPaymentCode(slip.code) }));
    const paid = await h.get(slip.id);
    expect(paid.paidByTransfer).toBe(slip.amountToCollect);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/delivery-slips/${slip.id}/confirm`,
      headers: { 'idempotency-key': `bank-${slip.id}` },
      payload: { collectedAmount: 0, method: 'cash', receiverName: 'Nguyen Van A' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await b.q(`SELECT type FROM transactions WHERE reference_type = 'delivery_slip' AND reference_id = $1 ORDER BY id`, [slip.id])).toEqual([{ type: 'collection' }, { type: 'payment' }]);
    const w = await b.wallet(slip.customerId);
    expect(w.balance).toBe(w.ledger);
  });

  it('more than due: the slip is collected and the rest stays in the wallet; less: a partial collection', async () => {
    const s1 = await readySlip();
    const before1 = await b.wallet(s1.customerId);
    await b.sepay(sepayBody({ transferAmount: s1.amountToCollect + 50_000, content: s1.code }));
    expect((await b.q<{ type: string; amount: string }>('SELECT type, amount::text AS amount FROM transactions WHERE customer_id = $1 ORDER BY id', [s1.customerId])).slice(-2)).toEqual([
      { type: 'collection', amount: String(s1.amountToCollect) },
      { type: 'deposit', amount: '50000' },
    ]);
    expect((await b.wallet(s1.customerId)).balance).toBe(before1.balance + s1.amountToCollect + 50_000);

    const s2 = await readySlip();
    const part = Math.floor(s2.amountToCollect / 2);
    await b.sepay(sepayBody({ transferAmount: part, content: `tt ${slipPaymentCode(s2.code)}` }));
    await b.sepay(sepayBody({ transferAmount: s2.amountToCollect - part, content: `tt ${s2.code.toLowerCase()}` }));
    expect((await slipRows(s2.id)).map((r) => Number(r.amount))).toEqual([part, s2.amountToCollect - part]);
    // Nothing left to collect: a third transfer naming the slip waits for a clerk.
    const third = sepayBody({ transferAmount: 1000, content: s2.code });
    await b.sepay(third);
    expect(await b.rows('sepay', third.id)).toMatchObject([{ state: 'unmatched', reason: 'not_payable' }]);
  });

  it('a customer code (also after the top-up word) is a wallet top-up; an order code pays the order', async () => {
    const c = await h.newCustomer();
    const before = await b.wallet(c.id);
    const body = sepayBody({ transferAmount: 200_000, content: `NAP ${c.code.slice(2)} ck` });
    await b.sepay(body);
    expect(await b.rows('sepay', body.id)).toMatchObject([{ state: 'matched', customer_id: String(c.id) }]);
    expect((await b.wallet(c.id)).balance).toBe(before.balance + 200_000);

    const order = await ctx.postCreated<{ id: number; code: string; total: number }>('/api/orders', { customerId: c.id, kind: 'consignment', currency: 'VND', serviceFeeMode: 'fixed', serviceFeeFixed: 120_000 });
    const ob = cassoBody({ amount: 100_000, description: `thanh toan ${order.code}` });
    expect((await b.casso(ob)).statusCode).toBe(200);
    const pays = await b.q<{ type: string; amount: string }>(`SELECT type, amount::text AS amount FROM transactions WHERE reference_type = 'order' AND reference_id = $1 ORDER BY id`, [order.id]);
    expect(pays).toEqual([
      { type: 'deposit', amount: '100000' },
      { type: 'payment', amount: '-100000' },
    ]);
  });

  it('no code, or two different codes: stored unmatched, nothing posted', async () => {
    const s = await readySlip();
    const c = await h.newCustomer();
    const none = sepayBody({ content: 'chuyen tien hang thang 12' });
    const two = sepayBody({ content: `${s.code} ${c.code}` });
    await b.sepay(none);
    await b.sepay(two);
    expect(await b.rows('sepay', none.id)).toMatchObject([{ state: 'unmatched', reason: 'no_code', transaction_ids: [] }]);
    expect(await b.rows('sepay', two.id)).toMatchObject([{ state: 'unmatched', reason: 'conflict', transaction_ids: [] }]);
    expect(await slipRows(s.id)).toEqual([]);
  });
});

describe('bad input and faults', () => {
  it('malformed JSON, wrong types, zero and negative amounts: 400 { message, code }, nothing stored', async () => {
    const n0 = await b.count('SELECT count(*) AS n FROM bank_transactions');
    const cases: Array<[string, string]> = [
      ['malformed', '{"id": 1, "transferAmount": '],
      ['wrong types', JSON.stringify(sepayBody({ transferAmount: '150000' }))],
      ['id as text', JSON.stringify(sepayBody({ id: 'abc' }))],
      ['zero', JSON.stringify(sepayBody({ transferAmount: 0 }))],
      ['negative', JSON.stringify(sepayBody({ transferAmount: -5 }))],
      ['fraction', JSON.stringify(sepayBody({ transferAmount: 1.5 }))],
      ['direction', JSON.stringify(sepayBody({ transferType: 'sideways' }))],
      ['array', '[]'],
    ];
    for (const [what, raw] of cases) {
      const res = await b.sepay(null, TEST_SEPAY_KEY, raw);
      expect(res.statusCode, what).toBe(400);
      expect(Object.keys(res.json()), what).toEqual(expect.arrayContaining(['message', 'code']));
    }
    const zero = cassoBody({ amount: 0 });
    expect((await b.casso(zero)).statusCode).toBe(400);
    expect(await b.count('SELECT count(*) AS n FROM bank_transactions')).toBe(n0);
  });

  it('outgoing transfers and transfers to an unknown account are stored and ignored', async () => {
    const out = sepayBody({ transferType: 'out', content: 'KH000001' });
    const casOut = cassoBody({ amount: -90_000, description: 'KH000001' });
    const elsewhere = sepayBody({ accountNumber: '123456789', content: 'KH000001' });
    for (const r of [await b.sepay(out), await b.casso(casOut), await b.sepay(elsewhere)]) expect(r.statusCode).toBe(200);
    expect(await b.rows('sepay', out.id)).toMatchObject([{ state: 'ignored', reason: 'outgoing', transaction_ids: [] }]);
    expect(await b.rows('casso', casOut.data.id)).toMatchObject([{ state: 'ignored', reason: 'outgoing', amount: '90000' }]);
    expect(await b.rows('sepay', elsewhere.id)).toMatchObject([{ state: 'ignored', reason: 'unknown_account', transaction_ids: [] }]);
  });

  it('the same id with a different amount is refused, logged as suspicious, and nothing is posted', async () => {
    const c = await h.newCustomer();
    const body = sepayBody({ transferAmount: 100_000, content: c.code });
    await b.sepay(body);
    const w = await b.wallet(c.id);
    const res = await b.sepay({ ...body, transferAmount: 900_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BANK_REPLAY_MISMATCH');
    expect(await b.wallet(c.id)).toEqual(w);
    const [row] = await b.rows('sepay', body.id);
    expect(row!.amount).toBe('100000');
    expect(await b.count(`SELECT count(*) AS n FROM audit_log WHERE entity = 'bank-transactions' AND action = 'suspicious-replay' AND entity_id = $1`, [row!.id])).toBe(1);
  });

  it('a Casso signature over different bytes, or outside the 5-minute window, is 401 and stores nothing', async () => {
    const body = cassoBody({ description: 'KH000001' });
    const tampered = JSON.stringify({ ...body, data: { ...body.data, amount: 9_990_000 } });
    expect((await b.casso(body, { raw: tampered })).statusCode).toBe(401);
    expect((await b.casso(body, { t: Date.now() - 5 * 60_000 - 2000 })).statusCode).toBe(401);
    expect((await b.casso(body, { t: Date.now() + 5 * 60_000 + 2000 })).statusCode).toBe(401);
    expect((await b.casso(body, { header: 'garbage' })).statusCode).toBe(401);
    expect(await b.rows('casso', body.data.id)).toEqual([]);
  });

  it('20 concurrent deliveries of one transfer: one row, one posting', async () => {
    const slip = await readySlip();
    const body = sepayBody({ transferAmount: slip.amountToCollect, content: slipPaymentCode(slip.code) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.sepay(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await b.rows('sepay', body.id)).toHaveLength(1);
    expect(await slipRows(slip.id)).toHaveLength(1);
    const w = await b.wallet(slip.customerId);
    expect(w.balance).toBe(w.ledger);
  });

  it('a transfer reported by both providers (same bank reference) is one transfer', async () => {
    const c = await h.newCustomer();
    const s = sepayBody({ transferAmount: 70_000, content: c.code, referenceCode: 'FT26335123456789' });
    const k = cassoBody({ amount: 70_000, description: c.code, reference: 'FT26335123456789' });
    await Promise.all([b.sepay(s), b.casso(k)]);
    const rows = [...(await b.rows('sepay', s.id)), ...(await b.rows('casso', k.data.id))];
    expect(rows.map((r) => r.state).sort()).toEqual(['ignored', 'matched']);
    expect(rows.find((r) => r.state === 'ignored')!.reason).toBe('duplicate');
    expect(await b.count(`SELECT count(*) AS n FROM transactions WHERE customer_id = $1 AND type = 'deposit'`, [c.id])).toBe(1);
  });

  it('killed between storing and matching: the start-up sweep matches it, once', async () => {
    const c = await h.newCustomer();
    const body = sepayBody({ transferAmount: 33_000, content: c.code });
    // What the route does before a crash: the transfer is stored and committed, the matching never ran.
    const stored = await receiveTransfer(ctx.database.db, fromSepay(body as never), JSON.stringify(body), ctx.app.log);
    expect(await b.rows('sepay', body.id)).toMatchObject([{ state: 'unmatched', processed_at: null }]);
    expect(await sweepUnmatchedBankTransactions(ctx.database.db, ctx.config, ctx.app.log)).toBeGreaterThanOrEqual(1);
    expect(await b.rows('sepay', body.id)).toMatchObject([{ state: 'matched', customer_id: String(c.id) }]);
    // A second sweep, or a late retry of the matching, finds it processed.
    await sweepUnmatchedBankTransactions(ctx.database.db, ctx.config, ctx.app.log);
    expect(await processTransfer(ctx.database.db, ctx.config, stored.id)).toBeNull();
    expect(await b.count(`SELECT count(*) AS n FROM transactions WHERE customer_id = $1 AND type = 'deposit'`, [c.id])).toBe(1);
  });

  it('not configured: every call is 401', async () => {
    const bare = await createTestContext();
    try {
      const res = await bare.request({ method: 'POST', url: '/api/integrations/sepay/webhook', token: null, headers: { authorization: 'Apikey anything-at-all-123456' }, payload: sepayBody() });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('BANK_WEBHOOK_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });
});

describe('the screen: match by hand, ignore, undo', () => {
  const post = (id: number, action: string, payload: unknown, version: number, token?: string) =>
    ctx.request({ method: 'POST', url: `/api/bank-transactions/${id}/${action}`, payload: payload as Record<string, unknown>, headers: { 'if-match': `"${version}"` }, token });

  it('an unmatched transfer matched by hand to a customer lands in their ledger; undo reverses it with new rows', async () => {
    const c = await h.newCustomer();
    const body = sepayBody({ transferAmount: 45_000, content: 'tien hang' });
    await b.sepay(body);
    const [row] = await b.rows('sepay', body.id);
    const id = Number(row!.id);
    const item = await ctx.getOk<BankTransaction>(`/api/bank-transactions/${id}`);
    expect(item).toMatchObject({ state: 'unmatched', reason: 'no_code', processed: true });

    expect((await post(id, 'match', { kind: 'customer', id: c.id }, item.version, await ctx.tokenFor('Staff'))).statusCode).toBe(403);
    expect((await post(id, 'match', { kind: 'customer', id: c.id }, item.version + 5)).statusCode).toBe(412);
    const res = await post(id, 'match', { kind: 'customer', id: c.id }, item.version);
    expect(res.statusCode, res.body).toBe(200);
    const matched = res.json() as BankTransaction;
    expect(matched).toMatchObject({ state: 'matched', matchKind: 'customer', customerId: c.id, customerCode: c.code });
    expect(matched.manualByName).not.toBeNull();
    const ledger = await ctx.getOk<{ items: Array<{ id: number; type: string; amount: number; method: string }> }>(`/api/transactions?customerId=${c.id}`);
    expect(ledger.items.find((t) => matched.transactionIds.includes(t.id))).toMatchObject({ type: 'deposit', amount: 45_000, method: 'bank_transfer' });
    expect((await post(id, 'match', { kind: 'customer', id: c.id }, matched.version)).statusCode).toBe(409);

    const undo = await post(id, 'undo', { reason: 'ghép nhầm khách' }, matched.version);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ state: 'reversed' });
    expect((await b.wallet(c.id)).balance).toBe(0);
    expect(await b.count(`SELECT count(*) AS n FROM audit_log WHERE entity = 'bank-transactions' AND entity_id = $1`, [String(id)])).toBe(3);
  });

  it('undoing a slip payment takes the transfer off the slip again', async () => {
    const slip = await readySlip();
    const body = sepayBody({ transferAmount: slip.amountToCollect, content: slipPaymentCode(slip.code) });
    await b.sepay(body);
    const id = Number((await b.rows('sepay', body.id))[0]!.id);
    const item = await ctx.getOk<BankTransaction>(`/api/bank-transactions/${id}`);
    expect(item).toMatchObject({ state: 'matched', matchKind: 'slip', slipId: slip.id, slipCode: slip.code });
    const res = await post(id, 'undo', { reason: 'khách chuyển nhầm phiếu' }, item.version);
    expect(res.statusCode, res.body).toBe(200);
    expect((await h.get(slip.id)).paidByTransfer).toBe(0);
    const w = await b.wallet(slip.customerId);
    expect(w.balance).toBe(w.ledger);
  });

  it('ignore needs a reason; the list filters by state; the summary counts unmatched', async () => {
    const body = sepayBody({ transferAmount: 12_000, content: 'khong ro' });
    await b.sepay(body);
    const id = Number((await b.rows('sepay', body.id))[0]!.id);
    const before = await ctx.getOk<{ unmatchedCount: number }>('/api/bank-transactions/summary');
    const item = await ctx.getOk<BankTransaction>(`/api/bank-transactions/${id}`);
    expect((await post(id, 'ignore', { reason: '' }, item.version)).statusCode).toBe(400);
    const res = await post(id, 'ignore', { reason: 'chuyển nhầm, đã hoàn lại' }, item.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'ignored', reason: 'manual', reasonNote: 'chuyển nhầm, đã hoàn lại' });
    expect((await ctx.getOk<{ unmatchedCount: number }>('/api/bank-transactions/summary')).unmatchedCount).toBe(before.unmatchedCount - 1);
    // A day that does not exist is a 400, not a database error (found by the fuzz test).
    for (const q of ['from=7311-46-41', 'to=2026-02-30', 'from=2026-1-1']) expect((await ctx.request({ method: 'GET', url: `/api/bank-transactions/summary?${q}` })).statusCode, q).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/bank-transactions/summary?from=2026-12-01&to=2026-12-31' })).statusCode).toBe(200);
    const list = await ctx.getOk<{ items: BankTransaction[] }>('/api/bank-transactions?state=ignored&pageSize=200');
    expect(list.items.some((i) => i.id === id)).toBe(true);
    expect(list.items.every((i) => i.state === 'ignored')).toBe(true);
  });

  it('settings show only the last 4 characters of a key; the environment wins', async () => {
    const res = await ctx.request({ method: 'PUT', url: '/api/bank-transactions/settings', payload: { sepayKey: 'a-settings-key-9999', topUpPrefix: 'nap' } });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.sepay).toEqual({ configured: true, source: 'env', hint: `••••${TEST_SEPAY_KEY.slice(-4)}` });
    expect(JSON.stringify(s)).not.toContain(TEST_SEPAY_KEY);
    expect(JSON.stringify(s)).not.toContain('a-settings-key-9999');
    expect(s.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual([TEST_ACCOUNT]);
    expect(s.topUpPrefix).toBe('NAP');
  });
});

describe('the screen: filters and the search for what a transfer pays', () => {
  it('filters by amount range and receiving account on the server; the bounds are validated', async () => {
    const token = `LOC${Date.now().toString(36).toUpperCase()}`;
    const amounts = [40_000, 150_000, 1_250_000];
    for (const a of amounts) await b.sepay(sepayBody({ transferAmount: a, content: `${token} tien hang` }));
    await b.sepay(sepayBody({ transferAmount: 150_000, content: `${token} tai khoan khac`, accountNumber: '0000111122' }));
    const list = (qs: string) => ctx.getOk<{ items: BankTransaction[]; total: number }>(`/api/bank-transactions?q=${token}&pageSize=50&${qs}`);
    const amountsOf = (r: { items: BankTransaction[] }) => r.items.map((i) => i.amount).sort((x, y) => x - y);

    expect(amountsOf(await list('amountMin=150000'))).toEqual([150_000, 150_000, 1_250_000]);
    expect(amountsOf(await list('amountMax=150000'))).toEqual([40_000, 150_000, 150_000]);
    expect(amountsOf(await list('amountMin=150000&amountMax=150000'))).toEqual([150_000, 150_000]);
    expect(amountsOf(await list('amountMin=150001&amountMax=1249999'))).toEqual([]);
    const ours = await list(`accountNumber=${TEST_ACCOUNT}`);
    expect(amountsOf(ours)).toEqual(amounts);
    expect(ours.items.every((i) => i.accountNumber === TEST_ACCOUNT)).toBe(true);
    const other = await list('accountNumber=0000111122&amountMin=100000');
    expect(other.items.map((i) => [i.accountNumber, i.state, i.reason])).toEqual([['0000111122', 'ignored', 'unknown_account']]);

    for (const qs of ['amountMin=abc', 'amountMin=1.5', 'amountMax=1e6', 'amountMin=99999999999999999999', 'amountMin=500000&amountMax=100000', 'accountNumber=', 'account=1']) {
      const res = await ctx.request({ method: 'GET', url: `/api/bank-transactions?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    const backwards = await ctx.request({ method: 'GET', url: '/api/bank-transactions?amountMin=500000&amountMax=100000' });
    expect(backwards.body).toContain('amountMin không được lớn hơn amountMax');
    const english = await ctx.request({ method: 'GET', url: '/api/bank-transactions?amountMin=500000&amountMax=100000', headers: { 'accept-language': 'en' } });
    expect(english.json().message).toContain('amountMin must not be greater than amountMax');
  });

  it('a slip to match by hand is found by its code, its customer code, name or phone', async () => {
    const slip = await readySlip();
    const customer = await ctx.getOk<{ code: string; fullName: string; phone: string }>(`/api/customers/${slip.customerId}`);
    for (const q of [slip.code, slip.code.toLowerCase(), customer.code, customer.fullName, customer.phone]) {
      const found = await ctx.getOk<{ items: Array<{ id: number }> }>(`/api/delivery-slips?q=${encodeURIComponent(q)}&pageSize=50`);
      expect(found.items.map((i) => i.id), q).toContain(slip.id);
    }
  });
});

describe('bank:simulate', () => {
  it('posts a correctly signed webhook of each provider to a running console, and the memo pays the slip', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    for (const provider of ['sepay', 'casso'] as const) {
      const slip = await readySlip();
      const key = provider === 'sepay' ? TEST_SEPAY_KEY : CASSO_SAMPLE_KEY;
      const answer = await simulateTransfer({ provider, amount: slip.amountToCollect, memo: slipPaymentCode(slip.code), url, key, account: TEST_ACCOUNT });
      expect(answer, provider).toEqual({ status: 200, body: '{"success":true}' });
      expect(await slipRows(slip.id), provider).toEqual([{ type: 'collection', amount: String(slip.amountToCollect), method: 'bank_transfer' }]);
      const wrong = await simulateTransfer({ provider, amount: 1000, memo: 'x', url, key: 'wrong-key-0123456789abcdef', account: TEST_ACCOUNT });
      expect(wrong.status, provider).toBe(401);
    }
  });
});
