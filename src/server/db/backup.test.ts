import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
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
    // A whole demo database out and back in: ~16 s alone on the 2-core machine, twice that while other suites run.
  }, 90_000);

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
    // The same whole demo database as the test above, into a fresh embedded database (migrations and all): the same
    // budget. It ran out of the 30 s default at 30.6 s and 37.5 s while other suites loaded the machine.
  }, 90_000);

  it('refuses to restore into a database that has data, and leaves it untouched', async () => {
    const before = await snapshot(source.database);
    await expect(restoreFrom(source.database, file)).rejects.toThrow(/empty database/);
    expect(await snapshot(source.database)).toEqual(before);
  });

  it('leaves the JWT key out unless asked (--with-secrets); a restore without it gets a new key at start', async () => {
    const { resolveJwtSecret } = await import('../lib/secrets');
    const key = await resolveJwtSecret(source.database);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-'));
    const plain = path.join(dir, 'plain.ndjson.gz');
    const keyed = path.join(dir, 'keyed.ndjson.gz');
    await backupTo(source.database, plain);
    await backupTo(source.database, keyed, { withSecrets: true });
    expect(gunzipSync(readFileSync(plain)).toString()).not.toContain(key);
    expect(gunzipSync(readFileSync(keyed)).toString()).toContain(key);
    for (const [f, kept] of [[plain, false], [keyed, true]] as const) {
      const db = await createEmptyDatabase();
      try {
        await restoreFrom(db, f);
        const after = await resolveJwtSecret(db);
        expect(after === key, f).toBe(kept);
        expect(after.length).toBeGreaterThanOrEqual(32);
      } finally {
        await db.close();
      }
    }
    await source.database.query(`DELETE FROM app_secrets WHERE name = 'jwt_secret'`);
  }, 300_000);
});

/**
 * A dump as an older version wrote it: the writer's format has not changed since the first release (only the
 * schema has), so a dump of that version is today's dump without what later migrations added — those columns,
 * those tables and those migration names.
 */
function asOlderVersion(file: string, out: string, v: { migrationsBefore: string; dropTables: string[]; dropColumns: Record<string, string[]> }) {
  const lines = gunzipSync(readFileSync(file)).toString().split('\n').filter(Boolean);
  const header = JSON.parse(lines[0]!);
  header.migrations = header.migrations.filter((m: string) => m < v.migrationsBefore);
  header.tables = header.tables.filter((t: string) => !v.dropTables.includes(t));
  delete header.withSecrets;
  const kept = [JSON.stringify(header)];
  for (const line of lines.slice(1)) {
    const batch = JSON.parse(line) as { table: string; rows: Record<string, unknown>[] };
    if (v.dropTables.includes(batch.table)) continue;
    for (const row of batch.rows) for (const c of v.dropColumns[batch.table] ?? []) delete row[c];
    kept.push(JSON.stringify(batch));
  }
  writeFileSync(out, gzipSync(kept.join('\n') + '\n'));
}

const OLDER_VERSIONS = {
  // The builds of 2026-12-07 (0054 the last migration): no slip `package_count` (0055).
  'before 0055': {
    migrationsBefore: '0055',
    dropTables: [],
    dropColumns: { delivery_slips: ['package_count'] },
  },
  // The builds of 2026-11-27 (0027 the last migration): no slip `retry` (0028), no delivered roll-ups (0029).
  'before 0028': {
    migrationsBefore: '0028',
    dropTables: ['delivered_slip_days', 'delivered_route_days'],
    dropColumns: { delivery_slips: ['retry', 'package_count'] },
  },
  // The builds of 2026-11-24 (0019): no tracking roll-ups (0020), no store soft delete (0022), no wallet note codes (0023).
  'before 0020': {
    migrationsBefore: '0020',
    dropTables: ['delivered_slip_days', 'delivered_route_days', 'tracking_day_packages', 'tracking_day_scans'],
    dropColumns: {
      delivery_slips: ['retry', 'package_count'],
      packages: ['received_abroad_at'],
      stores: ['deleted_at'],
      transactions: ['note_code', 'note_params'],
    },
  },
};

describe('restoring backups made by older versions', () => {
  async function figures(db: Database) {
    const tables = (
      await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
         AND table_name NOT IN ('_migrations', 'app_secrets') ORDER BY 1`,
      )
    ).map((r) => r.table_name);
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}"`))[0]!.n;
    const balances = await db.query(`SELECT id, balance::text AS balance FROM customers ORDER BY id`);
    const retries = await db.query(`SELECT id, retry, package_count FROM delivery_slips ORDER BY id`);
    const ledger = await db.query(`SELECT customer_id, sum(amount)::text AS total FROM transactions GROUP BY 1 ORDER BY 1`);
    return { counts, balances, retries, ledger };
  }

  for (const [name, version] of Object.entries(OLDER_VERSIONS)) {
    it(`restores a backup made ${name} to identical counts and balances (missing columns get their defaults, roll-ups are recounted)`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-old-'));
      const current = path.join(dir, 'current.ndjson.gz');
      const old = path.join(dir, 'old.ndjson.gz');
      await backupTo(source.database, current);
      asOlderVersion(current, old, version);
      const db = await createEmptyDatabase();
      try {
        await restoreFrom(db, old);
        const expected = await figures(source.database);
        const got = await figures(db);
        expect(got.counts).toEqual(expected.counts);
        expect(got.balances).toEqual(expected.balances);
        expect(got.ledger).toEqual(expected.ledger);
        // Each slip's retry flag and package count, counted again from the restored lines.
        expect(got.retries).toEqual(expected.retries);
        expect(expected.balances.length).toBeGreaterThan(0);
      } finally {
        await db.close();
      }
    }, 300_000);
  }
});
