import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '../../src/server/paths';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOT_DIR = path.join(ROOT, 'screenshots');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium, headless, with the flags this sandboxed machine needs (ENGINEERING.md "Browser"). playwright-core
 * gives every launch a fresh temporary profile (it refuses --user-data-dir in launch args). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newContext(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; locale?: string } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    colorScheme: opts.colorScheme ?? 'light',
    locale: opts.locale ?? 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    deviceScaleFactor: 1,
  });
  // Actions and waits get 60 s, not Playwright's 30: the slowest CI machine seen ran this suite about twice as slowly
  // as the one it was written on, and a full-page screenshot there once took longer than 30 s.
  ctx.setDefaultTimeout(60_000);
  return ctx;
}

/** Saves a full-page screenshot into the git-ignored screenshots/ folder and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Icon and text fonts load on first use; a shot taken before they arrive shows empty buttons that no user sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collects console errors and failed requests so a test can assert a screen loaded cleanly. */
export function watchErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { errors };
}

/** Signs in through the real login form. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, from = '/auth/login') {
  await page.goto(baseUrl + from);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/mật khẩu|password/i).first().fill(password);
  await page.getByRole('button', { name: /đăng nhập|sign in/i }).click();
}
