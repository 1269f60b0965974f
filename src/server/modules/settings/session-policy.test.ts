import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_IDLE_MINUTES_DEFAULT } from '../../../shared/session-policy';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const policy = async (token?: string | null) => ctx.request({ method: 'GET', url: '/api/settings/session-policy', token });
const setMinutes = (value: unknown, effectiveFrom = '2000-01-01') =>
  ctx.database.query(`INSERT INTO settings (kind, key, value, effective_from) VALUES ('security', 'lock_idle_minutes', $1::jsonb, $2::date)`, [
    JSON.stringify(value),
    effectiveFrom,
  ]);

describe('GET /api/settings/session-policy', () => {
  it('needs a signed-in user, and any role may read it (Staff consoles lock too)', async () => {
    expect((await policy(null)).statusCode).toBe(401);
    const staff = await policy(await ctx.tokenFor('Staff'));
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual({ lockIdleMinutes: LOCK_IDLE_MINUTES_DEFAULT });
  });

  it('answers the setting in force today: the newest row effective on or before today', async () => {
    await ctx.database.query(`DELETE FROM settings WHERE kind = 'security'`);
    await setMinutes(20, '2020-01-01');
    expect((await policy()).json()).toEqual({ lockIdleMinutes: 20 });
    await setMinutes(5, '2024-06-01');
    expect((await policy()).json()).toEqual({ lockIdleMinutes: 5 });
    // A change planned for later is not in force yet.
    await setMinutes(60, '2999-01-01');
    expect((await policy()).json()).toEqual({ lockIdleMinutes: 5 });
  });

  it('falls back to the default for a value out of range or not a whole number', async () => {
    await ctx.database.query(`DELETE FROM settings WHERE kind = 'security'`);
    await setMinutes(0);
    expect((await policy()).json()).toEqual({ lockIdleMinutes: LOCK_IDLE_MINUTES_DEFAULT });
    await setMinutes('nửa tiếng', '2001-01-01');
    expect((await policy()).json()).toEqual({ lockIdleMinutes: LOCK_IDLE_MINUTES_DEFAULT });
    await setMinutes({ minutes: 45 }, '2002-01-01');
    expect((await policy()).json()).toEqual({ lockIdleMinutes: 45 });
  });
});
