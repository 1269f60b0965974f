import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { ADMIN, STAFF, startServer, type E2EServer } from './support/server';

let server: E2EServer;
/** Access tokens live 3 s here, so renewal is seen within a test. */
let shortServer: E2EServer;
let browser: Browser;

const SESSION_STORAGE_USER = 'cargo_console_user';
const AUTH_COOKIES = ['access_token', 'refresh_token', 'user'];

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function authCookies(ctx: BrowserContext) {
  const all = await ctx.cookies();
  return Object.fromEntries(all.filter((c) => AUTH_COOKIES.includes(c.name)).map((c) => [c.name, c]));
}

async function storage(page: Page) {
  return page.evaluate((key) => ({ infor: localStorage.getItem('user_infor'), user: sessionStorage.getItem(key) }), SESSION_STORAGE_USER);
}

async function fillLogin(page: Page, email: string, password: string) {
  // Enter submits the app's form only: the static sign-in page's form ignores it until the app has taken over.
  await page.locator('#static-login').waitFor({ state: 'detached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
}

/** Every URL the main frame showed, so a test can say the login page was never visited. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(new URL(f.url()).pathname);
  });
  return urls;
}

const path = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

describeE2E('sign-in, session and guards', () => {
  beforeAll(async () => {
    [server, shortServer, browser] = await Promise.all([
      // The password-reset mail (no SMTP here) lands in the server's mail pickup directory, where the test reads it.
      startServer(),
      startServer({ ACCESS_TOKEN_TTL: '3s' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), shortServer?.stop()]);
  });

  it('sends a visitor to sign in, then back to the page they came from, storing the session exactly as specified', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const { errors } = watchErrors(page);
    await page.goto(server.url + '/mawb?page=2');
    await page.waitForURL((u) => u.pathname === '/auth/login');
    expect(path(page)).toBe('/auth/login?returnTo=%2Fmawb%3Fpage%3D2');
    await screenshot(page, 'auth-login-desktop-light');

    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/mawb');
    expect(path(page)).toBe('/mawb?page=2');

    const cookies = await authCookies(ctx);
    expect(Object.keys(cookies).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    for (const c of Object.values(cookies)) {
      expect(c.path).toBe('/');
      expect(c.sameSite).toBe('Lax');
      expect(c.secure).toBe(false); // plain http here; Secure is added over https
    }
    const claims = decodeJwt(cookies.access_token!.value);
    expect(claims).toMatchObject({ role: 'Admin', email: ADMIN.email });
    expect(JSON.parse(decodeURIComponent(cookies.user!.value))).toEqual(claims);
    expect(cookies.refresh_token!.value.length).toBeGreaterThanOrEqual(43);

    const { infor, user } = await storage(page);
    const parsed = JSON.parse(infor!) as { data: Record<string, unknown>; role: string };
    expect(Object.keys(parsed).sort()).toEqual(['data', 'role']);
    expect(parsed.role).toBe('Admin');
    expect(parsed.data).toMatchObject({ email: ADMIN.email, role: 'Admin' });
    expect(parsed.data).not.toHaveProperty('passwordHash');
    expect(JSON.parse(user!)).toEqual(parsed.data);
    expect(errors.filter((e) => /pageerror|Content Security Policy/.test(e))).toEqual([]);
    await ctx.close();
  });

  it('shows the server message for a wrong password, inline and as a toast, and keeps no cookie', async () => {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, { viewport, colorScheme });
        const page = await ctx.newPage();
        await page.goto(server.url + '/auth/login');
        if (size === 'desktop' && colorScheme === 'light') {
          // Show/hide: the password field turns readable and back.
          await page.getByLabel('Mật khẩu', { exact: true }).fill('secret');
          await page.getByRole('button', { name: 'Hiện mật khẩu' }).click();
          expect(await page.getByLabel('Mật khẩu', { exact: true }).getAttribute('type')).toBe('text');
          await page.getByRole('button', { name: 'Ẩn mật khẩu' }).click();
          expect(await page.getByLabel('Mật khẩu', { exact: true }).getAttribute('type')).toBe('password');
        }
        await fillLogin(page, ADMIN.email, 'wrong-password-1');
        await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Email hoặc mật khẩu không đúng');
        await expect.poll(() => page.locator('.Toastify__toast--error').first().textContent()).toContain('Email hoặc mật khẩu không đúng');
        expect(path(page)).toBe('/auth/login');
        expect(await authCookies(ctx)).toEqual({});
        await page.locator('.Toastify__toast--error').first().waitFor({ state: 'visible' });
        await page.waitForTimeout(900); // the toast's entry animation
        await screenshot(page, `auth-login-error-${size}-${colorScheme}`);
        await ctx.close();
      }
    }
  });

  it('sends a Staff user from an Admin route to / and lets them see the dashboards', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(server.url + '/auth/login');
    await fillLogin(page, STAFF.email, STAFF.password);
    await page.waitForURL((u) => u.pathname === '/dashboard/ecommerce');
    expect(JSON.parse((await storage(page)).infor!)).toMatchObject({ role: 'Staff' });

    await page.goto(server.url + '/customer');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(server.url + '/dashboard/analytics');
    await page.waitForLoadState('networkidle');
    expect(path(page)).toBe('/dashboard/analytics');
    await ctx.close();
  });

  it('signs out: the server revokes the session and every stored trace is gone', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(server.url + '/auth/login?returnTo=%2Forder');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/order');
    const { refresh_token: refresh, access_token: access } = await authCookies(ctx);

    // Through the user menu, as a user would.
    await page.locator('#topbar-user').click();
    await page.getByRole('button', { name: 'Đăng xuất' }).or(page.getByRole('link', { name: 'Đăng xuất' })).first().click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await expect.poll(() => authCookies(ctx)).toEqual({});
    expect(await storage(page)).toEqual({ infor: null, user: null });
    await expect.poll(() => page.getByText('Bạn đã đăng xuất.').count()).toBe(1);

    // The refresh token is dead on the server, not just forgotten by the browser.
    const res = await fetch(server.url + '/api/auth/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access!.value}` },
      body: JSON.stringify({ refreshToken: refresh!.value }),
    });
    expect(res.status).toBe(401);

    await page.goto(server.url + '/order');
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await ctx.close();
  });

  it('locks the screen: who is signed in, password only, back to where the user was', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(server.url + '/auth/login?returnTo=%2Ftransaction');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/transaction');

    await page.locator('#topbar-user').click();
    await page.getByRole('button', { name: 'Khóa màn hình' }).or(page.getByRole('link', { name: 'Khóa màn hình' })).first().click();
    await page.waitForURL((u) => u.pathname === '/auth/lock-screen');
    await expect.poll(() => page.getByTestId('lock-email').textContent()).toBe(ADMIN.email);
    // No token is left on a locked machine.
    await expect.poll(async () => Object.keys(await authCookies(ctx))).toEqual([]);
    await screenshot(page, 'auth-lock-screen-desktop-light');
    expect(await page.getByLabel('Email').count()).toBe(0);

    // While locked, protected routes lead back here; so does a second tab.
    await page.goto(server.url + '/mawb');
    await page.waitForURL((u) => u.pathname === '/auth/lock-screen');
    const other = await ctx.newPage();
    await other.goto(server.url + '/customer');
    await other.waitForURL((u) => u.pathname === '/auth/lock-screen');
    await other.close();

    await page.getByLabel('Mật khẩu', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Mở khóa' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Email hoặc mật khẩu không đúng');
    expect(path(page)).toBe('/auth/lock-screen');

    await page.getByLabel('Mật khẩu', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Mở khóa' }).click();
    await page.waitForURL((u) => u.pathname === '/transaction');
    expect(Object.keys(await authCookies(ctx)).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    await ctx.close();
  });

  it('speaks English when chosen, in the dark and on a phone: sign in, then lock by address', async () => {
    const ctx = await newContext(browser, { viewport: PHONE, colorScheme: 'dark', locale: 'en-GB' });
    await ctx.addInitScript(() => localStorage.setItem('cargo.lang', 'en'));
    const page = await ctx.newPage();
    await page.goto(server.url + '/auth/login?returnTo=%2Fsetting');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    await screenshot(page, 'auth-login-phone-dark-en');
    // The server's own refusal reads in English too: the client asks for the UI language in Accept-Language.
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Incorrect e-mail or password');
    await expect.poll(() => page.locator('.Toastify__toast--error').first().textContent()).toContain('Incorrect e-mail or password');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/setting');
    await page.locator('#topbar-user').waitFor();

    // Typing the lock screen's address locks too, and remembers the page even across that full reload.
    await page.goto(server.url + '/auth/lock-screen');
    await expect.poll(() => page.getByTestId('lock-email').textContent()).toBe(ADMIN.email);
    await expect.poll(() => page.getByRole('button', { name: 'Unlock' }).count()).toBe(1);
    await screenshot(page, 'auth-lock-screen-phone-dark-en');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL((u) => u.pathname === '/setting');
    await ctx.close();
  });

  it('renews an expired access token without a trip to the login page (open tabs and on return)', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const refreshBodies: string[] = [];
    const statuses: number[] = [];
    ctx.on('request', (req) => {
      if (req.url().endsWith('/api/auth/refresh-token')) refreshBodies.push((req.postDataJSON() as { refreshToken: string }).refreshToken);
    });
    ctx.on('response', (res) => {
      if (res.url().endsWith('/api/auth/refresh-token')) statuses.push(res.status());
    });
    await page.goto(shortServer.url + '/auth/login?returnTo=%2Fdashboard%2Fecommerce');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/dashboard/ecommerce');
    const visited = recordNavigations(page);
    const first = (await authCookies(ctx)).access_token!.value;

    // Two tabs open for longer than a token lives: the token keeps being renewed, once at a time for both.
    const second = await ctx.newPage();
    const visitedSecond = recordNavigations(second);
    await second.goto(shortServer.url + '/mawb');
    await page.waitForTimeout(7_000);
    const renewed = (await authCookies(ctx)).access_token!.value;
    expect(renewed).not.toBe(first);
    expect(Number(decodeJwt(renewed).exp) * 1000).toBeGreaterThan(Date.now());
    expect(path(page)).toBe('/dashboard/ecommerce');
    expect(path(second)).toBe('/mawb');
    expect(refreshBodies.length).toBeGreaterThan(0);
    // A refresh token presented twice would mean two tabs refreshed at once (and risks revoking the family).
    expect(new Set(refreshBodies).size).toBe(refreshBodies.length);
    expect(statuses.every((s) => s === 200)).toBe(true);

    // Every tab closed until the token has expired; coming back renews it before the guard decides.
    await page.close();
    await second.close();
    await new Promise((r) => setTimeout(r, 4_500));
    const expired = (await authCookies(ctx)).access_token!.value;
    expect(Number(decodeJwt(expired).exp) * 1000).toBeLessThan(Date.now());
    const back = await ctx.newPage();
    const visitedBack = recordNavigations(back);
    await back.goto(shortServer.url + '/mawb/42');
    await expect.poll(async () => (await authCookies(ctx)).access_token?.value).not.toBe(expired);
    await back.waitForLoadState('networkidle');
    expect(path(back)).toBe('/mawb/42');
    expect([...visited, ...visitedSecond, ...visitedBack].filter((p) => p.startsWith('/auth/'))).toEqual([]);
    await ctx.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const ctx = await newContext(browser, { viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(server.url + '/auth/login');
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/forget-password');
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByRole('button', { name: 'Gửi liên kết' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/confirm');
    // The e2e server has no mail server: the page says the link is in the outbox an Admin reads, not that it was sent.
    await expect.poll(() => page.getByTestId('confirm-outbox').textContent()).toContain('Cấu hình → Hộp thư đi');
    await screenshot(page, 'auth-confirm-phone-light');

    const linkPattern = /\/auth\/confirm\?token=([A-Za-z0-9_-]+)/;
    const mailed = () => server.mails().join('\n');
    await expect.poll(() => linkPattern.test(mailed())).toBe(true);
    const token = linkPattern.exec(mailed())![1]!;
    await page.goto(server.url + '/auth/confirm?token=' + token);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('short');
    await page.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Lưu mật khẩu mới' }).click();
    await expect.poll(() => page.locator('.invalid-feedback').first().textContent()).toContain('ít nhất 8 ký tự');

    // The same password again keeps the other tests' account as it was; the flow is what is under test.
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill(STAFF.password);
    await page.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill(STAFF.password);
    await page.getByRole('button', { name: 'Lưu mật khẩu mới' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Mật khẩu đã được đổi' }).count()).toBe(1);
    await screenshot(page, 'auth-reset-done-phone-light');

    // The link works once.
    await page.goto(server.url + '/auth/confirm?token=' + token);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Another1pass');
    await page.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill('Another1pass');
    await page.getByRole('button', { name: 'Lưu mật khẩu mới' }).click();
    await expect.poll(() => page.locator('.alert-danger').count()).toBe(1);

    await page.goto(server.url + '/auth/login');
    await fillLogin(page, STAFF.email, STAFF.password);
    await page.waitForURL((u) => u.pathname === '/dashboard/ecommerce');
    await ctx.close();
  });
});
