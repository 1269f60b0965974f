import type { Database } from '../../db/client';

export interface SuiteCustomer {
  id: number;
  code: string;
  suiteCode: string;
}

/**
 * What the package tests build on from the seed: the stores by code, and a live customer with a suite code
 * (the oldest, or the newest with `pick: 'newest'`, so two test files need not share one customer's packages).
 */
export async function seededStoresAndCustomer(database: Database, pick: 'oldest' | 'newest') {
  const rows = await database.query<{ id: number; code: string }>('SELECT id, code FROM stores');
  const stores: Record<string, number> = Object.fromEntries(rows.map((s) => [s.code, Number(s.id)]));
  const [c] = await database.query<{ id: number; code: string; suite_code: string }>(
    `SELECT id, code, suite_code FROM customers WHERE suite_code IS NOT NULL AND deleted_at IS NULL ORDER BY id ${pick === 'newest' ? 'DESC' : ''} LIMIT 1`,
  );
  const customer: SuiteCustomer = { id: Number(c!.id), code: c!.code, suiteCode: c!.suite_code };
  return { stores, customer };
}
