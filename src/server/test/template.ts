import type { Database } from '../db/client';
import { seedIfEmpty } from '../db/seed/index';

export const TEST_ADMIN = { email: 'admin@cargo.test', password: 'Admin@12345' };
export const TEST_STAFF = { email: 'staff@cargo.test', password: 'Staff@12345' };

/** What every test database starts with: the demo data plus both accounts (the seed makes the Staff one). */
export async function prepareTemplate(database: Database) {
  await seedIfEmpty(database, { seed: 'demo', adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, staffPassword: TEST_STAFF.password });
}
