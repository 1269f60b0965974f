import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../paths';

/**
 * The process tests start the server as it ships — the bundle in dist/server, with the build's prepared demo data
 * beside it when there is one — not the sources under tsx (seconds of transpiling per start, and a demo seeded from
 * scratch). Bundling the server takes a second or two, so it is done here, before them, when the sources are newer
 * than the build.
 */
export default function setup() {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the server for the process tests failed:\n${r.stdout}${r.stderr}`);
}
