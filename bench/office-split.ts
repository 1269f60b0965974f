import type { Database } from '../src/server/db/client';
import type { ListQuery } from '../src/shared/contracts/list-query';
import { listPage } from '../src/server/lib/resource/list-engine';
import { customersResource } from '../src/server/modules/customers/customers.resource';
import { deliverySlipsResource } from '../src/server/modules/delivery-slips/delivery-slips.resource';
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

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!;
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
