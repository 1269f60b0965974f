// Runs vitest with a JSON report next to the normal output and returns { code, passed, failed, skipped }.
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { nodeBin, ROOT, run } from './lib.mjs';

/** `log`: a file for its output instead of this terminal (for a run made beside another one). */
export async function vitest(label, args, env = {}, log) {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const report = path.join(ROOT, '.tmp', `vitest-${label}-${process.pid}.json`);
  rmSync(report, { force: true });
  const code = await run(
    nodeBin,
    [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    log ? { env, stdio: ['ignore', log, log] } : { env },
  );
  let passed = 0, failed = 0, skipped = 0;
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    skipped = r.numPendingTests + r.numTodoTests;
    // A file that failed to load has no tests but must count as a failure.
    failed += (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  } catch {
    if (code !== 0) failed += 1;
  }
  if (code !== 0 && failed === 0) failed = 1;
  return { code, passed, failed, skipped };
}
