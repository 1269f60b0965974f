import { expect } from 'vitest';
import { cassoSignatureHeader } from './bank-webhook.auth';
import { CASSO_SAMPLE_BODY } from './fixtures/casso-sample';
import type { TestContext } from '../../test/harness';

/** Keys the API tests configure (env), and a receiving account like the one in Casso's sample. */
export const TEST_SEPAY_KEY = 'sepay-test-key-0123456789abcdef';
export const TEST_ACCOUNT = '88888888';
let nextId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
const freshId = () => nextId++;

/** A SePay body as its docs describe it. */
export function sepayBody(over: Record<string, unknown> = {}) {
  const id = freshId();
  return {
    id,
    gateway: 'Vietcombank',
    transactionDate: '2026-12-01 10:15:00',
    accountNumber: TEST_ACCOUNT,
    code: null,
    content: 'chuyen tien',
    transferType: 'in',
    transferAmount: 150000,
    accumulated: 19077000,
    subAccount: null,
    referenceCode: `FT${id}`,
    description: 'BankAPINotify chuyen tien',
    ...over,
  };
}

/** A Casso v2 body shaped as Casso's own sample: the sample's account holder and banks, a fresh id and reference. */
export function cassoBody(data: Record<string, unknown> = {}) {
  const id = freshId();
  return {
    error: 0,
    data: {
      ...CASSO_SAMPLE_BODY.data,
      id,
      reference: `CS${id}`,
      amount: 150000,
      transactionDateTime: '2026-12-01 10:15:00',
      accountNumber: TEST_ACCOUNT,
      ...data,
    },
  };
}

export function bankHelpers(ctx: () => TestContext, cassoKey: string) {
  const sepay = (body: unknown, key: string | null = TEST_SEPAY_KEY, raw?: string) =>
    ctx().request({
      method: 'POST',
      url: '/api/integrations/sepay/webhook',
      token: null,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Apikey ${key}` } : {}) },
      payload: raw ?? JSON.stringify(body),
    });
  const casso = (body: unknown, opts: { key?: string; t?: number; raw?: string; header?: string } = {}) =>
    ctx().request({
      method: 'POST',
      url: '/api/integrations/casso/webhook',
      token: null,
      headers: { 'content-type': 'application/json', 'x-casso-signature': opts.header ?? cassoSignatureHeader(opts.key ?? cassoKey, opts.t ?? Date.now(), body) },
      payload: opts.raw ?? JSON.stringify(body),
    });
  const q = <T>(sqlText: string, params: unknown[] = []) => ctx().database.query<T>(sqlText, params);
  const rows = (provider: string, providerId: string | number) =>
    q<{ id: string; state: string; reason: string | null; processed_at: string | null; transaction_ids: number[]; amount: string; slip_id: string | null; customer_id: string | null }>(
      // Numbers as text: the two drivers return bigint columns differently.
      'SELECT id::text AS id, state, reason, processed_at, transaction_ids, amount::text AS amount, slip_id::text AS slip_id, customer_id::text AS customer_id FROM bank_transactions WHERE provider = $1 AND provider_id = $2',
      [provider, String(providerId)],
    );
  const count = async (sqlText: string, params: unknown[] = []) => Number((await q<{ n: string }>(sqlText, params))[0]!.n);
  /** The customer's balance and the sum of their ledger rows (they must agree). */
  const wallet = async (customerId: number) => {
    const [c] = await q<{ balance: string }>('SELECT balance FROM customers WHERE id = $1', [customerId]);
    const [s] = await q<{ s: string }>('SELECT coalesce(sum(amount), 0) AS s FROM transactions WHERE customer_id = $1', [customerId]);
    return { balance: Number(c!.balance), ledger: Number(s!.s) };
  };
  const configureAccount = async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/api/settings',
      payload: { kind: 'bank_account', key: 'transfer', value: { bankName: 'VPBank', bin: '970432', accountNumber: TEST_ACCOUNT, accountName: 'CONG TY CARGO' } },
    });
    // The template may already hold this setting (demo seed): then it is edited in place.
    if (res.statusCode !== 201) {
      const list = (await ctx().getOk<{ items: Array<{ id: number; version: number }> }>('/api/settings?kind=bank_account')).items[0]!;
      const patch = await ctx().request({
        method: 'PATCH',
        url: `/api/settings/${list.id}`,
        headers: { 'if-match': `"${list.version}"` },
        payload: { value: { bankName: 'VPBank', bin: '970432', accountNumber: TEST_ACCOUNT, accountName: 'CONG TY CARGO' } },
      });
      expect(patch.statusCode, patch.body).toBe(200);
    }
  };
  return { sepay, casso, q, rows, count, wallet, configureAccount };
}
