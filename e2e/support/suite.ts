import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn, watchErrors } from './browser';
import { ADMIN, startServer, type E2EServer } from './server';

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

interface SignedInPage {
  ctx: BrowserContext;
  page: Page;
  errors: string[];
}

export interface Suite {
  baseUrl: string;
  browser: Browser;
  /** The Admin's access token, for setting up and checking through the API. */
  token: string;
  /** The API as the Admin: JSON back, and a failure for anything but 2xx. A body is sent as JSON. */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  /** A fresh context signed in as the Admin through the real login form, its page's errors collected. */
  signedInPage(opts?: PageOptions): Promise<SignedInPage>;
  close(): Promise<void>;
}

/** The errors that fail a screen: a script error or a Content Security Policy refusal. */
export const serious = (errors: string[]) => errors.filter((e) => /pageerror|Content Security Policy/.test(e));

/**
 * What a section spec starts with: the server at E2E_BASE_URL if given (e.g. a dev server; specs tag their own
 * records so they work against data), else the built server on a fresh seeded database, with `env` added to its
 * environment (a provider's URL pointing at a fake); Chromium; an Admin token.
 */
export async function openSuite(env: Record<string, string> = {}): Promise<Suite> {
  let server: E2EServer | null = null;
  let baseUrl: string;
  const external = process.env.E2E_BASE_URL;
  if (external) baseUrl = external.replace(/\/+$/, '');
  else {
    server = await startServer(env);
    baseUrl = server.url;
  }
  let browser: Browser | undefined;
  let token: string;
  try {
    browser = await launchBrowser();
    const login = await fetch(baseUrl + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    token = ((await login.json()) as { token: string }).token;
  } catch (e) {
    // afterAll cannot close what it never got.
    await browser?.close();
    await server?.stop();
    throw e;
  }
  const started = browser;

  return {
    baseUrl,
    browser: started,
    token,
    async api<T>(path: string, init: RequestInit = {}): Promise<T> {
      const res = await fetch(baseUrl + path, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async signedInPage(opts: PageOptions = {}) {
      const ctx = await newContext(started, opts);
      const page = await ctx.newPage();
      const watch = watchErrors(page);
      await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
      return { ctx, page, errors: watch.errors };
    },
    async close() {
      await started.close();
      await server?.stop();
    },
  };
}

export const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
export const SCHEMES = ['light', 'dark'] as const;

/**
 * The time limit of a test that shoots every screen of a section four times (28–40 page loads, each waited for until
 * its network is quiet): on a busy 2-core CI machine the mawb screens took just over the suite's 120 s.
 */
export const SHOOT_ALL_TIMEOUT = 300_000;

/**
 * Every screen on a desktop and a phone, light and dark, saved as `<prefix>-<name>-<size>-<scheme>`: each is opened,
 * waited for (its h1, then a quiet network) and shot; `after` runs on the same page before the check that no
 * screen had a serious error.
 */
export async function shootAll(
  suite: Suite,
  prefix: string,
  screens: [name: string, path: string][],
  after?: (page: Page, size: (typeof SIZES)[number][0], colorScheme: (typeof SCHEMES)[number]) => Promise<void>,
): Promise<void> {
  for (const [size, viewport] of SIZES) {
    for (const colorScheme of SCHEMES) {
      const { ctx, page, errors } = await suite.signedInPage({ viewport, colorScheme });
      for (const [name, path] of screens) {
        await page.goto(suite.baseUrl + path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${prefix}-${name}-${size}-${colorScheme}`);
      }
      await after?.(page, size, colorScheme);
      expect(serious(errors)).toEqual([]);
      await ctx.close();
    }
  }
}
