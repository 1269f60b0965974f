import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ROOT } from '../../paths';
import { startServer } from '../../server';
import { openDatabase } from '../client';
import { isPreparedDemo, preparedDemoFor } from './prepared';

const dirs: string[] = [];
const tmp = (prefix: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

let demoDir: string;
beforeAll(() => {
  // The build's own step, run as the build runs it (the process tests' global setup bundled it).
  demoDir = tmp('cc-demo-');
  const made = spawnSync(process.execPath, ['dist/server/demo-data.js', demoDir], { cwd: ROOT, encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toMatch(/demo data prepared → .*demo-data\.tar\.gz/);
}, 300_000);

async function start(dataDir: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED: 'demo', LOG_LEVEL: 'silent', ...env });
  const t0 = Date.now();
  const server = await startServer(config, { serveWeb: false, logger: false, preparedDemo: demoDir, progress: (l) => lines.push(l) });
  return { server, lines, ms: Date.now() - t0 };
}

async function signIn(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return res.status;
}

// A first `npm start` with the demo data answers within 20 s of the build: it begins from the demo database the
// build prepared instead of initialising, migrating and seeding one (half a minute and more on this machine).
describe.skipIf(process.env.TEST_DB === 'postgres')('the demo data prepared by the build', () => {
  it('a first start begins from it within 20 s, with its own Admin e-mail, passwords and JWT key', async () => {
    const dirA = tmp('cc-first-');
    const dirB = tmp('cc-second-');
    const a = await start(dirA);
    try {
      expect(a.lines[0]).toMatch(/^Empty database: starting from the demo data prepared by the build/);
      expect(a.lines).toContain('Setting the Admin and demo Staff accounts…');
      expect(a.ms, a.lines.join('\n')).toBeLessThanOrEqual(20_000);
      const { admin, staff } = a.server.seed;
      expect(admin?.generated).toBe(true);
      expect(staff?.generated).toBe(true);
      expect(await signIn(a.server.url, admin!.email, admin!.password)).toBe(200);
      expect(await signIn(a.server.url, staff!.email, staff!.password)).toBe(200);
      const [{ n }] = await a.server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM packages');
      expect(n).toBeGreaterThan(1000);
      expect(await isPreparedDemo(a.server.database.db)).toBe(false);
    } finally {
      await a.server.stop();
    }

    // Another install from the same build: its own Admin, and no key or password in common with the first.
    const b = await start(dirB, { SEED_ADMIN_EMAIL: 'Chu@Office.vn', SEED_ADMIN_PASSWORD: 'Chosen-admin-9' });
    try {
      expect(b.server.seed.admin).toEqual({ email: 'chu@office.vn', password: 'Chosen-admin-9', generated: false });
      expect(await signIn(b.server.url, 'chu@office.vn', 'Chosen-admin-9')).toBe(200);
      expect(await signIn(b.server.url, 'admin@cargo.test', 'Chosen-admin-9')).toBe(401);
      expect(await signIn(b.server.url, a.server.seed.staff!.email, a.server.seed.staff!.password)).toBe(401);
    } finally {
      await b.server.stop();
    }
    const keyOf = async (dataDir: string) => {
      const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        return (await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt_secret'`))[0]?.value;
      } finally {
        await db.close();
      }
    };
    const [keyA, keyB] = [await keyOf(dirA), await keyOf(dirB)];
    expect(keyA).toBeTruthy();
    expect(keyB).toBeTruthy();
    expect(keyA).not.toBe(keyB);
  }, 120_000);

  it('a later start keeps its data and does not load the dump again', async () => {
    const dataDir = tmp('cc-again-');
    const first = await start(dataDir);
    const admin = first.server.seed.admin!;
    await first.server.database.query(`UPDATE customers SET note = 'kept' WHERE id = (SELECT min(id) FROM customers)`);
    await first.server.stop();
    const again = await start(dataDir);
    try {
      expect(again.lines[0]).toBe(`Opening the embedded database in ${dataDir}…`);
      expect(again.lines.some((l) => l.startsWith('Empty database') || l.startsWith('Setting the Admin'))).toBe(false);
      expect(again.server.seed).toEqual({ seeded: false });
      expect(await signIn(again.server.url, admin.email, admin.password)).toBe(200);
      const [{ note }] = await again.server.database.query<{ note: string }>('SELECT note FROM customers WHERE id = (SELECT min(id) FROM customers)');
      expect(note).toBe('kept');
    } finally {
      await again.server.stop();
    }
  }, 120_000);

  it('a start that stopped after loading the dump, before setting the accounts, sets them on the next start', async () => {
    const dataDir = tmp('cc-interrupted-');
    const loaded = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([readFileSync(path.join(demoDir, 'demo-data.tar.gz'))]) });
    expect(await isPreparedDemo(loaded.db)).toBe(true);
    await loaded.close();
    const next = await start(dataDir);
    try {
      expect(next.lines).toContain('Setting the Admin and demo Staff accounts…');
      const { admin } = next.server.seed;
      expect(await signIn(next.server.url, admin!.email, admin!.password)).toBe(200);
      expect(await isPreparedDemo(next.server.database.db)).toBe(false);
    } finally {
      await next.server.stop();
    }
  }, 120_000);

  it('is used only on the day it was made, in Vietnam, and only for an empty data directory', () => {
    const meta = JSON.parse(readFileSync(path.join(demoDir, 'demo-data.json'), 'utf8')) as { madeAt: string };
    const madeAt = new Date(meta.madeAt);
    const fresh = tmp('cc-empty-');
    expect(preparedDemoFor(demoDir, path.join(fresh, 'pglite'), madeAt)?.dump).toBeInstanceOf(Blob);
    const nextDay = new Date(madeAt.getTime() + 24 * 3_600_000);
    expect(preparedDemoFor(demoDir, path.join(fresh, 'pglite'), nextDay)).toEqual({ why: expect.stringMatching(/not today; it is seeded afresh$/) });
    const used = tmp('cc-used-');
    writeFileSync(path.join(used, 'PG_VERSION'), '17');
    expect(preparedDemoFor(demoDir, used, madeAt)).toBeUndefined();
    expect(preparedDemoFor(undefined, path.join(fresh, 'pglite'), madeAt)).toBeUndefined();
    expect(preparedDemoFor(tmp('cc-nodemo-'), path.join(fresh, 'pglite'), madeAt)).toBeUndefined();
  });
});
