import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError } from '../errors';
import { staleError } from './concurrency';
import type { AnyResource } from './define';
import { findItem } from './list-engine';

/**
 * The one row lock of a write on a record (update, delete, a status step, an order taking parcels): SELECT … FOR
 * UPDATE of the live row (404 when absent or soft-deleted), the record read as the API shows it, and, when the
 * caller holds a version (If-Match), 412 with the current record when it moved on. Answers the raw row too: an update
 * compares its columns to decide what changed.
 */
export async function lockItem<TItem extends { version: number }>(
  tx: Db,
  resource: AnyResource,
  id: number,
  expectedVersion: number | null = null,
): Promise<{ row: Record<string, unknown>; item: TItem }> {
  const conditions: SQL[] = [eq(resource.table.id, id)];
  if (resource.deletedAt) conditions.push(isNull(resource.deletedAt));
  const [row] = await tx.select().from(resource.table).where(and(...conditions)).for('update');
  if (!row) throw new HttpError(404, `Không tìm thấy ${resource.label}`);
  const item = (await findItem<TItem>(tx, resource, id))!;
  if (expectedVersion !== null && item.version !== expectedVersion) throw staleError(item, resource.label);
  return { row: row as Record<string, unknown>, item };
}
