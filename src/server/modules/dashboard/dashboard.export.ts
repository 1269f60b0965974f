import type { AnalyticsDashboard, DashboardQuery, EcommerceDashboard, StatFigure } from '../../../shared/contracts/dashboard';
import { DELIVERY_FAILURE_REASON_LABELS } from '../../../shared/contracts/delivery-slips';
import { MAWB_STATUS_LABELS } from '../../../shared/contracts/mawbs';
import { ORDER_STATUS_LABELS } from '../../../shared/contracts/orders';
import { TRANSACTION_TYPE_LABELS } from '../../../shared/contracts/transactions';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { localizeMessage } from '../../../shared/i18n/localize';
import { currentLanguage } from '../../lib/request-language';
import { xlsxBuffer } from '../../lib/xlsx-writer';

/**
 * A dashboard's figures for the chosen period as a workbook (the spec's Report) in the reader's language (the
 * request's, as every export: Accept-Language): one sheet of the cards against the previous period, then one sheet
 * per chart or table. Money in đồng and weights in kg as numbers, the unit in the header, so the sheet can be
 * summed; days as DD/MM/YYYY text (Vietnamese calendar days, no time zone to shift). Status and reason labels go
 * through the message catalog, like the labels of the list exports.
 */

type Cell = string | number | null;
interface Sheet {
  name: string;
  head: string[];
  rows: Cell[][];
}

