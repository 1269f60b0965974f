import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../paths';

/**
 * Real server processes for the tests that need several instances on one PostgreSQL database (limits and
 * revocations that must hold across them). Not shipped: nothing in the server imports this file.
 */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server as `npm start` runs it after a build; the process tests' global setup (process-setup.ts) bundles it. */
export const SERVER_MAIN = ['--enable-source-maps', path.join(ROOT, 'dist/server/main.js')];

export async function pgReachable(url = PG_ADMIN_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export interface Instance {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts the real server entry with these variables; resolves once it prints its URL, rejects if it exits first. */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, SERVER_MAIN, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const onData = () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        setTimeout(() => resolve({ child, url: m[1]!, stdout: () => out, stderr: () => err, stop }), 100);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`the instance exited (${code}): ${err || out}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}
