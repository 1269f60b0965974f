import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { withDatabase } from './global-setup';
import { TEST_ADMIN, TEST_STAFF } from './template';

export { TEST_ADMIN, TEST_STAFF };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A signed access token for the seeded Admin or Staff account (no HTTP round trip). */
  tokenFor(role: 'Admin' | 'Staff'): Promise<string>;
  /** app.inject with the Admin token unless `token` says otherwise (null = no Authorization header). */
  request(opts: InjectOptions & { token?: string | null }): Promise<InjectResponse>;
  close(): Promise<void>;
}

/**
 * A fresh database cloned from the run's template, and an app built in-process on it. One per test file
 * (call in beforeAll); the driver is PGlite, or PostgreSQL under `npm run test:pg`.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const tpl = inject('dbTemplate');
  let database: Database;
  let dropClone: (() => Promise<void>) | undefined;
  if (tpl.driver === 'pglite') {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(tpl.location)]) });
  } else {
    const name = `cargo_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: tpl.adminUrl });
    await admin.connect();
    const tplName = new URL(tpl.location).pathname.slice(1);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tplName}`);
    database = await openDatabase({ databaseUrl: withDatabase(tpl.adminUrl!, name), poolSize: 10 });
    dropClone = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', ...env });
  const jwtSecret = 'test-secret-test-secret-test-secret-0123456789';
  const app = await buildApp({ database, config, jwtSecret, serveWeb: false, logger: false });
  await app.ready();
  const ids = new Map<string, { id: number; email: string }>();
  const tokenFor = async (role: 'Admin' | 'Staff') => {
    const email = role === 'Admin' ? TEST_ADMIN.email : TEST_STAFF.email;
    let u = ids.get(email);
    if (!u) {
      const rows = await database.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE email = $1', [email]);
      u = rows[0]!;
      ids.set(email, u);
    }
    return (await app.deps.signer.sign({ id: u.id, role, email: u.email })).token;
  };
  let adminToken: string | undefined;
  return {
    app,
    database,
    config,
    tokenFor,
    async request({ token, headers, ...opts }) {
      adminToken ??= await tokenFor('Admin');
      const t = token === undefined ? adminToken : token;
      return app.inject({ ...opts, headers: { ...(t ? { authorization: `Bearer ${t}` } : {}), ...headers } });
    },
    async close() {
      await app.close();
      await database.close();
      await dropClone?.();
    },
  };
}

/** A migrated but empty database on the run's driver (for restore tests); close() also drops it. */
export async function createEmptyDatabase(): Promise<Database> {
  const tpl = inject('dbTemplate');
  if (tpl.driver === 'pglite') {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const name = `cargo_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(tpl.adminUrl!, name), poolSize: 2 });
  await migrate(database);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return database;
}
