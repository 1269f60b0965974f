import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './paths';
import { pgReachable, PG_ADMIN_URL, SERVER_MAIN } from './test/instances';

/** The real process entry (the built dist/server/main.js), as `npm start` runs it, on a fresh data dir. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, SERVER_MAIN, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('not started:\n' + out)), 300_000);
    child.stdout!.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(t);
      reject(new Error('exited:\n' + out));
    });
  });
  ready.catch(() => {}); // callers that expect an early exit never await it
  return { child, ready, exited, output: () => out };
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

// A process test: it runs once, on both drivers — PGlite always, PostgreSQL where one is reachable.
const pgUp = await pgReachable();

describe('the server process on PGlite', () => {
  it('starts, refuses a second server on the same data dir, shuts down gracefully and reuses its data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-main-'));
    const first = startMain({ DATA_DIR: dataDir });
    children.push(first.child);
    const url = await first.ready;
    expect(first.output()).toContain('Admin e-mail:    admin@cargo.test');
    expect(first.output()).toMatch(/Admin password: {2}\S+ {3}\(generated/);
    expect(await (await fetch(url + '/api/health')).json()).toMatchObject({ status: 'ok', database: 'pglite' });

    const second = startMain({ DATA_DIR: dataDir });
    children.push(second.child);
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain('is in use by another server');

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const third = startMain({ DATA_DIR: dataDir, SEED_ADMIN_PASSWORD: 'Chosen-admin-9' });
    children.push(third.child);
    await third.ready;
    // Same database: the admin exists already, so no new password is generated, and a configured one is never printed.
    expect(third.output()).not.toContain('(generated');
    expect(third.output()).not.toContain('Chosen-admin-9');
    third.child.kill('SIGTERM');
    expect(await third.exited, third.output()).toBe(0);
  }, 120_000);

  it('gives the demo Staff account a random password printed at first start, or the one SEED_STAFF_PASSWORD sets', async () => {
    const login = async (url: string, password: string) =>
      (await fetch(url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@cargo.test', password }) })).status;
    const random = startMain({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-main-')), SEED: 'demo', SEED_STAFF_PASSWORD: '' });
    children.push(random.child);
    const randomUrl = await random.ready;

    const printed = /Staff password: {2}(\S+) {3}\(generated/.exec(random.output())?.[1];
    expect(printed, random.output()).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(random.output()).toContain('Staff demo account: staff@cargo.test');
    expect(random.output()).not.toContain('Staff@12345');
    // The password once published in the README opens nothing; the printed one does.
    expect(await login(randomUrl, 'Staff@12345')).toBe(401);
    expect(await login(randomUrl, printed!)).toBe(200);

    random.child.kill('SIGTERM');
    expect(await random.exited, random.output()).toBe(0);

    const chosen = startMain({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-main-')), SEED: 'demo', SEED_STAFF_PASSWORD: 'Chosen-staff-9' });
    children.push(chosen.child);
    const chosenUrl = await chosen.ready;
    // Chosen by the operator: never printed (it would be in every instance's log).
    expect(chosen.output()).not.toContain('Chosen-staff-9');
    expect(chosen.output()).toContain('Staff password:  the one SEED_STAFF_PASSWORD sets');
    expect(await login(chosenUrl, 'Chosen-staff-9')).toBe(200);
    expect(await login(chosenUrl, printed!)).toBe(401);

    chosen.child.kill('SIGTERM');
    expect(await chosen.exited, chosen.output()).toBe(0);
  }, 700_000);

  it('on SIGTERM stops accepting, lets a request in flight finish, then exits 0', async () => {
    const server = startMain({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-main-')) });
    children.push(server.child);
    const url = new URL(await server.ready);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // A sign-in whose body is still arriving when the signal comes: the request is in flight, not yet handled.
    // `Expect: 100-continue`: the server answers "continue" as it takes the request in (before that, a signal
    // could come first on a busy machine, and the request would rightly be refused as arriving after it).
    let finishBody: () => void = () => {};
    let taken: () => void = () => {};
    const takenIn = new Promise<void>((r) => (taken = r));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json', expect: '100-continue' } },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write('{"email":"admin@cargo.test",');
        taken();
      });
      req.flushHeaders();
      finishBody = () => req.end('"password":"not-the-password"}');
    });
    await takenIn;
    server.child.kill('SIGTERM');
    // The listener closes: new connections are refused while the old request is still open.
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await fetch(url.origin + '/api/health').then(() => false, () => true);
      if (!refused) await sleep(100);
    }
    expect(refused).toBe(true);
    expect(server.child.exitCode).toBeNull();
    finishBody();
    const { status, body } = await answer;
    expect(status).toBe(401);
    expect(JSON.parse(body)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await server.exited, server.output()).toBe(0);
  }, 120_000);

  it('stops with a clear message on bad configuration', async () => {
    const bad = startMain({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-main-')) });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('PORT');
  });
});

describe.skipIf(!pgUp)('the server process on PostgreSQL', () => {
  it('runs the same migrations and seed against DATABASE_URL', async () => {
    const adminUrl = PG_ADMIN_URL;
    const name = `cargo_main_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    try {
      const server = startMain({ DATABASE_URL: u.toString(), SEED: 'demo', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-main-')) });
      children.push(server.child);
      const url = await server.ready;
      expect(server.output()).toContain('Database: PostgreSQL');
      expect(await (await fetch(url + '/api/health')).json()).toMatchObject({ status: 'ok', database: 'postgres' });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
