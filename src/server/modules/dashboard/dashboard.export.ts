import ExcelJS from 'exceljs';
import type { AnalyticsDashboard, DashboardQuery, EcommerceDashboard, StatFigure } from '../../../shared/contracts/dashboard';
import { DELIVERY_FAILURE_REASON_LABELS } from '../../../shared/contracts/delivery-slips';
import { MAWB_STATUS_LABELS } from '../../../shared/contracts/mawbs';
import { ORDER_STATUS_LABELS } from '../../../shared/contracts/orders';
import { TRANSACTION_TYPE_LABELS } from '../../../shared/contracts/transactions';

/**
 * A dashboard's figures for the chosen period as a Vietnamese workbook (the spec's Report): one sheet of the cards
 * against the previous period, then one sheet per chart or table. Money in đồng and weights in kg as numbers, so
 * the sheet can be summed; days as DD/MM/YYYY text (Vietnamese calendar days, no time zone to shift).
 */

type Cell = string | number | null;
interface Sheet {
  name: string;
  head: string[];
  rows: Cell[][];
}

/** "Tổng quan kinh doanh 2026-11-01_2026-11-30.xlsx". */
export function reportFileName(kind: 'ecommerce' | 'analytics', q: DashboardQuery): string {
  return `${kind === 'ecommerce' ? 'Tổng quan kinh doanh' : 'Phân tích vận hành'} ${q.from}_${q.to}.xlsx`;
}

const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const kg = (g: number) => Math.round(g / 10) / 100;

function card(label: string, f: StatFigure): Cell[] {
  return [label, f.value, f.previous, f.changePercent];
}

/** The sheet a workbook opens with: each card's figure this period and the previous one, and the change. */
function summarySheet(d: { period: { from: string; to: string }; previousPeriod: { from: string; to: string } }, rows: Cell[][]): Sheet {
  const period = `${day(d.period.from)} – ${day(d.period.to)}`;
  const previous = `${day(d.previousPeriod.from)} – ${day(d.previousPeriod.to)}`;
  return { name: 'Tổng hợp', head: ['Chỉ số', `Kỳ này (${period})`, `Kỳ trước (${previous})`, 'Thay đổi (%)'], rows };
}

async function workbook(sheets: Sheet[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    ws.addRow(s.head).font = { bold: true };
    for (const r of s.rows) ws.addRow(r);
    ws.columns.forEach((c, i) => {
      c.width = Math.min(40, Math.max(12, ...[s.head[i] ?? '', ...s.rows.map((r) => String(r[i] ?? ''))].map((v) => v.length + 2)));
    });
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function ecommerceWorkbook(d: EcommerceDashboard): Promise<Buffer> {
  return workbook([
    summarySheet(d, [
      card('Doanh thu (₫)', d.cards.revenue),
      card('Tiền đã thu (₫)', d.cards.cashCollected),
      card('Khách hàng mới', d.cards.newCustomers),
      card('Đơn hàng mới', d.cards.ordersPlaced),
      ['Công nợ phải thu (₫)', d.receivables.amount, null, null],
      ['Khách hàng còn nợ', d.receivables.count, null, null],
    ]),
    {
      name: 'Doanh thu theo ngày',
      head: ['Ngày', 'Cước phiếu giao (₫)', 'Phí dịch vụ (₫)', 'Tổng (₫)'],
      rows: d.revenueByDay.map((r) => [day(r.day), r.slips, r.serviceFees, r.total]),
    },
    { name: 'Đơn theo trạng thái', head: ['Trạng thái', 'Số đơn'], rows: d.ordersByStatus.map((s) => [ORDER_STATUS_LABELS[s.key as keyof typeof ORDER_STATUS_LABELS] ?? s.key, s.count]) },
    { name: 'Doanh thu theo tuyến', head: ['Tuyến', 'Số kiện', 'Số tiền (₫)'], rows: d.revenueByRoute.map((r) => [r.route, r.packages, r.amount]) },
    { name: 'Top khách hàng', head: ['Mã KH', 'Khách hàng', 'Doanh thu (₫)'], rows: d.topCustomers.map((c) => [c.code, c.fullName, c.revenue]) },
    { name: 'Công nợ theo tuổi', head: ['Tuổi nợ (ngày)', 'Số khách hàng', 'Số tiền (₫)'], rows: d.receivables.buckets.map((b) => [b.key, b.customers, b.amount]) },
    {
      name: 'Giao dịch gần đây',
      head: ['Mã GD', 'Khách hàng', 'Loại', 'Số tiền (₫)'],
      rows: d.recentTransactions.map((x) => [x.code, x.customerName, TRANSACTION_TYPE_LABELS[x.type as keyof typeof TRANSACTION_TYPE_LABELS] ?? x.type, x.amount]),
    },
  ]);
}

export function analyticsWorkbook(d: AnalyticsDashboard): Promise<Buffer> {
  return workbook([
    summarySheet(d, [
      card('Kiện đã giao', d.cards.delivered),
      card('Giao không thành công', d.cards.failedDeliveries),
      ['Giao thành công lần đầu (%)', d.cards.firstAttemptRate.value, null, null],
      ['Đánh giá trung bình', d.cards.averageRating.value, null, null],
      ['Kiện ở kho nước ngoài chưa lên MAWB > 3 ngày', d.ageing.abroadNotOnMawb.count, null, null],
      ['Kiện sẵn sàng tại kho VN chưa lên phiếu > 2 ngày', d.ageing.readyNotOnSlip.count, null, null],
      ['Phiếu giao chưa xác nhận', d.ageing.slipsNotConfirmed.count, null, null],
      ['COD chưa đối soát (₫)', d.ageing.codNotReconciled.amount, null, null],
    ]),
    {
      name: 'Luồng kiện theo ngày',
      head: ['Ngày', 'Nhận ở kho nước ngoài', 'Đã bay', 'Đã đến Việt Nam', 'Đã giao'],
      rows: d.flowByDay.map((r) => [day(r.day), r.received_abroad, r.departed, r.arrived, r.delivered]),
    },
    { name: 'Trọng lượng theo tuyến', head: ['Tuần từ', 'Tuyến', 'Cân tính cước (kg)'], rows: d.weightByRouteWeek.map((w) => [day(w.week), w.route, kg(w.chargeableG)]) },
    { name: 'MAWB theo trạng thái', head: ['Trạng thái', 'Số MAWB'], rows: d.mawbsByStatus.map((m) => [MAWB_STATUS_LABELS[m.key as keyof typeof MAWB_STATUS_LABELS] ?? m.key, m.count]) },
    { name: 'Thời gian vận chuyển', head: ['Tuyến', 'Số kiện', 'Trung vị (giờ)', 'P90 (giờ)'], rows: d.transitByRoute.map((t) => [t.route, t.packages, t.p50Hours, t.p90Hours]) },
    {
      name: 'Giao thất bại theo lý do',
      head: ['Lý do', 'Số phiếu'],
      rows: d.failedByReason.map((f) => [DELIVERY_FAILURE_REASON_LABELS[f.key as keyof typeof DELIVERY_FAILURE_REASON_LABELS] ?? f.key, f.count]),
    },
    { name: 'Lượt quét', head: ['Nhân viên', 'Ngày', 'Lượt quét'], rows: d.scansByEmployee.map((s) => [s.fullName, day(s.day), s.scans]) },
  ]);
}
