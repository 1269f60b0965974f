import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newContext, PHONE, screenshot, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { ADMIN, startServer, type E2EServer } from './support/server';

/**
 * The sign-in page arrives as static HTML (the server's document for /auth/login, built from the real components)
 * and the app takes it over. Here the app's entry chunk is held back, so what the browser shows is the static page
 * alone, before any of the app's JavaScript ran; then it is let through and the app takes over.
 */

let server: E2EServer;
let browser: Browser;
let entry: string;

const DESKTOP_1280 = { width: 1280, height: 800 };
/** What must not move when the app's screen replaces the static one. */
const LAID_OUT = [
  '.auth-header .brand-mark',
  '.auth-header button',
  'h1',
  '.auth-card p',
  'label[for]',
  'input[name="email"]',
  'input[name="password"]',
  '.input-group button',
  'a[href="/auth/forget-password"]',
  'button[type="submit"]',
  '.card-footer a',
  '.auth-footer',
];

/**
 * Holds the app's entry chunk and its stylesheets until `release()`: nothing of the app runs before then (the other
 * chunks only preload), and the static page shows with the CSS inlined in it alone.
 */
async function holdEntry(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === entry || url.pathname.endsWith('.css'), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Computed styles that make up how the screen looks, element by element (buttons apart: disabled on purpose). */
async function looks(page: Page, scope: string) {
  return page.evaluate(async (scope) => {
    // Styles as they are drawn now: no transition may be under way (the focused field's ring must not fade in).
    const running = document.getAnimations().map((a) => a.constructor.name + ' ' + (a as CSSTransition).transitionProperty);
    const props = [
      'color', 'background-color', 'background-image', 'font-family', 'font-size', 'font-weight', 'line-height',
      'border-top-width', 'border-top-color', 'border-bottom-width', 'border-top-left-radius', 'padding-top',
      'padding-left', 'margin-top', 'margin-bottom', 'box-shadow', 'opacity', 'display', 'text-decoration-line',
      'text-align', 'width', 'height',
    ];
    const root = document.querySelector(`${scope} .auth-layout`)!;
    const styles = [...root.querySelectorAll('*')]
      .filter((el) => !el.closest('button') && getComputedStyle(el).display !== 'none')
      .map((el) => {
        const cs = getComputedStyle(el);
        return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${props.map((p) => `${p}:${cs.getPropertyValue(p)}`).join('; ')}`;
      });
    return { running, styles };
  }, scope);
}

/** Every request the page makes, with its body. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

/** Boxes of the LAID_OUT elements inside `scope` (the static card, or the app's root). */
async function boxes(page: Page, scope: string) {
  return page.evaluate(
    ([scope, selectors]) =>
      Object.fromEntries(
        selectors.map((sel) => {
          const all = [...document.querySelectorAll(`${scope} ${sel}`)].filter((el) => (el as HTMLElement).offsetParent !== null || el.tagName === 'FOOTER');
          return [sel, all.map((el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 2) / 2); })];
        }),
      ),
    [scope, LAID_OUT] as const,
  );
}

/** The card is laid out by the page's CSS (inlined in it: the stylesheets are held back here). */
const styled = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('#static-login .auth-card');
    return !!card && getComputedStyle(card).maxWidth === '416px' && getComputedStyle(card.closest('.auth-layout')!).display === 'flex';
  });

/** Opens /auth/login with the entry held; resolves once the static card is on screen with its CSS. */
async function openStatic(ctx: BrowserContext, path = '/auth/login') {
  const page = await ctx.newPage();
  const requests = recordRequests(page);
  const release = await holdEntry(page);
  await page.goto(server.url + path, { waitUntil: 'commit' });
  // While the document is still being parsed both languages' cards are in it (one hidden): the shown one.
  await page.locator('#static-login input[name="password"]:visible').waitFor({ state: 'visible' });
  // Parsed: layout-boot.js has taken the other language's card out.
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('#static-login [data-static-lang]').length)).toBe(1);
  await expect.poll(() => styled(page)).toBe(true);
  return { page, release, requests };
}

async function takeOver(page: Page, release: () => void) {
  release();
  await page.locator('#static-login').waitFor({ state: 'detached' });
}

describeE2E('the sign-in page before and after the app takes over', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // The app's entry, as every other page names it (the sign-in page starts it from layout-boot.js).
    const html = await (await fetch(server.url + '/')).text();
    entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the card before any of the app ran; what was typed there signs in; no password in any URL', async () => {
    const ctx = await newContext(browser, { viewport: DESKTOP_1280 });
    const { page, release, requests } = await openStatic(ctx, '/auth/login?returnTo=%2Fmawb');
    const { errors } = watchErrors(page);
    // The app has not run: its root is empty, and hidden behind the static card.
    expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
    // The e-mail field has the focus, as in the app.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    const submit = page.getByRole('button', { name: /Đăng nhập/ });
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.textContent()).toBe('Đăng nhập (Đang tải…)');

    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Enter in the static form submits nothing, anywhere.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(requests.filter((r) => r.method() !== 'GET').map((r) => r.url())).toEqual([]);
    const before = await boxes(page, '#static-login');

    await takeOver(page, release);
    const email = page.locator('#root input[name="email"]');
    const password = page.locator('#root input[name="password"]');
    expect(await email.inputValue()).toBe(ADMIN.email);
    expect(await password.inputValue()).toBe(ADMIN.password);
    // The same field has the focus, the caret where it was.
    expect(await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      return [el.closest('#root') !== null, el.name, el.selectionStart, el.selectionEnd];
    })).toEqual([true, 'password', ADMIN.password.length - 2, ADMIN.password.length - 2]);
    // Nothing moved.
    expect(await boxes(page, '#root')).toEqual(before);
    expect(await page.getByRole('button', { name: 'Đăng nhập', exact: true }).isEnabled()).toBe(true);

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/mawb');
    const login = requests.filter((r) => new URL(r.url()).pathname === '/api/auth/login');
    expect(login.map((r) => r.method())).toEqual(['POST']);
    expect(JSON.parse(login[0]!.postData()!)).toEqual({ email: ADMIN.email, password: ADMIN.password });
    for (const r of requests) {
      expect(r.url(), r.url()).not.toContain(ADMIN.password);
      expect(r.url(), r.url()).not.toContain(encodeURIComponent(ADMIN.password));
    }
    expect(errors.filter((e) => /pageerror|Content Security Policy/.test(e))).toEqual([]);
    await ctx.close();
  });

  it('follows the saved colour mode and language in its first painted frame', async () => {
    const ctx = await newContext(browser, { viewport: DESKTOP_1280, colorScheme: 'light' });
    await ctx.addInitScript(() => {
      localStorage.setItem('cargo.colorMode', 'dark');
      localStorage.setItem('cargo.lang', 'en');
      // Before each frame is painted: the first frame in which the card has a box is how it was first seen.
      const w = window as unknown as { __firstCard?: unknown };
      const frame = () => {
        const h1 = [...document.querySelectorAll('#static-login h1')].find((el) => el.getBoundingClientRect().height > 0);
        if (h1 && !w.__firstCard) {
          const card = h1.closest('.card')!;
          w.__firstCard = {
            lang: document.documentElement.lang,
            theme: document.documentElement.getAttribute('data-bs-theme'),
            title: document.title,
            heading: h1.textContent,
            cardBackground: getComputedStyle(card).backgroundColor,
          };
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const { page, release } = await openStatic(ctx);
    const first = await page.waitForFunction(() => (window as unknown as { __firstCard?: unknown }).__firstCard);
    const seen = (await first.jsonValue()) as { cardBackground: string };
    expect(seen).toEqual({
      lang: 'en',
      theme: 'dark',
      title: 'Sign in · Cargo Console',
      heading: 'Sign in',
      cardBackground: expect.stringMatching(/^rgb\(/),
    });
    // A dark card (the light theme's is white).
    const [r, g, b] = seen.cardBackground.match(/\d+/g)!.map(Number);
    expect(Math.max(r!, g!, b!), seen.cardBackground).toBeLessThan(64);
    // Only the English card is left in the document.
    expect(await page.evaluate(() => [...document.querySelectorAll('[data-static-lang]')].map((el) => el.getAttribute('data-static-lang')))).toEqual(['en']);
    await takeOver(page, release);
    expect(await page.locator('#root h1').textContent()).toBe('Sign in');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');
    await ctx.close();
  });

  it('looks the same before and after the take-over: light and dark, desktop and phone, Vietnamese and English', async () => {
    for (const [size, viewport] of [['desktop', DESKTOP_1280], ['phone', PHONE]] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const lang of ['vi', 'en'] as const) {
          const ctx = await newContext(browser, { viewport, colorScheme });
          if (lang === 'en') await ctx.addInitScript(() => localStorage.setItem('cargo.lang', 'en'));
          const { page, release } = await openStatic(ctx);
          const name = `${size}-${colorScheme}-${lang}`;
          await screenshot(page, `static-login-before-${name}`);
          const before = await boxes(page, '#static-login');
          for (const [sel, found] of Object.entries(before)) expect(found.length, `${name} ${sel}`).toBeGreaterThan(0);
          // With its inlined CSS only: no stylesheet has arrived.
          expect(await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => l.sheet).length)).toBe(0);
          const styles = await looks(page, '#static-login');
          await takeOver(page, release);
          expect(await boxes(page, '#root'), name).toEqual(before);
          expect(await looks(page, '#root'), name).toEqual(styles);
          await screenshot(page, `static-login-after-${name}`);
          await ctx.close();
        }
      }
    }
  });

  it('gives way when the app shows another screen: a signed-in visitor goes on to the dashboard', async () => {
    const ctx = await newContext(browser, { viewport: DESKTOP_1280 });
    const page = await ctx.newPage();
    await page.goto(server.url + '/auth/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/ecommerce');
    // A document load of the sign-in page while signed in: the static card comes, then goes with the redirect.
    await page.goto(server.url + '/auth/login');
    await page.waitForURL((u) => u.pathname === '/dashboard/ecommerce');
    await page.locator('#static-login').waitFor({ state: 'detached' });
    await page.locator('#root main').first().waitFor({ state: 'visible' });
    // Other pages never had it.
    await page.goto(server.url + '/auth/forget-password');
    expect(await page.locator('#static-login').count()).toBe(0);
    await ctx.close();
  });
});
