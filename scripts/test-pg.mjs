// `npm run test:pg`: the API suite against PostgreSQL. Each run makes its own template and clone databases
// (named after the process) and drops them afterwards.
import pg from 'pg';
import { vitest } from './vitest-run.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await c.connect();
  const { rows } = await c.query('SHOW server_version');
  console.log(`PostgreSQL ${rows[0].server_version} at ${url.replace(/:[^:@/]*@/, ':***@')}`);
  await c.end();
} catch (err) {
  console.error(`✖ PostgreSQL is not reachable at ${url}: ${err.message}\n  Set TEST_DATABASE_URL or start PostgreSQL.`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
// Only the API tests (the `node` project) depend on the driver; unit, process and web tests ran once in `npm test`.
// The fuzz's answers to malformed input are decided before the database and ran at full size on PGlite; here it
// checks what reaches PostgreSQL at a quarter of that size (FUZZ_RUNS overrides).
const t0 = Date.now();
const r = await vitest('pg', ['--project', 'node'], {
  TEST_DB: 'postgres',
  TEST_DATABASE_URL: url,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '50',
});
console.log(`\n${r.code === 0 ? '✓' : '✖'} API tests on PostgreSQL (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
console.log(`\ntests: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
process.exit(r.code);
