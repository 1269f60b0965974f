import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
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

/**
 * Takes an exclusive lock on a PGlite data directory. Two processes writing one PGlite directory silently
 * lose commits, so a second server must refuse to start. A lock whose process is gone is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void; file: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      return {
        file,
        release() {
          try {
            const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
            if (info.pid === mine.pid && info.startedAt === mine.startedAt) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let info: LockInfo | undefined;
      try {
        info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      } catch {
        info = undefined; // unreadable or half-written lock: treat as stale
      }
      if (info && info.host === os.hostname() && info.pid !== process.pid && isAlive(info.pid)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another server (pid ${info.pid}, started ${info.startedAt}). ` +
            `Stop that server first, or start this one with another DATA_DIR or a DATABASE_URL.`,
        );
      }
      // Stale lock left by a process that died: take it over.
      try {
        unlinkSync(file);
      } catch {
        /* raced with another taker; retry */
      }
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}`);
}
