import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

type Schema = typeof schema;
// Both drivers produce a PgDatabase; code is written once against this type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;
type DriverName = 'pglite' | 'postgres';

export interface Database {
  driver: DriverName;
  db: Db;
  /** Runs one or more SQL statements without parameters (migrations, maintenance). */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one dedicated connection (session-level locks, explicit transactions of raw SQL). */
  session<T>(fn: (run: SessionRun) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

// BIGINT (int8) comes back as a JS number: ids and money stay well inside 2^53 (9e15 đồng).
pg.types.setTypeParser(20, (v) => Number(v));

export type SessionRun = <R = Record<string, unknown>>(sqlText: string, params?: unknown[]) => Promise<R[]>;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump (from dumpDataDir) to start from; used by tests to clone a migrated template. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Database> {
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    driver: 'pglite',
    db,
    pglite: client,
    async exec(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const r = await client.query<T>(sqlText, params);
      return r.rows;
    },
    async session(fn) {
      return fn(async (sqlText, params) =>
        params ? (await client.query(sqlText, params)).rows as never : ((await client.exec(sqlText)).at(-1)?.rows ?? []) as never,
      );
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // No JIT: the app's queries are short and set-based; at a million rows the planner's cost estimates cross the
  // JIT threshold and compiling took 0.6–2 s per dashboard query, against milliseconds of execution. No parallel
  // workers either: a dashboard runs its statements side by side on the pool, and each one's workers only fought the
  // others for the same cores (at 1 M packages on 2 cores, p95 246 → 139 ms and 316 → 196 ms for the two dashboards;
  // list pages, keyset pages and the export unchanged or faster; bench/RESULTS.md).
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off -c max_parallel_workers_per_gather=0' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const c = await pool.connect();
  c.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    driver: 'postgres',
    db,
    pool,
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const r = await pool.query(sqlText, params);
      return r.rows as T[];
    },
    async session(fn) {
      const conn = await pool.connect();
      try {
        return await fn(async (sqlText, params) => (await conn.query(sqlText, params)).rows as never);
      } finally {
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
