import { defineLifecycle, quotedLabels, type Lifecycle } from './lifecycle';

/**
 * The life of an order:
 *
 *   new → confirmed → purchased → received_abroad → in_transit → arrived → delivering → completed
 *
 * Decisions, so the screens and the API say the same thing:
 * - A consignment (the customer's own parcels) is never bought by us: it goes confirmed → received_abroad
 *   and never passes `purchased`. A purchase must pass `purchased`.
 * - `cancelled` is reachable from new, confirmed and purchased. Once the goods are in our foreign warehouse
 *   (received_abroad and later) they exist and are ours to move: the order ends by delivery (or by a return
 *   handled outside this lifecycle), not by a cancel button.
 * - delivering → arrived is allowed: a failed delivery brings the goods back to the Vietnamese warehouse.
 *   No other step goes backwards; a mistake is corrected by the next legal step, and the history keeps both.
 * - completed and cancelled are final.
 * - What can still be edited depends on the status: the items and currency only before the goods are bought
 *   (new, confirmed); fees and the deposit until the order is final; the note always.
 */

export const ORDER_KINDS = ['purchase', 'consignment'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'purchased',
  'received_abroad',
  'in_transit',
  'arrived',
  'delivering',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled'];

const FORWARD: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['purchased', 'cancelled'],
  purchased: ['received_abroad', 'cancelled'],
  received_abroad: ['in_transit'],
  in_transit: ['arrived'],
  arrived: ['delivering'],
  delivering: ['completed', 'arrived'],
  completed: [],
  cancelled: [],
};

/** The allowed transition table, per kind (a consignment skips `purchased`). */
export const ORDER_TRANSITIONS: Record<OrderKind, Record<OrderStatus, readonly OrderStatus[]>> = {
  purchase: FORWARD,
  consignment: { ...FORWARD, confirmed: ['received_abroad', 'cancelled'], purchased: [] },
};

/** Vietnamese labels, used by messages and exports (the web translates with i18n). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'Mới tạo',
  confirmed: 'Đã xác nhận',
  purchased: 'Đã mua hàng',
  received_abroad: 'Đã nhập kho nước ngoài',
  in_transit: 'Đang vận chuyển',
  arrived: 'Đã về kho Việt Nam',
  delivering: 'Đang giao hàng',
  completed: 'Hoàn thành',
  cancelled: 'Đã hủy',
};

function orderLifecycleOf(kind: OrderKind): Lifecycle<OrderStatus> {
  return defineLifecycle({
    statuses: ORDER_STATUSES,
    finalStatuses: FINAL_ORDER_STATUSES,
    labels: ORDER_STATUS_LABELS,
    transitions: ORDER_TRANSITIONS[kind],
    refusal: (from, to, allowed, labels, code = '') => {
      const next = allowed.length ? `Các bước hợp lệ: ${quotedLabels(allowed, labels)}` : 'Đơn đã kết thúc, không thể đổi trạng thái';
      return from === to
        ? `Đơn ${code} đã ở trạng thái "${labels[from]}". ${next}`
        : `Không thể chuyển đơn ${code} từ "${labels[from]}" sang "${labels[to]}". ${next}`;
    },
  });
}

/** The lifecycle of each kind of order (a consignment skips `purchased`); the refusal's subject is the order's code. */
export const ORDER_LIFECYCLES: Readonly<Record<OrderKind, Lifecycle<OrderStatus>>> = {
  purchase: orderLifecycleOf('purchase'),
  consignment: orderLifecycleOf('consignment'),
};

export function allowedOrderTransitions(kind: OrderKind, from: OrderStatus): readonly OrderStatus[] {
  return ORDER_LIFECYCLES[kind].nextSteps(from);
}

export function canTransitionOrder(kind: OrderKind, from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_LIFECYCLES[kind].canTransition(from, to);
}

/** Items, their prices and the currency are fixed once the goods are bought. */
export function canEditOrderItems(status: OrderStatus): boolean {
  return status === 'new' || status === 'confirmed';
}

/** Fees and the deposit may be settled until the order is final. */
export function canEditOrderFees(status: OrderStatus): boolean {
  return !FINAL_ORDER_STATUSES.includes(status);
}
