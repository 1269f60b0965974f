import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import {
  ORDER_ERROR_CODES,
  ORDER_MONEY_MAX,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderCompletionPayment,
  type OrderCreate,
  type OrderHasDue,
  type OrderItemInput,
  type OrderPatch,
  type OrderRefundRequired,
  type OrderStatusChange,
} from '../../../shared/contracts/orders';
import { orderTotals, type Currency, type OrderTotals } from '../../../shared/domain/money';
import { parseRateWire } from '../../../shared/domain/money-input';
import { formatMoney } from '../../../shared/domain/money-input';
import { canEditOrderFees, canEditOrderItems, ORDER_LIFECYCLES, type OrderKind, type OrderStatus } from '../../../shared/domain/order-lifecycle';
import { orderNote } from '../../../shared/domain/transaction-notes';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { customers, orderEvents, orderItems, orders, packages, transactions } from '../../db/schema/index';
import { FINAL_STATUSES, PACKAGE_STATUS_LABELS } from '../../../shared/domain/package-status';
import { postMovement } from '../transactions/index';
import { fieldError, HttpError } from '../../lib/errors';
import type { IfMatchHeader } from '../../lib/resource/concurrency';
import type { AnyResource, UpdatePlan, WriteContext } from '../../lib/resource/define';
import { changeStatus } from '../../lib/resource/status';
import { patchedFields } from '../../lib/resource/write';
import { rateOn, type RateSnapshot } from './exchange-rates';

/**
 * Order rules: totals are always recomputed here from the items, the rate snapshot and the fees
 * (shared/domain/money.ts); the status moves only through changeOrderStatus and the lifecycle table.
 */


export function orderSearchText(code: string, items: ReadonlyArray<{ name: string; option: string }>, note: string): string {
  const parts = [code, ...items.flatMap((i) => [i.name, i.option]), note];
  return foldVietnamese([...new Set(parts.filter(Boolean))].join(' '));
}

async function snapshotRate(db: Db, currency: Currency, day: string): Promise<RateSnapshot> {
  const rate = await rateOn(db, currency, day);
  if (!rate) {
    const [y, m, d] = day.split('-');
    throw fieldError(409, 'currency', `Chưa có tỷ giá ${currency} hiệu lực vào ngày ${d}/${m}/${y}: hãy khai báo tỷ giá trong Cài đặt trước`);
  }
  return rate;
}

interface Figures {
  kind: OrderKind;
  currency: Currency;
  rate: RateSnapshot;
  items: readonly OrderItemInput[];
  serviceFeeMode: OrderCreate['serviceFeeMode'];
  serviceFeeBps: number;
  serviceFeeFixed: number;
  domesticFee: number;
  deposit: number;
}

/** The server's totals, refusing figures that do not make sense together. */
function computeTotals(f: Figures): OrderTotals {
  let totals: OrderTotals;
  try {
    totals = orderTotals({ ...f, rateX100: f.rate.rateX100 });
  } catch {
    throw fieldError(400, 'items', 'Tổng tiền của đơn quá lớn');
  }
  if (totals.total > ORDER_MONEY_MAX) throw fieldError(400, 'items', `Tổng tiền của đơn quá lớn (tối đa ${formatMoney(ORDER_MONEY_MAX, 'VND', 'vi')})`);
  if (totals.deposit > totals.total) {
    throw fieldError(400, 'deposit', `Tiền đặt cọc (${formatMoney(totals.deposit, 'VND', 'vi')}) không được lớn hơn tổng tiền của đơn (${formatMoney(totals.total, 'VND', 'vi')})`);
  }
  return totals;
}

async function nextOrderCode(db: Db): Promise<string> {
  const rows = await db.execute<{ code: string }>(sql`SELECT 'DH' || lpad(nextval('order_code_seq')::text, 8, '0') AS code`);
  return (((rows as unknown as { rows?: Array<{ code: string }> }).rows ?? rows) as unknown as Array<{ code: string }>)[0]!.code;
}

