import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { ReadCache } from './read-cache';

let ctx: TestContext;
const url = '/api/customers?pageSize=100&sort=fullName';

/** A write as another process would make it: on its own connection (PostgreSQL), or on the one embedded database. */
let writeElsewhere: (sqlText: string) => Promise<void>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.query(
    `INSERT INTO customers (full_name, phone, province, search_text)
     SELECT 'Khách Đệm ' || g, '08' || lpad(g::text, 8, '0'), 'Hà Nội', 'khach dem ' || g FROM generate_series(1, 60) g`,
  );
  if (ctx.database.pool) {
    const other = new pg.Client({ connectionString: ctx.database.pool.options.connectionString });
    await other.connect();
    writeElsewhere = async (sqlText) => void (await other.query(sqlText));
    closeElsewhere = () => other.end();
  } else {
    writeElsewhere = (sqlText) => ctx.database.exec(sqlText);
  }
});
afterAll(async () => {
  await closeElsewhere();
  await ctx.close();
});

const get = (path = url, headers: Record<string, string> = {}, token?: string | null) =>
  ctx.request({ method: 'GET', url: path, headers, token });

/**
 * The same request until it is answered from memory. A transaction id belongs to the whole PostgreSQL cluster, so a
 * write to another database (the other test files' clones, running beside this one) also changes the snapshot and
 * makes a request a miss: safe, and why a hit may take a few tries there. PGlite, alone with this test, hits at once.
 */
async function kept(path = url, headers: Record<string, string> = {}) {
  const tries = ctx.database.pool ? 50 : 1;
  let res = await get(path, headers);
  for (let i = 1; i < tries && res.headers['x-cache'] !== 'hit'; i++) res = await get(path, headers);
  expect(res.headers['x-cache'], `${path}: no hit in ${tries} tries`).toBe('hit');
  return res;
}

describe('read cache (answers kept while the database is unchanged)', () => {
  it('answers the same page again from memory, byte for byte, until something is written', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const second = await kept();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('no-store');

    // A write through the API: the next read is made again and shows it.
    const created = await ctx.postCreated<{ id: number }>('/api/customers', { fullName: 'Khách Mới Ghi', phone: '0912000111', province: 'Hà Nội' });
    const after = await get();
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().total).toBe(first.json().total + 1);
    expect(after.json().items.map((c: { id: number }) => c.id)).toContain(created.id);
  });

  it('sees a write made outside this server at once (another process, a script, psql)', async () => {
    let total = (await get()).json().total as number;
    for (let i = 0; i < 15; i++) {
      await get(); // kept
      await writeElsewhere(`INSERT INTO customers (full_name, phone, province, search_text) VALUES ('Khách Ngoài ${i}', '0933${String(i).padStart(6, '0')}', 'Huế', 'khach ngoai ${i}')`);
      const res = await get();
      expect(res.headers['x-cache']).toBe('miss');
      expect(res.json().total).toBe(total + 1);
      total += 1;
    }
    // An update and a delete, too.
    const three = '/api/customers?q=khach+ngoai+7';
    expect((await get(three)).json().items[0].fullName).toBe('Khách Ngoài 7');
    await kept(three);
    await writeElsewhere(`UPDATE customers SET full_name = 'Khách Đổi Tên' WHERE full_name = 'Khách Ngoài 7'`);
    expect((await get(three)).json().items[0].fullName).toBe('Khách Đổi Tên');
    await writeElsewhere(`DELETE FROM customers WHERE full_name = 'Khách Đổi Tên'`);
    expect((await get(three)).json().total).toBe(0);
    expect((await get()).json().total).toBe(total - 1);
  });

  it('decides access before it looks: no token, a Staff token or an escaped path never get a kept page', async () => {
    expect((await get()).statusCode).toBe(200);
    await kept();
    const anonymous = await get(url, {}, null);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    for (const token of [null, undefined]) {
      const escaped = await get(url.replace('/api/', '/%61pi/'), {}, token);
      expect(escaped.json().code).toBe('NON_CANONICAL_PATH');
      expect(escaped.headers['x-cache']).toBeUndefined();
    }
    const staff = await get(url, {}, await ctx.tokenFor('Staff'));
    expect(staff.statusCode).toBe(403);
    expect(staff.headers['x-cache']).toBeUndefined();
    // A query the route refuses is refused, kept page or not, and a refusal is never kept.
    expect((await get(`${url}&pageSize=0`)).statusCode).toBe(400);
    expect((await get(`${url}&pageSize=0`)).statusCode).toBe(400);
  });

  it('keeps one answer per user and per language', async () => {
    await get(url, { 'accept-language': 'en' });
    await kept(url, { 'accept-language': 'en' });
    const dashboard = '/api/dashboard/ecommerce?from=2026-11-01&to=2026-11-28';
    const other = await ctx.request({ method: 'GET', url: dashboard, token: await ctx.tokenFor('Staff') });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-cache']).toBe('miss');
    const admin = await get(dashboard);
    expect(admin.headers['x-cache']).toBe('miss');
    expect(admin.json()).toEqual(other.json());
    await kept(dashboard);
  });

  it('sends a kept page compressed when asked, the same JSON once decoded', async () => {
    const plain = await get();
    const br = await kept(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const again = await get(url, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const none = await get();
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('is off with READ_CACHE_MB=0', async () => {
    const off = await createTestContext({ READ_CACHE_MB: '0' });
    try {
      await off.getOk(url);
      const res = await off.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('ReadCache', () => {
  const body = (n: number) => Buffer.alloc(n, 'x');

  it('gives an answer back only at its own snapshot and within its time', () => {
    let now = 1000;
    const cache = new ReadCache({ ttlMs: 10_000, maxBytes: 1_000_000, now: () => now });
    cache.set('a', '10:12:10', 'application/json', body(10));
    expect(cache.get('a', '10:12:10')?.plain.length).toBe(10);
    expect(cache.get('a', '10:13:10')).toBeUndefined();
    // A snapshot that moved on never comes back: the answer is gone.
    expect(cache.get('a', '10:12:10')).toBeUndefined();
    cache.set('b', '10:13:', 'application/json', body(10));
    now += 10_000;
    expect(cache.get('b', '10:13:')).toBeDefined();
    now += 1;
    expect(cache.get('b', '10:13:')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });

  it('stays within its memory, least recently used out first, and keeps no answer over a quarter of it', () => {
    const cache = new ReadCache({ ttlMs: 10_000, maxBytes: 1000 });
    cache.set('a', 's', 't', body(250));
    cache.set('b', 's', 't', body(250));
    cache.set('c', 's', 't', body(250));
    expect(cache.get('a', 's')).toBeDefined(); // a is now the most recent
    cache.set('d', 's', 't', body(250));
    cache.set('f', 's', 't', body(100));
    expect(cache.usedBytes).toBeLessThanOrEqual(1000);
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')).toBeDefined();
    expect(cache.set('e', 's', 't', body(251))).toBeUndefined();
    const kept = cache.get('d', 's')!;
    cache.addEncoded('d', kept, 'br', body(100));
    expect(cache.usedBytes).toBeLessThanOrEqual(1000);
    expect(new ReadCache({ ttlMs: 1, maxBytes: 0 }).enabled).toBe(false);
  });
});
