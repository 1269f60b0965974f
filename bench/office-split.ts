import type { Database } from '../src/server/db/client';
import type { ListQuery } from '../src/shared/contracts/list-query';
import { listPage } from '../src/server/lib/resource/list-engine';
import { customersResource } from '../src/server/modules/customers/customers.resource';
import { deliverySlipsResource } from '../src/server/modules/delivery-slips/delivery-slips.resource';
import { searchPackages } from '../src/server/modules/packages/index';
import { packagesResource } from '../src/server/modules/packages/packages.resource';
import { transactionsResource } from '../src/server/modules/transactions/transactions.resource';

/**
 * The measured reason for a list figure the single-user pass did not meet: the same query run in this process on the
 * same database (no HTTP, no sign-in check, no encoding), its page statement and its totals statement (the Σ over
 * the whole filtered set that the slip list carries) timed apart. The route runs the two side by side; PGlite, with
 * one connection, runs them one after the other, so there the request costs at least their sum.
 */
const SOURCES = {
  '/api/packages': packagesResource,
  '/api/delivery-slips': deliverySlipsResource,
  '/api/customers': customersResource,
  '/api/transactions': transactionsResource,
} as const;

/** The middle value. */
function middle(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/** `fn` once to warm up, then its median time over `runs` calls. */
async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return middle(xs);
}

export async function splitFigure(database: Database, path: string, runs = 10): Promise<string | undefined> {
  const url = new URL(path, 'http://bench');
  const def = SOURCES[url.pathname as keyof typeof SOURCES];
  if (!def) return undefined;
  const parsed = def.schemas.listQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return undefined;
  const query = parsed.data as ListQuery;
  const page = await median(runs, () => listPage(database.db, def, query));
  const totals = 'listTotals' in def && def.listTotals ? await median(runs, () => def.listTotals!(database.db, query)) : undefined;
  return (
    `in this process (no HTTP): page statement p50 ${page.toFixed(1)} ms` +
    (totals === undefined ? '' : `, totals of the filtered set p50 ${totals.toFixed(1)} ms (${database.driver === 'pglite' ? 'one after the other on PGlite: ' + (page + totals).toFixed(1) + ' ms' : 'side by side on PostgreSQL'})`)
  );
}

/** The statement the lookup sends, as PGlite receives it (the first one `searchPackages` sends), and its options. */
export async function lookupStatement(database: Database, number: string): Promise<{ sql: string; options: unknown }> {
  const pglite = database.pglite!;
  let captured: { sql: string; options: unknown } | undefined;
  const original = pglite.query.bind(pglite);
  (pglite as { query: unknown }).query = (sqlText: string, params?: unknown[], options?: unknown) => {
    captured ??= { sql: sqlText, options };
    return original(sqlText, params, options as never);
  };
  try {
    await searchPackages(database.db, [number]);
  } finally {
    (pglite as { query: unknown }).query = original;
  }
  if (!captured) throw new Error('the lookup sent no statement');
  return captured;
}

/**
 * The measured reason for a lookup over its budget: `searchPackages()` (the function behind GET
 * /api/packages/search) in this process, and on PGlite its statement's planning and execution as EXPLAIN (ANALYZE)
 * reports them (the statement is planned afresh on each call: PGlite runs it unnamed).
 */
export async function splitLookup(database: Database, numbers: string[], runs = 100): Promise<string> {
  const at = (i: number) => numbers[i % numbers.length]!;
  let i = 0;
  const whole = await median(runs, () => searchPackages(database.db, [at(i++)]));
  if (database.driver !== 'pglite') return `in this process (no HTTP): searchPackages() p50 ${whole.toFixed(2)} ms`;
  const { sql: lookupSql } = await lookupStatement(database, at(0));
  const planning: number[] = [];
  const execution: number[] = [];
  for (let k = 0; k < runs; k++) {
    const r = await database.pglite!.query<{ 'QUERY PLAN': Array<{ 'Planning Time': number; 'Execution Time': number }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${lookupSql}`, [at(k), at(k)]);
    planning.push(r.rows[0]!['QUERY PLAN'][0]!['Planning Time']);
    execution.push(r.rows[0]!['QUERY PLAN'][0]!['Execution Time']);
  }
  return `in this process (no HTTP): searchPackages() p50 ${whole.toFixed(2)} ms; its statement's planning p50 ${middle(planning).toFixed(2)} ms, execution p50 ${middle(execution).toFixed(2)} ms (EXPLAIN ANALYZE)`;
}
