import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { openDatabase } from './client';
import { EQUIVALENT_CHECKSUMS, migrate } from './migrate';

// A released migration never changes: every database made by a build holds its checksum, and an edited file
// strands them all ("was changed after it was applied"). The manifest is the record of what was released.
const MANIFEST = path.join(MIGRATIONS_DIR, 'CHECKSUMS');
const FIRST_0028 = path.join(path.dirname(MIGRATIONS_DIR), 'fixtures', '0028_slip_retry.first-release.sql');

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const sqlFiles = () => readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();

function manifest(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of readFileSync(MANIFEST, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const m = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!m) throw new Error(`CHECKSUMS: not a "<sha256>  <file>" line: ${line}`);
    entries.set(m[2]!, m[1]!);
  }
  return entries;
}

describe('migrations are immutable', () => {
  it('every migration file is in the manifest (CHECKSUMS) with its checksum, and every listed file still exists', () => {
    const listed = manifest();
    const missing: string[] = [];
    const changed: string[] = [];
    for (const file of sqlFiles()) {
      const sum = sha256(path.join(MIGRATIONS_DIR, file));
      if (!listed.has(file)) missing.push(`${sum}  ${file}`);
      else if (listed.get(file) !== sum) changed.push(file);
    }
    const gone = [...listed.keys()].filter((f) => !sqlFiles().includes(f));
    expect(
      changed,
      `released migrations were edited: ${changed.join(', ')}. Restore them (git checkout) and write the change as a new migration.`,
    ).toEqual([]);
    expect(gone, `released migrations were removed: ${gone.join(', ')}`).toEqual([]);
    expect(
      missing,
      `new migrations are not in the manifest; add these lines to src/server/db/migrations/CHECKSUMS ` +
        `(or run: cd src/server/db/migrations && sha256sum NNNN_name.sql >> CHECKSUMS):\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it("keeps the text 0028 first shipped with, whose checksum the runner accepts (the one documented equivalence)", () => {
    expect(Object.keys(EQUIVALENT_CHECKSUMS)).toEqual(['0028_slip_retry.sql']);
    expect(EQUIVALENT_CHECKSUMS['0028_slip_retry.sql']).toEqual([sha256(FIRST_0028)]);
    expect(sha256(FIRST_0028)).not.toBe(manifest().get('0028_slip_retry.sql'));
  });

  it('upgrades a database made by the build that shipped the first 0028 (it used to refuse to start)', async () => {
    // That build's migrations: today's files up to 0027 (unchanged, as the manifest proves) and 0028's first text.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-mig-0028-'));
    for (const f of sqlFiles().filter((f) => f < '0028')) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
    copyFileSync(FIRST_0028, path.join(dir, '0028_slip_retry.sql'));
    const database = await openDatabase({});
    try {
      await migrate(database, dir);
      const triggerFunctions = () =>
        database.query<{ fn: string }>(
          `SELECT DISTINCT p.proname AS fn FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
            WHERE t.tgrelid = 'delivery_slip_packages'::regclass AND NOT t.tgisinternal
              AND p.proname LIKE 'delivery\\_slip\\_packages\\_retry%' ORDER BY 1`,
        );
      expect((await triggerFunctions()).map((r) => r.fn)).toEqual([
        'delivery_slip_packages_retry_delete',
        'delivery_slip_packages_retry_insert',
        'delivery_slip_packages_retry_update',
      ]);
      // Today's build on that database: starts, applies what came after, and leaves 0028's present shape.
      const applied = await migrate(database);
      expect(applied).toContain('0029_delivered_rollups.sql');
      expect(applied).toContain('0035_slip_retry_one_function.sql');
      expect(applied).not.toContain('0028_slip_retry.sql');
      expect((await triggerFunctions()).map((r) => r.fn)).toEqual(['delivery_slip_packages_retry']);
      const leftovers = await database.query(`SELECT 1 FROM pg_proc WHERE proname LIKE 'delivery\\_slip\\_packages\\_retry\\_%'`);
      expect(leftovers).toHaveLength(0);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 400_000);
});
