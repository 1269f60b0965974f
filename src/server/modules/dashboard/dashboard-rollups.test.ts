import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import type { Package } from '../../../shared/contracts/packages';
import { createTestContext, type TestContext } from '../../test/harness';
import { slipHelpers } from '../delivery-slips/test-support';

/**
 * The operations dashboard reads daily roll-ups of tracking_events (packages per day and code, events per user per
 * day) and each package's first reception abroad, all kept by triggers in the transaction that writes the events.
 * After every step of a realistic run of writes through the API, each roll-up equals a recount from the base
 * tables: receiving, back-dated and same-day events, a correction, MAWB steps, slips delivered and failed, a package
 * created and soft-deleted, and a history repaired by hand (the append-only guard switched off).
 */

let ctx: TestContext;
const h = slipHelpers(() => ctx);
const q = <T>(sqlText: string, params: unknown[] = []) => ctx.database.query<T>(sqlText, params);
const TZ = 'Asia/Ho_Chi_Minh';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function expectRollupsEqualRecount(step: string) {
  const kept = await q<{ day: string; code: string; n: number }>(
    `SELECT day::text AS day, code, packages AS n FROM tracking_day_packages ORDER BY 1, 2`,
  );
  const recount = await q<{ day: string; code: string; n: number }>(
    `SELECT (occurred_at AT TIME ZONE '${TZ}')::date::text AS day, code, count(DISTINCT package_id)::int AS n
       FROM tracking_events GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(kept.map((r) => ({ ...r, n: Number(r.n) })), `${step}: packages per day and code`).toEqual(recount.map((r) => ({ ...r, n: Number(r.n) })));

  const scans = await q<{ day: string; actor: string; n: number }>(
    `SELECT day::text AS day, actor_id::text AS actor, events AS n FROM tracking_day_scans ORDER BY 1, 2`,
  );
  const scansRecount = await q<{ day: string; actor: string; n: number }>(
    `SELECT (occurred_at AT TIME ZONE '${TZ}')::date::text AS day, actor_id::text AS actor, count(*)::int AS n
       FROM tracking_events WHERE actor_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(scans.map((r) => ({ ...r, n: Number(r.n) })), `${step}: events per user and day`).toEqual(scansRecount.map((r) => ({ ...r, n: Number(r.n) })));

  const wrong = await q<{ id: string; kept: string | null; first: string | null }>(
    `SELECT p.id::text, p.received_abroad_at::text AS kept, f.first_at::text AS first
       FROM packages p
       LEFT JOIN (SELECT package_id, min(occurred_at) AS first_at FROM tracking_events WHERE code = 'received_abroad' GROUP BY 1) f ON f.package_id = p.id
      WHERE p.received_abroad_at IS DISTINCT FROM f.first_at`,
  );
  expect(wrong, `${step}: packages whose received_abroad_at is not their first received_abroad event`).toEqual([]);

  // A slip's `retry` (migration 0028) is whether one of its packages was on an earlier slip that failed.
  const retries = await q<{ id: string; kept: boolean; recount: boolean }>(
    `SELECT s.id::text, s.retry AS kept, EXISTS (SELECT 1 FROM delivery_slip_packages a
              JOIN delivery_slip_packages b ON b.package_id = a.package_id AND b.slip_id < a.slip_id
              JOIN delivery_slips f ON f.id = b.slip_id AND f.status = 'failed'
             WHERE a.slip_id = s.id) AS recount
       FROM delivery_slips s`,
  );
  expect(retries.filter((r) => r.kept !== r.recount), `${step}: slips whose retry is not a recount`).toEqual([]);

  // The delivered slips per day, and their lines per day and MAWB (migration 0029); a row counting nothing is as good
  // as none.
  const slipDays = await q<{ day: string; slips: number; total: number }>(`SELECT day::text AS day, slips, total FROM delivered_slip_days WHERE slips <> 0 OR total <> 0 ORDER BY 1`);
  const slipDaysRecount = await q<{ day: string; slips: number; total: number }>(
    `SELECT (delivered_at AT TIME ZONE '${TZ}')::date::text AS day, count(*)::int AS slips, sum(total)::bigint AS total
       FROM delivery_slips WHERE status = 'delivered' GROUP BY 1 ORDER BY 1`,
  );
  const norm = <T extends Record<string, unknown>>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'day' ? v : Number(v)])));
  expect(norm(slipDays), `${step}: delivered slips per day`).toEqual(norm(slipDaysRecount));
  const routeDays = await q<{ day: string; mawb: number; lines: number; amount: number }>(
    `SELECT day::text AS day, mawb_id AS mawb, lines, amount FROM delivered_route_days WHERE lines <> 0 OR amount <> 0 ORDER BY 1, 2`,
  );
  const routeDaysRecount = await q<{ day: string; mawb: number; lines: number; amount: number }>(
    `SELECT (s.delivered_at AT TIME ZONE '${TZ}')::date::text AS day, coalesce(p.mawb_id, 0) AS mawb, count(*)::int AS lines, sum(l.amount)::bigint AS amount
       FROM delivery_slips s JOIN delivery_slip_packages l ON l.slip_id = s.id LEFT JOIN packages p ON p.id = l.package_id
      WHERE s.status = 'delivered' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(norm(routeDays), `${step}: delivered lines per day and MAWB`).toEqual(norm(routeDaysRecount));
  return { days: kept.length, scans: scans.length, retries: retries.filter((r) => r.kept).length };
}

const addEvent = async (id: number, payload: Record<string, unknown>) => {
  const res = await ctx.request({ method: 'POST', url: `/api/packages/${id}/events`, payload });
  expect(res.statusCode, res.body).toBe(201);
};

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

describe('dashboard roll-ups', () => {
  let customerCode: string;
  let parcel: number;

  it('hold the seeded history', async () => {
    const { days, scans } = await expectRollupsEqualRecount('seed');
    expect(days).toBeGreaterThan(0);
    expect(scans).toBeGreaterThan(0);
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM packages WHERE received_abroad_at IS NOT NULL`)) as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('follow receiving at a foreign warehouse', async () => {
    customerCode = (await h.newCustomer()).code;
    parcel = await h.receivedParcel(customerCode);
    await h.receivedParcel(customerCode);
    await expectRollupsEqualRecount('receive');
  });

  it('follow events back-dated to another day, twice on one day (one package once), and a correction', async () => {
    // Received earlier than recorded: the first reception moves back, on another day.
    await addEvent(parcel, { code: 'received_abroad', occurredAt: hoursAgo(60), location: 'Kho Portland' });
    await expectRollupsEqualRecount('back-dated event');
    await addEvent(parcel, { code: 'received_abroad', occurredAt: hoursAgo(59), location: 'Kho Portland' });
    await expectRollupsEqualRecount('second event of the same code and day');
    await addEvent(parcel, { code: 'on_hold', note: 'Chờ khách xác nhận', visibility: 'internal' });
    await addEvent(parcel, { code: 'arrived' });
    // A step back (arrived → departed) is a correction, with its reason.
    await addEvent(parcel, { code: 'departed', note: 'Quét nhầm, kiện chưa hạ cánh' });
    await expectRollupsEqualRecount('correction');
  });

  it('follow MAWB steps (one event per package per step) and delivery slips delivered and failed', async () => {
    const c = await h.customerWithReady(3);
    await expectRollupsEqualRecount('MAWB steps to the hub');
    const slip = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(0, 2) });
    const ready = await ctx.request({ method: 'POST', url: `/api/delivery-slips/${slip.id}/status`, payload: { status: 'ready' } });
    expect(ready.statusCode, ready.body).toBe(200);
    await expectRollupsEqualRecount('slip ready');
    const amount = (ready.json() as DeliverySlip).amountToCollect;
    const done = await ctx.request({
      method: 'POST',
      url: `/api/delivery-slips/${slip.id}/confirm`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { collectedAmount: amount, method: 'cash', receiverName: 'Chị Lan' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await expectRollupsEqualRecount('slip delivered');

    const courier = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(2), method: 'courier', carrierName: 'GHN' });
    for (const payload of [{ status: 'ready' }, { status: 'out_for_delivery' }, { status: 'failed', reason: 'not_home' }]) {
      const res = await ctx.request({ method: 'POST', url: `/api/delivery-slips/${courier.id}/status`, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = (await expectRollupsEqualRecount('courier slip failed')).retries;

    // The failed parcels go out again: the new slip is a retry, from the transaction that put them on it.
    const again = await h.createOk({ customerId: c.customerId, packageIds: c.packageIds.slice(2) });
    expect((await expectRollupsEqualRecount('retry slip')).retries).toBe(before + 1);
    const [row] = await q<{ retry: boolean }>(`SELECT retry FROM delivery_slips WHERE id = $1`, [again.id]);
    expect(row!.retry).toBe(true);
    const listed = await ctx.request({ method: 'GET', url: `/api/delivery-slips?firstAttempt=false&customerId=${c.customerId}` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([again.id]);

    // A line moved off a slip and back (a hand repair): the flag follows the lines.
    await q(`UPDATE delivery_slip_packages SET slip_id = $1 WHERE slip_id = $2`, [slip.id, again.id]);
    await expectRollupsEqualRecount('lines moved to the delivered slip');
    await q(`UPDATE delivery_slip_packages SET slip_id = $2 WHERE slip_id = $1 AND package_id = ANY($3::bigint[])`, [slip.id, again.id, c.packageIds.slice(2)]);
    await expectRollupsEqualRecount('lines moved back');

    // Hand repairs of what a delivered slip counts: a line's amount, its package's MAWB, the day of the
    // slip, the slip taken back from delivered, and a delivered slip's lines deleted, then the slip.
    await q(`UPDATE delivery_slip_packages SET amount = amount + 1000 WHERE slip_id = $1`, [slip.id]);
    await expectRollupsEqualRecount('line amount changed on a delivered slip');
    const [moved] = await q<{ package_id: number }>(`SELECT package_id FROM delivery_slip_packages WHERE slip_id = $1 LIMIT 1`, [slip.id]);
    await q(`UPDATE packages SET mawb_id = NULL WHERE id = $1`, [moved!.package_id]);
    await expectRollupsEqualRecount('package of a delivered slip off its MAWB');
    await q(`UPDATE delivery_slips SET delivered_at = delivered_at - interval '2 days' WHERE id = $1`, [slip.id]);
    await expectRollupsEqualRecount('delivered slip moved to another day');
    const [was] = await q<{ delivered_at: string; collected_amount: number; collect_method: string }>(
      `SELECT delivered_at::text, collected_amount, collect_method FROM delivery_slips WHERE id = $1`,
      [slip.id],
    );
    await q(`UPDATE delivery_slips SET status = 'out_for_delivery', delivered_at = NULL, collected_amount = NULL, collect_method = NULL WHERE id = $1`, [slip.id]);
    await expectRollupsEqualRecount('slip taken back from delivered');
    await q(`UPDATE delivery_slips SET status = 'delivered', delivered_at = $2::timestamptz, collected_amount = $3, collect_method = $4 WHERE id = $1`, [
      slip.id,
      was!.delivered_at,
      was!.collected_amount,
      was!.collect_method,
    ]);
    await expectRollupsEqualRecount('slip delivered again');
    const [seeded] = await q<{ id: number }>(`SELECT id FROM delivery_slips WHERE status = 'delivered' AND id <> $1 ORDER BY id LIMIT 1`, [slip.id]);
    await q(`DELETE FROM delivery_feedback WHERE slip_id = $1`, [seeded!.id]);
    await q(`DELETE FROM delivery_slip_packages WHERE slip_id = $1`, [seeded!.id]);
    await expectRollupsEqualRecount('lines of a delivered slip deleted');
    await q(`DELETE FROM delivery_slips WHERE id = $1`, [seeded!.id]);
    await expectRollupsEqualRecount('delivered slip deleted');
  });

  it('follow a package created and then soft-deleted', async () => {
    const created = await ctx.postCreated<Package>('/api/packages', { trackingNumber: `RU${Date.now()}` });
    await expectRollupsEqualRecount('package created');
    const del = await ctx.request({ method: 'DELETE', url: `/api/packages/${created.id}`, headers: { 'if-match': `"${created.version}"` } });
    expect(del.statusCode, del.body).toBe(204);
    await expectRollupsEqualRecount('package soft-deleted');
  });

  it('follow a history repaired by hand: an event moved to another day, one removed, then all removed', async () => {
    await q(`ALTER TABLE tracking_events DISABLE TRIGGER tracking_events_no_change`);
    try {
      await q(
        `UPDATE tracking_events SET occurred_at = occurred_at - interval '3 days'
          WHERE id = (SELECT min(id) FROM tracking_events WHERE package_id = $1 AND code = 'received_abroad')`,
        [parcel],
      );
      await expectRollupsEqualRecount('event moved');
      await q(`DELETE FROM tracking_events WHERE id = (SELECT min(id) FROM tracking_events WHERE package_id = $1 AND code = 'received_abroad')`, [parcel]);
      await expectRollupsEqualRecount('event removed');
      await q(`TRUNCATE tracking_events`);
      expect((await expectRollupsEqualRecount('history emptied')).days).toBe(0);
    } finally {
      await q(`ALTER TABLE tracking_events ENABLE TRIGGER tracking_events_no_change`);
    }
  });
});
