import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { Transaction, TransactionTotals } from '../../../shared/contracts/transactions';
import { applyToBalance, signedAmount, type TransactionType } from '../../../shared/domain/ledger';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The wallet's promises, checked through the real API on the test database (PGlite, or PostgreSQL with a
 * pool of 10 under TEST_DB=postgres): the balance always equals the sum of the ledger, and no sequence or
 * burst of concurrent requests takes it below −creditLimit.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let seq = 0;
const newCustomer = async (creditLimit = 0) => {
  seq += 1;
  return ctx.postCreated<Customer>('/api/customers', { fullName: `Khách Bất Biến ${seq}`, phone: `0355${String(400000 + seq).slice(-6)}`, creditLimit, group: creditLimit ? 'wholesale' : 'retail' });
};
const post = (payload: Record<string, unknown>, key: string = randomUUID(), app?: FastifyInstance, token?: string) =>
  app
    ? app.inject({ method: 'POST', url: '/api/transactions', headers: { authorization: `Bearer ${token}`, 'idempotency-key': key }, payload })
    : ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': key }, payload });
const customer = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/customers/${id}` })).json() as Customer;
const ledgerNet = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/transactions/totals?customerId=${id}` })).json() as TransactionTotals).net;

/** Everything the database holds about one wallet must agree. */
async function expectConsistent(id: number) {
  const c = await customer(id);
  expect(await ledgerNet(id)).toBe(c.balance);
  expect(c.balance).toBeGreaterThanOrEqual(-c.creditLimit);
  const rows = await ctx.database.query<{ amount: number; balance_after: number }>(
    'SELECT amount, balance_after FROM transactions WHERE customer_id = $1 ORDER BY id',
    [id],
  );
  let running = 0;
  for (const r of rows) {
    running += r.amount;
    expect(r.balance_after).toBe(running);
  }
  expect(running).toBe(c.balance);
  return c;
}

describe('concurrency', () => {
  it('20 parallel 150,000 đ payments on a 1,000,000 đ balance: exactly 6 accepted, the rest 409, no 5xx', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await newCustomer();
      expect((await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'cash' })).statusCode).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post({ customerId: c.id, type: 'payment', amount: 150_000, method: 'cash', note: `Lượt ${i}` })),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(6);
      expect(statuses.filter((s) => s === 409)).toHaveLength(14);
      for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('CREDIT_LIMIT_EXCEEDED');
      const after = answers.filter((a) => a.statusCode === 201).map((a) => (a.json() as Transaction).balanceAfter);
      expect(after.sort((a, b) => b - a)).toEqual([850_000, 700_000, 550_000, 400_000, 250_000, 100_000]);
      const final = await expectConsistent(c.id);
      expect(final.balance).toBe(100_000);
    }
  });

  it('a mixed burst of deposits, payments and limit changes keeps every wallet consistent', async () => {
    const a = await newCustomer();
    const b = await newCustomer(300_000);
    await post({ customerId: a.id, type: 'deposit', amount: 500_000, method: 'cash' });
    const burst: Array<Promise<{ statusCode: number }>> = [];
    for (let i = 0; i < 30; i++) {
      const who = i % 2 ? a : b;
      const type: TransactionType = i % 3 === 0 ? 'deposit' : i % 5 === 0 ? 'adjustment' : 'payment';
      const amount = type === 'adjustment' ? -70_000 : type === 'deposit' ? 60_000 : 110_000;
      burst.push(post({ customerId: who.id, type, amount, method: 'bank_transfer' }));
    }
    // Editing the customer (credit limit, under If-Match) races the wallet on the same row lock.
    burst.push(ctx.request({ method: 'PATCH', url: `/api/customers/${b.id}`, headers: { 'if-match': `"${b.version}"` }, payload: { creditLimit: 100_000 } }));
    const answers = await Promise.all(burst);
    expect(answers.map((x) => x.statusCode).filter((s) => ![200, 201, 409].includes(s))).toEqual([]);
    await expectConsistent(a.id);
    await expectConsistent(b.id);
  });

  // PGlite is one process on one connection; several instances sharing a database is the PostgreSQL set-up.
  it.skipIf(inject('dbTemplate').driver !== 'postgres')('two server instances on one database cannot overdraw a wallet between them', async () => {
    const url = (ctx.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    let second: Database | undefined;
    let app2: FastifyInstance | undefined;
    try {
      second = await openDatabase({ databaseUrl: url, poolSize: 10 });
      app2 = await buildApp({ database: second, config: ctx.config, jwtSecret: ctx.app.deps.jwtSecret, serveWeb: false, logger: false });
      await app2.ready();
      const token = await ctx.tokenFor('Admin');
      const c = await newCustomer();
      await post({ customerId: c.id, type: 'deposit', amount: 1_000_000, method: 'cash' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post({ customerId: c.id, type: 'payment', amount: 150_000, method: 'cash' }, randomUUID(), i % 2 ? app2 : undefined, token)),
      );
      expect(answers.map((x) => x.statusCode).sort()).toEqual([...Array(6).fill(201), ...Array(14).fill(409)]);
      expect((await expectConsistent(c.id)).balance).toBe(100_000);
    } finally {
      await app2?.close();
      await second?.close();
    }
  });
});

