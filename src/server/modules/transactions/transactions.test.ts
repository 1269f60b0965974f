import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { Order } from '../../../shared/contracts/orders';
import type { Transaction, TransactionList, TransactionTotals } from '../../../shared/contracts/transactions';
import { forgetSessionState } from '../../plugins/auth';
import { expectCreated, useTestContext } from '../../test/harness';

const ctx = useTestContext();

let seq = 0;
const newCustomer = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  return ctx.postCreated<Customer>('/api/customers', { fullName: `Khách Ví ${seq}`, phone: `0966${String(300000 + seq).slice(-6)}`, ...over });
};
const customer = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/customers/${id}` })).json() as Customer;

const post = (payload: Record<string, unknown>, key: string | null = randomUUID(), token?: string) =>
  ctx.request({ method: 'POST', url: '/api/transactions', headers: key === null ? {} : { 'idempotency-key': key }, payload, token });
const posted = async (payload: Record<string, unknown>) => {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Transaction;
};
const deposit = (customerId: number, amount: number) => posted({ customerId, type: 'deposit', amount, method: 'cash' });

const ledger = async (customerId: number) =>
  ctx.database.query<{ n: number; sum: number }>('SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS sum FROM transactions WHERE customer_id = $1', [customerId]);
const auditCount = async () => Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'transactions'`))[0]!.n);

describe('access', () => {
  it.each([
    ['GET', '/api/transactions'],
    ['GET', '/api/transactions/1'],
    ['GET', '/api/transactions/totals'],
    ['GET', '/api/transactions/export'],
    ['POST', '/api/transactions'],
    ['PATCH', '/api/transactions/1'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url, { 'idempotency-key': 'k' }));

  it('has no DELETE: the ledger is append-only', async () => {
    const c = await newCustomer();
    const t = await deposit(c.id, 10_000);
    const res = await ctx.request({ method: 'DELETE', url: `/api/transactions/${t.id}`, headers: { 'if-match': '"1"' } });
    expect(res.statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: `/api/transactions/${t.id}` })).statusCode).toBe(200);
    // Not even by hand: the database refuses to delete or rewrite a ledger row.
    await expect(ctx.database.query('DELETE FROM transactions WHERE id = $1', [t.id])).rejects.toThrow(/append-only/);
    await expect(ctx.database.query('UPDATE transactions SET amount = 1 WHERE id = $1', [t.id])).rejects.toThrow(/note and reference/);
  });

  it('answers 404 for an unknown row', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/transactions/99999999' })).statusCode).toBe(404);
  });
});

