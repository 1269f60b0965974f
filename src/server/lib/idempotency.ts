import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/contracts/errors';
import { IDEMPOTENCY_ERROR_CODES, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_REPLAYED_HEADER } from '../../shared/contracts/idempotency';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { HttpError } from './errors';
import type { WriteContext } from './write-context';

/**
 * Idempotency as a wrapper any money endpoint puts around its work, inside the transaction of that work:
 *   1. claim the key (a unique row per user and key: a concurrent request with the same key waits on that
 *      index until this one commits, then reads its stored answer);
 *   2. a key already claimed: the same request (same hash of method, path and validated body) gets the stored
 *      answer again, another request with that key a 422;
 *   3. otherwise run the work in a savepoint: a decided refusal (an HttpError below 500) leaves nothing behind
 *      but its stored answer, so a retry is refused the same way;
 *   4. store the answer with the key, in the same transaction: a visible claim always has its answer.
 * A validation error (400) happens before this and is not stored, so a corrected body may reuse the key.
 */

/** What the work answered, as it is stored with its key and sent again, identically, on a replay. */
export interface IdempotentAnswer<B> {
  status: number;
  body: B | ApiError;
  replayed: boolean;
}

/** The key of the request; 400 when it is missing or malformed. */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.trim() === '') {
    throw new HttpError(
      400,
      'Thiếu tiêu đề Idempotency-Key: mỗi giao dịch cần một khóa duy nhất (VD: một UUID) để không bị ghi hai lần khi gửi lại',
      IDEMPOTENCY_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED,
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'Idempotency-Key không hợp lệ: 1–255 ký tự ASCII, không có khoảng trắng', IDEMPOTENCY_ERROR_CODES.IDEMPOTENCY_KEY_INVALID);
  }
  return key;
}

/** The hash that tells "the same request again" from "another request with a reused key". */
function requestHash(method: string, path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    return v;
  };
  return createHash('sha256').update(JSON.stringify([method, path, canonical(body)])).digest('hex');
}

function errorBody(err: HttpError): ApiError {
  return err.details === undefined ? { message: err.message, code: err.code } : { message: err.message, code: err.code, details: err.details };
}

/**
 * Runs `work` at most once per (user, key) inside ctx's transaction and answers its stored outcome. `work`
 * answers the success status and body; its refusals (HttpError < 500) become the stored answer.
 */
export async function withIdempotency<B>(
  ctx: WriteContext,
  request: { key: string; method: string; path: string; body: unknown },
  work: (ctx: WriteContext) => Promise<{ status: number; body: B }>,
): Promise<IdempotentAnswer<B>> {
  const userId = ctx.meta.actorId;
  if (userId == null) throw new Error('an idempotent request needs a signed-in user');
  const hash = requestHash(request.method, request.path, request.body);
  const claimed = await ctx.tx
    .insert(idempotencyKeys)
    .values({ userId, key: request.key, requestHash: hash })
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  if (!claimed.length) {
    const [prior] = await ctx.tx
      .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)));
    if (!prior || prior.requestHash !== hash) {
      throw new HttpError(
        422,
        'Idempotency-Key này đã được dùng cho một yêu cầu khác. Hãy dùng một khóa mới cho mỗi giao dịch.',
        IDEMPOTENCY_ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
      );
    }
    if (prior.status == null) throw new HttpError(409, 'Yêu cầu với Idempotency-Key này đang được xử lý, vui lòng thử lại sau giây lát');
    return { status: prior.status, body: prior.body as B | ApiError, replayed: true };
  }

  let answer: IdempotentAnswer<B>;
  // After-commit work of a refused attempt is dropped with its savepoint.
  const later: Array<() => Promise<void>> = [];
  try {
    const done = await ctx.tx.transaction(async (sp) => work({ tx: sp as unknown as Db, meta: ctx.meta, afterCommit: (f) => later.push(f) }));
    answer = { status: done.status, body: done.body, replayed: false };
    for (const f of later) ctx.afterCommit(f);
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    answer = { status: err.statusCode, body: errorBody(err), replayed: false };
  }
  await ctx.tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(eq(idempotencyKeys.id, claimed[0]!.id));
  return answer;
}

/** Marks a replayed answer with `Idempotent-Replayed: true`. */
export function markReplay(reply: FastifyReply, answer: IdempotentAnswer<unknown>): void {
  if (answer.replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
}
