import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_NAMED, queryNamed } from './pglite-statements';

// PGlite's own statements, whatever database the API tests run on.
describe('named statements on PGlite', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create({ parsers: { 20: (v: string) => Number(v) } });
    await pg.exec(`CREATE TABLE t (id bigint PRIMARY KEY, name text NOT NULL, at timestamptz, tags jsonb)`);
    await pg.exec(`INSERT INTO t VALUES (1, 'một', '2026-12-07T01:02:03Z', '["a"]'), (2, 'hai', NULL, NULL)`);
  });
  afterAll(() => pg.close());

  const messagesOfType = (spy: { mock: { calls: unknown[][] } }, type: string) =>
    spy.mock.calls.filter(([m]) => (m as Uint8Array)[0] === type.charCodeAt(0)).length;

  it('parses a statement once and then only binds and executes it, with each call its own values', async () => {
    const spy = vi.spyOn(pg, 'execProtocolStream');
    try {
      const text = 'SELECT id, name, at, tags FROM t WHERE id = $1';
      const first = await queryNamed<unknown[]>(pg, 'q_once', text, [1], { rowMode: 'array' });
      const second = await queryNamed<unknown[]>(pg, 'q_once', text, [2], { rowMode: 'array' });
      expect(first.rows).toEqual([[1, 'một', new Date('2026-12-07T01:02:03Z'), ['a']]]);
      expect(second.rows).toEqual([[2, 'hai', null, null]]);
      expect(messagesOfType(spy, 'P')).toBe(1);
      expect(messagesOfType(spy, 'E')).toBe(2);
      // The same answer PGlite's own query() gives.
      expect((await pg.query(text, [1], { rowMode: 'array' })).rows).toEqual(first.rows);
    } finally {
      spy.mockRestore();
    }
  });

  it('serialises values by the types PostgreSQL reported: dates, json, null; options override parsers', async () => {
    const r = await queryNamed<{ a: string; b: unknown; c: null }>(pg, 'q_types', 'SELECT $1::timestamptz::text AS a, $2::jsonb AS b, $3::text AS c', [new Date('2026-01-02T03:04:05Z'), { x: [1] }, null], {
      parsers: { 25: (v: string) => `«${v}»` },
    });
    expect(r.rows).toEqual([{ a: '«2026-01-02 03:04:05+00»', b: { x: [1] }, c: null }]);
  });

  it('an error is the database error, and the next call of the same statement works', async () => {
    const text = 'INSERT INTO t (id, name) VALUES ($1, $2) RETURNING id';
    await expect(queryNamed(pg, 'q_insert', text, [1, 'trùng'], {})).rejects.toMatchObject({ code: '23505' });
    expect((await queryNamed<{ id: number }>(pg, 'q_insert', text, [3, 'ba'], {})).rows).toEqual([{ id: 3 }]);
    // A statement whose name the session lost (DEALLOCATE) fails once, then is prepared again.
    await pg.exec('DEALLOCATE ALL');
    await expect(queryNamed(pg, 'q_insert', text, [4, 'bốn'], {})).rejects.toThrow(/does not exist/);
    expect((await queryNamed<{ id: number }>(pg, 'q_insert', text, [4, 'bốn'], {})).rows).toEqual([{ id: 4 }]);
  });

  it('waits for a transaction in progress, as PGlite’s query() does, and sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = pg.transaction(async (t) => {
      await t.query(`UPDATE t SET name = 'đã đổi' WHERE id = 2`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    let done = false;
    const read = queryNamed<{ name: string }>(pg, 'q_read', 'SELECT name FROM t WHERE id = $1', [2], {}).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    release();
    await tx;
    expect((await read).rows).toEqual([{ name: 'đã đổi' }]);
  });

  it(`keeps at most ${MAX_NAMED} statements prepared, closing the least recently used`, async () => {
    for (let i = 0; i <= MAX_NAMED; i++) await queryNamed(pg, `q_many_${i}`, `SELECT ${i}::int AS n`, [], {});
    const { rows } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'q_many_%'`);
    expect(rows[0]!.n).toBeLessThanOrEqual(MAX_NAMED);
    // The first one was closed; used again, it is prepared again.
    expect((await pg.query(`SELECT 1 FROM pg_prepared_statements WHERE name = 'q_many_0'`)).rows).toHaveLength(0);
    expect((await queryNamed<{ n: number }>(pg, 'q_many_0', 'SELECT 0::int AS n', [], {})).rows).toEqual([{ n: 0 }]);
  });
});
