import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { startServer, startupBanner } from './server';

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
    server = await startServer(config, {
      forceUnlock: process.argv.includes('--force-unlock'),
      progress: (line) => console.log(line),
      // Built, this is dist/server/main.js and the build's prepared demo data is dist/demo.
      preparedDemo: fileURLToPath(new URL('../demo', import.meta.url)),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(3);
    }
    console.error(err);
    process.exit(1);
  }
  const { seed, url, database } = server;
  console.log(startupBanner({ url, driver: database.driver, config, seed }));

  if (stopRequested) {
    signals = 0;
    shutdown(stopRequested);
  }
}

void main();
