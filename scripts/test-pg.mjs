// `npm run test:pg`: the API suite against PostgreSQL (scripts/pg-run.mjs).
import { PG_URL, pgTests, pgVersion } from './pg-run.mjs';

try {
  console.log(`PostgreSQL ${await pgVersion()} at ${PG_URL.replace(/:[^:@/]*@/, ':***@')}`);
} catch (err) {
  console.error(`✖ ${err.message}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
const t0 = Date.now();
const r = await pgTests();
console.log(`\n${r.code === 0 ? '✓' : '✖'} API tests on PostgreSQL (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
console.log(`\ntests: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
process.exit(r.code);
