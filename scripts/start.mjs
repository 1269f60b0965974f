// `npm start`: build what is missing or stale, then run the server (console + API on one port) in this
// process, so SIGINT/SIGTERM reach its graceful shutdown directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mtime, npmBin, ROOT, run, sourcesChanged } from './lib.mjs';

const web = path.join(ROOT, 'dist/web/index.html');
const server = path.join(ROOT, 'dist/server/main.js');
const srcNewest = sourcesChanged();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
if (mtime(web) < srcNewest) {
  const t = Date.now();
  console.log('Building the web app (when the sources changed)…');
  if ((await run(npmBin, ['run', '--silent', 'build:web'])) !== 0) process.exit(1);
  console.log(`  built in ${seconds(t)}`);
}
if (mtime(server) < srcNewest) {
  const t = Date.now();
  console.log('Building the server…');
  if ((await run(npmBin, ['run', '--silent', 'build:server'])) !== 0) process.exit(1);
  console.log(`  built in ${seconds(t)}`);
}
// The demo data a first start begins from, prepared from this build (db/seed/prepared.ts).
if (mtime(path.join(ROOT, 'dist/demo/demo-data.json')) < mtime(server)) {
  const t = Date.now();
  console.log('Preparing the demo data for a first start…');
  if ((await run(npmBin, ['run', '--silent', 'build:demo'])) !== 0) process.exit(1);
  console.log(`  prepared in ${seconds(t)}`);
}
process.setSourceMapsEnabled?.(true);
await import(pathToFileURL(server).href);
