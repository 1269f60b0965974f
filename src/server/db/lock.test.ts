import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../paths';
import { SERVER_MAIN } from '../test/instances';
import { DataDirLockedError, lockDataDir, STALE_MS, type LockInfo } from './lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'cc-lock-'));
const lockFile = (dir: string) => path.join(dir, 'server.lock');
const readInfo = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as LockInfo;

/** Writes a lock as another machine's server would, with its heartbeat (mtime) `ageMs` ago. */
function foreignLock(dir: string, ageMs: number) {
  writeFileSync(lockFile(dir), JSON.stringify({ pid: 4242, host: 'other-container-7f3a', startedAt: '2026-11-24T08:00:00.000Z' }));
  const t = new Date(Date.now() - ageMs);
  utimesSync(lockFile(dir), t, t);
}

/** Tries to take the lock from a separate Node process (the real lock module), as a second server would. */
function lockFromAnotherProcess(dir: string, release = true) {
  const script = `import { lockDataDir } from ${JSON.stringify(path.join(ROOT, 'src/server/db/lock.ts'))};
    try { const l = lockDataDir(${JSON.stringify(dir)}); console.log('LOCKED'); ${release ? 'l.release();' : ''} }
    catch (e) { console.error(e.message); process.exit(3); }`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('data directory lock', () => {
  it('refuses a second process while the first holds it, naming the holder and how to take over', () => {
    const dir = tmp();
    const lock = lockDataDir(dir);
    try {
      const r = lockFromAnotherProcess(dir);
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('in use by another server');
      expect(r.stderr).toContain(`pid ${process.pid}`);
      expect(r.stderr).toContain(`host ${os.hostname()}`);
      expect(r.stderr).toContain('--force-unlock');
      expect(r.stderr).toContain('CARGO_FORCE_UNLOCK=1');
    } finally {
      lock.release();
    }
    expect(existsSync(lockFile(dir))).toBe(false);
    expect(lockFromAnotherProcess(dir).stdout).toContain('LOCKED');
  });

  it('the real server entry refuses to start on a locked data directory (exit 3, nothing opened)', () => {
    const dir = tmp();
    const lock = lockDataDir(dir);
    try {
      const r = spawnSync(process.execPath, SERVER_MAIN, {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', CARGO_FORCE_UNLOCK: '' },
      });
      expect(r.status).toBe(3);
      expect(r.stderr).toContain(`pid ${process.pid}`);
      expect(r.stderr).toContain('--force-unlock');
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
      expect(readInfo(dir).pid).toBe(process.pid);
    } finally {
      lock.release();
    }
  }, 90_000);

  it('refuses a lock from another host whose heartbeat is fresh', () => {
    const dir = tmp();
    foreignLock(dir, 2_000);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/host other-container-7f3a, pid 4242, since 2026-11-24T08:00:00.000Z/);
    expect(readInfo(dir).host).toBe('other-container-7f3a');
  });

  it('takes over a lock from another host whose heartbeat is older than the bound', () => {
    const dir = tmp();
    foreignLock(dir, STALE_MS + 5_000);
    const takeovers: string[] = [];
    const lock = lockDataDir(dir, { onTakeover: (prev, why) => takeovers.push(`${prev?.host}: ${why}`) });
    expect(readInfo(dir).pid).toBe(process.pid);
    expect(takeovers).toEqual([expect.stringMatching(/^other-container-7f3a: no heartbeat for \d+ s$/)]);
    lock.release();
  });

  it('as a separate process too: refuses another host\'s fresh lock, takes over its old one', () => {
    const dir = tmp();
    foreignLock(dir, 2_000);
    const refused = lockFromAnotherProcess(dir);
    expect(refused.status, refused.stdout).toBe(3);
    expect(refused.stderr).toContain('host other-container-7f3a, pid 4242');
    expect(readInfo(dir).host).toBe('other-container-7f3a');
    foreignLock(dir, STALE_MS + 5_000);
    const taken = lockFromAnotherProcess(dir);
    expect(taken.stdout, taken.stderr).toContain('LOCKED');
  }, 60_000);

  it('takes a fresh foreign lock over only when forced', () => {
    const dir = tmp();
    foreignLock(dir, 0);
    const lock = lockDataDir(dir, { force: true });
    expect(readInfo(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over the lock of a process on this host that died (its unref\'d heartbeat let it exit)', () => {
    const dir = tmp();
    // The child takes the lock and never releases it: it must still exit on its own (the heartbeat timer is
    // unref'd), leaving a lock whose pid is dead.
    const r = lockFromAnotherProcess(dir, false);
    expect(r.stdout).toContain('LOCKED');
    expect(r.status).toBe(0);
    const left = readInfo(dir);
    expect(left.pid).not.toBe(process.pid);
    const lock = lockDataDir(dir);
    expect(readInfo(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('an unreadable lock is refused while fresh and taken over once old', () => {
    const dir = tmp();
    writeFileSync(lockFile(dir), '{"pid": 12');
    expect(() => lockDataDir(dir)).toThrow(/unreadable lock file/);
    const old = new Date(Date.now() - STALE_MS - 1_000);
    utimesSync(lockFile(dir), old, old);
    lockDataDir(dir).release();
  });

  it('refuses a live process of this host in-process too', () => {
    const dir = tmp();
    // Our parent (the test runner) is alive: its lock is not stale, however old its heartbeat.
    writeFileSync(lockFile(dir), JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: 'x' }));
    const old = new Date(Date.now() - 10 * STALE_MS);
    utimesSync(lockFile(dir), old, old);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('refreshes the heartbeat while held, and stops its timer on release', async () => {
    const dir = tmp();
    const lock = lockDataDir(dir, { heartbeatMs: 40 });
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile(dir), old, old);
    await vi.waitFor(() => expect(Date.now() - statSync(lockFile(dir)).mtimeMs).toBeLessThan(5_000), { timeout: 2_000 });
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);

    vi.useFakeTimers();
    const held = lockDataDir(dir);
    expect(vi.getTimerCount()).toBe(1);
    held.release();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells the holder when its lock was forced away, and leaves the new holder\'s file alone', async () => {
    const dir = tmp();
    const lost: Array<LockInfo | undefined> = [];
    const lock = lockDataDir(dir, { heartbeatMs: 40, onLost: (h) => lost.push(h) });
    foreignLock(dir, 0);
    await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 2_000 });
    expect(lost[0]?.host).toBe('other-container-7f3a');
    lock.release();
    expect(readInfo(dir).host).toBe('other-container-7f3a');
  });
});
