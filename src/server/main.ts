import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { startServer } from './server';

async function main() {
  // Handlers first: a signal during start-up must still close the database and release the lock.
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let stopRequested: string | undefined;
  let signals = 0;
  const shutdown = (signal: string) => {
    signals++;
    if (signals > 1) process.exit(130);
    if (!server) {
      stopRequested = signal;
      return;
    }
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  try {
    server = await startServer(config, { forceUnlock: process.argv.includes('--force-unlock') });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(3);
    }
    console.error(err);
    process.exit(1);
  }
  const { seed, url, database } = server;
  const lines = [
    '',
    `  Cargo Console is running at ${url}`,
    `  Database: ${database.driver === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (seed.admin) {
    lines.push(`  Admin e-mail:    ${seed.admin.email}`);
    // A password is printed only when this start generated it: one an operator chose is theirs already, and every
    // instance's log would otherwise hold it.
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
    lines.push('  Admin password:  the one printed at first start or set by SEED_ADMIN_PASSWORD (or reset it from the sign-in page)');
  }
  console.log(lines.join('\n') + '\n');

  if (stopRequested) {
    signals = 0;
    shutdown(stopRequested);
  }
}

void main();
