import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed/index';
import { ROOT } from '../src/server/paths';
import { ADMIN, STAFF } from '../e2e/support/server';
import { generate } from './large';

/**
 * An office's data at its real size: ~300 parcels a day for three years. The counts follow the package count (the
 * issue's ratios: 10 events per package, one customer per 15 packages, one slip per 5), so a smaller size for a
 * quick check keeps the same shape.
 */
export function officeSize(packages: number) {
  return { packages, customers: Math.round(packages / 15), extraEvents: 9, slips: Math.round(packages / 5) };
}
export type OfficeSize = ReturnType<typeof officeSize>;

/** Where a generated PGlite office is kept (git-ignored, as every `.data*` directory is): made once, measured again and again. */
export function officeDataDir(packages: number) {
  return path.join(ROOT, 'bench', '.data', `office-${packages}`);
}

/** Written into the data directory when its generation has finished: the sizes and the seconds each run took. */
const MARK = 'generated.json';

interface Mark {
  size: OfficeSize;
  runs: Array<{ at: string; seconds: number }>;
  seconds: number;
}

/**
 * The office on PGlite: the demo seed, then `generate()` from bench/large.ts writing through PGlite itself (no
 * server, no lock holder: nothing else may have the directory open). Resumable: a stopped run leaves what its
 * chunks committed, and the next run continues from there; `seconds` adds up every run's time.
 */
export async function pgliteOffice(size: OfficeSize, log: (line: string) => void = console.log): Promise<{ dataDir: string; generated: boolean; seconds: number }> {
  const dataDir = officeDataDir(size.packages);
  const markFile = path.join(dataDir, MARK);
  if (existsSync(markFile)) {
    const mark = JSON.parse(readFileSync(markFile, 'utf8')) as Mark;
    return { dataDir, generated: false, seconds: mark.seconds };
  }
  mkdirSync(dataDir, { recursive: true });
  const partial = path.join(dataDir, 'generating.json');
  const earlier: Mark['runs'] = existsSync(partial) ? (JSON.parse(readFileSync(partial, 'utf8')) as Mark).runs : [];
  const t0 = Date.now();
  const runs = () => [...earlier, { at: new Date(t0).toISOString(), seconds: (Date.now() - t0) / 1000 }];
  const save = (file: string) => writeFileSync(file, JSON.stringify({ size, runs: runs(), seconds: runs().reduce((s, r) => s + r.seconds, 0) }, null, 2));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  // A stopped run's time counts too: saved after every chunk.
  try {
    await migrate(database);
    await seedIfEmpty(database, { seed: 'demo', adminEmail: ADMIN.email, adminPassword: ADMIN.password, staffPassword: STAFF.password });
    await generate(database.pglite!, {
      ...size,
      progress: (line) => {
        save(partial);
        log(`  pglite ${line}`);
      },
    });
  } finally {
    await database.close();
  }
  save(markFile);
  const mark = JSON.parse(readFileSync(markFile, 'utf8')) as Mark;
  return { dataDir, generated: true, seconds: mark.seconds };
}

/** The comment a kept office database carries once its generation has finished. */
const PG_MARK = 'cargo bench office: generated';

/**
 * The office on PostgreSQL: database `cargo_bench_office_<packages>` on the server of `adminUrl`, created with the
 * server's migrations and the demo seed, then the same generation. Kept; a run that stopped half-way continues.
 */
export async function postgresOffice(adminUrl: string, size: OfficeSize, log: (line: string) => void = console.log): Promise<{ url: string; generated: boolean; seconds: number }> {
  const name = `cargo_bench_office_${size.packages}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const row = (await admin.query("SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1", [name])).rows[0] as
      | { mark: string | null }
      | undefined;
    if (row?.mark?.startsWith(PG_MARK)) return { url: u.toString(), generated: false, seconds: Number(/(\d+(?:\.\d+)?) s/.exec(row.mark)?.[1] ?? NaN) };
    if (!row) await admin.query(`CREATE DATABASE ${name}`);
    const t0 = Date.now();
    // The migrations hold one connection for their lock and run on others: the default pool.
    const database = await openDatabase({ databaseUrl: u.toString() });
    try {
      await migrate(database);
      await seedIfEmpty(database, { seed: 'demo', adminEmail: ADMIN.email, adminPassword: ADMIN.password, staffPassword: STAFF.password });
    } finally {
      await database.close();
    }
    await generate(u.toString(), { ...size, progress: (line) => log(`  postgres ${line}`) });
    const seconds = (Date.now() - t0) / 1000;
    await admin.query(`COMMENT ON DATABASE ${name} IS '${PG_MARK} in ${seconds.toFixed(0)} s'`);
    return { url: u.toString(), generated: true, seconds };
  } finally {
    await admin.end();
  }
}
