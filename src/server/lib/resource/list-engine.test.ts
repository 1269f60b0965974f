import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { EXACT_TOTAL_CAP } from './list-engine';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('list totals', () => {
  it('are exact up to the cap, then the planner estimate marked as such, while pages stay exact', async () => {
    const small = (await ctx.request({ method: 'GET', url: '/api/customers?pageSize=1' })).json();
    expect(small.totalEstimated).toBeUndefined();
    const before = small.total as number;
    await ctx.database.query(
      `INSERT INTO customers (full_name, phone, province, search_text)
       SELECT 'Khách Số Lượng ' || g, '09' || lpad(g::text, 8, '0'), 'Cần Thơ', 'khach so luong ' || g
       FROM generate_series(1, $1::int) g`,
      [EXACT_TOTAL_CAP * 2],
    );
    await ctx.database.query('ANALYZE customers');
    const big = (await ctx.request({ method: 'GET', url: '/api/customers?pageSize=50&sort=fullName' })).json();
    expect(big.totalEstimated).toBe(true);
    expect(big.total).toBeGreaterThan(EXACT_TOTAL_CAP);
    // An estimate, but a sane one: within 20 % of the truth.
    expect(Math.abs(big.total - (before + EXACT_TOTAL_CAP * 2))).toBeLessThan((before + EXACT_TOTAL_CAP * 2) * 0.2);
    expect(big.items).toHaveLength(50);
    // A filter narrowing below the cap is counted exactly again.
    const narrow = (await ctx.request({ method: 'GET', url: '/api/customers?pageSize=1&q=kiem' })).json();
    expect(narrow.totalEstimated).toBeUndefined();
    expect(narrow.total).toBeGreaterThan(0);
    const filtered = (await ctx.request({ method: 'GET', url: '/api/customers?pageSize=1&province=C%E1%BA%A7n%20Th%C6%A1' })).json();
    expect(filtered.totalEstimated).toBe(true);
  });
});
