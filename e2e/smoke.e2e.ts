import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { startServer, type E2EServer } from './support/server';

let server: E2EServer;
let browser: Browser;

describeE2E('the browser path', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads the landing page and the login page under the strict CSP, light and dark, desktop and phone', async () => {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, { viewport, colorScheme });
        const page = await ctx.newPage();
        const { errors } = watchErrors(page);
        const res = await page.goto(server.url + '/');
        expect(res?.status()).toBe(200);
        await expect.poll(() => page.locator('#root').innerText()).toMatch(/Tra cứu kiện hàng/i);
        await screenshot(page, `smoke-landing-${size}-${colorScheme}`);
        await page.goto(server.url + '/auth/login');
        await page.getByLabel(/e-?mail/i).waitFor({ state: 'visible' });
        await page.getByRole('button', { name: /đăng nhập/i }).waitFor({ state: 'visible' });
        await screenshot(page, `smoke-login-${size}-${colorScheme}`);
        expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
        expect(errors.filter((e) => /pageerror/.test(e))).toEqual([]);
        await ctx.close();
      }
    }
  });

  it('reports health from the real server', async () => {
    const res = await fetch(server.url + '/api/health');
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });
});
