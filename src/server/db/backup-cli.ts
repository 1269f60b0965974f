import path from 'node:path';
import { loadConfig } from '../config';
import { backupTo, restoreFrom } from './backup';
import { openDatabase } from './client';
import { lockDataDir } from './lock';
import { migrate } from './migrate';

/** `npm run backup [FILE]` and `npm run restore FILE`, on whichever database the configuration names. */
async function main() {
  const [command, fileArg] = process.argv.slice(2).filter((a) => a !== '--force-unlock' && a !== '--with-secrets');
  const withSecrets = process.argv.includes('--with-secrets');
  if (command !== 'backup' && command !== 'restore') throw new Error('usage: backup [FILE] [--with-secrets] | restore FILE');
  const config = loadConfig();
  let lock: { release(): void } | undefined;
  let dataDir: string | undefined;
  if (!config.DATABASE_URL) {
    dataDir = path.resolve(config.DATA_DIR);
    // The embedded database cannot be shared with a running server.
    lock = lockDataDir(dataDir, { force: config.CARGO_FORCE_UNLOCK || process.argv.includes('--force-unlock') });
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: dataDir && path.join(dataDir, 'pglite') });
  try {
    await migrate(database);
    if (command === 'backup') {
      const file = fileArg ?? `cargo-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson.gz`;
      const r = await backupTo(database, file, { withSecrets });
      console.log(
        `Backup written to ${file}: ${r.tables} tables, ${r.rows} rows` +
          (withSecrets ? ' (with the JWT key: keep it as safe as the key itself)' : ' (without the JWT key: a restore makes a new one)'),
      );
    } else {
      if (!fileArg) throw new Error('usage: npm run restore FILE');
      const r = await restoreFrom(database, fileArg);
      console.log(`Restored ${r.rows} rows into ${r.tables} tables from ${fileArg}`);
    }
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((err) => {
  console.error(`✖ ${(err as Error).message}`);
  process.exit(1);
});
