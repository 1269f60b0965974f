import { z } from 'zod';

/**
 * The two dashboards (`GET /api/dashboard/ecommerce`, `GET /api/dashboard/analytics`): one response each for a
 * period of whole Vietnamese days [from, to], compared with the previous period of the same length.
 *
 * Money is integer đồng, weights integer grams. Every figure that counts records carries `link`: the list API
 * path with its query whose `total` is that figure (the web turns `/api/x?…` into the screen `/x?…`); a figure
 * with no list able to show exactly its records has `link: null`.
 */

/** The longest period one request may ask for (a year and a day, so "last 365 days" of a leap year fits). */
export const DASHBOARD_MAX_DAYS = 367;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const day = (name: string) =>
  z.string({ error: `${name} là bắt buộc (YYYY-MM-DD)` }).refine(isCalendarDay, { error: `${name} phải là ngày YYYY-MM-DD có thật` });

/** Days between two YYYY-MM-DD (to − from), whole days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `from` + n days, as YYYY-MM-DD. */
export function addDays(dayText: string, n: number): string {
  return new Date(Date.parse(`${dayText}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export const DashboardQuery = z
  .strictObject({ from: day('from'), to: day('to') }, { error: (iss) => (iss.code === 'unrecognized_keys' ? `Tham số không được hỗ trợ: ${(iss.keys ?? []).join(', ')}` : undefined) })
  .superRefine((q, ctx) => {
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    const span = daysBetween(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to phải từ from trở đi' });
    else if (span + 1 > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Khoảng thời gian dài tối đa ${DASHBOARD_MAX_DAYS} ngày` });
  });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** The previous period of the same length, ending the day before `from`. */
export function previousPeriod(q: DashboardQuery): DashboardQuery {
  const len = daysBetween(q.from, q.to) + 1;
  return { from: addDays(q.from, -len), to: addDays(q.from, -1) };
}

/** Change against the previous period in percent, one decimal; null when the previous value is 0. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

const int = z.number().int();
const link = z.string().nullable();

const Period = z.object({ from: z.string(), to: z.string() });

/** A stat card: this period, the previous one, the change; `count`/`link` when the figure rests on records. */
export const StatFigure = z.object({
  value: int,
  previous: int,
  changePercent: z.number().nullable(),
  /** The number of records behind the figure (equal to `value` for a count). */
  count: int.optional(),
  link,
});
export type StatFigure = z.infer<typeof StatFigure>;

const CountLink = z.object({ key: z.string(), count: int, link });
type CountLink = z.infer<typeof CountLink>;

/** A number of records and the list showing exactly them. */
const Counted = z.object({ count: int, link });
type Counted = z.infer<typeof Counted>;

/** A sum of money over records, their number and the list showing exactly them. */
const CountedAmount = z.object({ amount: int, count: int, link });
type CountedAmount = z.infer<typeof CountedAmount>;

/** One warehouse's share of an ageing figure (`amount` for slips and COD). */
const StoreCount = z.object({ storeId: int, code: z.string(), name: z.string(), count: int, amount: int.optional(), link });
type StoreCount = z.infer<typeof StoreCount>;

