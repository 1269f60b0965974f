import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import { seedIfEmpty, type SeedResult } from './db/seed/index';
import { preparedDemoFor } from './db/seed/prepared';
import { startJobs } from './jobs';
import { mailerFor } from './lib/mail';
import { QUEUES } from './lib/queue';
import { resolveJwtSecret } from './lib/secrets';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  seed: SeedResult;
  stop(): Promise<void>;
}

/** config → lock → database → migrate → seed → listen. Used by main.ts and by tests that need a real port. */
export async function startServer(
  config: Config,
  opts: {
    serveWeb?: boolean;
    logger?: boolean | object;
    forceUnlock?: boolean;
    /** One line per start-up step as it begins or ends (main.ts prints them; tests may collect them). */
    progress?: (line: string) => void;
    /** Where the build keeps its prepared demo data (dist/demo): a first embedded start with SEED=demo begins from it. */
    preparedDemo?: string;
  } = {},
): Promise<RunningServer> {
  const progress = opts.progress ?? (() => {});
  const started = Date.now();
  let stepStarted = started;
  const step = (line: string) => {
    stepStarted = Date.now();
    progress(line);
  };
  const took = () => `${((Date.now() - stepStarted) / 1000).toFixed(1)} s`;
  let lock: { release(): void } | undefined;
  let dataDir: string | undefined;
  if (!config.DATABASE_URL) {
    dataDir = path.resolve(config.DATA_DIR);
    mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(dataDir, {
      force: opts.forceUnlock || config.CARGO_FORCE_UNLOCK,
      onTakeover: (previous, why) =>
        console.warn(`Took over the data directory lock of ${previous ? `host ${previous.host}, pid ${previous.pid}` : 'an unreadable lock file'}: ${why}`),
      onLost: (holder) =>
        console.error(
          `✖ The data directory lock was taken by ${holder ? `host ${holder.host}, pid ${holder.pid}` : 'someone else'} while this server runs: stop one of them now.`,
        ),
    });
  }
  let database: Database | undefined;
  try {
    const pgliteDir = dataDir && path.join(dataDir, 'pglite');
    const prepared = pgliteDir && config.SEED === 'demo' ? preparedDemoFor(opts.preparedDemo, pgliteDir) : undefined;
    if (prepared?.dump) step(`Empty database: starting from the demo data prepared by the build at ${prepared.madeAt.toISOString()} (first start only)…`);
    else {
      if (prepared) progress(`(${prepared.why})`);
      step(config.DATABASE_URL ? 'Connecting to PostgreSQL…' : `Opening the embedded database in ${config.DATA_DIR}…`);
    }
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir, loadDataDir: prepared?.dump }).catch(async (err: unknown) => {
      if (!prepared?.dump || !pgliteDir) throw err;
      // A dump this PGlite cannot load (made by another version): the directory it began is emptied and seeded afresh.
      progress(`  the prepared demo data could not be loaded (${err instanceof Error ? err.message : String(err)}); it is seeded afresh`);
      rmSync(pgliteDir, { recursive: true, force: true });
      return openDatabase({ dataDir: pgliteDir });
    });
    progress(`  opened in ${took()}`);
    step('Applying migrations…');
    const applied = await migrate(database);
    progress(`  ${applied.length ? `${applied.length} applied` : 'up to date'} in ${took()}`);
    let seeding = false;
    const seed = await seedIfEmpty(database, {
      seed: config.SEED,
      adminEmail: config.SEED_ADMIN_EMAIL,
      adminPassword: config.SEED_ADMIN_PASSWORD,
      staffPassword: config.SEED_STAFF_PASSWORD,
      onSeeding: (fromPrepared) => {
        seeding = true;
        if (fromPrepared) step('Setting the Admin and demo Staff accounts…');
        else step(config.SEED === 'demo' ? 'Empty database: loading the demo data and the admin account (first start only)…' : 'Empty database: creating the admin account…');
      },
    });
    if (seeding) progress(`  done in ${took()}`);
    const jwtSecret = await resolveJwtSecret(database, config.JWT_SECRET);
    step('Starting the web server…');
    const app = await buildApp({ database, config, jwtSecret, serveWeb: opts.serveWeb ?? true, logger: opts.logger });
    await app.listen({ port: config.PORT, host: config.HOST });
    progress(`  ready in ${took()} (start-up took ${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
    // Background work runs on the job queue: notifications, and the schedules (housekeeping, the mail outbox, the
    // sweep of bank transfers stored but not matched), each tick on one instance whatever their number.
    const jobs = await startJobs({ database, config, mailer: mailerFor(app), log: app.log });
    // Transfers stored by a server that stopped before matching them: swept now (once for instances starting together).
    await jobs.boss.send(QUEUES.bankSweep, {}, { singletonKey: 'startup', singletonSeconds: 60 });
    const db = database;
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      seed,
      url: `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`,
      stop() {
        // Fastify's close stops accepting, lets in-flight requests finish, then we close the database.
        stopping ??= (async () => {
          // Requests first, then the queue's workers (a send in hand finishes, or its job is retried later), then
          // the database both use.
          await app.close();
          await jobs.stop();
          await db.close();
          lock?.release();
        })();
        return stopping;
      },
    };
  } catch (err) {
    await database?.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

/**
 * What a start prints. A password is printed only when this start generated it: one an operator chose is theirs
 * already, and every instance's log would otherwise hold it.
 */
export function startupBanner(o: { url: string; driver: Database['driver']; config: Config; seed: SeedResult }): string {
  const { url, config, seed } = o;
  const lines = [
    '',
    `  Cargo Console is running at ${url}`,
    `  Database: ${o.driver === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (seed.admin) {
    lines.push(`  Admin e-mail:    ${seed.admin.email}`);
    lines.push(
      seed.admin.generated
        ? `  Admin password:  ${seed.admin.password}   (generated; shown only this once, change it after signing in)`
        : '  Admin password:  the one SEED_ADMIN_PASSWORD sets',
    );
    if (seed.staff) {
      lines.push(`  Demo data loaded. Staff demo account: ${seed.staff.email}`);
      lines.push(
        seed.staff.generated
          ? `  Staff password:  ${seed.staff.password}   (generated; shown only this once)`
          : '  Staff password:  the one SEED_STAFF_PASSWORD sets',
      );
    }
  } else {
    lines.push(`  Admin e-mail:    ${config.SEED_ADMIN_EMAIL}`);
    lines.push('  Admin password:  the one printed at first start or set by SEED_ADMIN_PASSWORD');
  }
  // The way back from a lost password, on every start (the one above is shown only once).
  lines.push(
    o.driver === 'pglite'
      ? '  Lost a password? Stop the server, then run: npm run admin:reset-password   (README, first section)'
      : '  Lost a password? Run: npm run admin:reset-password   (README, first section)',
  );
  if (config.LOG_LEVEL === 'info' || config.LOG_LEVEL === 'warn' || config.LOG_LEVEL === 'error' || config.LOG_LEVEL === 'fatal') {
    lines.push(`  Log: ${config.LOG_LEVEL} and above; LOG_LEVEL=debug also logs each request`);
  }
  return lines.join('\n') + '\n';
}
