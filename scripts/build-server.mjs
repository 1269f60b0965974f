// Bundles the server (our code only; npm packages stay external) into dist/server with esbuild.
import { build } from 'esbuild';
import { SERVER_ENTRIES, serverBuildIsCurrent } from './lib.mjs';

// --if-stale (the process tests' setup): leave a current build as it is, so its prepared demo data stays newer than it
// and the next `npm start` does not prepare it again.
if (process.argv.includes('--if-stale') && serverBuildIsCurrent()) {
  console.log('server build is current → dist/server');
  process.exit(0);
}

await build({
  entryPoints: SERVER_ENTRIES,
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built → dist/server');
