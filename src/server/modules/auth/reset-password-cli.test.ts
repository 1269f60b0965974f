import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ROOT } from '../../paths';
import { startServer, type RunningServer } from '../../server';

/** `npm run admin:reset-password` as an operator runs it: the real script, in its own process, on a data directory. */
function runResetScript(dataDir: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/run-ts.mjs', 'src/server/modules/auth/reset-password-cli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

const ADMIN = 'admin@cargo.test';
const FIRST_PASSWORD = 'Chosen-admin-9';

async function login(server: RunningServer, email: string, password: string) {
  const res = await fetch(server.url + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; refreshToken?: string } };
}

/** The office's two-factor policy switched off, so the password alone signs the Admin in (these tests are about passwords). */
async function policyOff(server: RunningServer) {
  await server.database.query(`UPDATE settings SET value = '"off"'::jsonb WHERE kind = 'security' AND key = 'two_factor_required'`);
}

function start(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED: 'none', SEED_ADMIN_PASSWORD: FIRST_PASSWORD, LOG_LEVEL: 'silent' });
  return startServer(config, { serveWeb: false, logger: false });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run admin:reset-password (PGlite data directory)', () => {
  it('gives the first Admin a new printed password, ends their sessions, records it, and refuses while a server runs', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-reset-'));
    dirs.push(dataDir);

    let server = await start(dataDir);
    await policyOff(server);
    const before = await login(server, ADMIN, FIRST_PASSWORD);
    expect(before.status).toBe(200);
    // The data directory is the running server's: the script says so and changes nothing.
    const refused = await runResetScript(dataDir, []);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('is in use by another server');
    await server.stop();

    const run = await runResetScript(dataDir, []);
    expect(run.code, run.out).toBe(0);
    const printed = /New password: (\S+) {3}\(shown only this once/.exec(run.out)?.[1];
    expect(printed, run.out).toBeTruthy();
    expect(printed!.length).toBeGreaterThanOrEqual(20);
    expect(run.out).toContain(`Password of ${ADMIN} (Admin) reset.`);
    expect(run.out).toContain('1 open session(s) ended');

    server = await start(dataDir);
    try {
      expect((await login(server, ADMIN, FIRST_PASSWORD)).status).toBe(401);
      const after = await login(server, ADMIN, printed!);
      expect(after.status).toBe(200);
      expect(after.body.token).toBeTruthy();
      // The session opened with the old password is over.
      const refresh = await fetch(server.url + '/api/auth/refresh-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: before.body.refreshToken }),
      });
      expect(refresh.status).toBe(401);
      const audit = await server.database.query<{ actor_id: number | null; after: { via: string } }>(
        `SELECT a.actor_id, a.after FROM audit_log a JOIN users u ON a.entity_id = u.id::text
          WHERE a.action = 'password_reset' AND a.entity = 'users' AND u.email = $1`,
        [ADMIN],
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_id).toBeNull();
      expect(audit[0]!.after.via).toBe('npm run admin:reset-password');
      const hash = await server.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [ADMIN]);
      expect(hash[0]!.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('takes a chosen password for a given e-mail, never prints it, and refuses one the policy refuses', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-reset-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    await policyOff(first);
    await first.stop();

    const weak = await runResetScript(dataDir, ['--email', ADMIN.toUpperCase(), '--password', 'short']);
    expect(weak.code).not.toBe(0);
    expect(weak.out).toContain('Mật khẩu cần ít nhất 8 ký tự');
    const unknown = await runResetScript(dataDir, ['--email', 'nobody@cargo.test', '--password', 'Mat-khau-moi-42']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.out).toContain('No account has the e-mail nobody@cargo.test');

    const chosen = await runResetScript(dataDir, ['--email', ADMIN.toUpperCase(), '--password', 'Mat-khau-moi-42']);
    expect(chosen.code, chosen.out).toBe(0);
    expect(chosen.out).not.toContain('Mat-khau-moi-42');
    expect(chosen.out).toContain('New password: the one given with --password.');

    const server = await start(dataDir);
    try {
      expect((await login(server, ADMIN, FIRST_PASSWORD)).status).toBe(401);
      expect((await login(server, ADMIN, 'Mat-khau-moi-42')).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 240_000);
  it('with --remove-two-factor removes a lost second factor, so the Admin signs in with the password and enrols a new one, and says so', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-reset-'));
    dirs.push(dataDir);
    let server = await start(dataDir);
    try {
      // An enrolled Admin whose phone and recovery codes are gone: the secret and the codes are unusable here.
      await server.database.query(
        `INSERT INTO user_two_factor (user_id, secret_enc, confirmed_at) SELECT id, 'lost', now() FROM users WHERE email = $1`,
        [ADMIN],
      );
      await server.database.query(`INSERT INTO user_recovery_codes (user_id, code_hash) SELECT id, 'lost' FROM users WHERE email = $1`, [ADMIN]);
      const challenged = await login(server, ADMIN, FIRST_PASSWORD);
      expect(challenged.status).toBe(401);
      expect((challenged.body as { code?: string }).code).toBe('MFA_REQUIRED');
    } finally {
      await server.stop();
    }

    const kept = await runResetScript(dataDir, ['--password', 'Mat-khau-moi-42']);
    expect(kept.code, kept.out).toBe(0);
    expect(kept.out).not.toContain('Two-factor sign-in removed');
    const removed = await runResetScript(dataDir, ['--password', 'Mat-khau-moi-43', '--remove-two-factor']);
    expect(removed.code, removed.out).toBe(0);
    expect(removed.out).toContain('Two-factor sign-in removed');

    server = await start(dataDir);
    try {
      // Admins must have a second factor (the default policy): the password leads to enrolling a new one.
      const again = await login(server, ADMIN, 'Mat-khau-moi-43');
      expect(again.status).toBe(401);
      expect((again.body as { code?: string }).code).toBe('MFA_ENROL_REQUIRED');
      const left = await server.database.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM user_two_factor) + (SELECT count(*) FROM user_recovery_codes) AS n`,
      );
      expect(Number(left[0]!.n)).toBe(0);
      const audit = await server.database.query<{ after: { twoFactorRemoved: boolean } }>(
        `SELECT after FROM audit_log WHERE action = 'password_reset' ORDER BY id`,
      );
      expect(audit.map((a) => a.after.twoFactorRemoved)).toEqual([false, true]);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
