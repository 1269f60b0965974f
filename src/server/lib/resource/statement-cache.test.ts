import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { and, desc, DrizzleQueryError, eq, gte, isNull, sql } from 'drizzle-orm';
import { customers, packages } from '../../db/schema/index';
import { customersResource } from '../../modules/customers/index';
import { latestEventJson, packagesResource } from '../../modules/packages/index';
import { cachedStatement, direct, MAX_BOUND_VALUES, MAX_SHAPES, type Prepared } from './statement-cache';

let ctx: TestContext;
beforeAll(async () => {
  // The statements the list engine runs are counted here: no page may come from the read cache instead.
  ctx = await createTestContext({ READ_CACHE_MB: '0' });
  await ctx.database.query(
    `INSERT INTO customers (full_name, phone, province, search_text)
     SELECT 'Khách Bộ Nhớ ' || g, '08' || lpad(g::text, 8, '0'), CASE WHEN g % 2 = 0 THEN 'Huế' ELSE 'Đà Nẵng' END,
            'khach bo nho ' || g
     FROM generate_series(1, 30) g`,
  );
});
afterAll(() => ctx.close());

/** How many queries the app builds while fn runs (every query starts at db.select). */
async function builds<T>(fn: () => Promise<T>): Promise<{ result: T; built: number }> {
  const spy = vi.spyOn(ctx.database.db, 'select');
  try {
    const result = await fn();
    return { result, built: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

type Page = { items: Array<{ id: number; fullName: string; province: string }>; total: number };

describe('statements cached per query shape', () => {
  it('a list shape is built once; later requests of the shape run it with their own values', async () => {
    const url = (province: string, page: number) =>
      `/api/customers?pageSize=4&page=${page}&sort=fullName&q=bo%20nho&province=${encodeURIComponent(province)}`;
    // The first page and the later ones by number are two shapes (a later page skips ids first).
    const first = await builds(() => ctx.getOk<Page>(url('Huế', 1)));
    expect(first.result.total).toBe(15);
    expect(first.built).toBeGreaterThan(0);
    expect((await builds(() => ctx.getOk<Page>(url('Đà Nẵng', 1)))).built).toBe(0);
    expect((await builds(() => ctx.getOk<Page>(url('Huế', 3)))).built).toBeGreaterThan(0);
    const second = await builds(() => ctx.getOk<Page>(url('Đà Nẵng', 2)));
    expect(second.built).toBe(0);
    expect(second.result.total).toBe(15);
    expect(second.result.items).toHaveLength(4);
    expect(second.result.items.every((c) => c.province === 'Đà Nẵng')).toBe(true);
    // The same answers as a shape seen for the first time (another sort builds its own page statement).
    const all = await ctx.getOk<Page>(`/api/customers?pageSize=100&sort=fullName&q=bo%20nho&province=${encodeURIComponent('Đà Nẵng')}`);
    expect(second.result.items.map((c) => c.id)).toEqual(all.items.slice(4, 8).map((c) => c.id));
  });

  it('cursor pages are built once per shape: the next, previous and last pages of a seen shape build nothing', async () => {
    type Paged = Page & { page: number; nextCursor: string | null; prevCursor: string | null };
    const base = (province: string) => `/api/customers?pageSize=4&sort=fullName&q=bo%20nho&province=${encodeURIComponent(province)}`;
    const ids = (p: Paged) => p.items.map((c) => c.id);
    // A first walk of the shape builds its statements: forward, back to the first page, and the last page.
    const p1 = await ctx.getOk<Paged>(base('Huế'));
    const p2 = await ctx.getOk<Paged>(`${base('Huế')}&cursor=${p1.nextCursor}`);
    await ctx.getOk(`${base('Huế')}&cursor=${p2.prevCursor}`);
    await ctx.getOk(`${base('Huế')}&cursor=last`);
    // The same shape with other values and other positions builds nothing and pages exactly as OFFSET pages do.
    const url = base('Đà Nẵng');
    const byNumber = await Promise.all([1, 2, 3, 4].map((page) => ctx.getOk<Paged>(`${url}&page=${page}`)));
    const q1 = await ctx.getOk<Paged>(url);
    const q2 = await builds(() => ctx.getOk<Paged>(`${url}&cursor=${q1.nextCursor}`));
    const q3 = await builds(() => ctx.getOk<Paged>(`${url}&cursor=${q2.result.nextCursor}`));
    const back = await builds(() => ctx.getOk<Paged>(`${url}&cursor=${q3.result.prevCursor}`));
    const last = await builds(() => ctx.getOk<Paged>(`${url}&cursor=last`));
    expect([q2.built, q3.built, back.built, last.built]).toEqual([0, 0, 0, 0]);
    expect([q2, q3, back, last].map((r) => r.result.page)).toEqual([2, 3, 2, 4]);
    expect(ids(q2.result)).toEqual(ids(byNumber[1]!));
    expect(ids(q3.result)).toEqual(ids(byNumber[2]!));
    expect(ids(back.result)).toEqual(ids(byNumber[1]!));
    expect(ids(last.result)).toEqual(ids(byNumber[3]!));
    expect(last.result.items.every((c) => c.province === 'Đà Nẵng')).toBe(true);
  });

  it('a shape with more values than MAX_BOUND_VALUES is built per request, its values written in: pages, cursors and the last page', async () => {
    type Paged = { items: Array<{ id: number; customerId: number }>; total: number; page: number; nextCursor: string | null };
    const wanted = Array.from({ length: MAX_BOUND_VALUES + 8 }, (_, i) => i + 1);
    const url = `/api/orders?pageSize=3&sort=code&customerId=${wanted.join(',')}`;
    const byNumber = await ctx.getOk<Paged>(`${url}&page=2`);
    const first = await ctx.getOk<Paged>(url);
    expect(first.total).toBeGreaterThan(6);
    expect(first.items.every((o) => wanted.includes(o.customerId))).toBe(true);
    const next = await ctx.getOk<Paged>(`${url}&cursor=${first.nextCursor}`);
    expect(next.items.map((o) => o.id)).toEqual(byNumber.items.map((o) => o.id));
    const last = await ctx.getOk<Paged>(`${url}&cursor=last`);
    const lastByNumber = await ctx.getOk<Paged>(`${url}&page=${last.page}`);
    expect(last.items.map((o) => o.id)).toEqual(lastByNumber.items.map((o) => o.id));
  });

  it('get by id is built once and answers each id, a deleted one as absent', async () => {
    const { items } = await ctx.getOk<Page>('/api/customers?pageSize=3&sort=fullName&q=bo%20nho');
    const [a, b, c] = items as [Page['items'][0], Page['items'][0], Page['items'][0]];
    await ctx.getOk(`/api/customers/${a.id}`);
    const got = await builds(() => ctx.getOk<{ id: number; fullName: string }>(`/api/customers/${b.id}`));
    expect(got.built).toBe(0);
    expect(got.result).toMatchObject({ id: b.id, fullName: b.fullName });
    await ctx.database.query('UPDATE customers SET deleted_at = now() WHERE id = $1', [c.id]);
    expect((await ctx.request({ method: 'GET', url: `/api/customers/${c.id}` })).statusCode).toBe(404);
  });

  it('a scanner lookup of one number is built once', async () => {
    await ctx.getOk('/api/packages/search?numbers=NOPE-1');
    const second = await builds(() => ctx.getOk<{ found: unknown[]; notFound: string[] }>('/api/packages/search?numbers=NOPE-2'));
    expect(second.built).toBe(0);
    expect(second.result).toEqual({ found: [], notFound: ['NOPE-2'] });
  });

  it('keeps at most MAX_SHAPES shapes per handle, the least recently used going first', () => {
    const handle = {};
    let built = 0;
    const build = () => {
      built++;
      return { toSQL: () => ({ sql: `select ${built}` }), prepare: (): Prepared<number> => ({ execute: async () => built }) };
    };
    for (let i = 0; i < MAX_SHAPES; i++) cachedStatement(handle, `shape ${i}`, build);
    expect(built).toBe(MAX_SHAPES);
    cachedStatement(handle, 'shape 0', build); // used again: now the most recent
    cachedStatement(handle, 'one more', build); // evicts shape 1
    expect(built).toBe(MAX_SHAPES + 1);
    cachedStatement(handle, 'shape 0', build);
    expect(built).toBe(MAX_SHAPES + 1);
    cachedStatement(handle, 'shape 1', build);
    expect(built).toBe(MAX_SHAPES + 2);
  });

  it('a page by number is one statement, its total read with its rows; an empty page counts on its own', async () => {
    const client = (ctx.database.pglite ?? ctx.database.pool)!;
    const url = (page: number) => `/api/customers?pageSize=4&page=${page}&sort=fullName&q=bo%20nho&province=Hu%E1%BA%BF`;
    await ctx.getOk(url(1)); // the session check and the shape, once
    await ctx.getOk(url(9));
    const spy = vi.spyOn(client, 'query');
    try {
      for (const page of [1, 2, 3]) {
        spy.mockClear();
        const res = await ctx.getOk<Page>(url(page));
        expect(res.total).toBe(15);
        expect(res.items).toHaveLength(page < 4 ? 4 : 3);
        expect(spy, `page ${page}`).toHaveBeenCalledTimes(1);
      }
      spy.mockClear();
      const empty = await ctx.getOk<Page>(url(9));
      expect(empty).toMatchObject({ total: 15, items: [] });
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('runs a shape on the driver and maps its rows exactly as drizzle does', async () => {
    const db = ctx.database.db;
    let n = 0;
    const pairs: Array<[string, () => { prepare(name: string): Prepared<unknown[]> }, Record<string, unknown>]> = [
      // customers with their addresses (json), money (bigint), timestamps; a search word and a limit as placeholders
      [
        'customers',
        () =>
          db
            .select(customersResource.select.fields)
            .from(customers)
            .where(and(isNull(customers.deletedAt), sql`${customers.searchText} LIKE ${sql.placeholder('q')}`))
            .orderBy(desc(customers.createdAt))
            .limit(sql.placeholder('limit') as never),
        { q: '%bo nho%', limit: 20 },
      ],
      // packages with five left joins (nulls), a json subquery per row and typed parameters (a Param of a placeholder)
      [
        'packages',
        () => {
          let q = db.select({ ...packagesResource.select.fields, latestEvent: latestEventJson }).from(packages).$dynamic();
          for (const j of packagesResource.select.joins ?? []) q = q.leftJoin(j.table as never, j.on);
          return q.where(and(gte(packages.id, sql.placeholder('from') as never), isNull(packages.deletedAt))).orderBy(packages.id).limit(40);
        },
        { from: 1 },
      ],
      ['one customer', () => db.select(customersResource.select.fields).from(customers).where(eq(customers.id, sql.placeholder('id') as never)), { id: -1 }],
    ];
    for (const [what, build, values] of pairs) {
      const own = build().prepare(`t_direct_${++n}`);
      const fast = direct(build().prepare(`t_direct_${++n}`));
      expect(fast, `${what}: the driver path is taken`).not.toBe(own);
      const [a, b] = [await own.execute(values), await fast.execute(values)];
      if (what !== 'one customer') expect(a.length, what).toBeGreaterThan(0);
      expect(b, what).toEqual(a);
    }
  });

  it('names a missing value and wraps a database error as drizzle does', async () => {
    const db = ctx.database.db;
    const q = () => db.select({ n: sql<number>`${sql.placeholder('v')}::int` }).from(customers).limit(1);
    const fast = direct(q().prepare('t_direct_err'));
    await expect(fast.execute({})).rejects.toThrow('No value for placeholder "v" was provided');
    await expect(fast.execute({ v: 'not a number' })).rejects.toBeInstanceOf(DrizzleQueryError);
  });
});

