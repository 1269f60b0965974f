import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFY_EVENTS, ZNS_PARAMS } from '../../../shared/domain/notifications';
import type { MessageList } from '../../../shared/contracts/messages';
import { withDatabase } from '../../test/global-setup';
import { pgReachable, PG_ADMIN_URL, startInstance, type Instance } from '../../test/instances';
import { signInAdmin } from '../../test/sign-in';
import { until } from '../../test/until';
import { startFakeZns } from './fake-zns';

// A server killed (kill -9) while Zalo holds its send: the provider delivered the message but the answer was lost
// with the process. After a restart the queue gives up on the dead worker's job and sends again with the same
// tracking_id, so the customer gets the message once and the log shows it sent. A real process on each driver.
const pgUp = await pgReachable();
const ADMIN = { email: 'admin@cargo.test', password: 'Kill9@123456' };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 60_000);

async function killedMidSend(database: Record<string, string>) {
  const fake = await startFakeZns({ templates: Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, ZNS_PARAMS[e]])) });
  cleanups.push(() => fake.close());
  const env = {
    ...database,
    SEED_ADMIN_PASSWORD: ADMIN.password,
    ZNS_BASE_URL: fake.url,
    ZNS_ACCESS_TOKEN: 'fake-access-token',
    ZNS_TEMPLATES: JSON.stringify(Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, e]))),
    NOTIFY_QUIET_HOURS: '',
    NOTIFY_BATCH_SECONDS: '0',
    NOTIFY_SEND_EXPIRE_SECONDS: '15',
    QUEUE_MAINTENANCE_SECONDS: '2',
    QUEUE_POLL_SECONDS: '0.5',
  };
  let server: Instance = await startInstance(env);
  cleanups.push(() => server.stop());
  const { token } = await signInAdmin(server.url, ADMIN);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const c = await fetch(`${server.url}/api/customers`, { method: 'POST', headers, body: JSON.stringify({ fullName: 'Khách Bị Ngắt', phone: '0357123456', province: 'Hà Nội' }) });
  expect(c.status, await c.clone().text()).toBe(201);
  const { id: customerId } = (await c.json()) as { id: number };

  fake.failNext(1, 'lost_answer');
  const t = await fetch(`${server.url}/api/transactions`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ customerId, type: 'deposit', amount: 250_000, method: 'cash' }),
  });
  expect(t.status, await t.clone().text()).toBe(201);
  // Zalo has the message; its answer will never come back to this process.
  expect(await until(async () => fake.requests, (n) => n === 1, 60_000)).toBe(1);
  server.child.kill('SIGKILL');
  await new Promise((r) => server.child.once('exit', r));

  server = await startInstance(env);
  const again = await signInAdmin(server.url, ADMIN);
  const list = async () => {
    const res = await fetch(`${server.url}/api/messages?customerId=${customerId}`, { headers: { authorization: `Bearer ${again.token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as MessageList).items;
  };
  const messages = await until(list, (m) => m.length === 1 && m[0]!.state === 'sent', 60_000);
  expect(messages).toHaveLength(1);
  const [message] = messages;
  expect(message).toMatchObject({ state: 'sent', event: 'wallet_credited', channel: 'zns', recipient: '84357123456', attempts: 2 });
  // Sent twice with one tracking_id, delivered once.
  expect(fake.requests).toBe(2);
  expect(fake.sent).toHaveLength(1);
  expect(fake.sent[0]!.trackingId).toBe(message!.trackingId);
}

describe('a server killed mid-send', () => {
  it('on the embedded database sends on restart, without a duplicate', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-kill-send-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await killedMidSend({ DATA_DIR: dataDir, DATABASE_URL: '' });
  }, 180_000);

  it.skipIf(!pgUp)('on PostgreSQL sends on restart, without a duplicate', async () => {
    const dbName = `cc_kill_send_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    });
    await killedMidSend({ DATABASE_URL: withDatabase(PG_ADMIN_URL, dbName) });
  }, 180_000);
});
