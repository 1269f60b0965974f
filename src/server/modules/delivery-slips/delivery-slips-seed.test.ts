import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_SLIP_STATUSES } from '../../../shared/domain/delivery-slip-lifecycle';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The demo seed's delivery slips (every test database starts from it) agree with the packages, their events and
 * the ledger, the way the API would have left them.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const q = <T>(text: string, params: unknown[] = []) => ctx.database.query<T>(text, params);

describe('seeded delivery slips', () => {
  it('300 slips across every status', async () => {
    const rows = await q<{ status: string; n: string }>('SELECT status, count(*) AS n FROM delivery_slips GROUP BY status');
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    expect(Object.values(by).reduce((a, b) => a + b, 0)).toBe(300);
    for (const s of DELIVERY_SLIP_STATUSES) expect(by[s], s).toBeGreaterThan(0);
  });

  it('open slips hold their packages in the matching status; no package is on two open slips; closed slips hold none open', async () => {
    const wrong = await q(`
      SELECT s.code, s.status, p.status AS package_status FROM delivery_slips s
      JOIN delivery_slip_packages sp ON sp.slip_id = s.id JOIN packages p ON p.id = sp.package_id
      WHERE sp.open <> (s.status IN ('draft', 'ready', 'out_for_delivery'))
         OR (s.status = 'draft' AND p.status <> 'ready')
         OR (s.status = 'ready' AND p.status <> 'on_slip')
         OR (s.status = 'out_for_delivery' AND p.status <> 'out_for_delivery')
         OR (s.status = 'delivered' AND p.status <> 'delivered')
         OR (s.status IN ('failed', 'cancelled') AND p.status NOT IN ('ready', 'on_slip', 'out_for_delivery', 'delivered'))
         OR p.customer_id <> s.customer_id OR p.destination_store_id <> s.store_id`);
    expect(wrong).toEqual([]);
    const twice = await q(`SELECT package_id FROM delivery_slip_packages WHERE open GROUP BY package_id HAVING count(*) > 1`);
    expect(twice).toEqual([]);
    // Every parcel the package seed left on a slip or out for delivery is on one.
    const orphans = await q(`SELECT id FROM packages p WHERE p.status IN ('on_slip', 'out_for_delivery')
      AND NOT EXISTS (SELECT 1 FROM delivery_slip_packages sp WHERE sp.package_id = p.id AND sp.open)`);
    expect(orphans).toEqual([]);
    const empty = await q(`SELECT id FROM delivery_slips s WHERE NOT EXISTS (SELECT 1 FROM delivery_slip_packages sp WHERE sp.slip_id = s.id)`);
    expect(empty).toEqual([]);
  });

  it('each package status equals its newest event; failed slips left their parcels ready with the events that say so', async () => {
    const drift = await q(`
      SELECT p.id FROM packages p, LATERAL (SELECT code, occurred_at FROM tracking_events e WHERE e.package_id = p.id ORDER BY occurred_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 1) e
      WHERE e.code <> p.status OR e.occurred_at <> p.status_at`);
    expect(drift).toEqual([]);
    const failed = await q<{ code: string; events: string[] }>(`
      SELECT s.code, array_agg(e.code ORDER BY e.occurred_at, e.id) AS events FROM delivery_slips s
      JOIN delivery_slip_packages sp ON sp.slip_id = s.id JOIN tracking_events e ON e.package_id = sp.package_id AND e.note_params->>'slip' = s.code
      WHERE s.status = 'failed' GROUP BY s.code, sp.package_id`);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) expect(f.events.at(-1), f.code).toBe('ready');
  });

  it('the money adds up: charges, a delivered slip’s ledger rows = collected − total, every balance = the sum of its ledger', async () => {
    const bad = await q(`SELECT code FROM delivery_slips s WHERE s.packages_subtotal <> (SELECT sum(freight) FROM delivery_slip_packages sp WHERE sp.slip_id = s.id)`);
    expect(bad).toEqual([]);
    const ledger = await q<{ code: string }>(`
      SELECT s.code FROM delivery_slips s LEFT JOIN transactions t ON t.reference_type = 'delivery_slip' AND t.reference_id = s.id
      GROUP BY s.id HAVING coalesce(sum(t.amount), 0) <> CASE WHEN s.status = 'delivered' THEN s.collected_amount - s.total ELSE 0 END
         OR (s.status = 'delivered' AND s.total > 0 AND count(*) FILTER (WHERE t.type = 'payment') <> 1)`);
    expect(ledger).toEqual([]);
    const wallets = await q(`SELECT c.id FROM customers c
      WHERE c.balance <> coalesce((SELECT sum(t.amount) FROM transactions t WHERE t.customer_id = c.id), 0) OR c.balance < -c.credit_limit`);
    expect(wallets).toEqual([]);
    const running = await q(`SELECT id FROM (SELECT id, balance_after, sum(amount) OVER (PARTITION BY customer_id ORDER BY created_at, id) AS r FROM transactions) x WHERE balance_after <> r`);
    expect(running).toEqual([]);
    const res = await ctx.request({ method: 'GET', url: '/api/delivery-slips?status=delivered&pageSize=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.collected).toBeGreaterThan(0);
  });
});
