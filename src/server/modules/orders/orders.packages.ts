import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ORDER_PACKAGE_ERROR_CODES,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderPackageResult,
  type OrderPackagesAttach,
  type OrderPackagesResponse,
} from '../../../shared/contracts/orders';
import type { Package } from '../../../shared/contracts/packages';
import { FINAL_ORDER_STATUSES } from '../../../shared/domain/order-lifecycle';
import { customers, orders, packages } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import { lockItem } from '../../lib/resource/lock';
import type { WriteContext } from '../../lib/write-context';
import { packageSearchText, packagesResource } from '../packages/index';
import { followOrder } from './orders.follow';
import { ordersResource } from './orders.resource';

/**
 * The parcels of an order, put on and taken off from the order's page. Rules:
 * - a completed or cancelled order takes no parcel on or off (409 ORDER_CLOSED);
 * - a parcel belongs to one customer: it goes on an order of that customer only (a parcel nobody owns yet
 *   becomes the order's customer's); another customer's parcel is refused naming both customers;
 * - a parcel is on one order at a time: a parcel on another order is refused naming that order (take it off
 *   there first, which is a deliberate act, not a side effect of a scan);
 * - each number is answered on its own: the parcels that fit are attached and the others reported, so one
 *   unknown number in a scanned batch does not lose the good ones; when none fits the request is a 409;
 * - each parcel's change is audited on the parcel, the order's list of parcels on the order, and the order
 *   then follows its parcels (orders.follow.ts), all in one transaction.
 */

const otherOrders = alias(orders, 'other_orders');

interface Candidate {
  id: number;
  code: string;
  trackingNumber: string;
  customerId: number | null;
  customerCode: string | null;
  contents: string;
  orderId: number | null;
  orderCode: string | null;
}

function refuseClosed(order: Order): void {
  if (!FINAL_ORDER_STATUSES.includes(order.status)) return;
  throw new HttpError(
    409,
    `Đơn ${order.code} đã ở trạng thái "${ORDER_STATUS_LABELS[order.status]}": không thể gắn hay gỡ kiện`,
    ORDER_PACKAGE_ERROR_CODES.CLOSED,
    { status: order.status },
  );
}

async function packageCodesOf(ctx: WriteContext, orderId: number): Promise<string[]> {
  const rows = await ctx.tx
    .select({ code: packages.code })
    .from(packages)
    .where(and(eq(packages.orderId, orderId), isNull(packages.deletedAt)))
    .orderBy(asc(packages.code));
  return rows.map((r) => r.code);
}

/** The packages named by number (tracking number or package code) or id, locked, with their customer and order codes. */
async function lockCandidates(ctx: WriteContext, numbers: readonly string[], ids: readonly number[]): Promise<Candidate[]> {
  const named = or(
    ...(numbers.length ? [inArray(packages.trackingNumber, [...numbers]), inArray(packages.code, [...numbers])] : []),
    ...(ids.length ? [inArray(packages.id, [...ids])] : []),
  );
  const locked = await ctx.tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(named, isNull(packages.deletedAt)))
    .orderBy(asc(packages.id))
    .for('update');
  if (!locked.length) return [];
  return ctx.tx
    .select({
      id: packages.id,
      code: packages.code,
      trackingNumber: packages.trackingNumber,
      customerId: packages.customerId,
      customerCode: customers.code,
      contents: packages.contents,
      orderId: packages.orderId,
      orderCode: otherOrders.code,
    })
    .from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .leftJoin(otherOrders, eq(otherOrders.id, packages.orderId))
    .where(inArray(packages.id, locked.map((l) => l.id)));
}

function judge(order: Order, number: string, p: Candidate | undefined): OrderPackageResult {
  const base = { number, packageId: p?.id ?? null, packageCode: p?.code ?? null, trackingNumber: p?.trackingNumber ?? null, customerCode: p?.customerCode ?? null, orderCode: null };
  if (!p) return { ...base, outcome: 'not_found', message: `Không tìm thấy kiện có mã vận đơn hoặc mã kiện ${number}` };
  if (p.orderId === order.id) return { ...base, outcome: 'already', message: `Kiện ${p.code} đã thuộc đơn ${order.code}` };
  if (p.orderId != null) {
    return {
      ...base,
      outcome: 'other_order',
      orderCode: p.orderCode,
      message: `Kiện ${p.code} đã thuộc đơn ${p.orderCode ?? p.orderId}: hãy gỡ kiện khỏi đơn đó trước`,
    };
  }
  if (p.customerId != null && p.customerId !== order.customerId) {
    return {
      ...base,
      outcome: 'other_customer',
      message: `Kiện ${p.code} thuộc khách hàng ${p.customerCode ?? p.customerId}, còn đơn ${order.code} thuộc khách hàng ${order.customerCode}`,
    };
  }
  return { ...base, outcome: 'attached', message: `Đã gắn kiện ${p.code} vào đơn ${order.code}` };
}

