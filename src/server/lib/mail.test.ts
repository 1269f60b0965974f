import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * A minimal SMTP server on a local port (enough of RFC 5321 for one client), so SMTP mode is exercised
 * through nodemailer and a real socket rather than a stand-in.
 */
function startSmtpServer() {
  const messages: string[] = [];
  const server = net.createServer((sock) => {
    let buffer = '';
    let inData = false;
    let body: string[] = [];
    sock.write('220 test.local ESMTP\r\n');
    sock.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(body.join('\n'));
            body = [];
            sock.write('250 2.0.0 queued\r\n');
          } else body.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') sock.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          sock.write('354 end with .\r\n');
        } else if (verb === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
    sock.on('error', () => {});
  });
  return new Promise<{ port: number; messages: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, messages, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

/** Undoes quoted-printable soft breaks and escapes so a link split across lines can be found again. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://cargo.example.vn' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers the reset link through the SMTP server and keeps nothing in the outbox', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, payload: { email: 'staff@cargo.test' } });
    expect(res.statusCode).toBe(200);
    // Delivery is not awaited by the request (its delay must not reveal the account): wait for it.
    for (let i = 0; i < 100 && smtp.messages.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0]!;
    expect(raw).toMatch(/^To: staff@cargo\.test$/m);
    expect(raw).toMatch(/^From: .*no-reply@cargo\.test/m);
    expect(decodeQuotedPrintable(raw)).toMatch(/https:\/\/cargo\.example\.vn\/auth\/confirm\?token=[A-Za-z0-9_-]{43}/);
    const outbox = await ctx.database.query('SELECT id FROM mail_outbox');
    expect(outbox).toHaveLength(0);
  });
});

describe('mail without SMTP', () => {
  it('logs that a mail was queued and to whom, never the link or its token', async () => {
    const lines: string[] = [];
    // A second app on the same database, without SMTP, whose real logger writes where the test can read it.
    const app = await buildApp({
      database: ctx.database,
      config: loadConfig({ LOG_LEVEL: 'info', SEED: 'none', PUBLIC_URL: 'https://cargo.example.vn' }),
      jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
      serveWeb: false,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'staff@cargo.test' } });
      expect(res.statusCode).toBe(200);
      let text: string | undefined;
      for (let i = 0; i < 100 && !text; i++) {
        const rows = await ctx.database.query<{ text: string }>('SELECT text FROM mail_outbox ORDER BY id DESC LIMIT 1');
        text = rows[0]?.text;
        if (!text) await new Promise((r) => setTimeout(r, 50));
      }
      // The mail itself is kept whole in mail_outbox, where the operator reads it.
      const token = /\/auth\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];
      expect(token, text).toBeDefined();
      const log = lines.join('');
      const queued = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => /mail_outbox/.test(String(l.msg)));
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ level: 30, to: 'staff@cargo.test' });
      expect(log).not.toContain(token);
      expect(log).not.toContain('/auth/confirm');
      expect(log).not.toContain('token=');
    } finally {
      await app.close();
    }
  });
});