describe('posting', () => {
  it('stores the amount signed by type, with the balance after it, and moves the customer balance', async () => {
    const c = await newCustomer();
    const audits = await auditCount();
    const res = await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'bank_transfer', reference: 'VCB FT2411', note: 'Nạp ví' });
    const d = expectCreated<Transaction>(res, '/api/transactions');
    expect(d).toMatchObject({
      code: expect.stringMatching(/^GD\d{8}$/),
      customerId: c.id,
      customerCode: c.code,
      type: 'deposit',
      amount: 1_000_000,
      balanceAfter: 1_000_000,
      method: 'bank_transfer',
      reference: 'VCB FT2411',
      status: 'completed',
      actorName: expect.any(String),
      version: 1,
    });
    const p = await posted({ customerId: c.id, type: 'payment', amount: 300_000, method: 'cash' });
    expect(p).toMatchObject({ amount: -300_000, balanceAfter: 700_000 });
    const adj = await posted({ customerId: c.id, type: 'adjustment', amount: -50_000, method: 'cash', note: 'Sửa nhầm' });
    expect(adj).toMatchObject({ amount: -50_000, balanceAfter: 650_000 });
    const refund = await posted({ customerId: c.id, type: 'refund', amount: 20_000, method: 'bank_transfer' });
    const cod = await posted({ customerId: c.id, type: 'cod', amount: 30_000, method: 'cash' });
    expect([refund.amount, refund.balanceAfter, cod.amount, cod.balanceAfter]).toEqual([20_000, 670_000, 30_000, 700_000]);
    expect((await customer(c.id)).balance).toBe(700_000);
    expect((await ledger(c.id))[0]).toEqual({ n: 5, sum: 700_000 });
    expect(await auditCount()).toBe(audits + 5);
    const [a] = await ctx.database.query<{ action: string; after: Transaction }>(`SELECT action, after FROM audit_log WHERE entity = 'transactions' AND entity_id = $1`, [String(d.id)]);
    expect(a).toMatchObject({ action: 'create', after: { code: d.code, amount: 1_000_000 } });
  });

  it('does not bump the customer version: an open customer form stays valid', async () => {
    const c = await newCustomer();
    await deposit(c.id, 50_000);
    const now = await customer(c.id);
    expect(now.version).toBe(c.version);
    const patch = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': `"${c.version}"` }, payload: { note: 'ok' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().balance).toBe(50_000);
  });

  it.each([
    [{ type: 'payment', amount: -100 }, 'amount'],
    [{ type: 'deposit', amount: 0 }, 'amount'],
    [{ type: 'adjustment', amount: 0 }, 'amount'],
    [{ type: 'deposit', amount: 10.5 }, 'amount'],
    [{ type: 'deposit', amount: '100' }, 'amount'],
    [{ type: 'gift', amount: 100 }, 'type'],
    [{ type: 'collection', amount: 100 }, 'type'],
    [{ type: 'deposit', amount: 100, method: 'card' }, 'method'],
    [{ type: 'deposit', amount: 100, referenceType: 'order' }, 'referenceId'],
    [{ type: 'deposit', amount: 100, referenceType: 'delivery_slip', referenceId: 1 }, 'referenceType'],
    [{ type: 'deposit', amount: 100, balanceAfter: 5 }, 'body'],
  ])('refuses %j (400 on %s) and writes nothing', async (over, path) => {
    const c = await newCustomer();
    const res = await post({ customerId: c.id, method: 'cash', ...over });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain(path);
    expect((await ledger(c.id))[0]!.n).toBe(0);
  });

  it('answers 404 for an unknown or deleted customer', async () => {
    expect((await post({ customerId: 99_999_999, type: 'deposit', amount: 100, method: 'cash' })).statusCode).toBe(404);
    const c = await newCustomer();
    expect((await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' } })).statusCode).toBe(204);
    const res = await post({ customerId: c.id, type: 'deposit', amount: 100, method: 'cash' });
    expect(res.statusCode).toBe(404);
    expect(res.json().details[0].path).toBe('customerId');
  });

  it('links a row to an order of the same customer only', async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    const order = (
      await ctx.request({ method: 'POST', url: '/api/orders', payload: { customerId: c.id, kind: 'consignment', currency: 'VND', serviceFeeMode: 'fixed', serviceFeeFixed: 80_000 } })
    ).json() as Order;
    await deposit(other.id, 100_000);
    const wrong = await post({ customerId: other.id, type: 'payment', amount: 80_000, method: 'cash', referenceType: 'order', referenceId: order.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain(order.code);
    const missing = await post({ customerId: c.id, type: 'deposit', amount: 80_000, method: 'cash', referenceType: 'order', referenceId: 99_999_999 });
    expect(missing.statusCode).toBe(404);
    const ok = await posted({ customerId: c.id, type: 'cod', amount: 80_000, method: 'cash', referenceType: 'order', referenceId: order.id });
    expect(ok).toMatchObject({ referenceType: 'order', referenceId: order.id, referenceCode: order.code });
    const byOrder = (await ctx.request({ method: 'GET', url: `/api/transactions?orderId=${order.id}` })).json() as TransactionList;
    expect(byOrder.items.map((t) => t.id)).toEqual([ok.id]);
  });
});

describe('credit limit', () => {
  it('refuses a payment below the limit with 409 naming balance and limit, and writes nothing', async () => {
    const c = await newCustomer();
    await deposit(c.id, 100_000);
    const audits = await auditCount();
    const res = await post({ customerId: c.id, type: 'payment', amount: 150_000, method: 'cash' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(body.message).toContain('số dư 100.000\u00a0₫');
    expect(body.message).toContain('hạn mức công nợ 0\u00a0₫');
    expect(body.message).toContain('150.000\u00a0₫');
    expect(body.details).toEqual({ balance: 100_000, creditLimit: 0, available: 100_000, amount: -150_000 });
    expect((await ledger(c.id))[0]).toEqual({ n: 1, sum: 100_000 });
    expect((await customer(c.id)).balance).toBe(100_000);
    expect(await auditCount()).toBe(audits);
    // Exactly the balance is fine; a negative adjustment obeys the same floor.
    expect((await posted({ customerId: c.id, type: 'payment', amount: 100_000, method: 'cash' })).balanceAfter).toBe(0);
    expect((await post({ customerId: c.id, type: 'adjustment', amount: -1, method: 'cash' })).statusCode).toBe(409);
  });

  it('lets a customer with credit owe up to the limit, and no further', async () => {
    const c = await newCustomer({ group: 'wholesale', creditLimit: 2_000_000 });
    expect((await posted({ customerId: c.id, type: 'payment', amount: 1_500_000, method: 'cash' })).balanceAfter).toBe(-1_500_000);
    const over = await post({ customerId: c.id, type: 'payment', amount: 500_001, method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json().details).toMatchObject({ balance: -1_500_000, creditLimit: 2_000_000, available: 500_000 });
    expect((await posted({ customerId: c.id, type: 'payment', amount: 500_000, method: 'cash' })).balanceAfter).toBe(-2_000_000);
    // The limit cannot be lowered below what is owed, and a customer who owes cannot be deleted.
    const fresh = await customer(c.id);
    const lower = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': `"${fresh.version}"` }, payload: { creditLimit: 1_000_000 } });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().details[0].path).toBe('creditLimit');
    const del = await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, headers: { 'if-match': `"${fresh.version}"` } });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('-2.000.000\u00a0₫');
    // Money in is always taken, even while still below zero.
    expect((await posted({ customerId: c.id, type: 'deposit', amount: 100_000, method: 'cash' })).balanceAfter).toBe(-1_900_000);
  });
});

describe('Idempotency-Key', () => {
  const body = (customerId: number) => ({ customerId, type: 'deposit', amount: 250_000, method: 'bank_transfer', note: 'Nạp lần 1' });

  it('is required (400) and must be sane', async () => {
    const c = await newCustomer();
    const missing = await post(body(c.id), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(missing.json().message).toContain('Idempotency-Key');
    expect((await post(body(c.id), 'has space')).statusCode).toBe(400);
    expect((await post(body(c.id), 'x'.repeat(256))).statusCode).toBe(400);
    expect((await ledger(c.id))[0]!.n).toBe(0);
  });

  it('answers the same key and body with the same status and body, writing once', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    const first = await post(body(c.id), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same request again, with its keys in another order.
    const { note, ...rest } = body(c.id);
    const again = await post({ note, ...rest }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await ledger(c.id))[0]).toEqual({ n: 1, sum: 250_000 });
    expect((await customer(c.id)).balance).toBe(250_000);
  });

  it('refuses the same key with another body (422)', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    expect((await post(body(c.id), key)).statusCode).toBe(201);
    const other = await post({ ...body(c.id), amount: 260_000 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await ledger(c.id))[0]).toEqual({ n: 1, sum: 250_000 });
  });

  it('replays a refusal too: a key names one attempt, not "try until it works"', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    const pay = { customerId: c.id, type: 'payment', amount: 100_000, method: 'cash' };
    const refused = await post(pay, key);
    expect(refused.statusCode).toBe(409);
    await deposit(c.id, 500_000);
    const replay = await post(pay, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.body).toBe(refused.body);
    expect((await post(pay)).statusCode).toBe(201);
  });

  it('does not keep a validation error: the corrected body may use the key', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    expect((await post({ ...body(c.id), amount: -5 }, key)).statusCode).toBe(400);
    expect((await post(body(c.id), key)).statusCode).toBe(201);
  });

  it('scopes keys per user', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    expect((await post(body(c.id), key)).statusCode).toBe(201);
    const other = await ctx.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'staff@cargo.test'`);
    // Another Admin (the Staff account promoted for this check) using the same key makes its own row.
    await ctx.database.query(`UPDATE users SET role = 'Admin' WHERE id = $1`, [other[0]!.id]);
    forgetSessionState(other[0]!.id);
    try {
      const token = (await ctx.app.deps.signer.sign({ id: other[0]!.id, role: 'Admin', email: 'staff@cargo.test' })).token;
      const res = await post(body(c.id), key, token);
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await ctx.database.query(`UPDATE users SET role = 'Staff' WHERE id = $1`, [other[0]!.id]);
      forgetSessionState(other[0]!.id);
    }
    expect((await ledger(c.id))[0]).toEqual({ n: 2, sum: 500_000 });
  });

  it('writes once when the same request arrives several times at once', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body(c.id), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect((await ledger(c.id))[0]).toEqual({ n: 1, sum: 250_000 });
  });
});

describe('edit', () => {
  it('changes only note and reference, with If-Match and one audit row', async () => {
    const c = await newCustomer();
    const t = await deposit(c.id, 70_000);
    expect((await ctx.request({ method: 'PATCH', url: `/api/transactions/${t.id}`, payload: { note: 'x' } })).statusCode).toBe(428);
    for (const payload of [{ amount: 1 }, { type: 'payment' }, { customerId: 1 }, { balanceAfter: 0 }]) {
      const res = await ctx.request({ method: 'PATCH', url: `/api/transactions/${t.id}`, headers: { 'if-match': '"1"' }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await ctx.request({ method: 'PATCH', url: `/api/transactions/${t.id}`, headers: { 'if-match': '"1"' }, payload: { note: 'Khách chuyển hộ, mã xác nhận ZX81QK', reference: 'TCB 123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ note: 'Khách chuyển hộ, mã xác nhận ZX81QK', reference: 'TCB 123', amount: 70_000, balanceAfter: 70_000, version: 2 });
    const stale = await ctx.request({ method: 'PATCH', url: `/api/transactions/${t.id}`, headers: { 'if-match': '"1"' }, payload: { note: 'y' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current.version).toBe(2);
    const rows = await ctx.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'transactions' AND entity_id = $1 ORDER BY id`, [String(t.id)]);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect((await ctx.request({ method: 'GET', url: '/api/transactions?q=zx81qk' })).json().items.map((x: Transaction) => x.id)).toEqual([t.id]);
  });
});

