import { afterAll, beforeAll, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/server/lib/totp';
import { newContext, screenshot, signIn, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { ADMIN } from './support/server';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type Suite } from './support/suite';

/**
 * Two-factor sign-in and the sessions list through the real UI: the account screen's two-factor card and sessions,
 * an employee's Sessions tab and the policy setting on desktop and phone, light and dark; then the Admin turns
 * two-factor on (QR, key, a first code, the recovery codes) and the next sign-in asks for a code before the session.
 */
let suite: Suite;

describeE2E('two-factor sign-in and sessions', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(() => suite?.close());

  it('looks right on desktop and phone, light and dark', async () => {
    const employees = await suite.api<{ items: { id: number; account: unknown }[] }>('/api/employees?pageSize=50');
    const withAccount = employees.items.find((e) => e.account) ?? employees.items[0]!;
    const policy = (await suite.api<{ items: { id: number }[] }>('/api/settings?kind=security&key=two_factor_required')).items[0]!;
    await shootAll(suite, 'two-factor', [
      ['account', '/customer/infor-user'],
      ['employee-sessions', `/employee/${withAccount.id}?tab=sessions`],
      ['policy', `/setting/edit/${policy.id}`],
    ]);
  }, SHOOT_ALL_TIMEOUT);

  it('turns two-factor on from the account screen, then asks for a code at the next sign-in', async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/customer/infor-user`);
    await page.getByTestId('mfa-start').click();
    const secretText = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
    const secret = base32Decode(secretText);
    await screenshot(page, 'two-factor-enrol-desktop-light');
    await page.getByTestId('mfa-code').fill(totp(secret, Date.now()));
    await page.getByRole('button', { name: 'Bật xác thực hai bước' }).click();
    await expect.poll(async () => page.getByTestId('mfa-recovery-codes').locator('li').count()).toBe(10);
    await screenshot(page, 'two-factor-recovery-codes-desktop-light');
    await page.getByTestId('mfa-done').click();
    expect(serious(errors)).toEqual([]);
    await ctx.close();

    // A fresh browser: the password alone no longer gives a session.
    const ctx2 = await newContext(suite.browser, {});
    const page2 = await ctx2.newPage();
    const watch = watchErrors(page2);
    await signIn(page2, suite.baseUrl, ADMIN.email, ADMIN.password);
    await page2.getByTestId('mfa-code').waitFor();
    expect(new URL(page2.url()).pathname).toBe('/auth/login');
    await screenshot(page2, 'two-factor-code-step-desktop-light');
    // The code of the step after the one just used is within the window and not yet spent.
    await page2.getByTestId('mfa-code').fill(totp(secret, Date.now() + 30_000));
    await page2.getByRole('button', { name: 'Xác nhận' }).click();
    await page2.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
    expect(serious(watch.errors)).toEqual([]);
    await ctx2.close();
  }, 120_000);
});
