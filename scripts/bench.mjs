// `npm run bench`: builds if stale, then runs bench/run.ts (tsx). `npm run bench:office` (`--office`): bench/office.ts.
import path from 'node:path';
import { mtime, nodeBin, npmBin, ROOT, run, sourcesChanged } from './lib.mjs';

const srcNewest = sourcesChanged();
if (mtime(path.join(ROOT, 'dist/web/index.html')) < srcNewest || mtime(path.join(ROOT, 'dist/server/main.js')) < srcNewest) {
  if ((await run(npmBin, ['run', '--silent', 'build'])) !== 0) process.exit(1);
}
const office = process.argv.includes('--office');
const args = process.argv.slice(2).filter((a) => a !== '--office');
process.exit(await run(nodeBin, ['--import', 'tsx', office ? 'bench/office.ts' : 'bench/run.ts', ...args]));
