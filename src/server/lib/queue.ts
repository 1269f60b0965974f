import { createHash } from 'node:crypto';
import { Param, sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';

/**
 * The job queue: pg-boss, in its own schema of the app's database, on both drivers through one code path. On
 * PostgreSQL pg-boss runs its statements on the app's pool; on PGlite on the app's one PGlite instance (pg-boss's
 * `db.executeSql` executor). A job is enqueued with the business write it comes from, in the same transaction
 * (`enqueue(tx, …)`): a rolled-back write leaves no job, a committed one always has its job. Periodic work runs
 * from pg-boss schedules, which pg-boss turns into one job per tick across every instance on the database.
 */
export const QUEUE_SCHEMA = 'pgboss';

export const QUEUES = {
  /** Sends one row of `messages` (its data: { messageId }). */
  notify: 'notify-send',
  /** The expired-rows purge (housekeeping.ts), hourly. */
  housekeeping: 'housekeeping',
  /** Sends the mail kept in mail_outbox once SMTP is configured, every minute. */
  mailOutbox: 'mail-outbox',
  /** Matches bank transfers stored but not yet matched, every 5 minutes. */
  bankSweep: 'bank-sweep',
  /** Reminds customers whose wallet balance stayed negative, daily. */
  balanceReminder: 'balance-reminder',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Retry and expiry per queue. A send that times out or meets a 5xx is retried with a growing delay. */
const QUEUE_OPTIONS: Record<QueueName, PgBoss.Queue> = {
  [QUEUES.notify]: { name: QUEUES.notify, retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  [QUEUES.housekeeping]: { name: QUEUES.housekeeping, retryLimit: 1, expireInSeconds: 600 },
  [QUEUES.mailOutbox]: { name: QUEUES.mailOutbox, retryLimit: 1, expireInSeconds: 300 },
  [QUEUES.bankSweep]: { name: QUEUES.bankSweep, retryLimit: 1, expireInSeconds: 300 },
  [QUEUES.balanceReminder]: { name: QUEUES.balanceReminder, retryLimit: 2, expireInSeconds: 600 },
};

/** Schedules (cron, in Vietnam time) of the periodic queues. */
export const SCHEDULES: ReadonlyArray<{ name: QueueName; cron: string }> = [
  { name: QUEUES.housekeeping, cron: '7 * * * *' },
  { name: QUEUES.mailOutbox, cron: '* * * * *' },
  { name: QUEUES.bankSweep, cron: '*/5 * * * *' },
  { name: QUEUES.balanceReminder, cron: '0 9 * * *' },
];

/** A JSON object goes to the database as its text (a jsonb parameter); undefined as NULL. */
function toParam(v: unknown): unknown {
  if (v === undefined) return null;
  if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) return JSON.stringify(v);
  return v;
}

/** pg-boss's executor on the app's database: its pool (PostgreSQL) or its PGlite instance. */
export function databaseExecutor(database: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (database.driver === 'postgres') return database.pool!.query(text, values?.map(toParam));
      const client = database.pglite!;
      // PGlite's extended protocol takes one statement; pg-boss's schema and maintenance scripts are several
      // statements without parameters, which the simple protocol runs.
      if (values && values.length) return { rows: (await client.query(text, values.map(toParam))).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** pg-boss's executor on an open transaction of the app (either driver), so its insert commits with the write. */
export function transactionExecutor(tx: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${new Param(toParam(values[Number(part) - 1]))}`));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A UUID derived from a key: a job's id, so enqueuing the same cause twice makes one job. */
export function jobIdFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

// Enqueuing needs only pg-boss's insert statement and a connection; this instance is never started.
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('enqueue needs a transaction')) }, schema: QUEUE_SCHEMA });

/**
 * Adds a job in the caller's transaction. `key` names its cause: the job's id is derived from it, so the same
 * cause enqueued again (a retried request, a second instance) is still one job. Answers false when that job
 * already exists.
 */
export async function enqueue(
  tx: Db,
  name: QueueName,
  data: Record<string, unknown>,
  opts: { key: string; startAfterSeconds?: number },
): Promise<boolean> {
  const id = await sender.send(name, data, {
    id: jobIdFor(`${name}:${opts.key}`),
    db: transactionExecutor(tx),
    // As a time ("…Z"): pg-boss's insert reads one parameter both as text and as a timestamp, which holds only
    // when the two readings agree (the statement's parameters are separate here, typed each by its place).
    ...(opts.startAfterSeconds ? { startAfter: new Date(Date.now() + opts.startAfterSeconds * 1000).toISOString() } : {}),
  });
  return id !== null;
}

function newBoss(database: Database, opts: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  return new PgBoss({
    db: databaseExecutor(database),
    schema: QUEUE_SCHEMA,
    // Finished jobs stay a week for the health figures and for reading what happened, then are deleted.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
    ...opts,
  });
}

/**
 * Creates or upgrades pg-boss's schema and the app's queues (run with the migrations, so a database that can be
 * written to can always take a job). Call it under the start-up lock (migrate does): instances starting at once on
 * an empty database would otherwise both create pg-boss's schema.
 */
export async function installQueue(database: Database): Promise<void> {
  const boss = newBoss(database, { supervise: false, schedule: false });
  await boss.start();
  for (const q of Object.values(QUEUE_OPTIONS)) {
    if (!(await boss.getQueue(q.name))) await boss.createQueue(q.name, q);
  }
  await boss.stop({ graceful: false, wait: true });
}

export interface QueueHandlers {
  [name: string]: (job: PgBoss.JobWithMetadata<Record<string, unknown>>) => Promise<unknown>;
}

export interface QueueStats {
  /** Jobs waiting (created or retry) whose start time has come. */
  backlog: number;
  /** Age in seconds of the oldest of them; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** Jobs that failed for good in the last hour. */
  failedLastHour: number;
}

export async function queueStats(database: Database): Promise<QueueStats> {
  const [row] = await database.query<{ backlog: number; oldest: number | null; failed: number }>(
    `SELECT
       count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS backlog,
       extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS oldest,
       count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 hour')::int AS failed
     FROM ${QUEUE_SCHEMA}.job`,
  );
  const archived = await database.query<{ failed: number }>(
    `SELECT count(*)::int AS failed FROM ${QUEUE_SCHEMA}.archive WHERE state = 'failed' AND completed_on > now() - interval '1 hour'`,
  );
  return {
    backlog: Number(row?.backlog ?? 0),
    oldestWaitingSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))),
    failedLastHour: Number(row?.failed ?? 0) + Number(archived[0]?.failed ?? 0),
  };
}

export interface RunningQueue {
  boss: PgBoss;
  /** Stops taking jobs, lets the ones in hand finish (up to `timeoutMs`), then lets go of the database. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts this instance's workers and (re)declares the schedules. Each job goes to one worker of one instance
 * (pg-boss fetches with FOR UPDATE SKIP LOCKED); a job whose worker died is retried once its expiry passes.
 */
export async function startQueue(
  database: Database,
  opts: {
    handlers: Partial<Record<QueueName, QueueHandlers[string]>>;
    log: { error(o: object, m: string): void };
    pollingIntervalSeconds?: number;
    /** How often the upkeep (expiring the jobs of dead workers, archiving) runs; pg-boss's default is 120 s. */
    maintenanceIntervalSeconds?: number;
    /** A queue's job expiry other than QUEUE_OPTIONS's (applied to the queue, so to the jobs enqueued after). */
    expireInSeconds?: Partial<Record<QueueName, number>>;
  },
): Promise<RunningQueue> {
  const boss = newBoss(database, opts.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds } : {});
  boss.on('error', (err: unknown) => opts.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const [name, q] of Object.entries(QUEUE_OPTIONS) as Array<[QueueName, PgBoss.Queue]>) {
    const expire = opts.expireInSeconds?.[name];
    const options = expire ? { ...q, expireInSeconds: expire } : q;
    if (!(await boss.getQueue(q.name))) await boss.createQueue(q.name, options);
    else await boss.updateQueue(q.name, options);
  }
  for (const s of SCHEDULES) await boss.schedule(s.name, s.cron, {}, { tz: 'Asia/Ho_Chi_Minh' });
  for (const [name, handler] of Object.entries(opts.handlers)) {
    if (!handler) continue;
    await boss.work<Record<string, unknown>>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 },
      async ([job]) => handler(job!),
    );
  }
  let stopping: Promise<void> | undefined;
  return {
    boss,
    stop(timeoutMs = 10_000) {
      stopping ??= boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      return stopping;
    },
  };
}
