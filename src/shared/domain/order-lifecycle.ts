import { defineLifecycle, quotedLabels, type Lifecycle } from './lifecycle';
import type { PackageStatus } from './package-status';

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
/** An open order still takes parcels: every status but the final ones. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !FINAL_ORDER_STATUSES.includes(s));

/**
 * What an order still owes: its total less what the wallet paid for it (payments − refunds referring to it). A
 * cancelled order owes nothing: what was paid is refunded or kept on purpose, never asked for again. The order page,
 * completion (ORDER_HAS_DUE) and a slip's order lines all read it here.
 */
export function orderDue(order: { status: OrderStatus; total: number; paid: number }): number {
  return order.status === 'cancelled' ? 0 : order.total - order.paid;
}

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

// ---- the order follows its parcels ------------------------------------------------------------------------

/**
 * The note of a step the order took because its parcels moved (the web shows it in the reader's language).
 * Written by the server only; a person's note never equals it because the step's author is then the server.
 */
export const ORDER_FOLLOWED_PACKAGES_NOTE = 'Tự chuyển theo trạng thái các kiện hàng của đơn';

/** Where on the order's road a parcel in each status puts its order; no entry: it says nothing (expected, held). */
const PACKAGE_ORDER_STAGE: Readonly<Partial<Record<PackageStatus, OrderStatus>>> = {
  received_abroad: 'received_abroad',
  on_mawb: 'received_abroad',
  departed: 'in_transit',
  arrived: 'in_transit',
  in_customs: 'in_transit',
  cleared: 'in_transit',
  in_transfer: 'in_transit',
  ready: 'arrived',
  on_slip: 'arrived',
  out_for_delivery: 'delivering',
  delivered: 'delivering',
};

/** The road an order of each kind walks when nothing goes wrong (a consignment never passes `purchased`). */
function roadOf(kind: OrderKind): readonly OrderStatus[] {
  return ORDER_STATUSES.filter((s) => s !== 'cancelled' && s !== 'completed' && (kind === 'purchase' || s !== 'purchased'));
}

/**
 * The status an order's parcels imply, or null when they imply nothing. The rules:
 * - lost and returned parcels are left out: they will never arrive, so they neither move nor hold the order;
 * - the goods exist as soon as one parcel is in the foreign warehouse (`received_abroad`), and the order is on
 *   its way as soon as one parcel has left it (`in_transit`);
 * - the order is in the Vietnamese warehouse (`arrived`) only when every parcel is ready there: an order is
 *   handed over whole, and a parcel still expected, travelling or held keeps it from "arrived";
 * - from there, one parcel out for delivery (or delivered) makes the order `delivering`;
 * - `completed` is never implied: closing an order settles its money too, so a person does it (and it is
 *   refused while a parcel is not delivered).
 */
export function orderStatusFromPackages(statuses: readonly PackageStatus[]): OrderStatus | null {
  const road: readonly OrderStatus[] = ORDER_STATUSES;
  const counted = statuses.filter((s) => s !== 'lost' && s !== 'returned');
  if (!counted.length) return null;
  const stages = counted.map((s) => PACKAGE_ORDER_STAGE[s] ?? null);
  const rank = (s: OrderStatus | null) => (s === null ? -1 : road.indexOf(s));
  const furthest = Math.max(...stages.map(rank));
  const slowest = Math.min(...stages.map(rank));
  if (slowest >= rank('arrived')) return furthest >= rank('delivering') ? 'delivering' : 'arrived';
  if (furthest >= rank('in_transit')) return 'in_transit';
  if (furthest >= rank('received_abroad')) return 'received_abroad';
  return null;
}

/**
 * The steps an order takes to follow its parcels, each one a legal step of its kind's lifecycle, in order (an
 * order still `new` whose parcel was received walks new → confirmed → purchased → received_abroad: each step
 * is in its history). Never backwards, never out of a final status: empty when the parcels imply nothing new.
 */
export function orderStepsFollowingPackages(kind: OrderKind, current: OrderStatus, statuses: readonly PackageStatus[]): OrderStatus[] {
  const target = orderStatusFromPackages(statuses);
  if (target === null || FINAL_ORDER_STATUSES.includes(current)) return [];
  const road = roadOf(kind);
  const from = road.indexOf(current);
  const to = road.indexOf(target);
  if (from < 0 || to <= from) return [];
  const steps = road.slice(from + 1, to + 1);
  let at = current;
  for (const step of steps) {
    // The road is made of legal steps; should the table ever change, the order stops where the road breaks.
    if (!canTransitionOrder(kind, at, step)) return steps.slice(0, steps.indexOf(step));
    at = step;
  }
  return steps;
}
