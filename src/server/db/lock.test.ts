import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths';
import { DataDirLockedError, lockDataDir } from './lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'cc-lock-'));

/** Tries to take the lock from a separate Node process, as a second server would. */
function lockFromAnotherProcess(dir: string) {
  const script = `import { lockDataDir } from ${JSON.stringify(path.join(ROOT, 'src/server/db/lock.ts'))};
    try { lockDataDir(${JSON.stringify(dir)}); console.log('LOCKED'); } catch (e) { console.error(e.message); process.exit(3); }`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
}

describe('data directory lock', () => {
  it('refuses a second process while the first holds it, with a clear message', () => {
    const dir = tmp();
    const lock = lockDataDir(dir);
    try {
      const r = lockFromAnotherProcess(dir);
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('in use by another server');
      expect(r.stderr).toContain(String(process.pid));
    } finally {
      lock.release();
    }
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    expect(lockFromAnotherProcess(dir).stdout).toContain('LOCKED');
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tmp();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((r) => child.on('exit', r));
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: deadPid, host: os.hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a half-written lock file', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'server.lock'), '{"pid": 12');
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('throws DataDirLockedError in-process too', () => {
    const dir = tmp();
    // A lock held by a live process other than this one (our parent, the test runner) must be refused.
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: 'x' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});
