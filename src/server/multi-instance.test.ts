import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from './modules/auth/index';
import { withDatabase } from './test/global-setup';
import { pgReachable, PG_ADMIN_URL, startInstance, type Instance } from './test/instances';
import { signInAdmin } from './test/sign-in';

// Three real server processes on one PostgreSQL database, as a deployment behind a load balancer runs them:
// what one instance ends or counts, the others must see. Runs wherever PostgreSQL is reachable.
const pgUp = await pgReachable();
const dbName = `wt28_multi_${process.pid}_${randomBytes(3).toString('hex')}`;
const ADMIN = { email: 'admin@cargo.test', password: 'Multi@12345' };

describe.skipIf(!pgUp)('three instances on one PostgreSQL database', () => {
  let admin: pg.Client;
  const instances: Instance[] = [];
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    // One proxy in front (the test plays it): X-Forwarded-For's last entry is the client.
    const env = { DATABASE_URL: withDatabase(PG_ADMIN_URL, dbName), SEED_ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' };
    // The first one migrates and seeds; the others start on the ready database.
    instances.push(await startInstance(env));
    instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  /** The seeded Admin signs in; on this database (no demo data) the first sign-in enrols the second factor. */
  const login = (base: string) => signInAdmin(base, ADMIN);
  const me = (base: string, token: string) => fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  it('a logout on one instance stops the access token on every instance within 5 s', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const s = await login(a.url);
    // Every instance has seen (and cached) the token as valid.
    for (const i of instances) expect((await me(i.url, s.token)).status).toBe(200);
    const out = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ refreshToken: s.refreshToken }),
    });
    expect(out.status).toBe(200);
    const ended = Date.now();
    expect((await me(a.url, s.token)).status).toBe(401);
    for (const i of [b, c]) {
      let status = 200;
      while (status === 200 && Date.now() - ended < 7_000) {
        status = (await me(i.url, s.token)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(401);
      expect(Date.now() - ended).toBeLessThanOrEqual(5_500);
    }
  }, 60_000);

  it('a per-IP limit gives the same figures on 3 instances as on 1 (the counters are shared)', async () => {
    const max = AUTH_RATE_LIMITS.login.max;
    /** `attempts` failed sign-ins from one client address, the n-th sent to `pick(n)`; the statuses counted. */
    async function attempts(client: string, n: number, pick: (i: number) => Instance) {
      const seen: Record<number, number> = {};
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${pick(i).url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          // A new unknown e-mail each time, so the per-account lockout never answers first.
          body: JSON.stringify({ email: `nobody${i}.${client}@cargo.test`, password: 'wrong-password' }),
        });
        seen[res.status] = (seen[res.status] ?? 0) + 1;
      }
      return seen;
    }
    const one = await attempts('203.0.113.41', max + 5, () => instances[0]!);
    const three = await attempts('203.0.113.42', max + 5, (i) => instances[i % 3]!);
    expect(one).toEqual({ 401: max, 429: 5 });
    expect(three).toEqual(one);
  }, 180_000);
});
