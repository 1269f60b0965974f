import { closeSync, linkSync, mkdirSync, openSync, readFileSync, readlinkSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface LockInfo {
  pid: number;
  host: string;
  /** The pid namespace (Linux): two containers with one hostname still have separate pid spaces. */
  pidNs?: string;
  startedAt: string;
}

/** The holder touches the lock file's mtime this often… */
const HEARTBEAT_MS = 5_000;
/** …so a lock from another host whose mtime is older than this has lost its holder (six missed beats). */
export const STALE_MS = 30_000;

export interface LockOptions {
  /** Take the lock whoever holds it (`--force-unlock` / CARGO_FORCE_UNLOCK=1): the operator has checked. */
  force?: boolean;
  /** Called once if the lock file stops being ours while we run (someone forced it). */
  onLost?: (holder: LockInfo | undefined) => void;
  /** Told when a lock is taken over (stale or forced), to be logged. */
  onTakeover?: (previous: LockInfo | undefined, why: string) => void;
  /** Heartbeat period; HEARTBEAT_MS unless a test needs a quicker one. */
  heartbeatMs?: number;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

function pidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): { text: string; info?: LockInfo; mtimeMs: number } | undefined {
  try {
    const mtimeMs = statSync(file).mtimeMs;
    const text = readFileSync(file, 'utf8');
    let info: LockInfo | undefined;
    try {
      const parsed = JSON.parse(text) as LockInfo;
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') info = parsed;
    } catch {
      info = undefined;
    }
    return { text, info, mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Why a lock may be taken over, or undefined while its holder may still be running. A lock is stale only
 * when its holder is provably gone: on this host (same hostname and pid namespace) its pid is dead; from
 * another host, or unreadable, its heartbeat (the file's mtime) is older than STALE_MS.
 */
function staleReason(lock: { info?: LockInfo; mtimeMs: number }, now = Date.now()): string | undefined {
  const age = now - lock.mtimeMs;
  const { info } = lock;
  // A lock without pidNs was written before it was recorded: same hostname is then taken as this host.
  if (info && info.host === os.hostname() && (info.pidNs === undefined || info.pidNs === (pidNamespace() ?? ''))) {
    if (info.pid === process.pid) return undefined;
    return isAlive(info.pid) ? undefined : `process ${info.pid} on this host is gone`;
  }
  if (age > STALE_MS) return `no heartbeat for ${Math.round(age / 1000)} s`;
  return undefined;
}

function describeHolder(dataDir: string, lock: { info?: LockInfo; mtimeMs: number }): string {
  const { info } = lock;
  const beat = `last heartbeat ${new Date(lock.mtimeMs).toISOString()}`;
  const holder = info
    ? `another server (host ${info.host}, pid ${info.pid}, since ${info.startedAt}; ${beat})`
    : `another server (unreadable lock file; ${beat})`;
  return (
    `The data directory ${path.resolve(dataDir)} is in use by ${holder}. ` +
    `Two servers on one embedded database lose acknowledged writes, so this one does not start. ` +
    `Stop that server first, or start this one with another DATA_DIR or a DATABASE_URL. ` +
    `If you are sure that server is gone (a crashed container on a shared volume), start once with --force-unlock ` +
    `or CARGO_FORCE_UNLOCK=1 to take the lock over.`
  );
}

/**
 * Takes an exclusive lock on a PGlite data directory. Two processes writing one PGlite directory silently
 * lose commits, so a second server refuses to start while the holder may be alive (see staleReason). The
 * holder refreshes the lock's mtime every HEARTBEAT_MS on an unref'd timer, stopped by release().
 */
export function lockDataDir(dataDir: string, opts: LockOptions = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), pidNs: pidNamespace() ?? '', startedAt: new Date().toISOString() };
  const myText = JSON.stringify(mine);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, myText);
      } finally {
        closeSync(fd);
      }
      return hold(file, myText, opts);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readLock(file);
    if (!current) continue; // released between our open and our read
    const why = opts.force ? 'forced (--force-unlock / CARGO_FORCE_UNLOCK)' : staleReason(current);
    if (!why) throw new DataDirLockedError(describeHolder(dataDir, current));
    // Take it over without racing another taker: move the file aside (atomic, only one mover wins), and
    // keep it only if it is still the lock we judged; a fresh lock someone else just wrote is put back.
    const aside = `${file}.${process.pid}.${Date.now()}.stale`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    let moved: string | undefined;
    try {
      moved = readFileSync(aside, 'utf8');
    } catch {
      moved = undefined;
    }
    if (moved !== current.text) {
      try {
        linkSync(aside, file);
      } catch {
        /* another server already holds a newer lock: the next attempt sees it */
      }
      unlinkSync(aside);
      continue;
    }
    unlinkSync(aside);
    opts.onTakeover?.(current.info, why);
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}: another server keeps taking it`);
}

function hold(file: string, myText: string, opts: LockOptions): DataDirLock {
  let lost = false;
  const stillMine = () => {
    try {
      return readFileSync(file, 'utf8') === myText;
    } catch {
      return false;
    }
  };
  const timer = setInterval(() => {
    if (lost) return;
    if (!stillMine()) {
      lost = true;
      opts.onLost?.(readLock(file)?.info);
      return;
    }
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      /* a missed beat; the next one retries */
    }
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      if (stillMine()) {
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      }
    },
  };
}