/** Every text of the two reports, Vietnamese and English side by side. */
const TEXT = {
  vi: {
    ecommerceFile: 'Tổng quan kinh doanh',
    analyticsFile: 'Phân tích vận hành',
    summary: 'Tổng hợp',
    figure: 'Chỉ số',
    thisPeriod: 'Kỳ này',
    previousPeriod: 'Kỳ trước',
    change: 'Thay đổi (%)',
    revenue: 'Doanh thu (₫)',
    cashCollected: 'Tiền đã thu (₫)',
    newCustomers: 'Khách hàng mới',
    ordersPlaced: 'Đơn hàng mới',
    receivables: 'Công nợ phải thu (₫)',
    customersOwing: 'Khách hàng còn nợ',
    revenueByDay: 'Doanh thu theo ngày',
    day: 'Ngày',
    slipFreight: 'Cước phiếu giao (₫)',
    serviceFees: 'Phí dịch vụ (₫)',
    total: 'Tổng (₫)',
    ordersByStatus: 'Đơn theo trạng thái',
    status: 'Trạng thái',
    orders: 'Số đơn',
    revenueByRoute: 'Doanh thu theo tuyến',
    route: 'Tuyến',
    packages: 'Số kiện',
    amount: 'Số tiền (₫)',
    topCustomers: 'Top khách hàng',
    customerCode: 'Mã KH',
    customer: 'Khách hàng',
    customerRevenue: 'Doanh thu (₫)',
    receivablesAgeing: 'Công nợ theo tuổi',
    ageDays: 'Tuổi nợ (ngày)',
    customers: 'Số khách hàng',
    recentTransactions: 'Giao dịch gần đây',
    transactionCode: 'Mã GD',
    type: 'Loại',
    recentOrders: 'Đơn hàng gần đây',
    orderCode: 'Mã đơn',
    createdAt: 'Thời điểm tạo',
    delivered: 'Kiện đã giao',
    failedDeliveries: 'Giao không thành công',
    firstAttemptRate: 'Giao thành công lần đầu (%)',
    averageRating: 'Đánh giá trung bình',
    abroadNotOnMawb: 'Kiện ở kho nước ngoài chưa lên MAWB > 3 ngày',
    readyNotOnSlip: 'Kiện sẵn sàng tại kho VN chưa lên phiếu > 2 ngày',
    slipsNotConfirmed: 'Phiếu giao chưa xác nhận',
    codNotReconciled: 'COD chưa đối soát (₫)',
    flowByDay: 'Luồng kiện theo ngày',
    receivedAbroad: 'Nhận ở kho nước ngoài',
    departed: 'Đã bay',
    arrived: 'Đã đến Việt Nam',
    deliveredCol: 'Đã giao',
    weightByRoute: 'Trọng lượng theo tuyến',
    weekFrom: 'Tuần từ',
    chargeableKg: 'Cân tính cước (kg)',
    mawbsByStatus: 'MAWB theo trạng thái',
    mawbs: 'Số MAWB',
    transit: 'Thời gian vận chuyển',
    median: 'Trung vị (giờ)',
    p90: 'P90 (giờ)',
    transitTrend: 'Thời gian vận chuyển theo tuần',
    ageingByStore: 'Tồn đọng theo kho',
    ageing: 'Tồn đọng',
    codSlips: 'Phiếu COD chưa đối soát',
    warehouse: 'Kho',
    count: 'Số lượng',
    failedByReason: 'Giao thất bại theo lý do',
    reason: 'Lý do',
    slips: 'Số phiếu',
    scans: 'Lượt quét',
    employee: 'Nhân viên',
  },
  en: {
    ecommerceFile: 'Business overview',
    analyticsFile: 'Operations analytics',
    summary: 'Summary',
    figure: 'Figure',
    thisPeriod: 'This period',
    previousPeriod: 'Previous period',
    change: 'Change (%)',
    revenue: 'Revenue (₫)',
    cashCollected: 'Cash collected (₫)',
    newCustomers: 'New customers',
    ordersPlaced: 'New orders',
    receivables: 'Receivables (₫)',
    customersOwing: 'Customers owing',
    revenueByDay: 'Revenue by day',
    day: 'Day',
    slipFreight: 'Delivery slip freight (₫)',
    serviceFees: 'Service fees (₫)',
    total: 'Total (₫)',
    ordersByStatus: 'Orders by status',
    status: 'Status',
    orders: 'Orders',
    revenueByRoute: 'Revenue by route',
    route: 'Route',
    packages: 'Packages',
    amount: 'Amount (₫)',
    topCustomers: 'Top customers',
    customerCode: 'Customer code',
    customer: 'Customer',
    customerRevenue: 'Revenue (₫)',
    receivablesAgeing: 'Receivables by age',
    ageDays: 'Age (days)',
    customers: 'Customers',
    recentTransactions: 'Recent transactions',
    transactionCode: 'Transaction code',
    type: 'Type',
    recentOrders: 'Recent orders',
    orderCode: 'Order code',
    createdAt: 'Created',
    delivered: 'Packages delivered',
    failedDeliveries: 'Failed deliveries',
    firstAttemptRate: 'Delivered on the first attempt (%)',
    averageRating: 'Average rating',
    abroadNotOnMawb: 'Packages abroad not on a MAWB > 3 days',
    readyNotOnSlip: 'Packages ready in Vietnam not on a slip > 2 days',
    slipsNotConfirmed: 'Delivery slips not confirmed',
    codNotReconciled: 'COD not reconciled (₫)',
    flowByDay: 'Package flow by day',
    receivedAbroad: 'Received abroad',
    departed: 'Departed',
    arrived: 'Arrived in Vietnam',
    deliveredCol: 'Delivered',
    weightByRoute: 'Weight by route',
    weekFrom: 'Week from',
    chargeableKg: 'Chargeable weight (kg)',
    mawbsByStatus: 'MAWBs by status',
    mawbs: 'MAWBs',
    transit: 'Transit time',
    median: 'Median (hours)',
    p90: 'P90 (hours)',
    transitTrend: 'Transit time by week',
    ageingByStore: 'Ageing by warehouse',
    ageing: 'Waiting',
    codSlips: 'Slips with COD not reconciled',
    warehouse: 'Warehouse',
    count: 'Count',
    failedByReason: 'Failed deliveries by reason',
    reason: 'Reason',
    slips: 'Slips',
    scans: 'Scans',
    employee: 'Employee',
  },
} satisfies Record<MessageLanguage, Record<string, string>>;

