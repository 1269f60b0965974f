import { eq, sql } from 'drizzle-orm';
import {
  Order,
  ORDER_KIND_LABELS,
  ORDER_LIST,
  ORDER_STATUS_LABELS,
  OrderCreate,
  OrderExportQuery,
  OrderList,
  OrderListQuery,
  OrderPatch,
  type OrderEvent,
  type OrderItem,
  type OrderTransaction,
} from '../../../shared/contracts/orders';
import { formatRateWire } from '../../../shared/domain/money-input';
import { orderDue } from '../../../shared/domain/order-lifecycle';
import { customers, orders } from '../../db/schema/index';
import { customerColumns, defineResource, recordStamps } from '../../lib/resource/define';
import { createOrder, removeOrder, updateOrder } from './orders.service';

/**
 * An order reads as one document: its row, its customer, and (through correlated subqueries, each served
 * by an index on order_id / the reference) its items, status history and the wallet rows that refer to it.
 * Lists carry the same shape; pages are ≤ 200 rows, so the subqueries stay cheap.
 */

const itemsJson = sql<OrderItem[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', i.id, 'name', i.name, 'url', i.url, 'option', i.option, 'quantity', i.quantity,
    'unitPriceMinor', i.unit_price_minor, 'amount', i.amount) ORDER BY i.position), '[]'::json)
  FROM order_items i WHERE i.order_id = ${orders.id})`;

const eventsJson = sql<Array<Omit<OrderEvent, 'at'> & { at: string }>>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', e.id, 'fromStatus', e.from_status, 'toStatus', e.to_status, 'note', e.note,
    'actorId', e.actor_id, 'actorName', u.full_name, 'at', e.at) ORDER BY e.at, e.id), '[]'::json)
  FROM order_events e LEFT JOIN users u ON u.id = e.actor_id WHERE e.order_id = ${orders.id})`;

const transactionsJson = sql<OrderTransaction[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'code', t.code, 'type', t.type, 'amount', t.amount, 'method', t.method, 'createdAt', t.created_at)
    ORDER BY t.created_at, t.id), '[]'::json)
  FROM transactions t WHERE t.reference_type = 'order' AND t.reference_id = ${orders.id})`;

/** What the wallet paid for the order: payments (negative rows) minus refunds (positive rows) that refer to it. */
export const paidSql = sql<number>`(
  SELECT coalesce(-sum(t.amount), 0)::bigint FROM transactions t
  WHERE t.reference_type = 'order' AND t.reference_id = ${orders.id} AND t.type IN ('payment', 'refund'))`;

const iso = (v: string | Date) => new Date(v).toISOString();

export const ordersResource = defineResource({
  name: 'orders',
  label: 'đơn hàng',
  table: orders,
  deletedAt: orders.deletedAt,
  spec: ORDER_LIST,
  schemas: {
    item: Order,
    list: OrderList,
    listQuery: OrderListQuery,
    exportQuery: OrderExportQuery,
    create: OrderCreate,
    patch: OrderPatch,
  },
  select: {
    fields: {
      id: orders.id,
      code: orders.code,
      customerId: orders.customerId,
      customerCode: customers.code,
      customerName: customers.fullName,
      customerPhone: customers.phone,
      kind: orders.kind,
      status: orders.status,
      statusAt: orders.statusAt,
      currency: orders.currency,
      exchangeRateX100: orders.exchangeRateX100,
      rateDate: orders.rateDate,
      itemsSubtotal: orders.itemsSubtotal,
      serviceFeeMode: orders.serviceFeeMode,
      serviceFeeBps: orders.serviceFeeBps,
      serviceFeeFixed: orders.serviceFeeFixed,
      serviceFee: orders.serviceFee,
      domesticFee: orders.domesticFee,
      deposit: orders.deposit,
      total: orders.total,
      paid: paidSql,
      note: orders.note,
      items: itemsJson,
      events: eventsJson,
      transactions: transactionsJson,
      ...recordStamps(orders),
    },
    joins: [{ table: customers, on: eq(customers.id, orders.customerId) }],
    toItem: ({ exchangeRateX100, customerCode, customerName, customerPhone, paid, ...r }): Order => ({
      ...r,
      customerCode: customerCode ?? '',
      customerName: customerName ?? '',
      customerPhone: customerPhone ?? '',
      exchangeRate: formatRateWire(exchangeRateX100),
      goods: r.kind === 'purchase' ? r.itemsSubtotal : 0,
      remaining: r.total - r.deposit,
      paid: Number(paid),
      due: orderDue({ status: r.status, total: r.total, paid: Number(paid) }),
      statusAt: r.statusAt.toISOString(),
      events: r.events.map((e) => ({ ...e, at: iso(e.at) })),
      transactions: r.transactions.map((t) => ({ ...t, createdAt: iso(t.createdAt) })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  },
  sort: {
    code: orders.code,
    createdAt: orders.createdAt,
    updatedAt: orders.updatedAt,
    status: orders.status,
    kind: orders.kind,
    total: orders.total,
  },
  filters: {
    status: orders.status,
    kind: orders.kind,
    customerId: orders.customerId,
    currency: orders.currency,
    total: orders.total,
    created: orders.createdAt,
  },
  // The order's own words plus its customer's (code, name, phone…), so "nguyen van" finds their orders.
  search: sql`(${orders.searchText} || ' ' || coalesce(${customers.searchText}, ''))`,
  export: {
    fileName: 'Đơn hàng',
    fileNameEn: 'Orders',
    columns: [
      { header: 'Mã đơn', en: 'Order code', width: 12, value: (o) => o.code },
      { header: 'Ngày tạo', en: 'Created', width: 17, type: 'datetime', value: (o) => o.createdAt },
      ...customerColumns<Order>(),
      { header: 'Loại', en: 'Kind', width: 10, type: 'label', value: (o) => ORDER_KIND_LABELS[o.kind] },
      { header: 'Trạng thái', en: 'Status', width: 20, type: 'label', value: (o) => ORDER_STATUS_LABELS[o.status] },
      { header: 'Tiền tệ', en: 'Currency', width: 8, value: (o) => o.currency },
      { header: 'Tỷ giá', en: 'Exchange rate', width: 12, type: 'rate-number', value: (o) => o.exchangeRate },
      { header: 'Số sản phẩm', en: 'Items', width: 10, type: 'int', value: (o) => o.items.reduce((n, i) => n + i.quantity, 0) },
      { header: 'Tiền hàng', en: 'Goods', width: 15, type: 'money', value: (o) => o.itemsSubtotal },
      { header: 'Phí dịch vụ', en: 'Service fee', width: 14, type: 'money', value: (o) => o.serviceFee },
      { header: 'Phí nội địa', en: 'Domestic fee', width: 14, type: 'money', value: (o) => o.domesticFee },
      { header: 'Tổng tiền', en: 'Total', width: 15, type: 'money', value: (o) => o.total },
      { header: 'Đặt cọc', en: 'Deposit', width: 14, type: 'money', value: (o) => o.deposit },
      { header: 'Đã thanh toán', en: 'Paid', width: 15, type: 'money', value: (o) => o.paid },
      { header: 'Còn phải trả', en: 'Due', width: 15, type: 'money', value: (o) => o.due },
      { header: 'Ghi chú', en: 'Note', width: 30, value: (o) => o.note },
    ],
  },
  write: {
    create: createOrder,
    update: updateOrder,
    remove: removeOrder,
  },
});
