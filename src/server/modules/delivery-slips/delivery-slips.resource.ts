import { eq, sql } from 'drizzle-orm';
import {
  DELIVERY_FAILURE_REASON_LABELS,
  DELIVERY_METHOD_LABELS,
  DELIVERY_SLIP_LIST,
  DELIVERY_SLIP_STATUS_LABELS,
  DeliverySlip,
  DeliverySlipCreate,
  DeliverySlipExportQuery,
  DeliverySlipList,
  DeliverySlipListQuery,
  DeliverySlipPatch,
  type DeliverySlipOrder,
  type DeliverySlipPackage,
  type DeliverySlipTotals,
} from '../../../shared/contracts/delivery-slips';
import type { ListQuery } from '../../../shared/contracts/list-query';
import { nextSteps } from '../../../shared/domain/delivery-slip-lifecycle';
import type { Db } from '../../db/client';
import { customers, deliverySlips, stores } from '../../db/schema/index';
import { customerColumns, defineResource, recordStamps, withinBounds } from '../../lib/resource/define';
import { whereFor } from '../../lib/resource/list-engine';
import { createSlip, updateSlip } from './delivery-slips.service';

/**
 * Delivery slips as a resource: list (with the totals of the filtered set), export, get with ETag, create
 * (a draft) and PATCH. No DELETE: a slip ends cancelled and stays as history. Status steps, confirmation,
 * printing, bulk creation and COD reconciliation have their own routes (delivery-slips.routes.ts).
 */

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** The slip's packages (in slip order) as one json value, so the list and the detail read them in one query. */
const packagesJson = sql<Array<Omit<DeliverySlipPackage, 'surcharges'> & { surcharges: DeliverySlipPackage['surcharges'] | null }> | null>`(
  SELECT json_agg(json_build_object(
    'packageId', p.id, 'code', p.code, 'trackingNumber', p.tracking_number, 'status', p.status,
    'weightG', p.weight_g, 'chargeableG', p.chargeable_g, 'contents', p.contents,
    'freight', sp.freight, 'surcharges', sp.surcharges, 'amount', sp.amount, 'pricing', sp.pricing) ORDER BY sp.position, sp.id)
  FROM delivery_slip_packages sp JOIN packages p ON p.id = sp.package_id
  WHERE sp.slip_id = ${deliverySlips.id})`;

const ordersJson = sql<DeliverySlipOrder[] | null>`(
  SELECT json_agg(json_build_object('orderId', o.id, 'code', o.code, 'kind', o.kind, 'status', o.status, 'amount', so.amount) ORDER BY so.position, so.id)
  FROM delivery_slip_orders so JOIN orders o ON o.id = so.order_id
  WHERE so.slip_id = ${deliverySlips.id})`;

const feedbackJson = sql<{ rating: number; comment: string; createdAt: string } | null>`(
  SELECT json_build_object('rating', f.rating, 'comment', f.comment, 'createdAt', f.created_at)
  FROM delivery_feedback f WHERE f.slip_id = ${deliverySlips.id})`;

/** Σ over the filtered set; the same WHERE (and joins, for `q`) as the list. */
async function slipTotals(db: Db, query: ListQuery): Promise<DeliverySlipTotals> {
  const where = whereFor(deliverySlipsResource, query);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      packageCount: sql<number>`coalesce(sum(${deliverySlips.packageCount}), 0)::bigint`,
      total: sql<number>`coalesce(sum(${deliverySlips.total}), 0)::bigint`,
      walletCredit: sql<number>`coalesce(sum(${deliverySlips.walletCredit}), 0)::bigint`,
      amountToCollect: sql<number>`coalesce(sum(${deliverySlips.amountToCollect}), 0)::bigint`,
      collected: sql<number>`coalesce(sum(${deliverySlips.collectedAmount}), 0)::bigint`,
      codOutstanding: sql<number>`coalesce(sum(${deliverySlips.collectedAmount}) FILTER (WHERE ${deliverySlips.codOutstanding}), 0)::bigint`,
    })
    .from(deliverySlips)
    .leftJoin(customers, eq(customers.id, deliverySlips.customerId))
    .leftJoin(stores, eq(stores.id, deliverySlips.storeId))
    .where(where);
  return {
    count: Number(row!.count),
    packageCount: Number(row!.packageCount),
    total: Number(row!.total),
    walletCredit: Number(row!.walletCredit),
    amountToCollect: Number(row!.amountToCollect),
    collected: Number(row!.collected),
    codOutstanding: Number(row!.codOutstanding),
  };
}

