import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankIntegrationSettings } from '../../../shared/contracts/bank-transactions';
import { createTestContext, type TestContext } from '../../test/harness';
import { bankHelpers, cassoBody, sepayBody } from './test-support';

/**
 * The webhook keys saved in Settings (PUT /api/bank-transactions/settings) on a server started WITHOUT
 * SEPAY_WEBHOOK_KEY / CASSO_WEBHOOK_KEY: Admin only, validated, audited without the key, shown back only as its last
 * 4 characters, and the webhooks authenticate with the key in force (a replaced or removed key no longer works).
 * With a key in the environment, the environment's wins (bank-transactions.test.ts).
 */

const SEPAY_KEY = 'sepay-from-settings-0001';
const CASSO_KEY = 'casso-from-settings-key-0002';
const URL = '/api/bank-transactions/settings';

let ctx: TestContext;
let b: ReturnType<typeof bankHelpers>;
beforeAll(async () => {
  ctx = await createTestContext();
  b = bankHelpers(() => ctx, CASSO_KEY);
  await b.configureAccount();
});
afterAll(() => ctx.close());

const put = (payload: unknown, token?: string) => ctx.request({ method: 'PUT', url: URL, payload: payload as Record<string, unknown>, token });
const stored = (provider: string, id: number) => b.count('SELECT count(*) AS n FROM bank_transactions WHERE provider = $1 AND provider_id = $2', [provider, String(id)]);

describe('webhook keys in Settings', () => {
  it('Admin only: no token 401, Staff 403 for reading and saving', async () => {
    await ctx.expectAdminOnly('GET', URL);
    await ctx.expectAdminOnly('PUT', URL);
    expect((await put({ sepayKey: SEPAY_KEY }, await ctx.tokenFor('Staff'))).statusCode).toBe(403);
    const s = await ctx.getOk<BankIntegrationSettings>(URL);
    expect(s.sepay).toEqual({ configured: false, source: null, hint: null });
  });

  it('refuses a key too short, with spaces (also around it: refused, not trimmed) or not a string, and an unknown field: 400 { message, code }, nothing saved', async () => {
    for (const payload of [{ sepayKey: 'short' }, { sepayKey: 'has a space inside it' }, { sepayKey: ' sepay-leading-space-0001' }, { sepayKey: 'sepay-trailing-space-0001 ' }, { topUpPrefix: ' NAP' }, { cassoKey: 1234567890123456 }, { sepayKey: 'x'.repeat(201) }, { topUpPrefix: 'NẠP' }, { other: 'x' }]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    expect((await ctx.getOk<BankIntegrationSettings>(URL)).sepay.configured).toBe(false);
  });

  it('not configured: a webhook is 401 and stores nothing', async () => {
    const body = sepayBody();
    const res = await b.sepay(body, SEPAY_KEY);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('BANK_WEBHOOK_NOT_CONFIGURED');
    expect(await stored('sepay', body.id)).toBe(0);
  });

  it('saved keys: shown back as the last 4 characters only, audited without them, and the webhooks accept exactly them', async () => {
    const res = await put({ sepayKey: SEPAY_KEY, cassoKey: CASSO_KEY });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as BankIntegrationSettings;
    expect(s.sepay).toEqual({ configured: true, source: 'settings', hint: '••••0001' });
    expect(s.casso).toEqual({ configured: true, source: 'settings', hint: '••••0002' });
    const read = await ctx.request({ method: 'GET', url: URL });
    for (const text of [res.body, read.body]) {
      expect(text).not.toContain(SEPAY_KEY);
      expect(text).not.toContain(CASSO_KEY);
    }
    const audit = await b.q<{ action: string; after: unknown }>(`SELECT action, after FROM audit_log WHERE entity = 'bank-integration' ORDER BY id DESC LIMIT 1`);
    expect(audit[0]).toMatchObject({ action: 'update', after: { sepayKey: 'set', cassoKey: 'set' } });
    expect(JSON.stringify(audit)).not.toContain(SEPAY_KEY.slice(0, 12));

    const sepay = sepayBody();
    const ok = await b.sepay(sepay, SEPAY_KEY);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect(await stored('sepay', sepay.id)).toBe(1);
    const wrong = sepayBody();
    expect((await b.sepay(wrong, 'sepay-some-other-key-0001')).statusCode).toBe(401);
    expect(await stored('sepay', wrong.id)).toBe(0);

    const casso = cassoBody();
    const cassoOk = await b.casso(casso);
    expect(cassoOk.statusCode, cassoOk.body).toBe(200);
    expect(await stored('casso', casso.data.id)).toBe(1);
  });

  it('a replaced key stops working at once; a removed one leaves the webhook refusing every call', async () => {
    const replaced = 'sepay-replacement-key-0003';
    expect((await put({ sepayKey: replaced })).json().sepay.hint).toBe('••••0003');
    const old = sepayBody();
    expect((await b.sepay(old, SEPAY_KEY)).statusCode).toBe(401);
    expect(await stored('sepay', old.id)).toBe(0);
    expect((await b.sepay(sepayBody(), replaced)).statusCode).toBe(200);

    const removed = await put({ sepayKey: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().sepay).toEqual({ configured: false, source: null, hint: null });
    // Casso's key was not in the patch: it stays.
    expect(removed.json().casso.configured).toBe(true);
    const after = await b.sepay(sepayBody(), replaced);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('BANK_WEBHOOK_NOT_CONFIGURED');
    const audit = await b.q<{ after: unknown }>(`SELECT after FROM audit_log WHERE entity = 'bank-integration' ORDER BY id DESC LIMIT 1`);
    expect(audit[0]!.after).toEqual({ sepayKey: 'removed' });
  });
});
