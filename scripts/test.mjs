// `npm test`: type-check, lint, unit + component + API tests (PGlite), the bundle budget, and the browser tests
// where Chromium is installed. Every part runs; the run fails if any part failed, and the last line sums it up.
import { existsSync } from 'node:fs';
import { npmBin, nodeBin, run } from './lib.mjs';
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

// Type-check and lint are one process each: side by side they use the two cores once.
await Promise.all([
  step('type-check', async () => ({ code: await run(npmBin, ['run', '--silent', 'typecheck']) })),
  step('lint', async () => ({ code: await run(npmBin, ['run', '--silent', 'lint']) })),
]);
await step('unit, process, component and API tests (PGlite)', () => vitest('unit', []));
const built = await step('build', async () => ({ code: await run(npmBin, ['run', '--silent', 'build']) }));
if (built) await step('bundle budget', async () => ({ code: await run(nodeBin, ['scripts/bundle-budget.mjs']) }));
// Memory and latency under a large import, measured on the built server while nothing else runs.
if (built) await step('imports at the upload limit (the server alone)', () => vitest('load', ['--config', 'vitest.load.config.ts']));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!built) {
  results.push('✖ end-to-end tests — not run: the build failed');
} else if (existsSync(chromium) || process.env.REQUIRE_E2E === '1') {
  await step('end-to-end tests (Chromium)', () => vitest('e2e', ['--config', 'vitest.e2e.config.ts']));
} else {
  results.push(`• end-to-end tests NOT RUN: Chromium is not installed at ${chromium} (apt-get install -y chromium)`);
}

console.log('\n' + results.join('\n'));
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.some((r) => r.startsWith('✖')) ? 1 : 0);
