import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { FINAL_ORDER_STATUSES, ORDER_FOLLOWED_PACKAGES_NOTE, orderStepsFollowingPackages } from '../../../shared/domain/order-lifecycle';
import { orders, packages } from '../../db/schema/index';
import type { WriteContext } from '../../lib/write-context';
import { ordersResource } from './orders.resource';
import { changeOrderStatus } from './orders.service';

/**
 * The order follows its parcels: after a parcel's status moves (every move goes through the event-append path,
 * packages.events.ts) or a parcel is put on or taken off an order, the order takes the steps its parcels imply
 * (shared/domain/order-lifecycle.ts, orderStepsFollowingPackages), each through the one status-change path, in
 * the caller's transaction: the parcel's step and the order's commit or roll back together.
 */
export async function followPackages(ctx: WriteContext, packageIds: readonly number[]): Promise<void> {
  if (!packageIds.length) return;
  const rows = await ctx.tx
    .selectDistinct({ orderId: packages.orderId })
    .from(packages)
    .where(and(inArray(packages.id, [...packageIds]), isNotNull(packages.orderId)))
    .orderBy(asc(packages.orderId));
  // One order after the other, lowest id first: two transactions moving parcels of the same orders lock them in one order.
  for (const r of rows) await followOrder(ctx, r.orderId!);
}

/** Takes one order along to where its live parcels put it (nothing when they imply nothing new). */
export async function followOrder(ctx: WriteContext, orderId: number): Promise<void> {
  const [order] = await ctx.tx
    .select({ kind: orders.kind, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
  if (!order || FINAL_ORDER_STATUSES.includes(order.status)) return;
  const parcels = await ctx.tx
    .select({ status: packages.status })
    .from(packages)
    .where(and(eq(packages.orderId, orderId), isNull(packages.deletedAt)));
  const steps = orderStepsFollowingPackages(order.kind, order.status, parcels.map((p) => p.status));
  for (const status of steps) {
    await changeOrderStatus(ctx, ordersResource, orderId, { status, note: ORDER_FOLLOWED_PACKAGES_NOTE }, undefined);
  }
}
