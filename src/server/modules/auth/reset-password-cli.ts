import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { DataDirLockedError, lockDataDir } from '../../db/lock';
import { migrate } from '../../db/migrate';
import { generateStrongPassword, operatorResetPassword } from './auth.service';

const USAGE = 'usage: npm run admin:reset-password -- [--email someone@example.vn] [--password NEW-PASSWORD] [--remove-two-factor] [--force-unlock]';

/**
 * `npm run admin:reset-password`: the way back from a lost password, on the database the configuration names
 * (PGlite in DATA_DIR, or DATABASE_URL). Without --email it resets the first Admin; without --password it
 * prints a new random one; --remove-two-factor also removes its second factor (a lost phone and lost recovery
 * codes). Every session of the account ends and an audit row records it.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'remove-two-factor': { type: 'boolean', default: false },
      'force-unlock': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const chosen = values.password;
  const password = chosen ?? generateStrongPassword();
  let lock: { release(): void } | undefined;
  let dataDir: string | undefined;
  if (!config.DATABASE_URL) {
    dataDir = path.resolve(config.DATA_DIR);
    // The embedded database cannot be shared with a running server: stop it first.
    lock = lockDataDir(dataDir, { force: config.CARGO_FORCE_UNLOCK || values['force-unlock'] });
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: dataDir && path.join(dataDir, 'pglite') });
  try {
    await migrate(database);
    const r = await operatorResetPassword(database, { email: values.email, password, removeTwoFactor: values['remove-two-factor'] });
    console.log(`Password of ${r.email} (${r.role}) reset.`);
    console.log(chosen ? 'New password: the one given with --password.' : `New password: ${password}   (shown only this once; change it after signing in)`);
    console.log(`Signed out everywhere: ${r.sessionsEnded} open session(s) ended. Recorded in the audit log.`);
    if (r.twoFactorRemoved) console.log('Two-factor sign-in removed: the account enrols again if the office requires it.');
    if (!r.enabled) console.log('Note: this account is disabled; an Admin must enable it before it can sign in.');
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) console.error(`✖ ${err.message}`);
  else if (err instanceof ConfigError) console.error(err.message);
  else console.error(`✖ ${(err as Error).message}\n${USAGE}`);
  process.exit(1);
});
