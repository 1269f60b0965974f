import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATIC_LOGIN_FILE, type StaticLoginBuild } from '../shared/static-login';
import { buildApp } from './app';
import { SECURITY_HEADERS } from './plugins/security';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers without a token and names the driver', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: ctx.database.driver,
      version: expect.any(String),
      queue: { backlog: expect.any(Number), oldestWaitingSeconds: expect.any(Number), failedLastHour: expect.any(Number) },
    });
  });

  it('is a readiness check: 503 while the database does not answer', async () => {
    // Only the health check's own statement fails: anything else the app asks first still answers.
    const query = ctx.database.query.bind(ctx.database);
    const spy = vi.spyOn(ctx.database, 'query').mockImplementation(((text: string, params?: unknown[]) =>
      text === 'SELECT 1' ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : query(text, params as never)) as typeof ctx.database.query);
    try {
      const res = await ctx.request({ method: 'GET', url: '/api/health', token: null });
      expect(spy).toHaveBeenCalledWith('SELECT 1');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: 'Cơ sở dữ liệu không phản hồi' });
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document without a token', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
  });
});

describe('closed by default', () => {
  it.each(['/api/customers', '/api/employees', '/api/audit-logs'])('%s needs a token', async (url) => {
    const res = await ctx.request({ method: 'GET', url, token: null });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('answers an unknown API path with a JSON 404 and no data, signed in or not', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/anything/at/all', token: null });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('refuses a percent-encoded spelling of a path before routing', async () => {
    const res = await ctx.request({ method: 'GET', url: '/%61pi/transactions', token: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'NON_CANONICAL_PATH', message: expect.any(String) });
  });

  it('rejects a forged token', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers', token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 in JSON for an unknown API path once signed in', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, frame-ancestors none and no-store on the API', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health', token: null });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never leaks a stack trace or SQL text', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/health',
      token: null,
      headers: { 'content-type': 'application/json' },
      payload: '{"broken json',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|SELECT|node_modules/i);
  });
});

describe('SPA fallback', () => {
  let webDir: string;
  beforeAll(() => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'cc-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root">spa-index</div>');
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // As the build writes them: each text asset beside its brotli and gzip forms.
    const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), big);
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.gz'), gzipSync(big));
  });

  it('serves built assets precompressed by Accept-Encoding, plain to a client that takes neither', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, jwtSecret: 'x'.repeat(40), serveWeb: true, webDir, logger: false });
    try {
      const url = '/assets/big-abc123.js';
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('x'.repeat(4000));
      expect(br.rawPayload.length).toBeLessThan(200);
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('x'.repeat(4000));
      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('x'.repeat(4000));
    } finally {
      await app.close();
    }
  });

  it('serves index.html for every client route, known or not, and real files as themselves', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, jwtSecret: 'x'.repeat(40), serveWeb: true, webDir, logger: false });
    try {
      for (const url of ['/', '/auth/login', '/customer/12', '/mawb/edit/3', '/some/unknown/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('spa-index');
        expect(res.headers['content-security-policy']).toBeDefined();
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // A missing chunk must be a real 404, or the client could not tell a stale deploy from a page.
      expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
      // An API path, however spelled, gets the JSON 404 and never the SPA shell; static files stay public.
      for (const url of ['/api/nope', '/API/transactions', '//api/transactions', '/api/transactions;x=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    } finally {
      await app.close();
    }
  });
});

