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
import { MONEY_IN_TYPES } from '../../../shared/domain/ledger';
import { ORDER_STATUSES } from '../../../shared/contracts/orders';
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
 *   cancelled. Cash collected = the ledger's money-in movements (MONEY_IN_TYPES: top-ups, COD, slip collections).
 */

const TZ = 'Asia/Ho_Chi_Minh';
/** A package's route: its MAWB's, "—" on none (the package list's `route` filter spells it the same way). */
const ROUTE = `coalesce(m.origin || '→' || m.destination, '—')`;
/** Orders whose service fee is revenue: every status but cancelled (the link's status filter). */
const FEE_ORDER_STATUSES = ORDER_STATUSES.filter((st) => st !== 'cancelled').join(',');

/** Today in Vietnam as YYYY-MM-DD (UTC+7, no daylight saving). */
const vietnamDay = (t: Date) => new Date(t.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

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
  fee_count: number;
  cash: number;
  cash_count: number;
  new_customers: number;
  orders_placed: number;
}

/** The ledger's money-in types as a literal SQL list (constants of the shared rule, never user input). */
const MONEY_IN_SQL = MONEY_IN_TYPES.map((t) => `'${t}'`).join(', ');

async function ecommerceCards(database: Database, q: DashboardQuery): Promise<EcomCards> {
  const [row] = await database.query<EcomCards>(
    `SELECT
       (SELECT coalesce(sum(total), 0)::bigint FROM delivered_slip_days WHERE day >= $3::date AND day <= $4::date) AS slip_revenue,
       (SELECT coalesce(sum(slips), 0)::int FROM delivered_slip_days WHERE day >= $3::date AND day <= $4::date) AS slip_count,
       (SELECT coalesce(sum(service_fee), 0)::bigint FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS fee_revenue,
       (SELECT count(*)::int FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS fee_count,
       (SELECT coalesce(sum(amount), 0)::bigint FROM transactions WHERE type IN (${MONEY_IN_SQL}) AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS cash,
       (SELECT count(*)::int FROM transactions WHERE type IN (${MONEY_IN_SQL}) AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS cash_count,
       (SELECT count(*)::int FROM customers WHERE deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS new_customers,
       (SELECT count(*)::int FROM orders WHERE deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz) AS orders_placed`,
    [startOf(q.from), endOf(q.to), q.from, q.to],
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, num(v)])) as unknown as EcomCards;
}

/** Receivable age buckets in Vietnamese days since the balance went below zero: [key, oldest, newest] days ago. */
const AGE_BUCKETS = [
  ['0-7', 7, 0],
  ['8-30', 30, 8],
  ['>30', null, 31],
] as const;

