import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';

/** What @fastify/rate-limit hands a store for each route (the parts this store reads). */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in PostgreSQL, so every instance on one database counts together: with three
 * instances a client gets the same 30 sign-in attempts a minute as with one. A fixed window per key (route + IP),
 * kept by one atomic upsert on the database's clock (the instances' clocks may differ). Used on PostgreSQL only;
 * PGlite is one process and keeps the plugin's memory store.
 */
export function postgresRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  class PostgresStore {
    constructor(
      _params?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Answer, timeWindow: number) {
      database
        .query<{ hits: number; ttl: string | number }>(
          `INSERT INTO rate_limit_counters AS c (key, hits, window_ends)
           VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN c.window_ends <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
             window_ends = CASE WHEN c.window_ends <= clock_timestamp()
                                THEN clock_timestamp() + $2 * interval '1 millisecond' ELSE c.window_ends END
           RETURNING hits, greatest(0, ceil(extract(epoch FROM (window_ends - clock_timestamp())) * 1000))::bigint AS ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(
          (rows) => cb(null, { current: rows[0]!.hits, ttl: Number(rows[0]!.ttl) }),
          (err: Error) => cb(err),
        );
    }

    read(key: string, cb: Answer) {
      database
        .query<{ hits: number; ttl: string | number }>(
          `SELECT hits, greatest(0, ceil(extract(epoch FROM (window_ends - clock_timestamp())) * 1000))::bigint AS ttl
             FROM rate_limit_counters WHERE key = $1 AND window_ends > clock_timestamp()`,
          [this.prefix + key],
        )
        .then(
          (rows) => cb(null, rows[0] ? { current: rows[0].hits, ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 }),
          (err: Error) => cb(err),
        );
    }

    /** One key space per route, as the plugin's own stores do. */
    child(params: RouteParams) {
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresStore(params, `${this.prefix}${method}${params.routeInfo?.url ?? ''}-`);
    }
  }
  // The plugin calls child() with the merged route parameters (routeInfo among them), which its types do not say.
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}
