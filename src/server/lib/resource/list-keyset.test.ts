import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor, LIST_OFFSET_MAX } from '../../../shared/contracts/list-query';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Ties on every key, NULL weights (and so NULL chargeable weights: a weighed package always has one), and
  // timestamps that differ only in microseconds.
  await ctx.database.query(
    `INSERT INTO packages (tracking_number, weight_g, chargeable_g, status, status_at, created_at, search_text)
     SELECT 'KEYSET' || lpad(g::text, 4, '0'),
            CASE WHEN g % 5 = 0 THEN NULL ELSE 1000 + (g % 4) * 250 END,
            CASE WHEN g % 5 = 0 THEN NULL ELSE 500 * (g % 3) END,
            (ARRAY['expected','received_abroad','arrived'])[1 + g % 3],
            timestamptz '2026-01-01 00:00:00+00' + (g % 6) * interval '1 microsecond',
            timestamptz '2026-02-01 00:00:00+00' + (g % 9) * interval '1 microsecond',
            'keyset ' || g
     FROM generate_series(1, 60) g`,
  );
});
afterAll(() => ctx.close());

type Page = { items: Array<{ id: number }>; page: number; total: number; nextCursor: string | null; prevCursor: string | null };

async function get(url: string): Promise<Page> {
  const res = await ctx.request({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

const ids = (p: Page) => p.items.map((i) => i.id);

describe('keyset pages', () => {
  it('step forward and back through exactly the rows and page numbers of OFFSET pages, for nulls, ties and mixed directions', async () => {
    const sorts = ['weightG', '-weightG', '-chargeableG,code', 'chargeableG,-weightG', 'status,-createdAt', '-statusAt', 'trackingNumber'];
    for (const sort of sorts) {
      const base = `/api/packages?pageSize=9&q=keyset&sort=${encodeURIComponent(sort)}`;
      const byOffset: number[][] = [];
      for (let page = 1; ; page++) {
        const p = await get(`${base}&page=${page}`);
        if (!p.items.length) break;
        byOffset.push(ids(p));
      }
      expect(byOffset.flat(), sort).toHaveLength(60);

      // Forward by nextCursor from the first page.
      let p = await get(base);
      const forward: number[][] = [ids(p)];
      while (p.nextCursor) {
        const from = p.page;
        p = await get(`${base}&cursor=${p.nextCursor}`);
        expect(p.page, sort).toBe(from + 1);
        forward.push(ids(p));
      }
      expect(forward, sort).toEqual(byOffset);

      // Backward by prevCursor from the last page.
      p = await get(`${base}&cursor=last`);
      expect(p.page, sort).toBe(byOffset.length);
      expect(p.nextCursor, sort).toBeNull();
      const backward: number[][] = [ids(p)];
      while (p.prevCursor) {
        const from = p.page;
        p = await get(`${base}&cursor=${p.prevCursor}`);
        expect(p.page, sort).toBe(from - 1);
        backward.unshift(ids(p));
      }
      expect(p.page, sort).toBe(1);
      expect(backward, sort).toEqual(byOffset);
    }
    // About 170 requests: on a loaded machine this takes longer than the default 30 s.
  }, 120_000);

  it('refuses a cursor it did not write, one of another sort, and an OFFSET page past the cap', async () => {
    const first = await get('/api/packages?pageSize=5&q=keyset&sort=weightG');
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.prevCursor).toBeNull();
    const bad = [
      'not-a-cursor!',
      'eyJmb28iOjF9', // {"foo":1}
      encodeCursor({ kind: 'after', sort: 'weightG', values: ['1000', '1'], id: 1, page: 2 }), // two keys for one term
      first.nextCursor!.slice(0, -3),
    ];
    for (const cursor of bad) {
      const res = await ctx.request({ method: 'GET', url: `/api/packages?pageSize=5&sort=weightG&cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.body).toContain('cursor');
    }
    const otherSort = await ctx.request({ method: 'GET', url: `/api/packages?pageSize=5&sort=-weightG&cursor=${first.nextCursor}` });
    expect(otherSort.statusCode).toBe(400);
    const deep = await ctx.request({ method: 'GET', url: `/api/packages?pageSize=50&page=${LIST_OFFSET_MAX / 50 + 2}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message ?? deep.body).toMatch(/quá sâu/);
    expect((await ctx.request({ method: 'GET', url: `/api/packages?pageSize=50&page=${LIST_OFFSET_MAX / 50 + 1}` })).statusCode).toBe(200);
  });
});
