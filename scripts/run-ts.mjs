// Runs a TypeScript entry point (backup/restore, the operator's CLIs, bench scripts): from the build when it is one of
// the server's entry points and dist/server is current (no tsx to load, as in production), else from the sources
// with tsx.
import path from 'node:path';
import { nodeBin, ROOT, run, SERVER_ENTRIES, serverBuildIsCurrent } from './lib.mjs';

const [file, ...args] = process.argv.slice(2);
const name = Object.keys(SERVER_ENTRIES).find((k) => path.resolve(ROOT, SERVER_ENTRIES[k]) === path.resolve(file));
const argv =
  name && serverBuildIsCurrent()
    ? ['--enable-source-maps', path.join(ROOT, 'dist/server', `${name}.js`), ...args]
    : ['--import', 'tsx', file, ...args];
process.exit(await run(nodeBin, argv));
