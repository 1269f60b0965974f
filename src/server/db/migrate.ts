import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

/**
 * Applies src/server/db/migrations/NNNN_name.sql in order, each in its own transaction, and records
 * them in _migrations with a checksum. An applied migration that was edited afterwards stops the start:
 * migrations are append-only. On PostgreSQL an advisory lock lets several instances start at once.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  await database.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const lockKey = 7_301_991;
  return database.session(async (run) => {
    if (database.driver === 'postgres') await run('SELECT pg_advisory_lock($1)', [lockKey]);
    const applied: string[] = [];
    try {
      const rows = await run<{ name: string; checksum: string }>('SELECT name, checksum FROM _migrations', []);
      const done = new Map(rows.map((r) => [r.name, r.checksum]));
      for (const file of files) {
        const sqlText = await readFile(path.join(dir, file), 'utf8');
        const checksum = createHash('sha256').update(sqlText).digest('hex');
        const prior = done.get(file);
        if (prior) {
          if (prior !== checksum) throw new Error(`Migration ${file} was changed after it was applied`);
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
    } finally {
      if (database.driver === 'postgres') await run('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
    return applied;
  });
}
