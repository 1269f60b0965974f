import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Database, Db } from '../client';
import { withStartupLock } from '../migrate';
import { employees, users } from '../schema/index';
import { seedCustomers } from './customers';
import { seedDeliverySlips } from './delivery-slips';
import { seedMawbs, seedMawbTimeline } from './mawbs';
import { seedOrders } from './orders';
import { seedPackages } from './packages';
import { adoptPreparedDemo, isPreparedDemo } from './prepared';
import { seedPlatform, TWO_FACTOR_SETTING_DESCRIPTION, type DemoAccounts } from './platform';
import { TWO_FACTOR_DEFAULT_POLICY, TWO_FACTOR_SETTING } from '../../../shared/two-factor';

/** The demo seed's Staff account (its password is random unless SEED_STAFF_PASSWORD sets it). */
const DEMO_STAFF_EMAIL = 'staff@cargo.test';

export interface SeedOptions {
  seed: 'demo' | 'none';
  adminEmail: string;
  adminPassword?: string;
  /** The demo Staff account's password; unset = a random one, returned once to be printed. */
  staffPassword?: string;
  /**
   * Called once when this call starts writing, before the demo data or the admin: `prepared` when the database is the
   * build's prepared demo data and only its accounts are set, else it was empty.
   */
  onSeeding?: (prepared: boolean) => void;
}

export interface SeedResult {
  seeded: boolean;
  /** Present only when the admin account was created by this call. */
  admin?: { email: string; password: string; generated: boolean };
  /** The demo Staff account, present when this call created it (demo seed only). */
  staff?: { email: string; password: string; generated: boolean };
}

/**
 * The demo data, in dependency order. Later sections append their own step; each step runs once, on an
 * empty database, inside one transaction with the others, so a failed seed leaves nothing half-written.
 */
// MAWBs come before packages (packages reference them) and their timeline after (it lists the packages);
// delivery slips come last: they take packages and post after the orders' ledger.
const DEMO_STEPS: Array<(db: Db, accounts: DemoAccounts) => Promise<void>> = [seedPlatform, seedCustomers, seedMawbs, seedPackages, seedMawbTimeline, seedOrders, seedDeliverySlips];

/**
 * Seeds an empty database once. Instances starting at once on one empty PostgreSQL database take the
 * start-up advisory lock (as the migrations do) and check "already seeded" inside it, so the second one
 * finds the first one's committed seed instead of inserting it again.
 */
export async function seedIfEmpty(database: Database, opts: SeedOptions): Promise<SeedResult> {
  return withStartupLock(database, async () => {
    const result = await seedUnderLock(database, opts);
    await ensurePolicyRows(database.db);
    return result;
  });
}

/**
 * Settings an office must be able to see and change: written with their default where a database has none (made
 * without demo data, from before the setting existed, or restored from such a backup). Done at start-up, not in a
 * migration, because a restore needs a database with no rows.
 */
async function ensurePolicyRows(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO settings (kind, key, value, description)
    SELECT ${TWO_FACTOR_SETTING.kind}, ${TWO_FACTOR_SETTING.key}, ${JSON.stringify(TWO_FACTOR_DEFAULT_POLICY)}::jsonb, ${TWO_FACTOR_SETTING_DESCRIPTION}
    WHERE NOT EXISTS (SELECT 1 FROM settings WHERE kind = ${TWO_FACTOR_SETTING.kind} AND key = ${TWO_FACTOR_SETTING.key} AND deleted_at IS NULL)`);
}

async function seedUnderLock(database: Database, opts: SeedOptions): Promise<SeedResult> {
  const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  const prepared = n > 0 && opts.seed === 'demo' && (await isPreparedDemo(database.db));
  if (n > 0 && !prepared) return { seeded: false };
  opts.onSeeding?.(prepared);
  const generated = !opts.adminPassword;
  const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
  // No published password: the demo Staff account gets a random one too, printed beside the admin's.
  const staffGenerated = !opts.staffPassword;
  const staffPassword = opts.staffPassword ?? randomBytes(12).toString('base64url');
  const result: SeedResult = {
    seeded: opts.seed === 'demo',
    admin: { email: opts.adminEmail.toLowerCase(), password, generated },
    ...(opts.seed === 'demo' ? { staff: { email: DEMO_STAFF_EMAIL, password: staffPassword, generated: staffGenerated } } : {}),
  };
  if (prepared) {
    // The demo data the build prepared, loaded as this database: only the accounts are this install's to set.
    await database.db.transaction((tx) =>
      adoptPreparedDemo(tx as unknown as Db, { adminEmail: result.admin!.email, adminPassword: password, staffEmail: DEMO_STAFF_EMAIL, staffPassword }),
    );
    return result;
  }
  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (opts.seed === 'demo') {
      const accounts = { staffPasswordHash: await hashPassword(staffPassword) };
      for (const step of DEMO_STEPS) await step(db, accounts);
    }
    const [manager] = await db
      .select({ id: employees.id, fullName: employees.fullName })
      .from(employees)
      .where(eq(employees.code, 'NV0001'));
    await db.insert(users).values({
      email: opts.adminEmail.toLowerCase(),
      passwordHash: await hashPassword(password),
      role: 'Admin',
      fullName: manager?.fullName ?? 'Quản trị viên',
      employeeId: manager?.id ?? null,
    });
  });
  return result;
}
