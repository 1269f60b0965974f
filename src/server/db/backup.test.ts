import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestContext, type TestContext } from '../test/harness';
import { backupTo, restoreFrom } from './backup';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';

let source: TestContext;
let target: Database;
let file: string;

beforeAll(async () => {
  source = await createTestContext();
  file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cc-backup-')), 'backup.ndjson.gz');
});
afterAll(async () => {
  await source.close();
  await target?.close();
});

async function snapshot(db: Database) {
  const tables = (
    await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name <> '_migrations' ORDER BY 1`,
    )
  ).map((r) => r.table_name);
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = (await db.query<{ r: unknown }>(`SELECT row_to_json(x) AS r FROM (SELECT * FROM "${t}" ORDER BY 1) x`)).map((r) => r.r);
  return out;
}

describe('backup and restore', () => {
  it('round-trips every row into an empty database, and ids continue after the restored ones', async () => {
    const written = await backupTo(source.database, file);
    expect(written.rows).toBeGreaterThan(20);
    target = await createEmptyDatabase();
    const restored = await restoreFrom(target, file);
    expect(restored.rows).toBe(written.rows);
    expect(await snapshot(target)).toEqual(await snapshot(source.database));
    const [{ max }] = await target.query<{ max: number }>('SELECT max(id)::int AS max FROM employees');
    const [inserted] = await target.query<{ id: number }>(
      `INSERT INTO employees (code, full_name) VALUES ('NV9999', 'Sau Khôi Phục') RETURNING id`,
    );
    expect(inserted!.id).toBeGreaterThan(max);
    // Code sequences (KH…, DH…) continue too, so the next customer cannot reuse a restored code.
    const seqs = await source.database.query<{ name: string; v: number }>(
      `SELECT sequencename AS name, last_value::int AS v FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL AND sequencename NOT LIKE '%\\_id\\_seq'`,
    );
    expect(seqs.length).toBeGreaterThan(0);
    for (const s of seqs) {
      const [r] = await target.query<{ v: number }>(`SELECT last_value::int AS v FROM pg_sequences WHERE sequencename = $1`, [s.name]);
      expect(r!.v, s.name).toBeGreaterThanOrEqual(s.v);
    }
  });

  it('moves between drivers: a PostgreSQL backup restores into embedded PGlite', async ({ skip }) => {
    if (source.database.driver !== 'postgres') skip();
    const embedded = await openDatabase({});
    try {
      await migrate(embedded);
      await restoreFrom(embedded, file);
      expect(await snapshot(embedded)).toEqual(await snapshot(source.database));
    } finally {
      await embedded.close();
    }
  });

  it('refuses to restore into a database that has data, and leaves it untouched', async () => {
    const before = await snapshot(source.database);
    await expect(restoreFrom(source.database, file)).rejects.toThrow(/empty database/);
    expect(await snapshot(source.database)).toEqual(before);
  });
});
