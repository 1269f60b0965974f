import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/**
 * The server's entry points: what `npm run build:server` bundles into dist/server/<name>.js, and what
 * `scripts/run-ts.mjs` runs from that build when it is current.
 */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'backup-cli': 'src/server/db/backup-cli.ts',
  // The build's last step prepares the demo data a first start begins from (db/seed/prepared.ts).
  'demo-data': 'src/server/db/seed/demo-data-cli.ts',
  'reset-password-cli': 'src/server/modules/auth/reset-password-cli.ts',
  // The import parser's worker thread, loaded by main.js from beside it (lib/resource/import.ts).
  'xlsx-worker': 'src/server/lib/resource/xlsx-worker.ts',
};

/** When the sources last changed: any file under src/, or package.json. */
export const sourcesChanged = () => Math.max(newestMtime(path.join(ROOT, 'src')), mtime(path.join(ROOT, 'package.json')));

/** Whether dist/server was built from the sources as they are now (nothing under src/ is newer than it). */
export const serverBuildIsCurrent = () => mtime(path.join(ROOT, 'dist/server/main.js')) >= sourcesChanged();

export const npmBin = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const nodeBin = process.execPath;