export async function ecommerceDashboard(database: Database, q: DashboardQuery, now = new Date()): Promise<EcommerceDashboard> {
  const prev = previousPeriod(q);
  const today = vietnamDay(now);
  const from = startOf(q.from);
  const to = endOf(q.to);
  const days = { createdFrom: q.from, createdTo: q.to };
  const [cur, old] = await Promise.all([ecommerceCards(database, q), ecommerceCards(database, prev)]);

  const [byDay, byStatus, byRoute, top, receivables, recentOrders, recentTransactions] = await Promise.all([
    database.query<{ day: string; slips: number; fees: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(slips)::bigint AS slips, sum(fees)::bigint AS fees FROM (
         SELECT day, total AS slips, 0 AS fees FROM delivered_slip_days WHERE day >= $3::date AND day <= $4::date
         UNION ALL
         SELECT (created_at AT TIME ZONE '${TZ}')::date, 0, service_fee
           FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz
       ) x GROUP BY x.day`,
      [from, to, q.from, q.to],
    ),
    database.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM orders WHERE deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz
        GROUP BY status ORDER BY n DESC, status`,
      [from, to],
    ),
    // A package's route is its MAWB's; one on no MAWB counts under '—'. The delivered slips' lines per day and MAWB
    // are kept by triggers (migration 0029): a package is delivered once, so its lines count packages.
    database.query<{ route: string; amount: number; n: number }>(
      `SELECT ${ROUTE} AS route, coalesce(sum(r.amount), 0)::bigint AS amount, coalesce(sum(r.lines), 0)::int AS n
         FROM delivered_route_days r
         LEFT JOIN mawbs m ON m.id = r.mawb_id
        WHERE r.day >= $1::date AND r.day <= $2::date
        GROUP BY 1 HAVING sum(r.lines) <> 0 ORDER BY amount DESC, route`,
      [q.from, q.to],
    ),
    database.query<{ id: number; code: string; full_name: string; revenue: number; slips: number }>(
      `SELECT c.id, c.code, c.full_name, r.revenue, r.slips FROM (
         SELECT customer_id, sum(v)::bigint AS revenue, count(*) FILTER (WHERE slip)::int AS slips FROM (
           SELECT customer_id, total AS v, true AS slip FROM delivery_slips WHERE status = 'delivered' AND delivered_at >= $1::timestamptz AND delivered_at <= $2::timestamptz
           UNION ALL
           SELECT customer_id, service_fee, false FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz AND created_at <= $2::timestamptz
         ) u GROUP BY customer_id HAVING sum(v) > 0 ORDER BY revenue DESC, customer_id LIMIT 10
       ) r JOIN customers c ON c.id = r.customer_id ORDER BY r.revenue DESC, c.id`,
      [from, to],
    ),
    // Age of a debt: Vietnamese days since the balance last crossed from ≥ 0 to < 0 (balance_after − amount is the
    // balance before), else since the customer was created — the customer list's `debtSince`.
    database.query<{ bucket: '0-7' | '8-30' | '>30'; n: number; amount: number }>(
      `WITH neg AS (
         SELECT c.id, -c.balance AS owed,
                $1::date - (coalesce((SELECT max(t.created_at) FROM transactions t
                           WHERE t.customer_id = c.id AND t.balance_after < 0 AND t.balance_after - t.amount >= 0), c.created_at) AT TIME ZONE '${TZ}')::date AS age
           FROM customers c WHERE c.deleted_at IS NULL AND c.balance < 0
       )
       SELECT CASE WHEN age <= 7 THEN '0-7' WHEN age <= 30 THEN '8-30' ELSE '>30' END AS bucket,
              count(*)::int AS n, coalesce(sum(owed), 0)::bigint AS amount
         FROM neg GROUP BY 1`,
      [today],
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
  const buckets = AGE_BUCKETS.map(([key, oldest, newest]) => {
    const r = receivables.find((b) => b.bucket === key);
    const since = { ...(oldest === null ? {} : { debtSinceFrom: addDays(today, -oldest) }), ...(newest === 0 ? {} : { debtSinceTo: addDays(today, -newest) }) };
    return { key, customers: num(r?.n), amount: num(r?.amount), count: num(r?.n), link: listLink('customers', { balanceMax: -1, ...since }) };
  });
  const iso = (v: Date | string) => new Date(v).toISOString();
  const slipsLink = { status: 'delivered', deliveredFrom: q.from, deliveredTo: q.to };

  return {
    period: q,
    previousPeriod: prev,
    cards: {
      revenue: stat(cur.slip_revenue + cur.fee_revenue, old.slip_revenue + old.fee_revenue, listLink('delivery-slips', slipsLink), cur.slip_count),
      cashCollected: stat(cur.cash, old.cash, listLink('transactions', { type: MONEY_IN_TYPES.join(','), ...days }), cur.cash_count),
      newCustomers: stat(cur.new_customers, old.new_customers, listLink('customers', days), cur.new_customers),
      ordersPlaced: stat(cur.orders_placed, old.orders_placed, listLink('orders', days), cur.orders_placed),
    },
    revenueSources: {
      slips: { amount: cur.slip_revenue, count: cur.slip_count, link: listLink('delivery-slips', slipsLink) },
      serviceFees: { amount: cur.fee_revenue, count: cur.fee_count, link: listLink('orders', { status: FEE_ORDER_STATUSES, ...days }) },
    },
    revenueByDay: daysOf(q).map((day) => {
      const r = dayMap.get(day);
      const slips = num(r?.slips);
      const serviceFees = num(r?.fees);
      return { day, slips, serviceFees, total: slips + serviceFees };
    }),
    ordersByStatus: byStatus.map((r) => ({ key: r.status, count: num(r.n), link: listLink('orders', { status: r.status, ...days }) })),
    revenueByRoute: byRoute.map((r) => ({
      route: r.route,
      amount: num(r.amount),
      packages: num(r.n),
      link: listLink('packages', { route: r.route, slipDeliveredFrom: q.from, slipDeliveredTo: q.to }),
    })),
    topCustomers: top.map((r) => ({
      customerId: num(r.id),
      code: r.code,
      fullName: r.full_name,
      revenue: num(r.revenue),
      count: num(r.slips),
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
const AGEING_ABROAD_DAYS = 3;
const AGEING_READY_DAYS = 2;

/** The package list's filter for "had an event of this code within the range", per flow code. */
const FLOW_FILTER: Record<(typeof ANALYTICS_FLOW_CODES)[number], string> = {
  received_abroad: 'receivedAbroadOn',
  departed: 'departedOn',
  arrived: 'arrivedOn',
  delivered: 'deliveredOn',
};

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

interface AnalyticsCards {
  delivered: number;
  failed: number;
  first_attempts: number;
  first_delivered: number;
  rating: number | null;
  ratings: number;
}

/**
 * The cards of the period and of the one before it, in one statement. A first attempt is a slip delivered or failed in
 * the period that is not a retry: none of its packages was on an earlier (lower id) failed slip — the slip list's
 * `firstAttempt`, kept on the slip as `retry` by triggers (migration 0028) and read here from an index.
 */
async function analyticsCards(database: Database, q: DashboardQuery, prev: DashboardQuery): Promise<[AnalyticsCards, AnalyticsCards]> {
  const rows = await database.query<AnalyticsCards & { k: number }>(
    `SELECT per.k,
       (SELECT count(*)::int FROM packages WHERE deleted_at IS NULL AND status = 'delivered' AND status_at >= per.f AND status_at <= per.t) AS delivered,
       (SELECT count(*)::int FROM delivery_slips WHERE status = 'failed' AND status_at >= per.f AND status_at <= per.t) AS failed,
       a.first_attempts, a.first_delivered, r.rating, r.ratings
       FROM (VALUES (0, $1::timestamptz, $2::timestamptz), (1, $3::timestamptz, $4::timestamptz)) AS per(k, f, t)
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE NOT s.retry)::int AS first_attempts,
                count(*) FILTER (WHERE NOT s.retry AND s.status = 'delivered')::int AS first_delivered
           FROM delivery_slips s
          WHERE s.status IN ('delivered', 'failed') AND s.status_at >= per.f AND s.status_at <= per.t) a
       CROSS JOIN LATERAL (
         SELECT avg(rating)::float8 AS rating, count(*)::int AS ratings
           FROM delivery_feedback WHERE created_at >= per.f AND created_at <= per.t) r
      ORDER BY per.k`,
    [startOf(q.from), endOf(q.to), startOf(prev.from), endOf(prev.to)],
  );
  const card = (c: AnalyticsCards): AnalyticsCards => ({
    delivered: num(c.delivered),
    failed: num(c.failed),
    first_attempts: num(c.first_attempts),
    first_delivered: num(c.first_delivered),
    rating: c.rating === null ? null : Number(c.rating),
    ratings: num(c.ratings),
  });
  return [card(rows[0]!), card(rows[1]!)];
}

const firstAttemptPercent = (c: AnalyticsCards) => (c.first_attempts === 0 ? null : round1((c.first_delivered / c.first_attempts) * 100));

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

  const [[cur, old], flow, flowDeleted, weight, mawbStatus, transit, ageing, failed, scans] = await Promise.all([
    analyticsCards(database, q, prev),
    // Packages per day and code from the daily roll-up (kept with the events, migration 0020): each package
    // once per day, as counting the events themselves would.
    database.query<{ day: string; code: string; n: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, code, packages AS n
         FROM tracking_day_packages
        WHERE day >= $1::date AND day <= $2::date AND code IN ('received_abroad', 'departed', 'arrived', 'delivered')`,
      [q.from, q.to],
    ),
    // …less the deleted packages the roll-up still counts (the package list hides them): a handful, found by their
    // own partial index (migration 0026).
    database.query<{ day: string; code: string; n: number }>(
      `SELECT to_char(e.occurred_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS day, e.code, count(DISTINCT e.package_id)::int AS n
         FROM packages p JOIN tracking_events e ON e.package_id = p.id
        WHERE p.deleted_at IS NOT NULL AND e.code IN ('received_abroad', 'departed', 'arrived', 'delivered')
          AND e.occurred_at >= $1::timestamptz AND e.occurred_at <= $2::timestamptz
        GROUP BY 1, 2`,
      [from, to],
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
    // What waits, at each warehouse (store_id NULL: a parcel of no known warehouse, in the totals only). Parcels
    // abroad are at their receiving warehouse, ready ones at their Vietnamese hub, slips and COD at the slip's hub.
    database.query<{ kind: 'abroad' | 'ready' | 'slips' | 'cod'; store_id: number | null; code: string | null; name: string | null; n: number; amount: number }>(
      `WITH w AS (
         SELECT 'abroad' AS kind, store_id, count(*)::int AS n, 0::bigint AS amount
           FROM packages WHERE deleted_at IS NULL AND status = 'received_abroad' AND mawb_id IS NULL AND status_at <= $1::timestamptz
          GROUP BY store_id
         UNION ALL
         SELECT 'ready', p.destination_store_id, count(*)::int, 0::bigint
           FROM packages p WHERE p.deleted_at IS NULL AND p.status = 'ready' AND p.status_at <= $2::timestamptz
            AND NOT EXISTS (SELECT 1 FROM delivery_slip_packages dsp WHERE dsp.package_id = p.id AND dsp.open)
          GROUP BY p.destination_store_id
         UNION ALL
         SELECT 'slips', store_id, count(*)::int, coalesce(sum(amount_to_collect), 0)::bigint
           FROM delivery_slips WHERE status IN ('ready', 'out_for_delivery') GROUP BY store_id
         UNION ALL
         SELECT 'cod', store_id, count(*)::int, coalesce(sum(collected_amount), 0)::bigint
           FROM delivery_slips WHERE cod_outstanding GROUP BY store_id
       )
       SELECT w.kind, w.store_id, st.code, st.name, w.n, w.amount FROM w LEFT JOIN stores st ON st.id = w.store_id
        ORDER BY w.kind, w.n DESC, st.code`,
      [abroadCutoff, readyCutoff],
    ),
    database.query<{ reason: string; n: number }>(
      `SELECT failure_reason AS reason, count(*)::int AS n FROM delivery_slips
        WHERE status = 'failed' AND status_at >= $1::timestamptz AND status_at <= $2::timestamptz
        GROUP BY 1 ORDER BY n DESC, reason`,
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
  for (const r of flowDeleted) flowMap.set(`${r.day}|${r.code}`, (flowMap.get(`${r.day}|${r.code}`) ?? 0) - num(r.n));
  const transitDays = { status: 'delivered', receivedAbroad: true };

  // Each ageing figure in all and per warehouse; a warehouse's link is the total's with its store added.
  type AgeingKind = (typeof ageing)[number]['kind'];
  const store = (r: (typeof ageing)[number]) => ({ storeId: num(r.store_id), code: r.code ?? '', name: r.name ?? '', count: num(r.n) });
  const packagesWaiting = (kind: AgeingKind, storeFilter: 'storeId' | 'destinationStoreId', params: Record<string, string | boolean>) => {
    const rows = ageing.filter((a) => a.kind === kind);
    return {
      count: rows.reduce((n, r) => n + num(r.n), 0),
      link: listLink('packages', params),
      byStore: rows.filter((r) => r.store_id !== null).map((r) => ({ ...store(r), link: listLink('packages', { [storeFilter]: num(r.store_id), ...params }) })),
    };
  };
  const slipsWaiting = (kind: AgeingKind, params: Record<string, string | boolean>) => {
    const rows = ageing.filter((a) => a.kind === kind);
    return {
      count: rows.reduce((n, r) => n + num(r.n), 0),
      amount: rows.reduce((n, r) => n + num(r.amount), 0),
      link: listLink('delivery-slips', params),
      byStore: rows
        .filter((r) => r.store_id !== null)
        .map((r) => ({ ...store(r), amount: num(r.amount), link: listLink('delivery-slips', { storeId: num(r.store_id), ...params }) })),
    };
  };

  return {
    period: q,
    previousPeriod: prev,
    cards: {
      delivered: stat(cur.delivered, old.delivered, listLink('packages', { status: 'delivered', ...statusDays }), cur.delivered),
      firstAttemptRate: {
        value: firstAttemptPercent(cur),
        previous: firstAttemptPercent(old),
        attempts: { count: cur.first_attempts, link: listLink('delivery-slips', { status: 'delivered,failed', firstAttempt: true, ...statusDays }) },
        delivered: { count: cur.first_delivered, link: listLink('delivery-slips', { status: 'delivered', firstAttempt: true, ...statusDays }) },
      },
      averageRating: {
        value: cur.rating === null ? null : round2(cur.rating),
        previous: old.rating === null ? null : round2(old.rating),
        count: cur.ratings,
        link: listLink('delivery-slips', { feedbackFrom: q.from, feedbackTo: q.to }),
      },
      failedDeliveries: stat(cur.failed, old.failed, listLink('delivery-slips', { status: 'failed', ...statusDays }), cur.failed),
    },
    flowByDay: daysOf(q).map((day) => {
      const row = { day, links: {} } as AnalyticsDashboard['flowByDay'][number];
      for (const code of ANALYTICS_FLOW_CODES) {
        row[code] = flowMap.get(`${day}|${code}`) ?? 0;
        row.links[code] = listLink('packages', { [`${FLOW_FILTER[code]}From`]: day, [`${FLOW_FILTER[code]}To`]: day });
      }
      return row;
    }),
    weightByRouteWeek: weight.map((w) => ({ week: w.week, route: w.route, chargeableG: num(w.grams) })),
    mawbsByStatus: mawbStatus.map((m) => ({ key: m.status, count: num(m.n), link: listLink('mawbs', { status: m.status }) })),
    transitByRoute: transitRoute.map((t) => ({
      route: t.route ?? '—',
      packages: num(t.n),
      p50Hours: round1(num(t.p50)),
      p90Hours: round1(num(t.p90)),
      link: listLink('packages', { ...transitDays, route: t.route ?? '—', ...statusDays }),
    })),
    // A week's link covers the part of that week inside the period (the first and last weeks may be cut).
    transitTrend: transitWeek.map((t) => {
      const week = t.week ?? '';
      const first = week < q.from ? q.from : week;
      const last = addDays(week, 6) > q.to ? q.to : addDays(week, 6);
      return {
        week,
        packages: num(t.n),
        p50Hours: round1(num(t.p50)),
        p90Hours: round1(num(t.p90)),
        link: listLink('packages', { ...transitDays, statusAtFrom: first, statusAtTo: last }),
      };
    }),
    ageing: {
      abroadNotOnMawb: packagesWaiting('abroad', 'storeId', { status: 'received_abroad', onMawb: false, statusAtTo: abroadCutoff }),
      readyNotOnSlip: packagesWaiting('ready', 'destinationStoreId', { status: 'ready', onSlip: false, statusAtTo: readyCutoff }),
      slipsNotConfirmed: slipsWaiting('slips', { status: 'ready,out_for_delivery' }),
      codNotReconciled: slipsWaiting('cod', { codOutstanding: true }),
    },
    failedByReason: failed.map((f) => ({
      key: f.reason,
      count: num(f.n),
      link: listLink('delivery-slips', { status: 'failed', failureReason: f.reason, ...statusDays }),
    })),
    scansByEmployee: scans.map((s) => ({ userId: num(s.user_id), fullName: s.full_name, day: s.day, scans: num(s.n) })),
  };
}