async function insertItems(db: Db, orderId: number, items: readonly OrderItemInput[], lines: readonly number[]): Promise<void> {
  if (!items.length) return;
  await db.insert(orderItems).values(
    items.map((i, position) => ({
      orderId,
      position,
      name: i.name,
      url: i.url,
      option: i.option,
      quantity: i.quantity,
      unitPriceMinor: i.unitPriceMinor,
      amount: lines[position]!,
    })),
  );
}

export async function createOrder(ctx: WriteContext, input: OrderCreate): Promise<number> {
  const [customer] = await ctx.tx
    .select({ id: customers.id, status: customers.status, code: customers.code })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
    // FOR SHARE: a concurrent delete of this customer waits, so no order is made for a customer being deleted.
    .for('share');
  if (!customer) throw fieldError(400, 'customerId', 'Không tìm thấy khách hàng');
  if (customer.status !== 'active') throw fieldError(409, 'customerId', `Khách hàng ${customer.code} đã ngừng hoạt động: không thể tạo đơn mới`);
  const rate = await snapshotRate(ctx.tx, input.currency, businessDate(new Date()));
  const totals = computeTotals({ ...input, rate });
  const code = await nextOrderCode(ctx.tx);
  const [row] = await ctx.tx
    .insert(orders)
    .values({
      code,
      customerId: input.customerId,
      kind: input.kind,
      status: 'new',
      currency: input.currency,
      exchangeRateX100: rate.rateX100,
      rateDate: rate.rateDate,
      itemsSubtotal: totals.itemsSubtotal,
      serviceFeeMode: input.serviceFeeMode,
      serviceFeeBps: input.serviceFeeBps,
      serviceFeeFixed: input.serviceFeeFixed,
      serviceFee: totals.serviceFee,
      domesticFee: totals.domesticFee,
      deposit: totals.deposit,
      total: totals.total,
      note: input.note,
      searchText: orderSearchText(code, input.items, input.note),
      createdBy: ctx.meta.actorId,
      updatedBy: ctx.meta.actorId,
    })
    .returning({ id: orders.id });
  const id = row!.id;
  await insertItems(ctx.tx, id, input.items, totals.lines);
  await ctx.tx.insert(orderEvents).values({ orderId: id, fromStatus: null, toStatus: 'new', note: '', actorId: ctx.meta.actorId });
  return id;
}

const sameItems = (a: readonly OrderItemInput[], b: ReadonlyArray<Order['items'][number]>) =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return x.name === y.name && x.url === y.url && x.option === y.option && x.quantity === y.quantity && x.unitPriceMinor === y.unitPriceMinor;
  });

