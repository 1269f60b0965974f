import { and, eq, isNull, or } from 'drizzle-orm';
import { storeCountryProblem, type Store, type StoreCreate, type StorePatch } from '../../../shared/contracts/stores';
import { deliverySlips, employees, packages, stores } from '../../db/schema/index';
import type { RequestWriteContext, UpdatePlan } from '../../lib/resource/define';
import { fieldError, HttpError } from '../../lib/errors';
import type { WriteContext } from '../../lib/write-context';

/** Store writes (the settings section): a code is unique; a hub is in VN, a warehouse abroad is not. */

export async function createStore(ctx: RequestWriteContext, input: StoreCreate): Promise<number> {
  const [row] = await ctx.tx
    .insert(stores)
    .values({ ...input, createdBy: ctx.meta.actorId, updatedBy: ctx.meta.actorId })
    .returning({ id: stores.id });
  return row!.id;
}

export async function updateStore(_ctx: RequestWriteContext, current: Store, patch: StorePatch): Promise<UpdatePlan> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as StorePatch;
  const merged = { ...current, ...changes };
  const problem = storeCountryProblem(merged.kind, merged.country);
  if (problem) throw fieldError(400, 'country', problem);
  return { set: changes };
}

/** A store that packages, employees or delivery slips refer to is history: it is deactivated, never removed. */
export async function removeStore(ctx: WriteContext, current: Store): Promise<void> {
  const id = current.id;
  const refs = await Promise.all([
    ctx.tx.select({ id: packages.id }).from(packages).where(or(eq(packages.storeId, id), eq(packages.destinationStoreId, id))).limit(1),
    ctx.tx.select({ id: employees.id }).from(employees).where(and(eq(employees.storeId, id), isNull(employees.deletedAt))).limit(1),
    ctx.tx.select({ id: deliverySlips.id }).from(deliverySlips).where(eq(deliverySlips.storeId, id)).limit(1),
  ]);
  if (refs.some((r) => r.length > 0)) throw new HttpError(409, 'Kho đang có kiện hàng, nhân viên hoặc phiếu giao: không thể xóa, hãy ngừng hoạt động kho');
}