/** "Tổng quan kinh doanh 2026-11-01_2026-11-30.xlsx", "Business overview 2026-11-01_2026-11-30.xlsx". */
export function reportFileName(kind: 'ecommerce' | 'analytics', q: DashboardQuery, lang: MessageLanguage = currentLanguage()): string {
  const t = TEXT[lang];
  return `${kind === 'ecommerce' ? t.ecommerceFile : t.analyticsFile} ${q.from}_${q.to}.xlsx`;
}

const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** An instant as Vietnamese wall-clock time, DD/MM/YYYY HH:mm. */
const dayTime = (iso: string) => {
  const v = new Date(Date.parse(iso) + 7 * 3_600_000).toISOString();
  return `${day(v.slice(0, 10))} ${v.slice(11, 16)}`;
};
const kg = (g: number) => Math.round(g / 10) / 100;

/** A stored key's label (a status, a reason, a type) in the reader's language; an unknown key as it is. */
function labelOf(labels: Readonly<Record<string, string>>, key: string, lang: MessageLanguage): string {
  const vi = labels[key];
  return vi === undefined ? key : localizeMessage(vi, lang);
}

function card(label: string, f: StatFigure): Cell[] {
  return [label, f.value, f.previous, f.changePercent];
}

/** The sheet a workbook opens with: each card's figure this period and the previous one, and the change. */
function summarySheet(
  t: (typeof TEXT)[MessageLanguage],
  d: { period: { from: string; to: string }; previousPeriod: { from: string; to: string } },
  rows: Cell[][],
): Sheet {
  const period = `${day(d.period.from)} – ${day(d.period.to)}`;
  const previous = `${day(d.previousPeriod.from)} – ${day(d.previousPeriod.to)}`;
  return { name: t.summary, head: [t.figure, `${t.thisPeriod} (${period})`, `${t.previousPeriod} (${previous})`, t.change], rows };
}

function workbook(sheets: Sheet[]): Promise<Buffer> {
  return xlsxBuffer(
    sheets.map((s) => ({
      name: s.name,
      columns: s.head.map((header, i) => ({
        header,
        width: Math.min(40, Math.max(12, ...[header, ...s.rows.map((r) => String(r[i] ?? ''))].map((v) => v.length + 2))),
      })),
      rows: s.rows.map((cells) => ({ cells })),
    })),
  );
}

export function ecommerceWorkbook(d: EcommerceDashboard, lang: MessageLanguage = currentLanguage()): Promise<Buffer> {
  const t = TEXT[lang];
  return workbook([
    summarySheet(t, d, [
      card(t.revenue, d.cards.revenue),
      card(t.cashCollected, d.cards.cashCollected),
      card(t.newCustomers, d.cards.newCustomers),
      card(t.ordersPlaced, d.cards.ordersPlaced),
      [t.receivables, d.receivables.amount, null, null],
      [t.customersOwing, d.receivables.count, null, null],
    ]),
    { name: t.revenueByDay, head: [t.day, t.slipFreight, t.serviceFees, t.total], rows: d.revenueByDay.map((r) => [day(r.day), r.slips, r.serviceFees, r.total]) },
    { name: t.ordersByStatus, head: [t.status, t.orders], rows: d.ordersByStatus.map((s) => [labelOf(ORDER_STATUS_LABELS, s.key, lang), s.count]) },
    { name: t.revenueByRoute, head: [t.route, t.packages, t.amount], rows: d.revenueByRoute.map((r) => [r.route, r.packages, r.amount]) },
    { name: t.topCustomers, head: [t.customerCode, t.customer, t.customerRevenue], rows: d.topCustomers.map((c) => [c.code, c.fullName, c.revenue]) },
    { name: t.receivablesAgeing, head: [t.ageDays, t.customers, t.amount], rows: d.receivables.buckets.map((b) => [b.key, b.customers, b.amount]) },
    {
      name: t.recentOrders,
      head: [t.orderCode, t.customer, t.status, t.total, t.createdAt],
      rows: d.recentOrders.map((o) => [o.code, o.customerName, labelOf(ORDER_STATUS_LABELS, o.status, lang), o.total, dayTime(o.createdAt)]),
    },
    {
      name: t.recentTransactions,
      head: [t.transactionCode, t.customer, t.type, t.amount],
      rows: d.recentTransactions.map((x) => [x.code, x.customerName, labelOf(TRANSACTION_TYPE_LABELS, x.type, lang), x.amount]),
    },
  ]);
}