describe('list and totals', () => {
  const list = async (query: string) => {
    const res = await ctx.request({ method: 'GET', url: `/api/transactions${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TransactionList;
  };
  const totals = async (query: string) => {
    const res = await ctx.request({ method: 'GET', url: `/api/transactions/totals${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TransactionTotals;
  };

  it('holds the 3,000 seeded rows, newest first, and every balance equals its ledger', async () => {
    const page = await list('');
    expect(page.total).toBeGreaterThanOrEqual(3000);
    const times = page.items.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const bad = await ctx.database.query(
      `SELECT c.id FROM customers c WHERE c.balance <> coalesce((SELECT sum(t.amount) FROM transactions t WHERE t.customer_id = c.id), 0)
          OR c.balance < -c.credit_limit`,
    );
    expect(bad).toEqual([]);
    // balance_after runs along each customer's rows.
    const broken = await ctx.database.query(
      `SELECT id FROM (SELECT id, balance_after, sum(amount) OVER (PARTITION BY customer_id ORDER BY created_at, id) AS running FROM transactions) x
        WHERE balance_after <> running`,
    );
    expect(broken).toEqual([]);
  });

  it('filters by customer, type, method, amount and date; totals sum the same set', async () => {
    const c = await newCustomer();
    await deposit(c.id, 1_000_000);
    await posted({ customerId: c.id, type: 'payment', amount: 150_000, method: 'bank_transfer' });
    await posted({ customerId: c.id, type: 'payment', amount: 50_000, method: 'cash' });
    await posted({ customerId: c.id, type: 'adjustment', amount: -5_000, method: 'cash' });
    expect(await totals(`?customerId=${c.id}`)).toEqual({ count: 4, totalIn: 1_000_000, totalOut: 205_000, net: 795_000 });
    expect((await customer(c.id)).balance).toBe(795_000);
    expect(await totals(`?customerId=${c.id}&type=payment`)).toEqual({ count: 2, totalIn: 0, totalOut: 200_000, net: -200_000 });
    // A payment is taken from the wallet and has no method (whatever the client sent): only counter money filters by it.
    expect((await list(`?customerId=${c.id}&method=cash&sort=amount`)).items.map((t) => t.amount)).toEqual([-5_000, 1_000_000]);
    expect((await list(`?customerId=${c.id}&amountMax=-10000`)).total).toBe(2);

    const seededDeposits = await list('?type=deposit&method=bank_transfer&pageSize=200');
    expect(seededDeposits.items.length).toBeGreaterThan(0);
    expect(seededDeposits.items.every((t) => t.type === 'deposit' && t.method === 'bank_transfer' && t.amount > 0)).toBe(true);
    expect((await list('?type=payment&method=bank_transfer')).total).toBe(0);
    const oldest = (await list('?sort=createdAt&pageSize=1')).items[0]!;
    const day = new Date(Date.parse(oldest.createdAt) + 7 * 3_600_000).toISOString().slice(0, 10);
    const sameDay = await list(`?createdFrom=${day}&createdTo=${day}&pageSize=200`);
    expect(sameDay.items.map((t) => t.id)).toContain(oldest.id);
    const sums = await totals(`?createdFrom=${day}&createdTo=${day}`);
    expect(sums.count).toBe(sameDay.total);
    expect(sums.net).toBe(sameDay.items.reduce((s, t) => s + t.amount, 0));
    expect(sums.totalIn - sums.totalOut).toBe(sums.net);
  });

  it('totals take the list’s own query string and refuse what the list refuses', async () => {
    const all = await totals('?page=3&pageSize=10&sort=-amount');
    const everything = await ctx.database.query<{ n: number; net: number }>('SELECT count(*)::int AS n, sum(amount)::bigint AS net FROM transactions');
    expect(all.count).toBe(everything[0]!.n);
    expect(all.net).toBe(everything[0]!.net);
    const bad = await ctx.request({ method: 'GET', url: '/api/transactions/totals?type=gift' });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/transactions/totals?foo=1' })).json().message).toContain('foo');
  });

  it('exports the filtered rows as CSV', async () => {
    const c = await newCustomer();
    const t = await deposit(c.id, 123_456);
    const res = await ctx.request({ method: 'GET', url: `/api/transactions/export?format=csv&customerId=${c.id}` });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Số dư sau');
    // The column of the row's order or delivery slip is headed as on the screen (it said "Đơn hàng" over slip codes).
    expect(lines[0]!.split(',')).toContain('Chứng từ liên quan');
    expect(lines[0]!.split(',')).not.toContain('Đơn hàng');
    expect(lines[1]).toContain(t.code);
    expect(lines[1]).toContain('123456');
  });
});
