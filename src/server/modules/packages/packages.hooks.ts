import type { WriteContext } from '../../lib/write-context';

/**
 * What other modules do when parcels move, registered by them so that packages imports none of them (the orders
 * module follows its parcels and puts a received parcel on an order; see orders/index.ts). Each runs in the
 * caller's transaction. A hook that was never registered fails the write rather than skipping silently: a parcel
 * on an order that moved without its order following it would be a wrong order status nobody notices.
 */

/** After events were appended, with the packages whose status moved. */
export type PackageEventsHook = (ctx: WriteContext, changed: readonly number[]) => Promise<void>;
/** A package just received, put on the customer's open order. */
export type ReceiveOntoOrderHook = (ctx: WriteContext, orderId: number, packageId: number) => Promise<void>;

let afterEvents: PackageEventsHook | undefined;
let ontoOrder: ReceiveOntoOrderHook | undefined;

/** Registers the one after-append hook (the orders module registers following its parcels). */
export function onPackageEvents(hook: PackageEventsHook): void {
  afterEvents = hook;
}

/** Registers how a received package is put on an order (the orders module's own attach path). */
export function onReceiveOntoOrder(hook: ReceiveOntoOrderHook): void {
  ontoOrder = hook;
}

const unregistered = (what: string) =>
  new Error(`No ${what} hook is registered: import the orders module (modules/orders/index.ts) before writing package events.`);

export async function runPackageEventsHook(ctx: WriteContext, changed: readonly number[]): Promise<void> {
  if (!afterEvents) throw unregistered('package-events');
  await afterEvents(ctx, changed);
}

export async function runReceiveOntoOrderHook(ctx: WriteContext, orderId: number, packageId: number): Promise<void> {
  if (!ontoOrder) throw unregistered('receive-onto-order');
  await ontoOrder(ctx, orderId, packageId);
}