export const EcommerceDashboard = z.object({
  period: Period,
  previousPeriod: Period,
  cards: z.object({
    revenue: StatFigure,
    cashCollected: StatFigure,
    newCustomers: StatFigure,
    ordersPlaced: StatFigure,
  }),
  /** What the revenue card adds up: the delivered slips' charges and the service fees of the orders placed (not cancelled). */
  revenueSources: z.object({ slips: CountedAmount, serviceFees: CountedAmount }),
  /** One row per day of the period, zero-filled: delivered-slip charges and order service fees. */
  revenueByDay: z.array(z.object({ day: z.string(), slips: int, serviceFees: int, total: int })),
  /** Orders placed in the period by their status now. */
  ordersByStatus: z.array(CountLink),
  /** Charges of the packages on slips delivered in the period, by their MAWB's route ("—": not flown on a MAWB). */
  revenueByRoute: z.array(z.object({ route: z.string(), amount: int, packages: int, link })),
  /** `count`: the customer's slips delivered in the period (the `link`); the revenue adds their orders' service fees. */
  topCustomers: z.array(z.object({ customerId: int, code: z.string(), fullName: z.string(), revenue: int, count: int, link })),
  receivables: z.object({
    /** Customers with a negative balance. */
    count: int,
    amount: int,
    link,
    /** Vietnamese days since the balance last went below zero; `count` = `customers`, listed by `link`. */
    buckets: z.array(z.object({ key: z.enum(['0-7', '8-30', '>30']), customers: int, amount: int, count: int, link })),
  }),
  recentOrders: z.array(
    z.object({ id: int, code: z.string(), customerName: z.string(), status: z.string(), total: int, createdAt: z.string() }),
  ),
  recentTransactions: z.array(
    z.object({ id: int, code: z.string(), customerName: z.string(), type: z.string(), amount: int, createdAt: z.string() }),
  ),
});
export type EcommerceDashboard = z.infer<typeof EcommerceDashboard>;

export const ANALYTICS_FLOW_CODES = ['received_abroad', 'departed', 'arrived', 'delivered'] as const;

export const AnalyticsDashboard = z.object({
  period: Period,
  previousPeriod: Period,
  cards: z.object({
    delivered: StatFigure,
    /**
     * Of the first delivery attempts (slips delivered or failed in the period none of whose packages was on an earlier
     * failed slip), the share delivered, in percent with one decimal; null without attempts. `previous`: the same
     * for the previous period.
     */
    firstAttemptRate: z.object({ value: z.number().nullable(), previous: z.number().nullable(), attempts: Counted, delivered: Counted }),
    /** Average of the ratings given in the period (two decimals), their number and the slips rated. */
    averageRating: z.object({ value: z.number().nullable(), previous: z.number().nullable(), count: int, link }),
    failedDeliveries: StatFigure,
  }),
  /**
   * Packages with an event of each code per Vietnamese day (a package once per code and day; deleted packages left
   * out), zero-filled; `links[code]` lists that day's packages.
   */
  flowByDay: z.array(
    z.object({
      day: z.string(),
      received_abroad: int,
      departed: int,
      arrived: int,
      delivered: int,
      links: z.object({ received_abroad: link, departed: link, arrived: link, delivered: link }),
    }),
  ),
  /** Chargeable grams of the packages on MAWBs that departed in the period, by route and ISO week (Monday). */
  weightByRouteWeek: z.array(z.object({ week: z.string(), route: z.string(), chargeableG: int })),
  /** Every MAWB by its status now. */
  mawbsByStatus: z.array(CountLink),
  /** Hours from first received abroad to delivered, for packages delivered in the period. */
  transitByRoute: z.array(z.object({ route: z.string(), packages: int, p50Hours: z.number(), p90Hours: z.number(), link })),
  transitTrend: z.array(z.object({ week: z.string(), packages: int, p50Hours: z.number(), p90Hours: z.number(), link })),
  /** What waits now (not bound to the period), in all and at each warehouse: abroad by receiving warehouse, the rest by Vietnamese hub. */
  ageing: z.object({
    abroadNotOnMawb: z.object({ count: int, link, byStore: z.array(StoreCount) }),
    readyNotOnSlip: z.object({ count: int, link, byStore: z.array(StoreCount) }),
    slipsNotConfirmed: z.object({ count: int, amount: int, link, byStore: z.array(StoreCount) }),
    codNotReconciled: z.object({ count: int, amount: int, link, byStore: z.array(StoreCount) }),
  }),
  failedByReason: z.array(CountLink),
  /** Tracking events each user recorded per day (no list shows events across packages, so no link). */
  scansByEmployee: z.array(z.object({ userId: int, fullName: z.string(), day: z.string(), scans: int })),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;