type Op =
  | { kind: 'move'; type: TransactionType; amount: number }
  | { kind: 'limit'; creditLimit: number }
  | { kind: 'replay' }
  | { kind: 'burst'; amounts: number[] };

const money = fc.integer({ min: 1, max: 20 }).map((n) => n * 50_000);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('move' as const), type: fc.constantFrom<TransactionType>('deposit', 'payment', 'payment', 'refund', 'cod'), amount: money }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), type: fc.constant<TransactionType>('adjustment'), amount: fc.oneof(money, money.map((m) => -m)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('limit' as const), creditLimit: fc.integer({ min: 0, max: 6 }).map((n) => n * 100_000) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'replay' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('burst' as const), amounts: fc.array(fc.oneof(money, money.map((m) => -m)), { minLength: 2, maxLength: 6 }) }) },
);

describe('property: any sequence of operations', () => {
  it('keeps balance = Σ ledger and never breaks the credit limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5 }).map((n) => n * 100_000), fc.array(op, { minLength: 1, maxLength: 14 }), async (startLimit, ops) => {
        const c = await newCustomer(startLimit);
        let version = c.version;
        let limit = startLimit;
        let balance = 0;
        let last: { payload: Record<string, unknown>; key: string; status: number; body: string } | undefined;
        for (const o of ops) {
          if (o.kind === 'move') {
            const payload = { customerId: c.id, type: o.type, amount: o.amount, method: 'cash' };
            const key = randomUUID();
            const res = await post(payload, key);
            const expected = applyToBalance(balance, limit, signedAmount(o.type, o.amount));
            expect(res.statusCode, `${o.type} ${o.amount} on ${balance} (limit ${limit})`).toBe(expected.ok ? 201 : 409);
            if (expected.ok) {
              balance = expected.balanceAfter;
              expect(res.json().balanceAfter).toBe(balance);
            }
            last = { payload, key, status: res.statusCode, body: res.body };
          } else if (o.kind === 'limit') {
            const res = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': `"${version}"` }, payload: { creditLimit: o.creditLimit } });
            const allowed = balance >= -o.creditLimit;
            expect(res.statusCode, `limit ${o.creditLimit} with balance ${balance}`).toBe(allowed ? 200 : 409);
            if (allowed) {
              version = res.json().version;
              limit = o.creditLimit;
            }
          } else if (o.kind === 'replay') {
            if (!last) continue;
            const res = await post(last.payload, last.key);
            expect(res.statusCode).toBe(last.status);
            expect(res.body).toBe(last.body);
          } else {
            const answers = await Promise.all(
              o.amounts.map((a) => post({ customerId: c.id, type: a > 0 ? 'deposit' : 'payment', amount: Math.abs(a), method: 'bank_transfer' })),
            );
            expect(answers.map((a) => a.statusCode).filter((s) => s !== 201 && s !== 409)).toEqual([]);
            // Whatever order they ran in, only payments can be refused, and the accepted ones add up.
            const accepted = o.amounts.filter((_, i) => answers[i]!.statusCode === 201);
            o.amounts.forEach((a, i) => {
              if (answers[i]!.statusCode === 409) expect(a).toBeLessThan(0);
            });
            balance += accepted.reduce((s, v) => s + v, 0);
          }
          const now = await expectConsistent(c.id);
          expect(now.balance).toBe(balance);
          expect(now.creditLimit).toBe(limit);
        }
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