describe('the static sign-in page', () => {
  let webDir: string;
  beforeAll(() => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'cc-web-login-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root">spa-index</div>');
    // As the build writes it (src/web/app/static-login-page.tsx), reduced to its placeholders.
    const build: StaticLoginBuild = {
      html:
        '<!doctype html><div id="static-login" data-company="%CARGO_COMPANY%"><header>%CARGO_BRAND%</header>' +
        '<footer>© %CARGO_YEAR% Cargo Console</footer></div><div id="root">spa-index</div>',
      brand: { appName: 'Cargo Console', icon: '<b title="%CARGO_BRAND_NAME%">%CARGO_BRAND_NAME%</b>', logo: '<img src="%CARGO_BRAND_LOGO%">' },
    };
    writeFileSync(path.join(webDir, STATIC_LOGIN_FILE), JSON.stringify(build));
  });

  it('is sent for the sign-in route only, filled in, with every security header', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, jwtSecret: 'x'.repeat(40), serveWeb: true, webDir, logger: false });
    try {
      const company = (await app.inject({ method: 'GET', url: '/api/public/company' })).json() as { name: string };
      const brand = company.name || 'Cargo Console';
      for (const url of ['/auth/login', '/auth/login?returnTo=%2Fmawb%3Fpage%3D2', '/auth/login/', '/AUTH/Login']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.link, url).toBe('</layout-boot.js>; rel=preload; as=script');
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], `${url} ${name}`).toBe(value);
        expect(res.body, url).toContain(`<footer>© ${new Date().getFullYear()} Cargo Console</footer>`);
        expect(res.body, url).toContain(`<header><b title="${brand}">${brand}</b></header>`);
        expect(res.body, url).not.toContain('%CARGO_');
        // The profile the app starts from, as an attribute value (HTML-escaped JSON).
        const attr = /data-company="([^"]*)"/.exec(res.body)![1]!;
        expect(JSON.parse(attr.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))).toEqual(company);
      }
      // Compressed when the browser takes it, the same document.
      const plain = (await app.inject({ method: 'GET', url: '/auth/login', headers: { 'accept-encoding': 'identity' } })).body;
      const br = await app.inject({ method: 'GET', url: '/auth/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
      const gz = await app.inject({ method: 'GET', url: '/auth/login', headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
      // Every other client route keeps the SPA's index.html.
      for (const url of ['/', '/auth/forget-password', '/auth/login/more', '/auth/loginx', '/customer/12', '/auth']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('<!doctype html><div id="root">spa-index</div>');
      }
      // Never sent as a file (placeholders and all), and nothing is posted to it.
      const raw = await app.inject({ method: 'GET', url: `/${STATIC_LOGIN_FILE}` });
      expect(raw.statusCode).toBe(404);
      expect(raw.body).not.toContain('%CARGO_');
      const post = await app.inject({ method: 'POST', url: '/auth/login', payload: 'email=a%40b.c&password=secret', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(post.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('database constraint errors', () => {
  it('turns a reference to a missing row into a 400 on its field, not a 500', async () => {
    const [store] = await ctx.database.query<{ id: number }>(`SELECT id FROM stores ORDER BY id LIMIT 1`);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/packages',
      payload: { trackingNumber: 'FKTEST0001', storeId: store!.id, orderId: 987654321 },
    });
    expect(res.statusCode).toBe(400);
    // The package's order is checked by its rule before the database is asked (the order must be open and the
    // package's customer's), so the message names what is missing.
    expect(res.json().details).toEqual([{ path: 'orderId', message: 'Đơn hàng không tồn tại hoặc đã bị xóa' }]);
    expect(res.body).not.toMatch(/orders|constraint|violat/i);
  });

  it('turns the database’s own refusal of a reference to a missing row into a 400 on its field, without SQL', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, jwtSecret: 'x'.repeat(40), logger: false });
    try {
      // A write no rule checked first: the foreign key itself refuses it.
      app.get('/api/fk-probe', { config: { access: 'public' } }, async () => {
        await ctx.database.query(`INSERT INTO tracking_events (package_id, code) VALUES (987654321, 'expected')`);
        return {};
      });
      const res = await app.inject({ method: 'GET', url: '/api/fk-probe' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Dữ liệu liên kết không tồn tại');
      expect(res.json().details).toEqual([{ path: 'packageId', message: 'Dữ liệu liên kết không tồn tại' }]);
      expect(res.body).not.toMatch(/tracking_events|constraint|violat/i);
    } finally {
      await app.close();
    }
  });
});
