import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../src/server/paths';

export const ADMIN = { email: 'admin@cargo.test', password: 'Admin@12345' };
export const STAFF = { email: 'staff@cargo.test', password: 'Staff@12345' };

export interface E2EServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** The mails sent so far (no SMTP: the pickup directory), oldest first, each as its text. */
  mails(): string[];
  stop(): Promise<void>;
}

/**
 * A data directory the browser suite's global setup seeded once (E2E_DATA_TEMPLATE): a server started with the
 * default database settings begins from a copy of it instead of migrating and seeding its own (the demo seed is most
 * of a start-up: about 2 minutes against 10 s for a copy on a busy 2-core machine). Anything that changes what is in
 * the database (SEED…, DATABASE_URL, DATA_DIR) gets a fresh one, as before.
 */
function templateFor(env: Record<string, string>): string | undefined {
  const template = process.env.E2E_DATA_TEMPLATE;
  if (!template || !existsSync(template)) return undefined;
  return Object.keys(env).some((k) => /^(SEED|DATABASE_URL$|DATA_DIR$)/.test(k)) ? undefined : template;
}

/**
 * Starts the built server (dist/server/main.js serving dist/web) as a real process on a free port with a fresh
 * embedded database and the demo seed. Build first: `npm run build`.
 */
export async function startServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  // Seeding the demo data takes longer than usual on a loaded machine; a bench may wait longer than a test.
  startTimeoutMs = 90_000,
): Promise<E2EServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cargo-e2e-'));
  const template = templateFor(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'demo',
      // Mail without SMTP lands as files here (the log never holds a password-reset link).
      MAIL_PICKUP_DIR: path.join(dataDir, 'mail'),
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      // The demo Staff password is random unless set: the browser tests sign in with this one.
      SEED_STAFF_PASSWORD: STAFF.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${out}`)), startTimeoutMs);
    const onData = () => {
      const m = /running at (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => out,
    mails: () => {
      const dir = path.join(dataDir, 'mail');
      if (!existsSync(dir)) return [];
      return readdirSync(dir).sort().map((f) => readFileSync(path.join(dir, f), 'utf8'));
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
