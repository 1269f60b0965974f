import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from './client';

/**
 * Logical backup as gzipped NDJSON: a header line, then one line per batch of rows per table. The same file
 * restores into PGlite or PostgreSQL, so it is also the way to move an embedded install onto PostgreSQL.
 */
const FORMAT = 'cargo-console-backup/1';
const BATCH = 2000;

interface Header {
  format: string;
  createdAt: string;
  driver: string;
  migrations: string[];
  tables: string[];
  /** Stand-alone sequences (customer, order, package… codes) and where they stood. */
  sequences?: Array<{ name: string; lastValue: number | null }>;
  /** Whether app_secrets (the generated JWT key) is in the dump; absent in dumps made before it could be left out. */
  withSecrets?: boolean;
}

export interface BackupOptions {
  /**
   * Keep the generated JWT key (app_secrets) in the dump. Off by default: whoever holds a dump with the key can sign
   * Admin tokens. A restore without it generates a new key at the next start (tokens signed with the old one stop).
   */
  withSecrets?: boolean;
}

async function tablesInDependencyOrder(database: Database): Promise<string[]> {
  const tables = (
    await database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_migrations'
       ORDER BY table_name`,
    )
  ).map((r) => r.table_name);
  const deps = await database.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const strip = (s: string) => s.replace(/^public\./, '').replace(/"/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const d of deps) if (strip(d.child) !== strip(d.parent)) parents.get(strip(d.child))?.add(strip(d.parent));
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const p of parents.get(t) ?? []) visit(p);
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

export async function backupTo(database: Database, file: string, opts: BackupOptions = {}): Promise<{ tables: number; rows: number }> {
  const withSecrets = opts.withSecrets === true;
  const tables = await tablesInDependencyOrder(database);
  const migrations = (await database.query<{ name: string }>('SELECT name FROM _migrations ORDER BY name')).map((r) => r.name);
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  // The next batch is read while the one before it is compressed (zlib works off the main thread): waiting for the
  // compressor to drain before the next FETCH, as this did, left the database and the compressor taking turns.
  let drained: Promise<unknown> = Promise.resolve();
  const writeLine = async (line: string) => {
    await drained;
    if (!gzip.write(line + '\n')) drained = once(gzip, 'drain');
  };
  const write = (obj: unknown) => writeLine(JSON.stringify(obj));
  let rows = 0;
  // One read-only snapshot for the whole dump, read through cursors so no table is held in memory.
  await database.session(async (run) => {
    await run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const sequences = (
        await run<{ name: string; last_value: number | null }>(
          `SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
          [],
        )
      ).map((r) => ({ name: r.name, lastValue: r.last_value == null ? null : Number(r.last_value) }));
      const header: Header = { format: FORMAT, createdAt: new Date().toISOString(), driver: database.driver, migrations, tables, sequences, withSecrets };
      await write(header);
      for (const table of tables) {
        const where = table === 'app_secrets' && !withSecrets ? ' WHERE false' : '';
        // Each row as the JSON text the database writes, put into the batch's line as it is: parsing it into objects
        // only to write them out again is work a dump does not need (3.5 M rows at an office's size).
        await run(`DECLARE backup_cursor NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM "${table}" t${where}`);
        for (;;) {
          const batch = await run<{ r: string }>(`FETCH ${BATCH} FROM backup_cursor`, []);
          if (batch.length === 0) break;
          await writeLine(`{"table":${JSON.stringify(table)},"rows":[${batch.map((b) => b.r).join(',')}]}`);
          rows += batch.length;
        }
        await run('CLOSE backup_cursor');
      }
      await run('COMMIT');
    } catch (err) {
      await run('ROLLBACK').catch(() => {});
      throw err;
    }
  });
  await drained;
  gzip.end();
  await once(out, 'finish');
  return { tables: tables.length, rows };
}

