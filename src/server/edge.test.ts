import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshIp } from './modules/auth/test-support';
import { createTestContext, type TestContext } from './test/harness';

// What the server believes about the network in front of it: which proxy's X-Forwarded-For it trusts, which hosts
// may go into a link in mail, how long a request may take, and one Host per request.

async function failedLoginIp(ctx: TestContext, remoteAddress: string, forwardedFor: string): Promise<string | null> {
  const user = await createUser(ctx);
  const res = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    token: null,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: user.email, password: 'not-the-password' },
  });
  expect(res.statusCode).toBe(401);
  const rows = await ctx.database.query<{ ip: string | null }>(
    `SELECT ip FROM audit_log WHERE action = 'login_failed' AND actor_email = $1`,
    [user.email],
  );
  return rows[0]!.ip;
}

async function outboxCount(ctx: TestContext, to: string): Promise<number> {
  const rows = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = $1', [to]);
  return rows[0]!.n;
}

/** Sends raw bytes on a real socket; resolves with everything the server wrote before it closed (or `waitMs`). */
function rawExchange(port: number, chunks: { data: string; afterMs: number }[], waitMs: number) {
  return new Promise<{ text: string; closed: boolean; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - started });
    };
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    for (const c of chunks) setTimeout(() => !done && socket.write(c.data), c.afterMs);
    setTimeout(() => finish(false), waitMs);
  });
}

describe('TRUST_PROXY: a hop count or the proxies, never the client-written leftmost entry', () => {
  for (const [name, env] of [
    ['a hop count', { TRUST_PROXY: '1' }],
    ['a list of proxy addresses/CIDRs', { TRUST_PROXY: '10.9.9.0/24, 192.0.2.7' }],
  ] as const) {
    describe(name, () => {
      let ctx: TestContext;
      beforeAll(async () => {
        ctx = await createTestContext(env);
      });
      afterAll(() => ctx.close());

      it('takes the address the trusted proxy appended, not the one the client wrote', async () => {
        // The client wrote "6.6.6.6"; the proxy at 10.9.9.9 appended the address it saw, 203.0.113.7.
        expect(await failedLoginIp(ctx, '10.9.9.9', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
      });

      if (name === 'a list of proxy addresses/CIDRs') {
        it('believes nothing from a peer that is not one of the proxies', async () => {
          expect(await failedLoginIp(ctx, '198.51.100.20', '6.6.6.6')).toBe('198.51.100.20');
        });
      }
    });
  }

  describe('unset', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());
    it('uses the socket address and ignores X-Forwarded-For', async () => {
      expect(await failedLoginIp(ctx, '198.51.100.21', '6.6.6.6')).toBe('198.51.100.21');
    });
  });
});

describe('links in mail and the Host header', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ REQUEST_TIMEOUT: '1s', HEADERS_TIMEOUT: '1s' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  const forgot = (email: string, headers: Record<string, string>) =>
    ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, remoteAddress: freshIp(), headers, payload: { email } });

  it('without PUBLIC_URL, a Host outside ALLOWED_HOSTS gets a 400 and no mail, for a known e-mail as for an unknown one', async () => {
    const user = await createUser(ctx);
    for (const email of [user.email, 'nobody-here@cargo.test']) {
      const res = await forgot(email, { host: 'evil.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('HOST_NOT_ALLOWED');
    }
    expect(await outboxCount(ctx, user.email)).toBe(0);
    // X-Forwarded-Host from a peer that is not a trusted proxy is not believed either.
    const forwarded = await forgot(user.email, { host: 'localhost', 'x-forwarded-host': 'evil.example' });
    expect(forwarded.statusCode).toBe(200);
    const mail = await ctx.database.query<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1', [user.email]);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/http:\/\/localhost\/auth\/confirm\?token=/);
    expect(mail[0]!.text).not.toContain('evil.example');
  });

  it("an Admin's send-reset-link and a new account's first link follow the same rule", async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/employees/1/send-reset-link', headers: { host: 'evil.example', origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('HOST_NOT_ALLOWED');
  });

  it('answers 400 to a request with two Host headers', async () => {
    const r = await rawExchange(port, [{ data: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n', afterMs: 0 }], 5_000);
    expect(r.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(r.text).toContain('DUPLICATE_HOST');
    const one = await rawExchange(port, [{ data: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', afterMs: 0 }], 5_000);
    expect(one.text).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers 408 and closes the connection when a body trickles past REQUEST_TIMEOUT', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":';
    const chunks = [{ data: head, afterMs: 0 }];
    for (let i = 1; i <= 12; i++) chunks.push({ data: ' ', afterMs: i * 400 });
    const r = await rawExchange(port, chunks, 8_000);
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.closed).toBe(true);
    // 1 s of timeout, checked every second: well before the trickle would have finished.
    expect(r.ms).toBeLessThan(4_000);
  });

  it('answers 408 when the headers never finish within HEADERS_TIMEOUT', async () => {
    const chunks = [{ data: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', afterMs: 0 }];
    for (let i = 1; i <= 12; i++) chunks.push({ data: `X-Slow-${i}: a\r\n`, afterMs: i * 400 });
    const r = await rawExchange(port, chunks, 8_000);
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.closed).toBe(true);
  });
});
