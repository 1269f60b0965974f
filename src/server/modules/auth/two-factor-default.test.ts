import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETTING, twoFactorPolicyFrom } from '../../../shared/two-factor';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { seedIfEmpty } from '../../db/seed/index';
import { createEmptyDatabase, createTestContext, type TestContext } from '../../test/harness';

// Administrative access takes a second factor unless the office decides otherwise (OWASP ASVS 5.0 level 2): every
// database shows the policy as a row, `admins` where the office has not chosen; the demo data switches it off.

const policyRows = (database: Database) =>
  database.query<{ value: unknown }>(`SELECT value FROM settings WHERE kind = $1 AND key = $2 AND deleted_at IS NULL ORDER BY id`, [TWO_FACTOR_SETTING.kind, TWO_FACTOR_SETTING.key]);

const ADMIN = { email: 'boss@cargo.test', password: 'Boss@123456' };
const start = (database: Database) => seedIfEmpty(database, { seed: 'none', adminEmail: ADMIN.email, adminPassword: ADMIN.password });

describe('the two-factor policy of a database without demo data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createEmptyDatabase();
  }, 120_000);
  afterAll(() => database.close());

  it('is `admins` from the first start: the Admin is made to enrol at the first sign-in, before any session', async () => {
    await start(database);
    expect(await policyRows(database)).toEqual([{ value: 'admins' }]);
    const app = await buildApp({ database, config: loadConfig({ LOG_LEVEL: 'silent', SEED: 'none' }), jwtSecret: 'x'.repeat(48), serveWeb: false, logger: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ code: 'MFA_ENROL_REQUIRED', mfaToken: expect.any(String) });
      expect(res.json()).not.toHaveProperty('token');
    } finally {
      await app.close();
    }
  });

  it('is written again at start where a database has no row (made before the setting, or restored from such a backup); a chosen one is kept', async () => {
    await database.query(`DELETE FROM settings WHERE kind = $1 AND key = $2`, [TWO_FACTOR_SETTING.kind, TWO_FACTOR_SETTING.key]);
    await start(database);
    expect(await policyRows(database)).toEqual([{ value: 'admins' }]);
    await database.query(`UPDATE settings SET value = '"all"'::jsonb WHERE kind = $1 AND key = $2`, [TWO_FACTOR_SETTING.kind, TWO_FACTOR_SETTING.key]);
    await start(database);
    expect(await policyRows(database)).toEqual([{ value: 'all' }]);
  });

  it('reads a missing or unusable value as `admins`', () => {
    expect(twoFactorPolicyFrom(undefined)).toBe('admins');
    expect(twoFactorPolicyFrom('sometimes')).toBe('admins');
    expect(twoFactorPolicyFrom('off')).toBe('off');
  });
});

describe('the demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has one policy row, `off`, which the Settings screen edits', async () => {
    expect(await policyRows(ctx.database)).toEqual([{ value: 'off' }]);
  });
});
