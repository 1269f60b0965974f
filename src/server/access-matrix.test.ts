import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

/**
 * The access matrix: every operation of the OpenAPI document × every kind of token × every spelling of its path.
 * A 2xx is allowed only where the rule allows it — public operations for anyone, the signed-in operations for
 * Staff, everything for Admin (on the canonical spelling). Any other 2xx fails the test. The allowed sets are
 * written here, not read from the routes, so a route left open by mistake is caught.
 */

/** Operations anyone may call. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  // The second sign-in step and enrolment at sign-in: authenticated by the challenge token of the password step.
  'POST /api/auth/login/mfa',
  'POST /api/auth/login/mfa/enrol',
  'POST /api/auth/login/mfa/enrol/confirm',
  'POST /api/auth/refresh-token',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/public/company',
  'GET /api/public/logo',
  'GET /api/public/tracking',
]);
/** Operations any signed-in user (Staff included) may call. */
const SIGNED_IN = new Set([
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'PATCH /api/auth/me',
  'POST /api/auth/change-password',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/enrol',
  'POST /api/auth/two-factor/confirm',
  'POST /api/auth/two-factor/disable',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/{familyId}',
  'GET /api/settings/session-policy',
  'GET /api/dashboard/ecommerce',
  'GET /api/dashboard/analytics',
  'GET /api/dashboard/ecommerce/export',
  'GET /api/dashboard/analytics/export',
]);

/**
 * Public by route config but authenticated by their provider's key or signature, not by a token: no token of any
 * kind (an Admin's included) may get a 2xx from them.
 */
const KEY_AUTHENTICATED = new Set(['POST /api/integrations/sepay/webhook', 'POST /api/integrations/casso/webhook']);

type TokenKind = 'none' | 'garbage' | 'alg-none' | 'wrong-key' | 'expired' | 'staff' | 'admin';
const TOKEN_KINDS: TokenKind[] = ['none', 'garbage', 'alg-none', 'wrong-key', 'expired', 'staff', 'admin'];

/** Every way of writing the path that a careless check on URL text would not recognise as the API. */
const SPELLINGS: Array<{ name: string; spell: (p: string) => string; raw?: true }> = [
  { name: 'canonical', spell: (p) => p },
  { name: '%61pi', spell: (p) => p.replace(/^\/api/, '/%61pi') },
  { name: 'a%70i', spell: (p) => p.replace(/^\/api/, '/a%70i') },
  { name: 'ap%69', spell: (p) => p.replace(/^\/api/, '/ap%69') },
  { name: 'API', spell: (p) => p.replace(/^\/api/, '/API') },
  { name: '//api', spell: (p) => `/${p}` },
  // Dot segments are sent over a real socket: the in-process injector would normalise them away.
  { name: '/api/./', spell: (p) => p.replace(/^\/api\//, '/api/./'), raw: true },
  { name: '/x/../api', spell: (p) => `/x/..${p}`, raw: true },
  { name: 'trailing slash', spell: (p) => `${p}/` },
  { name: ';param', spell: (p) => `${p};jsessionid=1` },
];

interface Operation {
  method: string;
  template: string;
  path: string;
}

let ctx: TestContext;
let operations: Operation[];
let tokens: Record<TokenKind, string | null>;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const admin = await ctx.tokenFor('Admin');
  const staff = await ctx.tokenFor('Staff');
  const claims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  tokens = {
    none: null,
    garbage: 'not-a-token',
    'alg-none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 3600 })}.`,
    'wrong-key': await new SignJWT({ role: 'Admin', email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('a-different-secret-a-different-secret-0123')),
    expired: await new SignJWT({ role: 'Admin', email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789')),
    staff,
    admin,
  };
  // A real id for each collection, so item routes reach their handler rather than stopping at a 404.
  const ids = new Map<string, string>();
  const idFor = async (collection: string) => {
    if (!ids.has(collection)) {
      const res = await ctx.request({ method: 'GET', url: `${collection}?pageSize=1` });
      const first = res.statusCode === 200 ? (res.json() as { items?: Array<{ id?: unknown }> }).items?.[0]?.id : undefined;
      ids.set(collection, first === undefined ? '1' : String(first));
    }
    return ids.get(collection)!;
  };
  operations = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (template.startsWith('/api/docs')) continue;
    let path = template;
    for (const m of template.matchAll(/\{(\w+)\}/g)) path = path.replace(m[0], await idFor(template.slice(0, m.index - 1)));
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) operations.push({ method: method.toUpperCase(), template, path });
    }
  }
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await ctx?.close();
});

/** Whatever the spelling: a spelling may at most answer as the canonical path would, never more. */
function allowed(op: Operation, token: TokenKind): boolean {
  const key = `${op.method} ${op.template}`;
  if (KEY_AUTHENTICATED.has(key)) return false;
  if (PUBLIC.has(key) || token === 'admin') return true;
  if (token === 'staff') return SIGNED_IN.has(key);
  return false;
}

/** Over a socket, with the path exactly as written (no client-side normalisation). */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function send(op: Operation, token: TokenKind, spelling: (typeof SPELLINGS)[number]) {
  const url = spelling.spell(op.path);
  const headers: Record<string, string> = {};
  const t = tokens[token];
  if (t) headers.authorization = `Bearer ${t}`;
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  if (spelling.raw) return rawRequest(op.method, url, headers, hasBody ? '{}' : undefined);
  const res = await ctx.app.inject({ method: op.method as 'GET', url, headers, ...(hasBody ? { payload: '{}' } : {}) });
  return { statusCode: res.statusCode, body: res.body };
}

describe('access matrix', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const key of [...PUBLIC, ...SIGNED_IN, ...KEY_AUTHENTICATED]) {
      expect(operations.map((o) => `${o.method} ${o.template}`), key).toContain(key);
    }
  });

  it('answers 2xx only where the rule allows it, for every operation, token and spelling', { timeout: 300_000 }, async () => {
    const violations: string[] = [];
    let sent = 0;
    // Admin last, and its reads before its writes, so a write that succeeds cannot starve the rest of the walk.
    const order = (o: Operation) => (o.method === 'GET' ? 0 : o.method === 'DELETE' ? 2 : 1);
    const plan: Array<[Operation, TokenKind]> = [];
    for (const token of TOKEN_KINDS.filter((t) => t !== 'admin')) for (const op of operations) plan.push([op, token]);
    for (const op of [...operations].sort((a, b) => order(a) - order(b))) plan.push([op, 'admin']);
    for (const [op, token] of plan) {
      for (const spelling of SPELLINGS) {
        const res = await send(op, token, spelling);
        sent++;
        if (res.statusCode >= 200 && res.statusCode < 300 && !allowed(op, token)) {
          violations.push(`${op.method} ${spelling.spell(op.path)} with ${token} token → ${res.statusCode}`);
        }
        if (res.statusCode >= 500) violations.push(`${op.method} ${spelling.spell(op.path)} with ${token} token → ${res.statusCode}`);
      }
    }
    expect(sent).toBe(operations.length * TOKEN_KINDS.length * SPELLINGS.length);
    expect(violations).toEqual([]);
  });

  it('answers a path that matches no route with a JSON 404 and no data, signed in or not', async () => {
    for (const url of ['/api/no-such-thing', '/%61pi/no-such-thing', '/API/customers', '//api/customers', '/api/customers;x']) {
      for (const token of [null, tokens.admin]) {
        const res = await ctx.request({ method: 'GET', url, token });
        expect([400, 404], `${url}`).toContain(res.statusCode);
        expect(Object.keys(res.json()).sort(), url).toEqual(['code', 'message']);
      }
    }
  });
});
