// Bundles the server (our code only; npm packages stay external) into dist/server with esbuild.
import { build } from 'esbuild';
import { SERVER_ENTRIES } from './lib.mjs';

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
