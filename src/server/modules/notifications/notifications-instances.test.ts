import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_EVENTS, ZNS_PARAMS } from '../../../shared/domain/notifications';
import { withDatabase } from '../../test/global-setup';
import { pgReachable, PG_ADMIN_URL, startInstance, type Instance } from '../../test/instances';
import { signInAdmin } from '../../test/sign-in';
import { startFakeZns, type FakeZns } from './fake-zns';

// Three real server processes on one PostgreSQL database, each running the job queue's workers: every message is
// sent by exactly one of them, once (the fake counts every request, not only the accepted ones).
const pgUp = await pgReachable();
const dbName = `wt32_notify_${process.pid}_${randomBytes(3).toString('hex')}`;
const ADMIN = { email: 'admin@cargo.test', password: 'Notify@12345' };
const CUSTOMERS = 9;

describe.skipIf(!pgUp)('notifications on three instances of one PostgreSQL database', () => {
  let admin: pg.Client;
  let fake: FakeZns;
  const instances: Instance[] = [];
  beforeAll(async () => {
    fake = await startFakeZns({ templates: Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, ZNS_PARAMS[e]])) });
    admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const env = {
      DATABASE_URL: withDatabase(PG_ADMIN_URL, dbName),
      SEED_ADMIN_PASSWORD: ADMIN.password,
      ZNS_BASE_URL: fake.url,
      ZNS_ACCESS_TOKEN: 'fake-access-token',
      ZNS_TEMPLATES: JSON.stringify(Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, e]))),
      NOTIFY_QUIET_HOURS: '',
      NOTIFY_BATCH_SECONDS: '1',
      QUEUE_POLL_SECONDS: '0.5',
    };
    instances.push(await startInstance(env));
    instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
    await fake?.close();
  }, 60_000);

  it('each wallet credit is sent once, whichever instance recorded it', async () => {
    const { token } = await signInAdmin(instances[0]!.url, ADMIN);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    for (let i = 0; i < CUSTOMERS; i++) {
      const base = instances[i % 3]!.url;
      const c = await fetch(`${base}/api/customers`, { method: 'POST', headers, body: JSON.stringify({ fullName: `Khach Nhan Tin ${i}`, phone: `0357${String(200000 + i)}`, province: 'Ha Noi' }) });
      expect(c.status, await c.clone().text()).toBe(201);
      const { id } = (await c.json()) as { id: number };
      const t = await fetch(`${base}/api/transactions`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ customerId: id, type: 'deposit', amount: 100_000 + i, method: 'cash' }),
      });
      expect(t.status, await t.clone().text()).toBe(201);
    }
    const end = Date.now() + 60_000;
    let sent = 0;
    while (Date.now() < end) {
      const c = new pg.Client({ connectionString: withDatabase(PG_ADMIN_URL, dbName) });
      await c.connect();
      sent = (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE state = 'sent'`)).rows[0]!.n;
      await c.end();
      if (sent === CUSTOMERS) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(sent).toBe(CUSTOMERS);
    // A little longer: a second instance sending the same message would show now.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(fake.sent).toHaveLength(CUSTOMERS);
    expect(fake.requests).toBe(CUSTOMERS);
    expect(new Set(fake.sent.map((s) => s.trackingId)).size).toBe(CUSTOMERS);
    expect(fake.sent.map((s) => s.phone).sort()).toEqual(Array.from({ length: CUSTOMERS }, (_, i) => `84357${String(200000 + i)}`).sort());
  }, 120_000);
});
