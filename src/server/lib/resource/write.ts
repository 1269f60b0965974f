import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta, writeAudit } from '../audit';
import { setEtag } from './concurrency';
import { mapUniqueViolation } from './db-errors';
import { runWrite } from '../write-context';
import type { AnyResource, RequestWriteContext } from './define';
import { findItem } from './list-engine';
import { lockItem } from './lock';

/**
 * Create, update and delete of any resource: one transaction each, holding the row lock, the version
 * check, the change and exactly one audit row, so the change and its audit commit or roll back together.
 */

interface Identified {
  id: number;
  version: number;
}

/** Runs fn in a transaction with a write context; after-commit work runs only if it committed. */
export async function inWriteTransaction<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  def: AnyResource,
  fn: (ctx: RequestWriteContext) => Promise<T>,
): Promise<T> {
  try {
    return await runWrite(
      app.deps.database.db,
      requestMeta(req),
      (ctx) => fn({ ...ctx, app, req }),
      // The change is committed; a failed side effect (an e-mail) is logged, not turned into a failed request.
      (err) => req.log.error({ err }, 'after-commit work failed'),
    );
  } catch (err) {
    if (def.uniqueConstraints) mapUniqueViolation(err, def.uniqueConstraints);
    throw err;
  }
}

/** Rows and jsonb compare by value; timestamps by instant. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

export async function createRecord<TItem extends Identified>(
  app: FastifyInstance,
  req: FastifyRequest,
  def: AnyResource,
  input: unknown,
  action = 'create',
): Promise<TItem> {
  const create = def.write?.create;
  if (!create) throw new Error(`${def.name} has no create rule`);
  return inWriteTransaction(app, req, def, async (ctx) => createInTransaction<TItem>(ctx, def, input, action));
}

/** The create of one record inside an open transaction (imports call it once per row). */
export async function createInTransaction<TItem extends Identified>(ctx: RequestWriteContext, def: AnyResource, input: unknown, action = 'create'): Promise<TItem> {
  const id = await def.write!.create!(ctx, input);
  const item = (await findItem<TItem>(ctx.tx, def, id))!;
  await writeAudit(ctx.tx, ctx.meta, { action, entity: def.name, entityId: id, before: null, after: item });
  return item;
}

export async function updateRecord<TItem extends Identified>(
  app: FastifyInstance,
  req: FastifyRequest,
  def: AnyResource,
  id: number,
  expectedVersion: number,
  patch: unknown,
): Promise<TItem> {
  const update = def.write?.update;
  if (!update) throw new Error(`${def.name} has no update rule`);
  return inWriteTransaction(app, req, def, async (ctx) => {
    const { row, item: before } = await lockItem<TItem>(ctx.tx, def, id, expectedVersion);
    const plan = await update(ctx, before, patch);
    const set: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(plan.set)) {
      if (value !== undefined && !sameValue(row[key], value)) set[key] = value;
    }
    // Nothing changed: no new version, no audit row (nothing was mutated).
    if (!Object.keys(set).length && !plan.touched) return before;
    await ctx.tx
      .update(def.table)
      .set({ ...set, version: sql`${def.table.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId } as never)
      .where(eq(def.table.id, id));
    const after = (await findItem<TItem>(ctx.tx, def, id))!;
    await writeAudit(ctx.tx, ctx.meta, { action: 'update', entity: def.name, entityId: id, before, after });
    return after;
  });
}

/** Soft delete: the row stays (history, references) but lists and GET no longer see it. */
export async function removeRecord(app: FastifyInstance, req: FastifyRequest, def: AnyResource, id: number, expectedVersion: number): Promise<void> {
  if (!def.deletedAt) throw new Error(`${def.name} has no soft delete`);
  await inWriteTransaction(app, req, def, async (ctx) => {
    const { item: before } = await lockItem<Identified>(ctx.tx, def, id, expectedVersion);
    await def.write?.remove?.(ctx, before);
    await ctx.tx
      .update(def.table)
      .set({ deletedAt: sql`now()`, version: sql`${def.table.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId } as never)
      .where(eq(def.table.id, id));
    await writeAudit(ctx.tx, ctx.meta, { action: 'delete', entity: def.name, entityId: id, before, after: null });
  });
}

/**
 * The handler of a command route on one record (`POST /:id/status`): the command runs in one write transaction
 * with the request's If-Match, and the answer is the record with its new version as the ETag.
 */
export function recordCommand<B, R extends Identified>(
  app: FastifyInstance,
  def: AnyResource,
  command: (ctx: RequestWriteContext, id: number, body: B, ifMatch: string | undefined) => Promise<R>,
) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<R> => {
    const { id } = req.params as { id: number };
    const record = await inWriteTransaction(app, req, def, (ctx) => command(ctx, id, req.body as B, req.headers['if-match']));
    setEtag(reply, record.version);
    return record;
  };
}

/**
 * The fields `keys` of a record as a patch leaves them: a field the patch gives (neither undefined nor null)
 * replaces the current value, the others keep it.
 */
export function patchedFields<T, K extends keyof T>(current: T, patch: { readonly [P in K]?: T[P] | null }, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, patch[k] ?? current[k]])) as Pick<T, K>;
}