export async function restoreFrom(database: Database, file: string): Promise<{ tables: number; rows: number }> {
  // Take the iterator now: a readline interface drops lines that arrive before anyone iterates it.
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let header: Header | undefined;
  let rows = 0;
  const writable = new Map<string, string[]>();
  let slipsWithoutRetry = false;
  let slipsWithoutCount = false;
  await database.session(async (run) => {
    await run('BEGIN');
    try {
      // The dump carries the roll-ups that triggers keep from tracking_events (and the package column they set)
      // as they stood: the triggers stand aside while its rows go in, or each restored event would count twice.
      await run(`SELECT set_config('cargo.restoring', 'on', true)`, []);
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        const line = next.value;
        if (!line) continue;
        const obj = JSON.parse(line);
        if (!header) {
          header = obj as Header;
          if (header.format !== FORMAT) throw new Error(`Not a Cargo Console backup (format ${String(header.format)})`);
          const migrations = (await run<{ name: string }>('SELECT name FROM _migrations ORDER BY name', [])).map((r) => r.name);
          const missing = header.migrations.filter((m) => !migrations.includes(m));
          if (missing.length) throw new Error(`The backup needs newer code (migrations ${missing.join(', ')})`);
          for (const t of header.tables) {
            const [{ n }] = await run<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}"`, []);
            if (n > 0) throw new Error(`Restore needs an empty database, but table ${t} has ${n} rows`);
          }
          continue;
        }
        const { table, rows: batch } = obj as { table: string; rows: unknown[] };
        if (!header.tables.includes(table)) throw new Error(`Unexpected table ${table}`);
        // Generated columns (e.g. a slip's "COD still owed") are computed again by the database, never written.
        let names = writable.get(table);
        if (!names) {
          names = (
            await run<{ column_name: string }>(
              `SELECT column_name FROM information_schema.columns
               WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
              [table],
            )
          ).map((c) => c.column_name);
          writable.set(table, names);
        }
        // Only the columns the dump has: one made by an older version lacks the columns added since, which then get
        // their defaults (not NULL, which a NOT NULL column refuses). Every row of a table has the same keys.
        const present = new Set(Object.keys((batch[0] ?? {}) as object));
        if (table === 'delivery_slips' && batch.length > 0 && !present.has('retry')) slipsWithoutRetry = true;
        if (table === 'delivery_slips' && batch.length > 0 && !present.has('package_count')) slipsWithoutCount = true;
        const cols = names
          .filter((c) => present.has(c))
          .map((c) => `"${c}"`)
          .join(', ');
        if (!cols) continue;
        await run(
          `INSERT INTO "${table}" (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(null::"${table}", $1::json)`,
          [JSON.stringify(batch)],
        );
        rows += batch.length;
      }
      if (!header) throw new Error('The backup file is empty');
      // A backup made before the roll-ups existed has none: count them from the restored events.
      if (!header.tables.includes('tracking_day_packages')) await run('SELECT tracking_rollups_recount(NULL, NULL)', []);
      // Likewise the delivered slips' roll-ups (migration 0029), from the restored slips and lines.
      if (!header.tables.includes('delivered_slip_days')) await run('SELECT delivered_rollups_recount(NULL)', []);
      // The slip lines' retry trigger stands aside too (0054): a dump made before slips had `retry` (0028) gets the
      // flags marked once from the restored slips and lines, by 0028's own function.
      if (slipsWithoutRetry) await run('SELECT delivery_slips_mark_retries(ARRAY(SELECT id FROM delivery_slips))', []);
      // Likewise each slip's package count (0055), by the function its trigger calls.
      if (slipsWithoutCount) await run('SELECT delivery_slips_count_packages(ARRAY(SELECT id FROM delivery_slips))', []);
      // Code sequences continue where they stood (identity ones are set from the data just below).
      for (const seq of header.sequences ?? []) {
        if (seq.lastValue != null) await run(`SELECT setval('"${seq.name}"', $1, true)`, [seq.lastValue]);
      }
      // Identity sequences must continue after the restored ids.
      const seqs = await run<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND is_identity = 'YES'`,
        [],
      );
      for (const s of seqs) {
        await run(
          `SELECT setval(pg_get_serial_sequence('"${s.table_name}"', '${s.column_name}'),
                  COALESCE((SELECT max("${s.column_name}") FROM "${s.table_name}"), 0) + 1, false)`,
          [],
        );
      }
      await run('COMMIT');
    } catch (err) {
      await run('ROLLBACK').catch(() => {});
      throw err;
    }
  });
  return { tables: header!.tables.length, rows };
}