export const deliverySlipsResource = defineResource({
  name: 'delivery-slips',
  label: 'phiếu giao hàng',
  table: deliverySlips,
  spec: DELIVERY_SLIP_LIST,
  schemas: {
    item: DeliverySlip,
    list: DeliverySlipList,
    listQuery: DeliverySlipListQuery,
    exportQuery: DeliverySlipExportQuery,
    create: DeliverySlipCreate,
    patch: DeliverySlipPatch,
  },
  select: {
    fields: {
      id: deliverySlips.id,
      code: deliverySlips.code,
      customerId: deliverySlips.customerId,
      customerCode: customers.code,
      customerName: customers.fullName,
      customerPhone: customers.phone,
      storeId: deliverySlips.storeId,
      storeCode: stores.code,
      storeName: stores.name,
      receiverName: deliverySlips.receiverName,
      receiverPhone: deliverySlips.receiverPhone,
      receiverAddress: deliverySlips.receiverAddress,
      receiverProvince: deliverySlips.receiverProvince,
      method: deliverySlips.method,
      carrierName: deliverySlips.carrierName,
      carrierTrackingNumber: deliverySlips.carrierTrackingNumber,
      status: deliverySlips.status,
      statusAt: deliverySlips.statusAt,
      failureReason: deliverySlips.failureReason,
      failureNote: deliverySlips.failureNote,
      packageCount: deliverySlips.packageCount,
      deliveryZone: deliverySlips.deliveryZone,
      packagesSubtotal: deliverySlips.packagesSubtotal,
      domesticFee: deliverySlips.domesticFee,
      surcharges: deliverySlips.surcharges,
      surchargesTotal: deliverySlips.surchargesTotal,
      discountAmount: deliverySlips.discountAmount,
      discountBps: deliverySlips.discountBps,
      discountReason: deliverySlips.discountReason,
      total: deliverySlips.total,
      orders: ordersJson,
      ordersDue: deliverySlips.ordersDue,
      walletCredit: deliverySlips.walletCredit,
      amountToCollect: deliverySlips.amountToCollect,
      paidByTransfer: deliverySlips.paidByTransfer,
      chargesFrozenAt: deliverySlips.chargesFrozenAt,
      collectedAmount: deliverySlips.collectedAmount,
      collectMethod: deliverySlips.collectMethod,
      receivedBy: deliverySlips.receivedBy,
      deliveredAt: deliverySlips.deliveredAt,
      note: deliverySlips.note,
      printCount: deliverySlips.printCount,
      lastPrintedAt: deliverySlips.lastPrintedAt,
      reconciledAt: deliverySlips.reconciledAt,
      remittanceReference: deliverySlips.remittanceReference,
      codOutstanding: deliverySlips.codOutstanding,
      packages: packagesJson,
      feedback: feedbackJson,
      ...recordStamps(deliverySlips),
    },
    joins: [
      { table: customers, on: eq(customers.id, deliverySlips.customerId) },
      { table: stores, on: eq(stores.id, deliverySlips.storeId) },
    ],
    toItem: (r): DeliverySlip => ({
      ...r,
      customerCode: r.customerCode ?? '',
      customerName: r.customerName ?? '',
      customerPhone: r.customerPhone ?? '',
      storeCode: r.storeCode ?? '',
      storeName: r.storeName ?? '',
      statusAt: iso(r.statusAt)!,
      nextSteps: [...nextSteps(r.method, r.status)],
      packageCount: Number(r.packageCount),
      subtotal: r.packagesSubtotal + r.domesticFee + r.surchargesTotal,
      chargesFrozenAt: iso(r.chargesFrozenAt),
      deliveredAt: iso(r.deliveredAt),
      lastPrintedAt: iso(r.lastPrintedAt),
      reconciledAt: iso(r.reconciledAt),
      packages: (r.packages ?? []).map((p) => ({ ...p, freight: Number(p.freight), amount: Number(p.amount), surcharges: p.surcharges ?? [] })),
      orders: (r.orders ?? []).map((o) => ({ ...o, orderId: Number(o.orderId), amount: Number(o.amount) })),
      feedback: r.feedback ? { ...r.feedback, createdAt: iso(r.feedback.createdAt)! } : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  },
  sort: {
    code: deliverySlips.code,
    createdAt: deliverySlips.createdAt,
    statusAt: deliverySlips.statusAt,
    deliveredAt: deliverySlips.deliveredAt,
    status: deliverySlips.status,
    total: deliverySlips.total,
    amountToCollect: deliverySlips.amountToCollect,
  },
  filters: {
    status: deliverySlips.status,
    customerId: deliverySlips.customerId,
    storeId: deliverySlips.storeId,
    method: deliverySlips.method,
    created: deliverySlips.createdAt,
    delivered: deliverySlips.deliveredAt,
    codOutstanding: deliverySlips.codOutstanding,
    statusAt: deliverySlips.statusAt,
    failureReason: deliverySlips.failureReason,
    // A retry shares a package with an earlier slip (a lower id: a package is on one open slip at a time, so the
    // retry is made after the failure released it) that failed: the slip's `retry`, kept by triggers (migration 0028).
    firstAttempt: sql`NOT "delivery_slips"."retry"`,
    feedback: { dateRange: (from, to) => sql`${deliverySlips.id} IN (SELECT f.slip_id FROM delivery_feedback f WHERE ${withinBounds(sql`f.created_at`, from, to)})` },
  },
  search: sql`(${deliverySlips.searchText} || ' ' || coalesce(${customers.searchText}, ''))`,
  listTotals: (db, query) => slipTotals(db, query),
  uniqueConstraints: {
    delivery_slip_packages_open_uq: { path: 'packageIds', message: 'Một kiện đã nằm trên phiếu giao khác đang mở' },
    delivery_slips_code_uq: { path: 'code', message: 'Mã phiếu giao đã tồn tại' },
  },
  export: {
    fileName: 'Phiếu giao hàng',
    fileNameEn: 'Delivery slips',
    columns: [
      { header: 'Mã phiếu', en: 'Slip code', width: 14, value: (s) => s.code },
      { header: 'Ngày tạo', en: 'Created', width: 17, type: 'datetime', value: (s) => s.createdAt },
      ...customerColumns<DeliverySlip>(),
      { header: 'Kho', en: 'Warehouse', width: 18, value: (s) => s.storeName },
      { header: 'Hình thức', en: 'Delivery method', width: 22, type: 'label', value: (s) => DELIVERY_METHOD_LABELS[s.method] },
      { header: 'Trạng thái', en: 'Status', width: 14, type: 'label', value: (s) => DELIVERY_SLIP_STATUS_LABELS[s.status] },
      { header: 'Lý do thất bại', en: 'Failure reason', width: 18, type: 'label', value: (s) => (s.failureReason ? DELIVERY_FAILURE_REASON_LABELS[s.failureReason] : '') },
      { header: 'Số kiện', en: 'Packages', width: 8, type: 'int', value: (s) => s.packageCount },
      { header: 'Tổng tiền', en: 'Total', width: 15, type: 'money', value: (s) => s.total },
      { header: 'Trừ ví', en: 'From wallet', width: 15, type: 'money', value: (s) => s.walletCredit },
      { header: 'Cần thu', en: 'To collect', width: 15, type: 'money', value: (s) => s.amountToCollect },
      { header: 'Đã thu', en: 'Collected', width: 15, type: 'money', value: (s) => s.collectedAmount },
      { header: 'Người nhận', en: 'Receiver', width: 22, value: (s) => s.receiverName },
      { header: 'Điện thoại', en: 'Phone', width: 13, value: (s) => s.receiverPhone },
      { header: 'Đơn vị vận chuyển', en: 'Carrier', width: 18, value: (s) => s.carrierName },
      { header: 'Mã vận đơn ĐVVC', en: 'Carrier tracking number', width: 18, value: (s) => s.carrierTrackingNumber },
      { header: 'Ngày giao', en: 'Delivered', width: 17, type: 'datetime', value: (s) => s.deliveredAt },
      { header: 'Đối soát', en: 'Reconciled', width: 17, type: 'datetime', value: (s) => s.reconciledAt },
    ],
  },
  write: { create: createSlip, update: updateSlip },
});
