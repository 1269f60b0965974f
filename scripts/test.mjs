// `npm test`: type-check, lint, the build, unit + component + API tests (PGlite), the bundle budget, and the browser
// tests where Chromium is installed; with TEST_PG=1 the API tests on PostgreSQL too. Every part runs; the run fails if
// any part failed, and the last line sums it up.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { npmBin, nodeBin, ROOT, run } from './lib.mjs';
import { pgTests, pgVersion } from './pg-run.mjs';
import { vitest } from './vitest-run.mjs';

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const step = async (name, fn) => {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = await fn();
  const ok = r.code === 0;
  results.push(`${ok ? '✓' : '✖'} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${r.note ? ` — ${r.note}` : ''}`);
  if (r.passed !== undefined) {
    totals.passed += r.passed;
    totals.failed += r.failed;
    totals.skipped += r.skipped;
  } else if (!ok) totals.failed += 1;
  return ok;
};

// Type-check, lint and the build are one process each and need nothing of each other: side by side they keep the two
// cores busy. The build comes first because the process tests start the server as it ships (dist/server, with the
// build's prepared demo data beside it).
const [, , built] = await Promise.all([
  step('type-check', async () => ({ code: await run(npmBin, ['run', '--silent', 'typecheck']) })),
  step('lint', async () => ({ code: await run(npmBin, ['run', '--silent', 'lint']) })),
  step('build', async () => ({ code: await run(npmBin, ['run', '--silent', 'build']) })),
]);
await step('unit, process, component and API tests (PGlite)', () => vitest('unit', []));
if (built) await step('bundle budget', async () => ({ code: await run(nodeBin, ['scripts/bundle-budget.mjs']) }));
// Memory and latency under a large import, measured on the built server while nothing else runs.
if (built) await step('imports at the upload limit (the server alone)', () => vitest('load', ['--config', 'vitest.load.config.ts']));

// TEST_PG=1 (CI): the API suite on PostgreSQL runs beside the browser tests — they spend most of their time waiting
// on a page, one core's worth at most — its output kept in a file and printed after them.
const pgBeside = process.env.TEST_PG === '1';
let pgLog;
const pgStep = pgBeside
  ? step('API tests on PostgreSQL (beside the browser tests)', async () => {
      const logFile = path.join(ROOT, '.tmp', `test-pg-${process.pid}.log`);
      mkdirSync(path.dirname(logFile), { recursive: true });
      const fd = openSync(logFile, 'w');
      try {
        console.log(`PostgreSQL ${await pgVersion()}; its output goes to ${path.relative(ROOT, logFile)}`);
        const r = await pgTests(fd);
        return { ...r, note: `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped` };
      } catch (err) {
        console.error(`✖ ${err.message}`);
        return { code: 1 };
      } finally {
        closeSync(fd);
        pgLog = logFile;
      }
    })
  : Promise.resolve(true);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!built) {
  results.push('✖ end-to-end tests — not run: the build failed');
} else if (existsSync(chromium) || process.env.REQUIRE_E2E === '1') {
  await step('end-to-end tests (Chromium)', () => vitest('e2e', ['--config', 'vitest.e2e.config.ts']));
} else {
  results.push(`• end-to-end tests NOT RUN: Chromium is not installed at ${chromium} (apt-get install -y chromium)`);
}
if (!(await pgStep) && pgLog) {
  console.log(`\n▶ API tests on PostgreSQL: the end of ${path.relative(ROOT, pgLog)}`);
  console.log(readFileSync(pgLog, 'utf8').split('\n').slice(-150).join('\n'));
} else if (pgLog) console.log(`\n✓ API tests on PostgreSQL: ${path.relative(ROOT, pgLog)}`);

console.log('\n' + results.join('\n'));
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.some((r) => r.startsWith('✖')) ? 1 : 0);
