import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { installQueue } from '../lib/queue';
import { MIGRATIONS_DIR } from '../paths';
import type { Database, SessionRun } from './client';

/** The PostgreSQL advisory lock under which instances starting at once migrate and seed, one at a time. */
const STARTUP_LOCK_KEY = 7_301_991;

/**
 * Runs fn on one dedicated connection holding the start-up advisory lock (PostgreSQL; PGlite has one
 * process by the data directory lock). Whatever fn checks ("already migrated", "already seeded") it checks
 * after every earlier instance finished writing it.
 */
export async function withStartupLock<T>(database: Database, fn: (run: SessionRun) => Promise<T>): Promise<T> {
  return database.session(async (run) => {
    if (database.driver === 'postgres') await run('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn(run);
    } finally {
      if (database.driver === 'postgres') await run('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  });
}

/**
 * The one-time exceptions to "an applied migration never changes": checksums a file had in a released build
 * before it was (wrongly) edited, accepted as that file. Nothing may be added here: a change is a new migration.
 * - 0028_slip_retry.sql shipped with three trigger functions and was then edited to one (commit 8e835b1); databases
 *   made in between hold the first text's checksum. 0035_slip_retry_one_function.sql brings them to the present shape.
 */
export const EQUIVALENT_CHECKSUMS: Readonly<Record<string, readonly string[]>> = {
  '0028_slip_retry.sql': ['004e21705762993a738fe7cc0bf576f21a7bd27d6a2e209cc2b2048a592d3433'],
};

/**
 * Applies src/server/db/migrations/NNNN_name.sql in order, each in its own transaction, and records
 * them in _migrations with a checksum. An applied migration that was edited afterwards stops the start:
 * migrations are append-only. On PostgreSQL the start-up advisory lock lets several instances start at once.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return withStartupLock(database, async (run) => {
    // Inside the lock: two CREATE TABLE IF NOT EXISTS at once on an empty database can both try to create it.
    await run(`CREATE TABLE IF NOT EXISTS _migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied: string[] = [];
    const rows = await run<{ name: string; checksum: string }>('SELECT name, checksum FROM _migrations', []);
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    for (const file of files) {
      const sqlText = await readFile(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(sqlText).digest('hex');
      const prior = done.get(file);
      if (prior) {
        if (prior !== checksum && !EQUIVALENT_CHECKSUMS[file]?.includes(prior)) {
          throw new Error(`Migration ${file} was changed after it was applied`);
        }
        continue;
      }
      const body = sqlText.replaceAll('--> statement-breakpoint', '');
      try {
        await run(`BEGIN;\n${body}\n;INSERT INTO _migrations (name, checksum) VALUES ('${file}', '${checksum}');\nCOMMIT;`);
      } catch (err) {
        await run('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
    }
    // The job queue's own schema, so every migrated database can take a job in the transaction of the write that
    // causes it. Under the same lock: pg-boss's CREATE SCHEMA is not guarded against a second instance starting at
    // the same moment on an empty database (it failed with a duplicate pg_namespace key; startup-race.test.ts).
    await installQueue(database);
    return applied;
  });
}