export async function attachPackages(ctx: WriteContext, orderId: number, body: OrderPackagesAttach): Promise<OrderPackagesResponse> {
  const { item: order } = await lockItem<Order>(ctx.tx, ordersResource, orderId);
  refuseClosed(order);
  const found = await lockCandidates(ctx, body.numbers, body.packageIds);
  const byNumber = new Map<string, Candidate>();
  for (const p of found) {
    byNumber.set(p.trackingNumber, p);
    byNumber.set(p.code, p);
  }
  const byId = new Map(found.map((p) => [p.id, p]));
  const asked: Array<{ number: string; pkg: Candidate | undefined }> = [
    ...body.numbers.map((n) => ({ number: n, pkg: byNumber.get(n) })),
    ...body.packageIds.map((id) => ({ number: byId.get(id)?.code ?? String(id), pkg: byId.get(id) })),
  ];
  // A parcel named twice (by its number and its code, or scanned twice) is answered once.
  const seen = new Set<number>();
  const results: OrderPackageResult[] = [];
  for (const a of asked) {
    if (a.pkg && seen.has(a.pkg.id)) continue;
    if (a.pkg) seen.add(a.pkg.id);
    results.push(judge(order, a.number, a.pkg));
  }
  const attach = results.filter((r) => r.outcome === 'attached').map((r) => byId.get(r.packageId!)!);
  if (!attach.length) {
    if (results.every((r) => r.outcome === 'already')) return { order, results };
    throw new HttpError(409, `Không gắn được kiện nào vào đơn ${order.code}: ${results.map((r) => r.message).join('; ')}`, ORDER_PACKAGE_ERROR_CODES.REFUSED, { results });
  }

  const codesBefore = await packageCodesOf(ctx, order.id);
  for (const p of attach) {
    const before = (await findItem<Package>(ctx.tx, packagesResource, p.id))!;
    await ctx.tx
      .update(packages)
      .set({
        orderId: order.id,
        customerId: order.customerId,
        // A parcel nobody owned is the order's customer's from now on: no longer unidentified, and found by their code.
        unidentified: false,
        searchText: packageSearchText({ code: p.code, trackingNumber: p.trackingNumber, customerCode: order.customerCode, contents: p.contents }),
        version: sql`${packages.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: ctx.meta.actorId,
      })
      .where(eq(packages.id, p.id));
    const after = (await findItem<Package>(ctx.tx, packagesResource, p.id))!;
    await writeAudit(ctx.tx, ctx.meta, { action: 'attach_order', entity: 'packages', entityId: p.id, before, after });
  }
  return { order: await afterPackagesChanged(ctx, order.id, 'attach_packages', codesBefore), results };
}

/** Takes a parcel off the order (a wrong scan): it keeps its customer, and the order does not step back. */
export async function detachPackage(ctx: WriteContext, orderId: number, packageId: number): Promise<Order> {
  const { item: order } = await lockItem<Order>(ctx.tx, ordersResource, orderId);
  refuseClosed(order);
  const [locked] = await ctx.tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.orderId, order.id), isNull(packages.deletedAt)))
    .for('update');
  if (!locked) throw new HttpError(404, `Kiện không thuộc đơn ${order.code}`);
  const codesBefore = await packageCodesOf(ctx, order.id);
  const before = (await findItem<Package>(ctx.tx, packagesResource, packageId))!;
  await ctx.tx
    .update(packages)
    .set({ orderId: null, version: sql`${packages.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
    .where(eq(packages.id, packageId));
  const after = (await findItem<Package>(ctx.tx, packagesResource, packageId))!;
  await writeAudit(ctx.tx, ctx.meta, { action: 'detach_order', entity: 'packages', entityId: packageId, before, after });
  // The parcels left may now all be further along (the one taken off was holding the order back).
  return afterPackagesChanged(ctx, order.id, 'detach_packages', codesBefore);
}

/**
 * After parcels were put on or taken off an order: one audit row on the order naming its parcels before and
 * after, the order following its parcels' statuses, and the order as it now is.
 */
async function afterPackagesChanged(
  ctx: WriteContext,
  orderId: number,
  action: 'attach_packages' | 'detach_packages',
  codesBefore: string[],
): Promise<Order> {
  await writeAudit(ctx.tx, ctx.meta, {
    action,
    entity: 'orders',
    entityId: orderId,
    before: { packages: codesBefore },
    after: { packages: await packageCodesOf(ctx, orderId) },
  });
  await followOrder(ctx, orderId);
  return (await findItem<Order>(ctx.tx, ordersResource, orderId))!;
}
