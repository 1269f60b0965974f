// Bundles the server (our code only; npm packages stay external) into dist/server with esbuild.
import { build } from 'esbuild';

await build({
  // xlsx-worker: the import parser's worker thread, loaded by main.js from beside it (lib/resource/import.ts).
  entryPoints: { main: 'src/server/main.ts', 'backup-cli': 'src/server/db/backup-cli.ts',
    // demo-data: the build's last step prepares the demo data a first start begins from (db/seed/prepared.ts).
    'demo-data': 'src/server/db/seed/demo-data-cli.ts', 'xlsx-worker': 'src/server/lib/resource/xlsx-worker.ts' },
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
