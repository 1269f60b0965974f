import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { ROOT } from '../paths';
import { prepareTemplate } from './template';

/**
 * Builds one migrated, lightly seeded database per run and hands its location to the test files, which
 * clone it: a PGlite data-dir dump, or a PostgreSQL database used as CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const driver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (driver === 'pglite') {
    const database = await openDatabase({});
    await migrate(database);
    await prepareTemplate(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const dir = path.join(ROOT, '.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('dbTemplate', { driver, location: file });
    return async () => {
      const { rmSync } = await import('node:fs');
      rmSync(file, { force: true });
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cargo_test_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await migrate(database);
  await prepareTemplate(database);
  await database.close();
  project.provide('dbTemplate', { driver, location: url, adminUrl });
  return async () => {
    // Clones made by test files are dropped by the files; drop any left by a crashed worker, then the template.
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`cargo_t_${process.pid}_%`]);
    for (const row of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { driver: 'pglite' | 'postgres'; location: string; adminUrl?: string };
  }
}
