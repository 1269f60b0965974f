// The API suite against PostgreSQL, for `npm run test:pg` and for `npm test` when it runs them beside the browser tests.
// Each run makes its own template and clone databases (named after the process) and drops them afterwards.
import pg from 'pg';
import { vitest } from './vitest-run.mjs';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Resolves with the server's version, or rejects with what to do when PostgreSQL is not reachable. */
export async function pgVersion(url = PG_URL) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    const { rows } = await c.query('SHOW server_version');
    return rows[0].server_version;
  } catch (err) {
    throw new Error(`PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${err.message}\n  Set TEST_DATABASE_URL or start PostgreSQL.`, { cause: err });
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Only the API tests (the `node` project) depend on the driver; unit, process and web tests run once, in `npm test`.
 * The fuzz's answers to malformed input are decided before the database and ran at full size on PGlite; here it
 * checks what reaches PostgreSQL at a quarter of that size (FUZZ_RUNS overrides). `log`: an open file descriptor
 * for the output instead of this terminal.
 */
export function pgTests(log, url = PG_URL) {
  return vitest('pg', ['--project', 'node'], { TEST_DB: 'postgres', TEST_DATABASE_URL: url, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '50' }, log);
}
