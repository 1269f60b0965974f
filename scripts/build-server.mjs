// Bundles the server (our code only; npm packages stay external) into dist/server with esbuild.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'backup-cli': 'src/server/db/backup-cli.ts' },
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
