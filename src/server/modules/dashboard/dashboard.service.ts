import {
  ANALYTICS_FLOW_CODES,
  addDays,
  changePercent,
  daysBetween,
  previousPeriod,
  type AnalyticsDashboard,
  type DashboardQuery,
  type EcommerceDashboard,
  type StatFigure,
} from '../../../shared/contracts/dashboard';
import { BUSINESS_UTC_OFFSET } from '../../../shared/contracts/list-query';
import type { Database } from '../../db/client';

/**
 * The dashboards' figures, each from a few set-based aggregate queries (never one query per row).
 *
 * Rules they rely on:
 * - A period is whole Vietnamese days; its bounds are compared exactly as the list engine compares a
 *   `…From`/`…To` date filter (`>= day 00:00+07`, `<= day 23:59:59.999999+07`), so every `link` built from the
 *   same days lists exactly the records the figure counts.
 * - Soft-deleted rows are never counted (the lists hide them too).
 * - Revenue = charges (`total`) of slips delivered in the period + service fees of orders placed in it and not
 *   cancelled. Cash collected = deposits + COD movements of the wallet ledger.
 */

const TZ = 'Asia/Ho_Chi_Minh';
const ROUTE = `coalesce(m.origin || '→' || m.destination, '—')`;

const startOf = (day: string) => `${day}T00:00:00${BUSINESS_UTC_OFFSET}`;
const endOf = (day: string) => `${day}T23:59:59.999999${BUSINESS_UTC_OFFSET}`;

/** `/api/<list>?k=v&…`, values URL-encoded in the order given. */
function listLink(path: string, params: Record<string, string | number | boolean>): string {
  const qs = Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `/api/${path}${qs ? `?${qs}` : ''}`;
}

function stat(value: number, previous: number, link: string | null, count?: number): StatFigure {
  return { value, previous, changePercent: changePercent(value, previous), ...(count === undefined ? {} : { count }), link };
}

function daysOf(q: DashboardQuery): string[] {
  const n = daysBetween(q.from, q.to) + 1;
  return Array.from({ length: n }, (_, i) => addDays(q.from, i));
}

const num = (v: unknown) => Number(v ?? 0);

// ---- ecommerce ------------------------------------------------------------------------------------------

interface EcomCards {
  slip_revenue: number;
  slip_count: number;
  fee_revenue: number;
  cash: number;
  cash_count: number;
  new_customers: number;
  orders_placed: number;
}

async function ecommerceCards(database: Database, q: DashboardQuery): Promise<EcomCards> {
  const [row] = await database.query<EcomCards>(
    `SELECT
       (SELECT coalesce(sum(total), 0)::bigint FROM delivery_slips WHERE status = 'delivered' AND delivered_at >= $1::timestamptz AND delivered_at <= $2::timestamptz) AS slip_revenue,
       (SELECT count(*)::int FROM delivery_slips WHERE status = 'delivered' AND delivered_at >= $1::timestamptz AND delivered_at <= $2::timestamptz) AS slip_count,
       (SELECT coalesce(sum(service_fee), 0)::bigint FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS fee_revenue,
       (SELECT coalesce(sum(amount), 0)::bigint FROM transactions WHERE type IN ('deposit', 'cod') AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS cash,
       (SELECT count(*)::int FROM transactions WHERE type IN ('deposit', 'cod') AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS cash_count,
       (SELECT count(*)::int FROM customers WHERE deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS new_customers,
       (SELECT count(*)::int FROM orders WHERE deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS orders_placed`,
    [startOf(q.from), endOf(q.to)],
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, num(v)])) as unknown as EcomCards;
}

