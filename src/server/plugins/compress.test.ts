import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { chooseEncoding } from '../lib/accept-encoding';
import { COMPRESS_MIN_BYTES } from './compress';

let ctx: TestContext;
const url = '/api/customers?pageSize=100&sort=fullName';
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.query(
    `INSERT INTO customers (full_name, phone, province, search_text)
     SELECT 'Khách Nén ' || g, '07' || lpad(g::text, 8, '0'), 'Hà Nội', 'khach nen ' || g FROM generate_series(1, 60) g`,
  );
});
afterAll(() => ctx.close());

describe('compressed API answers', () => {
  it('a large list comes gzip or brotli when asked, the same JSON once decoded, and plain when not', async () => {
    const plain = await ctx.request({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

    const br = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health', token: null, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('ok');
  });

  it('honours a refusal (q=0)', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
