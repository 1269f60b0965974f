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
 * Every statement is idempotent, so several server instances may run it at the same time.
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

export interface Housekeeper {
  /** Resolves when a purge in progress has finished; no purge starts after it. */
  stop(): Promise<void>;
}

/**
 * Purges once at start-up and then every `everyMs` (default hourly). The timer is unref'd so it never keeps
 * the process alive; a failed purge is logged and tried again at the next tick.
 */
export function startHousekeeping(
  database: Database,
  opts: { idempotencyKeyTtlMs: number; everyMs?: number; log: { info(o: object, m: string): void; error(o: object, m: string): void } },
): Housekeeper {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = purgeExpired(database, { idempotencyKeyTtlMs: opts.idempotencyKeyTtlMs })
      .then((purged) => {
        if (Object.values(purged).some((n) => n > 0)) opts.log.info({ purged }, 'housekeeping: expired rows deleted');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'housekeeping failed; will retry at the next tick'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, opts.everyMs ?? 60 * 60 * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