export async function updateOrder(ctx: WriteContext, current: Order, patch: OrderPatch): Promise<UpdatePlan> {
  const itemsChanged = patch.items !== undefined && !sameItems(patch.items, current.items);
  const currencyChanged = patch.currency !== undefined && patch.currency !== current.currency;
  const status = current.status;
  const label = ORDER_STATUS_LABELS[status];
  if ((itemsChanged || currencyChanged) && !canEditOrderItems(status)) {
    throw fieldError(409, itemsChanged ? 'items' : 'currency', `Đơn đang ở trạng thái "${label}": không thể sửa sản phẩm hay tiền tệ sau khi đã mua hàng`);
  }
  const feeKeys = ['serviceFeeMode', 'serviceFeeBps', 'serviceFeeFixed', 'domesticFee', 'deposit'] as const;
  const feeChanged = feeKeys.find((k) => patch[k] !== undefined && patch[k] !== current[k]);
  if (feeChanged && !canEditOrderFees(status)) {
    throw fieldError(409, feeChanged, `Đơn đang ở trạng thái "${label}": không thể sửa phí hay tiền đặt cọc`);
  }
  if (current.kind === 'purchase' && patch.items !== undefined && patch.items.length === 0) {
    throw fieldError(400, 'items', 'Đơn mua hộ cần ít nhất một sản phẩm');
  }

  const currency = patch.currency ?? current.currency;
  // A new currency takes the rate effective on the order's own date, like the original snapshot did.
  const rate: RateSnapshot = currencyChanged
    ? await snapshotRate(ctx.tx, currency, businessDate(current.createdAt))
    : { rateX100: parseRateWire(current.exchangeRate)!, rateDate: current.rateDate };
  const items: OrderItemInput[] = itemsChanged ? patch.items! : current.items.map(({ name, url, option, quantity, unitPriceMinor }) => ({ name, url, option, quantity, unitPriceMinor }));
  const merged = patchedFields(current, patch, ['serviceFeeMode', 'serviceFeeBps', 'serviceFeeFixed', 'domesticFee', 'deposit']);
  const totals = computeTotals({ kind: current.kind, currency, rate, items, ...merged });
  // The lines are stored with their đồng amount, so a new rate rewrites them too.
  const linesChanged = itemsChanged || currencyChanged;
  if (linesChanged) {
    await ctx.tx.delete(orderItems).where(eq(orderItems.orderId, current.id));
    await insertItems(ctx.tx, current.id, items, totals.lines);
  }
  const note = patch.note ?? current.note;
  return {
    set: {
      currency,
      exchangeRateX100: rate.rateX100,
      rateDate: rate.rateDate,
      itemsSubtotal: totals.itemsSubtotal,
      ...merged,
      serviceFee: totals.serviceFee,
      total: totals.total,
      note,
      searchText: orderSearchText(current.code, items, note),
    },
    touched: linesChanged,
  };
}

/** Soft delete only while nothing happened to the order: new or cancelled, and no wallet row refers to it. */
export async function removeOrder(ctx: WriteContext, current: Order): Promise<void> {
  if (current.status !== 'new' && current.status !== 'cancelled') {
    throw new HttpError(409, `Chỉ xóa được đơn mới tạo hoặc đã hủy (đơn đang "${ORDER_STATUS_LABELS[current.status]}")`);
  }
  const [ref] = await ctx.tx
    .select({ code: transactions.code })
    .from(transactions)
    .where(and(eq(transactions.referenceType, 'order'), eq(transactions.referenceId, current.id)))
    .limit(1);
  if (ref) throw new HttpError(409, `Không thể xóa: giao dịch ${ref.code} đã ghi nhận tiền cho đơn này`);
}

/**
 * An order is complete when its parcels are: completing it while one is still on the way (not delivered, lost or
 * returned) is refused with the list of those parcels.
 */
async function refuseUndeliveredPackages(ctx: WriteContext, order: Order): Promise<void> {
  const open = await ctx.tx
    .select({ id: packages.id, trackingNumber: packages.trackingNumber, status: packages.status })
    .from(packages)
    .where(and(eq(packages.orderId, order.id), isNull(packages.deletedAt), notInArray(packages.status, [...FINAL_STATUSES])))
    .orderBy(packages.trackingNumber);
  if (!open.length) return;
  const list = open.map((p) => `${p.trackingNumber} (${PACKAGE_STATUS_LABELS[p.status]})`).join(', ');
  throw new HttpError(409, `Đơn ${order.code} còn kiện chưa giao: ${list}`, ORDER_ERROR_CODES.PACKAGES_UNDELIVERED, { packages: open });
}

/**
 * An order is closed with its money settled: completing one that still owes (due > 0) is refused with the amount
 * (409 ORDER_HAS_DUE) unless the step carries the payment of exactly what is owed. That payment goes through the
 * one ledger function in the step's own transaction: money handed over at the counter comes into the wallet first
 * (a `deposit` referring to the order), then the wallet pays the order (a `payment`); `wallet` is the payment alone.
 * Paying more than is owed is the ledger's own refusal (ORDER_OVERPAID); the credit limit applies as to any payment.
 */
