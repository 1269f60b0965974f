// `npm run test:e2e`: builds if needed, then runs the Playwright specs in headless Chromium against the real server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { mtime, npmBin, ROOT, run, sourcesChanged } from './lib.mjs';
import { vitest } from './vitest-run.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `Chromium is not installed at ${chromium} (apt-get install -y chromium)`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`✖ ${msg}`);
    process.exit(1);
  }
  console.log(`• end-to-end tests NOT RUN: ${msg}`);
  process.exit(0);
}
const srcNewest = sourcesChanged();
if (mtime(path.join(ROOT, 'dist/web/index.html')) < srcNewest || mtime(path.join(ROOT, 'dist/server/main.js')) < srcNewest) {
  if ((await run(npmBin, ['run', '--silent', 'build'])) !== 0) process.exit(1);
}
const r = await vitest('e2e', ['--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
console.log(`\ntests: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
process.exit(r.code);