export async function ecommerceDashboard(database: Database, q: DashboardQuery): Promise<EcommerceDashboard> {
  const prev = previousPeriod(q);
  const from = startOf(q.from);
  const to = endOf(q.to);
  const days = { createdFrom: q.from, createdTo: q.to };
  const [cur, old] = await Promise.all([ecommerceCards(database, q), ecommerceCards(database, prev)]);

  const [byDay, byStatus, byRoute, top, receivables, recentOrders, recentTransactions] = await Promise.all([
    database.query<{ day: string; slips: number; fees: number }>(
      `SELECT day, sum(slips)::bigint AS slips, sum(fees)::bigint AS fees FROM (
         SELECT to_char(delivered_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS day, total AS slips, 0 AS fees
           FROM delivery_slips WHERE status = 'delivered' AND delivered_at >= $1::timestamptz AND delivered_at <= $2::timestamptz
         UNION ALL
         SELECT to_char(created_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD'), 0, service_fee
           FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz
       ) x GROUP BY day`,
      [from, to],
    ),
    database.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM orders WHERE deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz
        GROUP BY status ORDER BY n DESC, status`,
      [from, to],
    ),
    // A package's route is its MAWB's; one on no MAWB counts under '—'. Joining only the packages that are on a
    // MAWB (from the MAWBs' side) spares a lookup in the million-row packages table per slip line.
    database.query<{ route: string; amount: number; n: number }>(
      `SELECT ${ROUTE} AS route, coalesce(sum(dsp.amount), 0)::bigint AS amount, count(*)::int AS n
         FROM delivery_slips s
         JOIN delivery_slip_packages dsp ON dsp.slip_id = s.id
         LEFT JOIN (packages p JOIN mawbs m ON m.id = p.mawb_id) ON p.id = dsp.package_id AND p.mawb_id IS NOT NULL
        WHERE s.status = 'delivered' AND s.delivered_at >= $1::timestamptz AND s.delivered_at <= $2::timestamptz
        GROUP BY 1 ORDER BY amount DESC, route`,
      [from, to],
    ),
    database.query<{ id: number; code: string; full_name: string; revenue: number }>(
      `SELECT c.id, c.code, c.full_name, r.revenue FROM (
         SELECT customer_id, sum(v)::bigint AS revenue FROM (
           SELECT customer_id, total AS v FROM delivery_slips WHERE status = 'delivered' AND delivered_at >= $1::timestamptz AND delivered_at <= $2::timestamptz
           UNION ALL
           SELECT customer_id, service_fee FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz
         ) u GROUP BY customer_id HAVING sum(v) > 0 ORDER BY revenue DESC, customer_id LIMIT 10
       ) r JOIN customers c ON c.id = r.customer_id ORDER BY r.revenue DESC, c.id`,
      [from, to],
    ),
    // Age of a debt: since the balance last crossed from ≥ 0 to < 0 (balance_after − amount is the balance before).
    database.query<{ bucket: '0-7' | '8-30' | '>30'; n: number; amount: number }>(
      `WITH neg AS (
         SELECT c.id, -c.balance AS owed,
                coalesce((SELECT max(t.created_at) FROM transactions t
                           WHERE t.customer_id = c.id AND t.balance_after < 0 AND t.balance_after - t.amount >= 0), c.created_at) AS since
           FROM customers c WHERE c.deleted_at IS NULL AND c.balance < 0
       )
       SELECT CASE WHEN now() - since < interval '8 days' THEN '0-7' WHEN now() - since < interval '31 days' THEN '8-30' ELSE '>30' END AS bucket,
              count(*)::int AS n, coalesce(sum(owed), 0)::bigint AS amount
         FROM neg GROUP BY 1`,
    ),
    database.query<{ id: number; code: string; customer_name: string; status: string; total: number; created_at: Date | string }>(
      `SELECT o.id, o.code, c.full_name AS customer_name, o.status, o.total, o.created_at
         FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE o.deleted_at IS NULL AND o.created_at <= $1::timestamptz
        ORDER BY o.created_at DESC, o.id DESC LIMIT 8`,
      [to],
    ),
    database.query<{ id: number; code: string; customer_name: string; type: string; amount: number; created_at: Date | string }>(
      `SELECT t.id, t.code, c.full_name AS customer_name, t.type, t.amount, t.created_at
         FROM transactions t JOIN customers c ON c.id = t.customer_id
        WHERE t.created_at <= $1::timestamptz
        ORDER BY t.created_at DESC, t.id DESC LIMIT 8`,
      [to],
    ),
  ]);

  const dayMap = new Map(byDay.map((r) => [r.day, r]));
  const buckets = (['0-7', '8-30', '>30'] as const).map((key) => {
    const r = receivables.find((b) => b.bucket === key);
    return { key, customers: num(r?.n), amount: num(r?.amount) };
  });
  const iso = (v: Date | string) => new Date(v).toISOString();
  const slipsLink = { status: 'delivered', deliveredFrom: q.from, deliveredTo: q.to };

  return {
    period: q,
    previousPeriod: prev,
    cards: {
      revenue: stat(cur.slip_revenue + cur.fee_revenue, old.slip_revenue + old.fee_revenue, listLink('delivery-slips', slipsLink), cur.slip_count),
      cashCollected: stat(cur.cash, old.cash, listLink('transactions', { type: 'deposit,cod', ...days }), cur.cash_count),
      newCustomers: stat(cur.new_customers, old.new_customers, listLink('customers', days), cur.new_customers),
      ordersPlaced: stat(cur.orders_placed, old.orders_placed, listLink('orders', days), cur.orders_placed),
    },
    revenueByDay: daysOf(q).map((day) => {
      const r = dayMap.get(day);
      const slips = num(r?.slips);
      const serviceFees = num(r?.fees);
      return { day, slips, serviceFees, total: slips + serviceFees };
    }),
    ordersByStatus: byStatus.map((r) => ({ key: r.status, count: num(r.n), link: listLink('orders', { status: r.status, ...days }) })),
    revenueByRoute: byRoute.map((r) => ({ route: r.route, amount: num(r.amount), packages: num(r.n) })),
    topCustomers: top.map((r) => ({
      customerId: num(r.id),
      code: r.code,
      fullName: r.full_name,
      revenue: num(r.revenue),
      link: listLink('delivery-slips', { customerId: num(r.id), ...slipsLink }),
    })),
    receivables: {
      count: buckets.reduce((n, b) => n + b.customers, 0),
      amount: buckets.reduce((n, b) => n + b.amount, 0),
      link: listLink('customers', { balanceMax: -1 }),
      buckets,
    },
    recentOrders: recentOrders.map((r) => ({ id: num(r.id), code: r.code, customerName: r.customer_name, status: r.status, total: num(r.total), createdAt: iso(r.created_at) })),
    recentTransactions: recentTransactions.map((r) => ({
      id: num(r.id),
      code: r.code,
      customerName: r.customer_name,
      type: r.type,
      amount: num(r.amount),
      createdAt: iso(r.created_at),
    })),
  };
}

// ---- analytics ------------------------------------------------------------------------------------------

/** Ageing thresholds: a parcel waits abroad for a MAWB at most 3 days, at a Vietnamese hub for a slip at most 2. */
export const AGEING_ABROAD_DAYS = 3;
export const AGEING_READY_DAYS = 2;

async function analyticsCards(database: Database, q: DashboardQuery) {
  const [row] = await database.query<{ delivered: number; failed: number }>(
    `SELECT
       (SELECT count(*)::int FROM packages WHERE deleted_at IS NULL AND status = 'delivered' AND status_at >= $1::timestamptz AND status_at <= $2::timestamptz) AS delivered,
       (SELECT count(*)::int FROM delivery_slips WHERE status = 'failed' AND status_at >= $1::timestamptz AND status_at <= $2::timestamptz) AS failed`,
    [startOf(q.from), endOf(q.to)],
  );
  return { delivered: num(row!.delivered), failed: num(row!.failed) };
}

export async function analyticsDashboard(database: Database, q: DashboardQuery, now = new Date()): Promise<AnalyticsDashboard> {
  const prev = previousPeriod(q);
  const from = startOf(q.from);
  const to = endOf(q.to);
  const abroadCutoff = new Date(now.getTime() - AGEING_ABROAD_DAYS * 86_400_000).toISOString();
  const readyCutoff = new Date(now.getTime() - AGEING_READY_DAYS * 86_400_000).toISOString();
  const statusDays = { statusAtFrom: q.from, statusAtTo: q.to };

  // Transit starts at the package's first reception abroad (received_abroad_at, kept by a trigger on its
  // events); packages never received abroad have no transit time.
  // The week is kept as a timestamp and formatted once per group, and the hours are float8 (extract() answers
  // numeric, several times slower to sort): at tens of thousands of deliveries a period, that halves the time.
  const transitCte = `WITH t AS (
      SELECT ${ROUTE} AS route, date_trunc('week', p.status_at AT TIME ZONE '${TZ}') AS wk,
             extract(epoch FROM p.status_at - p.received_abroad_at)::float8 / 3600.0 AS hours
        FROM packages p
        LEFT JOIN mawbs m ON m.id = p.mawb_id
       WHERE p.deleted_at IS NULL AND p.status = 'delivered' AND p.status_at >= $1::timestamptz AND p.status_at <= $2::timestamptz
         AND p.received_abroad_at IS NOT NULL
    )`;

  const [cur, old, flow, weight, mawbStatus, transit, ageing, failed, firstAttempt, rating, scans] = await Promise.all([
    analyticsCards(database, q),
    analyticsCards(database, prev),
    // Packages per day and code from the daily roll-up (kept with the events, migration 0020): each package
    // once per day, as counting the events themselves would.
    database.query<{ day: string; code: string; n: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, code, packages AS n
         FROM tracking_day_packages
        WHERE day >= $1::date AND day <= $2::date AND code IN ('received_abroad', 'departed', 'arrived', 'delivered')`,
      [q.from, q.to],
    ),
    database.query<{ week: string; route: string; grams: number }>(
      `WITH d AS (
         SELECT m.id, m.origin || '→' || m.destination AS route,
                coalesce(m.atd, (SELECT min(me.occurred_at) FROM mawb_events me WHERE me.mawb_id = m.id AND me.kind = 'status' AND me.to_status = 'departed')) AS left_at
           FROM mawbs m WHERE m.deleted_at IS NULL AND m.status NOT IN ('draft', 'booked', 'manifested', 'cancelled')
       )
       SELECT to_char(date_trunc('week', d.left_at AT TIME ZONE '${TZ}'), 'YYYY-MM-DD') AS week, d.route, coalesce(sum(p.chargeable_g), 0)::bigint AS grams
         FROM d JOIN packages p ON p.mawb_id = d.id AND p.deleted_at IS NULL
        WHERE d.left_at >= $1::timestamptz AND d.left_at <= $2::timestamptz
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [from, to],
    ),
    database.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM mawbs WHERE deleted_at IS NULL GROUP BY status ORDER BY n DESC, status`),
    // By route and by week in one pass over the delivered packages (GROUPING SETS): GROUPING(route) = 1 on week rows.
    database.query<{ by_week: number; route: string | null; week: string | null; n: number; p50: number; p90: number }>(
      `${transitCte}
       SELECT GROUPING(route) AS by_week, route, to_char(wk, 'YYYY-MM-DD') AS week, count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY hours) AS p90
         FROM t GROUP BY GROUPING SETS ((route), (wk))`,
      [from, to],
    ),
    database.query<{ abroad: number; ready: number; slips: number; slips_amount: number; cod: number; cod_amount: number }>(
      `SELECT
         (SELECT count(*)::int FROM packages WHERE deleted_at IS NULL AND status = 'received_abroad' AND mawb_id IS NULL AND status_at <= $1::timestamptz) AS abroad,
         (SELECT count(*)::int FROM packages p WHERE p.deleted_at IS NULL AND p.status = 'ready' AND p.status_at <= $2::timestamptz
             AND NOT EXISTS (SELECT 1 FROM delivery_slip_packages dsp WHERE dsp.package_id = p.id AND dsp.open)) AS ready,
         u.slips, u.slips_amount, c.cod, c.cod_amount
         FROM (SELECT count(*)::int AS slips, coalesce(sum(amount_to_collect), 0)::bigint AS slips_amount
                 FROM delivery_slips WHERE status IN ('ready', 'out_for_delivery')) u,
              (SELECT count(*)::int AS cod, coalesce(sum(collected_amount), 0)::bigint AS cod_amount
                 FROM delivery_slips WHERE cod_outstanding) c`,
      [abroadCutoff, readyCutoff],
    ),
    database.query<{ reason: string; n: number }>(
      `SELECT failure_reason AS reason, count(*)::int AS n FROM delivery_slips
        WHERE status = 'failed' AND status_at >= $1::timestamptz AND status_at <= $2::timestamptz
        GROUP BY 1 ORDER BY n DESC, reason`,
      [from, to],
    ),
    // First attempt: a slip delivered in the period none of whose packages was ever on a slip that failed. The
    // slips that were not are found once from the failed slips (far fewer than the delivered ones), not by a
    // lookup per delivered slip.
    database.query<{ delivered: number; first_attempt: number }>(
      `SELECT count(*)::int AS delivered, count(*) FILTER (WHERE r.slip_id IS NULL)::int AS first_attempt
         FROM delivery_slips s
         LEFT JOIN (SELECT DISTINCT a.slip_id FROM delivery_slips f
                      JOIN delivery_slip_packages b ON b.slip_id = f.id
                      JOIN delivery_slip_packages a ON a.package_id = b.package_id AND a.slip_id <> b.slip_id
                     WHERE f.status = 'failed') r ON r.slip_id = s.id
        WHERE s.status = 'delivered' AND s.delivered_at >= $1::timestamptz AND s.delivered_at <= $2::timestamptz`,
      [from, to],
    ),
    database.query<{ avg: number | null; n: number }>(
      `SELECT avg(rating)::float8 AS avg, count(*)::int AS n FROM delivery_feedback WHERE created_at >= $1::timestamptz AND created_at <= $2::timestamptz`,
      [from, to],
    ),
    database.query<{ user_id: number; full_name: string; day: string; n: number }>(
      `SELECT s.actor_id AS user_id, u.full_name, to_char(s.day, 'YYYY-MM-DD') AS day, s.events AS n
         FROM tracking_day_scans s JOIN users u ON u.id = s.actor_id
        WHERE s.day >= $1::date AND s.day <= $2::date
        ORDER BY s.day, u.full_name, s.actor_id LIMIT 2000`,
      [q.from, q.to],
    ),
  ]);

  const transitRoute = transit.filter((t) => Number(t.by_week) === 0).sort((a, b) => num(b.n) - num(a.n) || String(a.route).localeCompare(String(b.route)));
  const transitWeek = transit.filter((t) => Number(t.by_week) === 1).sort((a, b) => String(a.week).localeCompare(String(b.week)));
  const flowMap = new Map<string, number>(flow.map((r) => [`${r.day}|${r.code}`, num(r.n)]));
  const a = ageing[0]!;
  const fa = firstAttempt[0]!;
  const r = rating[0]!;
  const round1 = (v: number) => Math.round(v * 10) / 10;

  return {
    period: q,
    previousPeriod: prev,
    cards: {
      delivered: stat(cur.delivered, old.delivered, listLink('packages', { status: 'delivered', ...statusDays }), cur.delivered),
      firstAttemptRate: {
        value: num(fa.delivered) === 0 ? null : round1((num(fa.first_attempt) / num(fa.delivered)) * 100),
        delivered: num(fa.delivered),
        firstAttempt: num(fa.first_attempt),
      },
      averageRating: { value: r.avg === null ? null : Math.round(Number(r.avg) * 100) / 100, count: num(r.n) },
      failedDeliveries: stat(cur.failed, old.failed, listLink('delivery-slips', { status: 'failed', ...statusDays }), cur.failed),
    },
    flowByDay: daysOf(q).map((day) => {
      const row = { day } as AnalyticsDashboard['flowByDay'][number];
      for (const code of ANALYTICS_FLOW_CODES) row[code] = flowMap.get(`${day}|${code}`) ?? 0;
      return row;
    }),
    weightByRouteWeek: weight.map((w) => ({ week: w.week, route: w.route, chargeableG: num(w.grams) })),
    mawbsByStatus: mawbStatus.map((m) => ({ key: m.status, count: num(m.n), link: listLink('mawbs', { status: m.status }) })),
    transitByRoute: transitRoute.map((t) => ({ route: t.route ?? '—', packages: num(t.n), p50Hours: round1(num(t.p50)), p90Hours: round1(num(t.p90)) })),
    transitTrend: transitWeek.map((t) => ({ week: t.week ?? '', packages: num(t.n), p50Hours: round1(num(t.p50)), p90Hours: round1(num(t.p90)) })),
    ageing: {
      abroadNotOnMawb: { count: num(a.abroad), link: listLink('packages', { status: 'received_abroad', onMawb: false, statusAtTo: abroadCutoff }) },
      readyNotOnSlip: { count: num(a.ready), link: listLink('packages', { status: 'ready', onSlip: false, statusAtTo: readyCutoff }) },
      slipsNotConfirmed: { count: num(a.slips), amount: num(a.slips_amount), link: listLink('delivery-slips', { status: 'ready,out_for_delivery' }) },
      codNotReconciled: { count: num(a.cod), amount: num(a.cod_amount), link: listLink('delivery-slips', { codOutstanding: true }) },
    },
    failedByReason: failed.map((f) => ({
      key: f.reason,
      count: num(f.n),
      link: listLink('delivery-slips', { status: 'failed', failureReason: f.reason, ...statusDays }),
    })),
    scansByEmployee: scans.map((s) => ({ userId: num(s.user_id), fullName: s.full_name, day: s.day, scans: num(s.n) })),
  };
}
