import type { Db } from '../db/client';
import type { RequestMeta } from './audit';

/**
 * What every write needs, and nothing of HTTP: the open transaction, who acts (actor, ip, request id: the
 * audit row's columns) and a place for work that must wait for the commit. The ledger function, the
 * status-change path and the resource rules all take one, so a caller (a route, the seed, a delivery slip's
 * confirmation) can run several of them in ONE transaction: they commit or roll back together.
 */
export interface WriteContext {
  tx: Db;
  meta: RequestMeta;
  /** Work that must only happen once the transaction has committed (e-mails). */
  afterCommit(fn: () => Promise<void>): void;
  /**
   * Whether what this write records is news for the customer (notifications are enqueued with it). False for
   * data recorded after the fact (the seed's history).
   */
  notify: boolean;
}

/** Who acts when no request does (the seed, maintenance): nobody signed in, no ip, no request id. */
export const SYSTEM_META: RequestMeta = { actorId: null, actorEmail: null, requestId: null, ip: null };

/**
 * Runs fn in one transaction with a write context; after-commit work runs only if it committed, and a
 * failure there is reported to onLateError (the change is committed: it is not turned into a failure).
 */
export async function runWrite<T>(
  db: Db,
  meta: RequestMeta,
  fn: (ctx: WriteContext) => Promise<T>,
  onLateError: (err: unknown) => void = () => {},
): Promise<T> {
  const later: Array<() => Promise<void>> = [];
  const result = await db.transaction(async (tx) => fn({ tx: tx as unknown as Db, meta, afterCommit: (f) => later.push(f), notify: true }));
  for (const f of later) {
    try {
      await f();
    } catch (err) {
      onLateError(err);
    }
  }
  return result;
}

/**
 * A context on a handle that is already inside a transaction (the seed's, a test's): after-commit work is
 * collected in `pending` for the owner of that transaction to run. It enqueues no customer notification unless
 * `notify` says so.
 */
export function writeContextIn(tx: Db, meta: RequestMeta = SYSTEM_META, notify = false): WriteContext & { pending: Array<() => Promise<void>> } {
  const pending: Array<() => Promise<void>> = [];
  return { tx, meta, afterCommit: (f) => pending.push(f), pending, notify };
}
