// `npm run dev`: the API with reload (tsx watch) and the Vite dev server proxying /api to it.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'vite.config.ts'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', stop));
