import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, expect, inject } from 'vitest';
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
  /** GET `url` with the Admin token, expect 200 and return the parsed body. */
  getOk<T>(url: string): Promise<T>;
  /** POST `payload` to `url` with the Admin token, expect 201 and return the parsed body. */
  postCreated<T>(url: string, payload: Record<string, unknown>): Promise<T>;
  /** The Admin-only rule for one route: 401 without a token, 403 FORBIDDEN for Staff (a body on writes, so validation cannot answer first). */
  expectAdminOnly(method: string, url: string, headers?: Record<string, string>): Promise<void>;
}

/** A test file's context (see useTestContext) with a Staff token signed once for the file. */
export interface SuiteContext extends TestContext {
  readonly staffToken: string;
}

/**
 * A fresh database cloned from the run's template, and an app built in-process on it. One per test file
 * (call in beforeAll); the driver is PGlite, or PostgreSQL under `npm run test:pg`.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { logger?: object } = {},
): Promise<TestContext> {
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
  const app = await buildApp({ database, config, jwtSecret, serveWeb: false, logger: opts.logger ?? false });
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
  const request: TestContext['request'] = async ({ token, headers, ...opts }) => {
    adminToken ??= await tokenFor('Admin');
    const t = token === undefined ? adminToken : token;
    return app.inject({ ...opts, headers: { ...(t ? { authorization: `Bearer ${t}` } : {}), ...headers } });
  };
  return {
    app,
    database,
    config,
    tokenFor,
    request,
    async getOk<T>(url: string) {
      const res = await request({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    },
    async postCreated<T>(url: string, payload: Record<string, unknown>) {
      const res = await request({ method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as T;
    },
    async expectAdminOnly(method, url, headers = {}) {
      const verb = method as 'GET';
      expect((await request({ method: verb, url, headers, token: null })).statusCode).toBe(401);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const staff = await request({ method: verb, url, headers, token: await tokenFor('Staff'), payload });
      expect(staff.statusCode, staff.body).toBe(403);
      expect(staff.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    },
    async close() {
      await app.close();
      await database.close();
      await dropClone?.();
    },
  };
}

/** A create's answer: 201 with the record, version 1 as its ETag and its own URL (`${base}/${id}`) as Location. */
export function expectCreated<T extends { id: number }>(res: InjectResponse, base: string): T {
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json() as T;
  expect(res.headers.etag).toBe('"1"');
  expect(res.headers.location).toBe(`${base}/${item.id}`);
  return item;
}

/** The routes every standard resource has (list, get, create, patch, delete, export) as [method, url], for access tests. */
export function resourceRoutes(base: string): [string, string][] {
  return [
    ['GET', base],
    ['GET', `${base}/1`],
    ['POST', base],
    ['PATCH', `${base}/1`],
    ['DELETE', `${base}/1`],
    ['GET', `${base}/export`],
  ];
}

/**
 * The usual test-file setup in one call: a context created before the file's tests (beforeAll, in the order
 * it is called, so a later beforeAll may use it) and closed after them. The returned object forwards to that
 * context, so it can be held in a `const` at the top of the file.
 */
export function useTestContext(env: Record<string, string> = {}): SuiteContext {
  let current: TestContext | undefined;
  let staffToken: string | undefined;
  beforeAll(async () => {
    current = await createTestContext(env);
    staffToken = await current.tokenFor('Staff');
  });
  afterAll(() => current?.close());
  const live = () => {
    if (!current) throw new Error('the test context is used before beforeAll ran');
    return current;
  };
  return {
    get app() {
      return live().app;
    },
    get database() {
      return live().database;
    },
    get config() {
      return live().config;
    },
    get staffToken() {
      live();
      return staffToken!;
    },
    tokenFor: (role) => live().tokenFor(role),
    request: (opts) => live().request(opts),
    getOk: <T>(url: string) => live().getOk<T>(url),
    postCreated: <T>(url: string, payload: Record<string, unknown>) => live().postCreated<T>(url, payload),
    expectAdminOnly: (method, url, headers) => live().expectAdminOnly(method, url, headers),
    close: () => live().close(),
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
