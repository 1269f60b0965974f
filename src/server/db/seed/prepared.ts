import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import { hashPassword } from '../../lib/passwords';
import type { Database, Db } from '../client';
import { appSecrets, users } from '../schema/index';

/**
 * The demo data prepared at build time: an embedded database migrated and seeded by the build, kept as a PGlite
 * data-directory dump. A first start on an empty data directory begins from it (a few seconds) instead of
 * initialising, migrating and seeding (half a minute and more), then makes it its own: the Admin's e-mail and both
 * passwords are set as a fresh seed would set them, and no key is shared — the dump holds no JWT key (each start
 * generates its own) and no password anyone knows.
 *
 * A dump is used only on the day (in Vietnam) it was made: the demo's "today" — the day's parcels, slips and
 * takings on the dashboards — is the day it was seeded. An older one is ignored and the demo data is seeded afresh.
 */
const TARBALL = 'demo-data.tar.gz';
const META = 'demo-data.json';
/** A row the prepared database carries until a start has made it its own (a start that dies before does it again). */
const PREPARED_MARKER = 'prepared_demo';
/** The Admin's e-mail in the prepared database; a start replaces it with SEED_ADMIN_EMAIL. */
export const PREPARED_ADMIN_EMAIL = 'admin@cargo.test';

interface PreparedMeta {
  madeAt: string;
}

/**
 * Writes `database` — migrated and seeded with the demo data, its Admin's e-mail PREPARED_ADMIN_EMAIL — as the
 * prepared demo in `dir` (the build's `dist/demo`), marked as not yet made anyone's own.
 */
export async function writePreparedDemo(database: Database, dir: string): Promise<{ file: string; bytes: number }> {
  const madeAt = new Date().toISOString();
  await database.db.insert(appSecrets).values({ name: PREPARED_MARKER, value: madeAt });
  const dump = Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer());
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, TARBALL);
  // Written beside, then renamed: a start never reads half a dump.
  writeFileSync(`${file}.tmp`, dump);
  renameSync(`${file}.tmp`, file);
  writeFileSync(path.join(dir, META), JSON.stringify({ madeAt } satisfies PreparedMeta) + '\n');
  return { file, bytes: dump.length };
}

export type PreparedDemo = { dump: Blob; madeAt: Date } | { dump?: undefined; why: string };

/**
 * The prepared demo data in `dir` for a start on `pgliteDir`, when it applies: the directory is new or empty, and
 * the dump was made today in Vietnam. Otherwise why not (for the start-up's progress line), or nothing to say.
 */
export function preparedDemoFor(dir: string | undefined, pgliteDir: string, now = new Date()): PreparedDemo | undefined {
  if (!dir || (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)) return undefined;
  const metaFile = path.join(dir, META);
  const file = path.join(dir, TARBALL);
  if (!existsSync(metaFile) || !existsSync(file)) return undefined;
  let meta: PreparedMeta;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8')) as PreparedMeta;
  } catch {
    return { why: `${metaFile} cannot be read` };
  }
  const madeAt = new Date(meta.madeAt);
  if (Number.isNaN(madeAt.getTime())) return { why: `${metaFile} has no valid date` };
  if (businessDate(madeAt) !== businessDate(now)) {
    return { why: `the demo data prepared by the build is from ${businessDate(madeAt)}, not today; it is seeded afresh` };
  }
  return { dump: new Blob([readFileSync(file)]), madeAt };
}

/** Whether this database is a prepared demo no start has made its own yet. */
export async function isPreparedDemo(db: Db): Promise<boolean> {
  const rows = await db.select({ name: appSecrets.name }).from(appSecrets).where(eq(appSecrets.name, PREPARED_MARKER));
  return rows.length > 0;
}

/**
 * Makes a prepared demo database this install's own, in the caller's transaction: the Admin gets `adminEmail`, the
 * Admin and the demo Staff account the given passwords, every session boundary starts now, and the marker goes.
 */
export async function adoptPreparedDemo(db: Db, accounts: { adminEmail: string; adminPassword: string; staffEmail: string; staffPassword: string }): Promise<void> {
  const [adminHash, staffHash] = await Promise.all([hashPassword(accounts.adminPassword), hashPassword(accounts.staffPassword)]);
  await db
    .update(users)
    .set({ email: accounts.adminEmail, passwordHash: adminHash, passwordChangedAt: sql`now()`, sessionsValidAfter: sql`now()` })
    .where(eq(sql`lower(${users.email})`, PREPARED_ADMIN_EMAIL));
  await db
    .update(users)
    .set({ passwordHash: staffHash, passwordChangedAt: sql`now()`, sessionsValidAfter: sql`now()` })
    .where(eq(sql`lower(${users.email})`, accounts.staffEmail));
  await db.delete(appSecrets).where(eq(appSecrets.name, PREPARED_MARKER));
}