async function settleDueOnCompletion(ctx: WriteContext, order: Order, payment: OrderCompletionPayment | undefined): Promise<void> {
  const due = Math.max(0, order.due);
  if (due > 0 && (payment === undefined || payment.amount < due)) {
    const left = payment === undefined ? due : due - payment.amount;
    throw new HttpError(
      409,
      payment === undefined
        ? `Đơn ${order.code} còn phải trả ${formatMoney(due, 'VND', 'vi')}: hãy ghi thanh toán số tiền này khi hoàn thành đơn`
        : `Đơn ${order.code} còn phải trả ${formatMoney(due, 'VND', 'vi')}: thanh toán ${formatMoney(payment.amount, 'VND', 'vi')} chưa đủ để hoàn thành đơn`,
      ORDER_ERROR_CODES.HAS_DUE,
      { due: left } satisfies OrderHasDue,
    );
  }
  if (payment === undefined) return;
  const ref = { referenceType: 'order' as const, referenceId: order.id };
  if (payment.method !== 'wallet') {
    await postMovement(ctx, { customerId: order.customerId, type: 'deposit', amount: payment.amount, method: payment.method, ...ref, ...orderNote('order_collected', order.code) });
  }
  await postMovement(ctx, { customerId: order.customerId, type: 'payment', amount: payment.amount, method: null, ...ref, ...orderNote('order_balance', order.code) });
}

/**
 * Money on a cancelled order goes back to the wallet in the cancel's own transaction (one refund row through the
 * ledger), or stays on the order when the user says so; when nothing is said, the step asks (409 with the amount).
 */
async function settleCancelledMoney(ctx: WriteContext, order: Order, refundToWallet: boolean | undefined): Promise<void> {
  if (order.paid <= 0 || refundToWallet === false) return;
  if (refundToWallet === undefined) {
    throw new HttpError(
      409,
      `Đơn ${order.code} đã được thanh toán ${formatMoney(order.paid, 'VND', 'vi')} từ ví: chọn hoàn số tiền này vào ví khách hàng hay giữ lại khi hủy đơn`,
      ORDER_ERROR_CODES.REFUND_REQUIRED,
      { paid: order.paid } satisfies OrderRefundRequired,
    );
  }
  await postMovement(ctx, {
    customerId: order.customerId,
    type: 'refund',
    amount: order.paid,
    method: null,
    referenceType: 'order',
    referenceId: order.id,
    ...orderNote('order_refund', order.code),
  });
}

/**
 * One status step of an order through the status-change path (lib/resource/status.ts): the row lock, the
 * optional If-Match, the lifecycle of the order's kind, the order's event and exactly one audit row, in the
 * caller's transaction. An illegal step answers 409 with the steps that are allowed.
 */
export async function changeOrderStatus(
  ctx: WriteContext,
  def: AnyResource,
  id: number,
  body: OrderStatusChange,
  ifMatch: IfMatchHeader,
): Promise<Order> {
  const { after } = await changeStatus<Order, OrderStatus>(ctx, def, id, {
    to: body.status,
    lifecycle: (o) => ORDER_LIFECYCLES[o.kind],
    ifMatch,
    subject: (o) => o.code,
    details: (from, _to, allowed) => ({ status: from, allowed }),
    audit: { action: 'update' },
    apply: async (c, before) => {
      if (body.status === 'completed') {
        await refuseUndeliveredPackages(c, before);
        await settleDueOnCompletion(c, before, body.payment);
      }
      if (body.status === 'cancelled') await settleCancelledMoney(c, before, body.refundToWallet);
      await c.tx
        .update(orders)
        .set({ status: body.status, statusAt: sql`now()`, version: sql`${orders.version} + 1`, updatedAt: sql`now()`, updatedBy: c.meta.actorId })
        .where(eq(orders.id, id));
      await c.tx.insert(orderEvents).values({ orderId: id, fromStatus: before.status, toStatus: body.status, note: body.note, actorId: c.meta.actorId });
    },
  });
  return after;
}
