import { describe, expect, it } from 'vitest';
import { CASSO_SIGNATURE_WINDOW_MS, cassoSignatureHeader, sortedCompactJson, verifyCassoSignature, verifySepayApiKey } from './bank-webhook.auth';
import { CASSO_SAMPLE_BODY, CASSO_SAMPLE_HEADER, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T } from './fixtures/casso-sample';

describe('Casso v2 signature', () => {
  // The body as Casso's sample writes it (keys in its own order, indented): the signature is over the sorted,
  // compact form of what was received, not over these bytes.
  const raw = Buffer.from(JSON.stringify(CASSO_SAMPLE_BODY, null, 4));

  it("verifies Casso's published sample (key, t, body and v1 from its python.py)", () => {
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, raw, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T + 1000)).toEqual({ ok: true });
    expect(cassoSignatureHeader(CASSO_SAMPLE_KEY, CASSO_SAMPLE_T, CASSO_SAMPLE_BODY)).toBe(CASSO_SAMPLE_HEADER);
  });

  it('refuses the sample over different bytes: one digit of the amount, one letter of the memo', () => {
    const amount = Buffer.from(raw.toString().replace('599000', '599001'));
    const memo = Buffer.from(raw.toString().replace('thu nghiem', 'thu nghiam'));
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, amount, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, memo, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses another key, a timestamp outside 5 minutes either way, and malformed headers', () => {
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, raw, 'another-key', CASSO_SAMPLE_T).ok).toBe(false);
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, raw, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T + CASSO_SIGNATURE_WINDOW_MS)).toEqual({ ok: true });
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, raw, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T + CASSO_SIGNATURE_WINDOW_MS + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, raw, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T - CASSO_SIGNATURE_WINDOW_MS - 1)).toEqual({ ok: false, reason: 'expired' });
    for (const h of ['', 'v1=abc', `t=${CASSO_SAMPLE_T}`, `t=x,v1=${'a'.repeat(128)}`, `t=${CASSO_SAMPLE_T},v1=${'a'.repeat(127)}`]) {
      expect(verifyCassoSignature(h || undefined, raw, CASSO_SAMPLE_KEY, CASSO_SAMPLE_T).ok, h).toBe(false);
    }
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, raw, null, CASSO_SAMPLE_T)).toEqual({ ok: false, reason: 'not_configured' });
    expect(verifyCassoSignature(CASSO_SAMPLE_HEADER, Buffer.from('{not json'), CASSO_SAMPLE_KEY, CASSO_SAMPLE_T)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('sorts keys at every level and accepts both spellings of Vietnamese letters', () => {
    expect(sortedCompactJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[{"y":2,"z":1}]},"b":1}');
    expect(sortedCompactJson({ a: 'Đặng' }, true)).toBe('{"a":"\\u0110\\u1eb7ng"}');
    const body = { error: 0, data: { id: 7, description: 'Thanh toán PG261200301' } };
    const t = Date.now();
    expect(verifyCassoSignature(cassoSignatureHeader('k', t, body), Buffer.from(JSON.stringify(body)), 'k', t)).toEqual({ ok: true });
  });
});

describe('a body nested past any provider body', () => {
  it('is refused as unsigned, not recursed into until the stack overflows', () => {
    const n = 100_000;
    const raw = Buffer.from(`{"error":0,"data":{"id":1,"x":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`);
    const t = Date.now();
    expect(verifyCassoSignature(`t=${t},v1=${'a'.repeat(128)}`, raw, 'k', t)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('SePay API key', () => {
  it('accepts exactly `Apikey <key>`', () => {
    expect(verifySepayApiKey('Apikey s3cret', 's3cret')).toEqual({ ok: true });
    expect(verifySepayApiKey('apikey s3cret', 's3cret')).toEqual({ ok: true });
    expect(verifySepayApiKey('Apikey s3cre', 's3cret')).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifySepayApiKey('Apikey s3cret2', 's3cret')).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifySepayApiKey('Bearer s3cret', 's3cret')).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySepayApiKey(undefined, 's3cret')).toEqual({ ok: false, reason: 'missing' });
    expect(verifySepayApiKey('Apikey s3cret', null)).toEqual({ ok: false, reason: 'not_configured' });
  });
});
