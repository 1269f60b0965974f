import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { migrate } from './migrate';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('migrations', () => {
  it('created the platform tables on this driver', async () => {
    const rows = await ctx.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = rows.map((r) => r.table_name);
    for (const t of ['stores', 'users', 'employees', 'settings', 'refresh_tokens', 'audit_log', 'mail_outbox', '_migrations']) {
      expect(names).toContain(t);
    }
  });

  it('is idempotent: a second run applies nothing', async () => {
    expect(await migrate(ctx.database)).toEqual([]);
  });

  it('applies a new file once, in order, and refuses an applied file that was edited', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-mig-'));
    writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE mig_test_a (id int);');
    writeFileSync(path.join(dir, '0002_b.sql'), 'CREATE TABLE mig_test_b (id int);');
    expect(await migrate(ctx.database, dir)).toEqual(['0001_a.sql', '0002_b.sql']);
    expect(await migrate(ctx.database, dir)).toEqual([]);
    writeFileSync(path.join(dir, '0002_b.sql'), 'CREATE TABLE mig_test_b (id bigint);');
    await expect(migrate(ctx.database, dir)).rejects.toThrow(/0002_b.sql was changed/);
  });

  it('rolls back a failing migration completely', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-mig-'));
    writeFileSync(path.join(dir, '0001_bad.sql'), 'CREATE TABLE mig_half (id int);\nSELECT no_such_function();');
    await expect(migrate(ctx.database, dir)).rejects.toThrow(/0001_bad.sql failed/);
    const rows = await ctx.database.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'mig_half'`);
    expect(rows).toHaveLength(0);
    // The connection is usable afterwards (no transaction left open).
    expect(await ctx.database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