export function analyticsWorkbook(d: AnalyticsDashboard, lang: MessageLanguage = currentLanguage()): Promise<Buffer> {
  const t = TEXT[lang];
  return workbook([
    summarySheet(t, d, [
      card(t.delivered, d.cards.delivered),
      card(t.failedDeliveries, d.cards.failedDeliveries),
      [t.firstAttemptRate, d.cards.firstAttemptRate.value, d.cards.firstAttemptRate.previous, null],
      [t.averageRating, d.cards.averageRating.value, d.cards.averageRating.previous, null],
      [t.abroadNotOnMawb, d.ageing.abroadNotOnMawb.count, null, null],
      [t.readyNotOnSlip, d.ageing.readyNotOnSlip.count, null, null],
      [t.slipsNotConfirmed, d.ageing.slipsNotConfirmed.count, null, null],
      [t.codNotReconciled, d.ageing.codNotReconciled.amount, null, null],
    ]),
    {
      name: t.flowByDay,
      head: [t.day, t.receivedAbroad, t.departed, t.arrived, t.deliveredCol],
      rows: d.flowByDay.map((r) => [day(r.day), r.received_abroad, r.departed, r.arrived, r.delivered]),
    },
    { name: t.weightByRoute, head: [t.weekFrom, t.route, t.chargeableKg], rows: d.weightByRouteWeek.map((w) => [day(w.week), w.route, kg(w.chargeableG)]) },
    { name: t.mawbsByStatus, head: [t.status, t.mawbs], rows: d.mawbsByStatus.map((m) => [labelOf(MAWB_STATUS_LABELS, m.key, lang), m.count]) },
    { name: t.transit, head: [t.route, t.packages, t.median, t.p90], rows: d.transitByRoute.map((r) => [r.route, r.packages, r.p50Hours, r.p90Hours]) },
    { name: t.transitTrend, head: [t.weekFrom, t.packages, t.median, t.p90], rows: d.transitTrend.map((r) => [day(r.week), r.packages, r.p50Hours, r.p90Hours]) },
    {
      name: t.ageingByStore,
      head: [t.ageing, t.warehouse, t.count, t.amount],
      rows: (
        [
          [t.abroadNotOnMawb, d.ageing.abroadNotOnMawb.byStore],
          [t.readyNotOnSlip, d.ageing.readyNotOnSlip.byStore],
          [t.slipsNotConfirmed, d.ageing.slipsNotConfirmed.byStore],
          [t.codSlips, d.ageing.codNotReconciled.byStore],
        ] as const
      ).flatMap(([label, stores]) => stores.map((w): Cell[] => [label, `${w.code} · ${w.name}`, w.count, w.amount ?? null])),
    },
    { name: t.failedByReason, head: [t.reason, t.slips], rows: d.failedByReason.map((f) => [labelOf(DELIVERY_FAILURE_REASON_LABELS, f.key, lang), f.count]) },
    { name: t.scans, head: [t.employee, t.day, t.scans], rows: d.scansByEmployee.map((s) => [s.fullName, day(s.day), s.scans]) },
  ]);
}
