import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Exactly `{ message, code }` plus optional details: the one error shape of the API. */
function expectErrorShape(body: unknown) {
  expect(body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  expect(Object.keys(body as object).every((k) => ['message', 'code', 'details'].includes(k))).toBe(true);
}

describe('a NUL character anywhere is a 400 naming the field', () => {
  it.each([
    ['a query parameter', { method: 'GET', url: '/api/customers?q=%00' }, 'querystring.q'],
    ['an export query parameter', { method: 'GET', url: '/api/customers/export?format=csv&q=a%00b' }, 'querystring.q'],
    ['a JSON string', { method: 'POST', url: '/api/customers', payload: { fullName: 'a\u0000b' } }, 'body.fullName'],
    ['a nested JSON string', { method: 'POST', url: '/api/orders', payload: { items: [{ name: 'x\u0000' }] } }, 'body.items.0.name'],
    ['a sign-in e-mail, without a token', { method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@b.c', password: 'x' }, token: null }, 'body.email'],
  ] as const)('in %s', async (_name, req, field) => {
    const res = await ctx.request(req as Parameters<TestContext['request']>[0]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectErrorShape(body);
    expect(body.message).toContain(field);
    expect(body.details).toEqual([{ path: field, message: body.message }]);
  });

  it('in English too', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers?q=%00', headers: { 'accept-language': 'en' } });
    expect(res.json().message).toBe('querystring.q contains a NUL character (\\u0000), which is not allowed');
  });
});

describe('every integer keeps its column bounds', () => {
  it.each(['/api/packages?weightGMin=2147483648', '/api/packages?weightGMax=-2147483649', '/api/packages/export?format=csv&weightGMin=2147483648'])(
    '%s → 400',
    async (url) => {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    },
  );

  it('accepts the bounds themselves', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/packages?weightGMin=-2147483648&weightGMax=2147483647' });
    expect(res.statusCode).toBe(200);
  });
});

describe('a malformed upload is a 4xx', () => {
  const part = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n';
  it.each([
    ['no boundary', 'multipart/form-data', part],
    ['an empty boundary', 'multipart/form-data; boundary=', part],
    ['a truncated body', 'multipart/form-data; boundary=XyZ', `${part}PK\u0003\u0004abc`],
    ['only a preamble', 'multipart/form-data; boundary=XyZ', 'garbage'],
    ['a boundary that never closes', 'multipart/form-data; boundary=XyZ', `${part}PK\u0003\u0004abc\r\n--XyZ`],
  ])('%s', async (_name, type, payload) => {
    for (const url of ['/api/customers/import?mode=preview', '/api/packages/import?mode=commit']) {
      const res = await ctx.request({ method: 'POST', url, headers: { 'content-type': type }, payload });
      expect([400, 415], `${url}: ${res.body}`).toContain(res.statusCode);
      expectErrorShape(res.json());
    }
  });
});

describe('errors before routing', () => {
  it('answers headers that are too large with 431 in the API shape', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (c) => (data += c.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ message: expect.any(String), code: 'HEADERS_TOO_LARGE' });
  });

  it('answers a URL that cannot be decoded in the API shape', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers/%E0%A4%A', token: null });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectErrorShape(res.json());
  });
});

describe('API docs', () => {
  it("may not be framed: frame-ancestors 'none'", async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      const res = await ctx.request({ method: 'GET', url, token: null });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("frame-ancestors 'self'");
    }
  });
});
