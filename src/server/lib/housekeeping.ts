import type { Database } from '../db/client';

/**
 * Rows that only matter for a while and would otherwise grow for ever. Each rule deletes what can no longer
 * change an answer:
 * - idempotency keys older than IDEMPOTENCY_KEY_TTL: a retry after that is a new request, not a retry;
 * - refresh tokens whose family passed its absolute expiry a day ago: no token of the family can be used, and
 *   reuse detection has nothing left to protect;
 * - password-reset links expired a day ago;
 * - failed sign-ins older than a day (the lockout window is 15 minutes);
 * - rate-limit counters whose window ended a day ago (a new window starts from nothing anyway).
 * Every statement is idempotent, so a run repeated after a crash does no harm.
 */
export interface PurgeResult {
  idempotencyKeys: number;
  refreshTokens: number;
  passwordResetTokens: number;
  authFailures: number;
  rateLimitCounters: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function deleteCount(database: Database, sqlText: string, cutoff: Date): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `WITH gone AS (${sqlText} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [cutoff.toISOString()],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function purgeExpired(database: Database, opts: { now?: Date; idempotencyKeyTtlMs: number }): Promise<PurgeResult> {
  const now = (opts.now ?? new Date()).getTime();
  const dayAgo = new Date(now - DAY_MS);
  return {
    idempotencyKeys: await deleteCount(database, 'DELETE FROM idempotency_keys WHERE created_at < $1::timestamptz', new Date(now - opts.idempotencyKeyTtlMs)),
    refreshTokens: await deleteCount(database, 'DELETE FROM refresh_tokens WHERE family_expires_at < $1::timestamptz', dayAgo),
    passwordResetTokens: await deleteCount(database, 'DELETE FROM password_reset_tokens WHERE expires_at < $1::timestamptz', dayAgo),
    authFailures: await deleteCount(database, 'DELETE FROM auth_failures WHERE at < $1::timestamptz', dayAgo),
    rateLimitCounters: await deleteCount(database, 'DELETE FROM rate_limit_counters WHERE window_ends < $1::timestamptz', dayAgo),
  };
}

/**
 * One run of the purge, as the queue's hourly `housekeeping` job runs it (one instance per tick, whatever the number
 * of instances). A failure rejects: the queue records the job as failed and retries it.
 */
export async function runHousekeeping(
  database: Database,
  opts: { idempotencyKeyTtlMs: number; log: { info(o: object, m: string): void } },
): Promise<PurgeResult> {
  const purged = await purgeExpired(database, { idempotencyKeyTtlMs: opts.idempotencyKeyTtlMs });
  if (Object.values(purged).some((n) => n > 0)) opts.log.info({ purged }, 'housekeeping: expired rows deleted');
  return purged;
}
