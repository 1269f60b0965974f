import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// The smallest valid PNG (1×1, transparent).
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

async function putLogo(bytes: Buffer) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [{ id }] = await ctx.database.query<{ id: number }>(
    `INSERT INTO stored_files (content_type, bytes, sha256, size) VALUES ('image/png', $1, $2, $3) RETURNING id`,
    [bytes, sha256, bytes.length],
  );
  await ctx.database.query(`UPDATE settings SET value = $1::jsonb WHERE kind = 'company' AND key = 'logo'`, [
    JSON.stringify({ fileId: Number(id), contentType: 'image/png', sha256, size: bytes.length }),
  ]);
  return sha256;
}

describe('GET /api/public/company', () => {
  it('answers the seeded profile without sign-in, briefly cacheable, and no logo by default', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/public/company', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['address', 'hotline', 'logoUrl', 'name', 'phone', 'taxCode']);
    expect(body.name).toMatch(/^Công ty/);
    expect(body.taxCode).toMatch(/^\d{10}$/);
    expect(body.logoUrl).toBeNull();
  });

  it('has no logo to serve by default: 404 as JSON', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/public/logo', token: null });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Công ty chưa có logo' });
  });

  it('serves the logo from the database: immutable under its versioned URL, revalidated otherwise', async () => {
    const sha = await putLogo(PNG_1X1);
    const { logoUrl } = (await ctx.request({ method: 'GET', url: '/api/public/company', token: null })).json();
    expect(logoUrl).toBe(`/api/public/logo?v=${sha.slice(0, 16)}`);

    const res = await ctx.request({ method: 'GET', url: logoUrl, token: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${sha.slice(0, 16)}"`);

    const plain = await ctx.request({ method: 'GET', url: '/api/public/logo?v=0000000000000000', token: null });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, no-cache');

    const again = await ctx.request({ method: 'GET', url: '/api/public/logo', token: null, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('refuses unknown query parameters', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/public/logo?size=big', token: null });
    expect(res.statusCode).toBe(400);
  });
});
