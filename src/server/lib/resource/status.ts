import type { Lifecycle } from '../../../shared/domain/lifecycle';
import { writeAudit } from '../audit';
import { HttpError } from '../errors';
import type { WriteContext } from '../write-context';
import { parseIfMatch, type IfMatchHeader } from './concurrency';
import type { AnyResource } from './define';
import { findItem } from './list-engine';
import { lockItem } from './lock';

/**
 * The one status-change path: every status step of a record (an order, a MAWB, a package event, a delivery
 * slip) goes through `changeStatus`, inside the write context's transaction so a caller may add more work to
 * the same transaction (ledger rows, other records' events) and everything commits or rolls back together.
 *
 *   lock the row (SELECT … FOR UPDATE; 404 when absent or soft-deleted)
 *   → version check: `If-Match` read by parseIfMatch (428 when `required` and missing, 412 when stale)
 *   → allowed-transition check: the lifecycle's canTransition; a refused step is a 409 whose message names
 *     the allowed next steps and whose details are `{ from, to, allowed }`
 *   → apply: the caller's own writes (the status column, events, timeline rows…)
 *   → exactly one audit row (before and after as the API shows the record).
 */

export interface StatusChange<TItem, S extends string, R> {
  /**
   * The status asked for; a function when it depends on the current record. null: the change moves no status
   * (e.g. a package event recorded late, older than the newest: it only adds history), so no transition check.
   */
  to: S | null | ((before: TItem) => S | null);
  /** The lifecycle the step must follow, or the one that fits the record (per order kind, per slip method). */
  lifecycle: Lifecycle<S> | ((before: TItem) => Lifecycle<S>);
  /** The raw `If-Match` header (req.headers['if-match']); parsed here, and only here. */
  ifMatch?: IfMatchHeader;
  /** true: a missing If-Match is a 428; false (default): the version is checked only when one is sent. */
  required?: boolean;
  /** The record's current status; default: `before.status`. */
  statusOf?: (before: TItem) => S;
  /**
   * The caller's writes, once every check has passed, in the same transaction. Further checks that may refuse
   * the step go here too (throwing rolls the whole step back). `to` is the resolved target.
   */
  apply(ctx: WriteContext, before: TItem, to: S | null): Promise<R>;
  audit?: {
    /** The audit row's action; default 'status'. A function names it from the step's result (a correction). */
    action?: string | ((result: R) => string);
    /** What the audit row keeps as `after`; default: the record as the API shows it after the step. */
    after?: (after: TItem, result: R) => unknown;
  };
  /** The 409's code; default CONFLICT. */
  code?: string;
  /** Named in the refusal sentence where the lifecycle has room for it (an order's code). */
  subject?: (before: TItem) => string;
  /** The 409's details; default `{ from, to, allowed }`. */
  details?: (from: S, to: S, allowed: S[]) => unknown;
}

export interface StatusChangeResult<TItem, R> {
  before: TItem;
  after: TItem;
  result: R;
}

/** The 409 of a refused step: the lifecycle's sentence (it names the allowed next steps) and the allowed steps. */
function transitionRefused<S extends string>(
  lifecycle: Lifecycle<S>,
  from: S,
  to: S,
  opts: { code?: string; subject?: string; details?: (from: S, to: S, allowed: S[]) => unknown } = {},
): HttpError {
  const allowed = [...lifecycle.nextSteps(from)];
  return new HttpError(409, lifecycle.refusal(from, to, opts.subject), opts.code, opts.details ? opts.details(from, to, allowed) : { from, to, allowed });
}

export async function changeStatus<TItem extends { id: number; version: number }, S extends string, R = void>(
  ctx: WriteContext,
  resource: AnyResource,
  id: number,
  change: StatusChange<TItem, S, R>,
): Promise<StatusChangeResult<TItem, R>> {
  const expected = parseIfMatch(change.ifMatch, change.required ?? false);
  const { item: before } = await lockItem<TItem>(ctx.tx, resource, id, expected);
  const to = typeof change.to === 'function' ? change.to(before) : change.to;
  if (to !== null) {
    const lifecycle = typeof change.lifecycle === 'function' ? change.lifecycle(before) : change.lifecycle;
    const from = change.statusOf ? change.statusOf(before) : (before as unknown as { status: S }).status;
    if (!lifecycle.canTransition(from, to)) {
      throw transitionRefused(lifecycle, from, to, { code: change.code, subject: change.subject?.(before), details: change.details });
    }
  }
  const result = await change.apply(ctx, before, to);
  const after = (await findItem<TItem>(ctx.tx, resource, id))!;
  await writeAudit(ctx.tx, ctx.meta, {
    action: typeof change.audit?.action === 'function' ? change.audit.action(result) : (change.audit?.action ?? 'status'),
    entity: resource.name,
    entityId: id,
    before,
    after: change.audit?.after ? change.audit.after(after, result) : after,
  });
  return { before, after, result };
}
