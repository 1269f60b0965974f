import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths';
import { withDatabase } from '../test/global-setup';
import { PG_ADMIN_URL, pgReachable, SERVER_MAIN } from '../test/instances';

// Two real server processes started at once on one EMPTY PostgreSQL database must both come up: migrations
// and the demo seed run under one advisory lock, and "already seeded" is checked inside it. Runs in every
// `npm test` where PostgreSQL is reachable (and in test:pg), whichever driver the other API tests use.
const adminUrl = PG_ADMIN_URL;

const pgUp = await pgReachable();
const dbName = `cargo_race_${process.pid}_${randomBytes(3).toString('hex')}`;
const children: ChildProcess[] = [];

interface Started {
  code: number | null;
  url?: string;
  stdout: string;
  stderr: string;
}

/** Starts the real server entry; resolves with its URL once it prints it, or with its exit code if it dies. */
function startInstance(databaseUrl: string): Promise<Started> {
  const child = spawn(process.execPath, SERVER_MAIN, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED: 'demo', LOG_LEVEL: 'warn', SEED_ADMIN_PASSWORD: '', SEED_STAFF_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out.stderr += d.toString()));
  return new Promise((resolve) => {
    const onData = () => {
      const m = /running at (http:\/\/\S+)/.exec(out.stdout);
      if (m) {
        child.stdout!.off('data', onData);
        // Let the rest of the banner arrive.
        setTimeout(() => resolve({ code: null, url: m[1], ...out }), 200);
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => resolve({ code, ...out }));
  });
}

describe.skipIf(!pgUp)('two instances starting at once on an empty PostgreSQL database', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('both come up, the seed is written once, and only one prints the generated admin password', async () => {
    const url = withDatabase(adminUrl, dbName);
    const [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
    for (const s of [a, b]) expect(s.url, `an instance exited (${s.code}): ${s.stderr}`).toBeDefined();
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/api/health`);
      expect(res.status).toBe(200);
    }
    const generated = [a, b].filter((s) => /Admin password:\s+\S+\s+\(generated/.test(s.stdout));
    expect(generated).toHaveLength(1);
    // The demo Staff account is created once too, so exactly one instance prints its random password.
    expect([a, b].filter((s) => /Staff password:\s+\S+\s+\(generated/.test(s.stdout))).toHaveLength(1);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const users = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'Admin'`);
      expect(users.rows[0]!.n).toBe(1);
      const tx = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions`);
      expect(tx.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)));
  }, 180_000);
});
