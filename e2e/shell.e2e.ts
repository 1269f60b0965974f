import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, SCREENSHOT_DIR, screenshot, signIn, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { ADMIN, STAFF, startServer, type E2EServer } from './support/server';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

let server: E2EServer;
let browser: Browser;
const sessions: Partial<Record<'admin' | 'staff', StorageState>> = {};

const LAYOUTS = ['horizontal', 'vertical', 'detached', 'two-column'] as const;

/** A signed-in context: signs in through the real form once per account, then reuses the cookies and storage. */
async function signedInContext(
  who: 'admin' | 'staff',
  opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; layout?: Record<string, unknown> } = {},
): Promise<BrowserContext> {
  if (!sessions[who]) {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
    const page = await ctx.newPage();
    const account = who === 'admin' ? ADMIN : STAFF;
    await signIn(page, server.url, account.email, account.password);
    await page.waitForURL(/\/dashboard\/ecommerce/);
    sessions[who] = await ctx.storageState();
    await ctx.close();
  }
  const ctx = await browser.newContext({
    storageState: sessions[who],
    viewport: opts.viewport ?? DESKTOP,
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    deviceScaleFactor: 1,
  });
  if (opts.layout) {
    // Before any script of the page: what a browser that saved these settings has in its storage.
    await ctx.addInitScript((layout) => localStorage.setItem('cargo.layout', JSON.stringify(layout)), opts.layout);
  }
  return ctx;
}

const attr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);
const heading = (page: Page) => page.locator('main h1').first();

describeE2E('the app shell', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows each of the four layouts in light and dark, on a desktop and on a phone', async () => {
    for (const layoutType of LAYOUTS) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
          const ctx = await signedInContext('admin', { viewport, colorScheme, layout: { layoutType, showSidebarUserInfo: true } });
          const page = await ctx.newPage();
          const { errors } = watchErrors(page);
          await page.goto(server.url + '/dashboard/ecommerce');
          await expect.poll(() => heading(page).textContent()).toBe('Tổng quan kinh doanh');
          expect(await attr(page, 'data-layout')).toBe(layoutType);
          // The OS colour scheme decides until the user picks one.
          expect(await attr(page, 'data-bs-theme')).toBe(colorScheme);
          const name = `shell-${layoutType}-${colorScheme}-${size}`;
          if (size === 'desktop') {
            const menu = page.getByRole('navigation', { name: layoutType === 'two-column' ? 'Các phân hệ' : 'Menu chính' });
            expect(await menu.isVisible()).toBe(true);
            expect(await page.getByRole('button', { name: 'Mở menu' }).isVisible()).toBe(false);
            await screenshot(page, name);
          } else {
            const burger = page.getByRole('button', { name: 'Mở menu' });
            expect(await burger.isVisible()).toBe(true);
            // Nothing may spill sideways on a phone.
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
            await screenshot(page, name);
            await burger.click();
            const drawer = page.getByRole('dialog');
            await drawer.getByRole('link', { name: 'Khách hàng' }).waitFor();
            // Once the slide-in has finished: the drawer sits at the left edge.
            await page.waitForFunction(() => {
              const el = document.querySelector('.mobile-menu.show');
              return !!el && el.getBoundingClientRect().left === 0 && !el.classList.contains('showing');
            });
            await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-menu.png`) });
            await drawer.getByRole('button', { name: 'Phiếu giao hàng' }).click();
            await drawer.getByRole('link', { name: 'Tạo phiếu giao' }).click();
            await page.waitForURL(/\/deliveryslip\/create-delivery-slip$/);
            await expect.poll(() => drawer.isVisible()).toBe(false);
            await expect.poll(() => heading(page).textContent()).toBe('Tạo phiếu giao hàng');
          }
          expect(errors).toEqual([]);
          await ctx.close();
        }
      }
    }
  });

  it('condensed and compact sidebars, dark chrome and the horizontal dropdowns', async () => {
    const condensed = await signedInContext('admin', {
      layout: { layoutType: 'vertical', leftSideBarType: 'condensed', leftSideBarTheme: 'dark', topbarTheme: 'dark', showSidebarUserInfo: true },
    });
    let page = await condensed.newPage();
    await page.goto(server.url + '/tracking/search');
    await heading(page).waitFor();
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    // Hover shows the group's links beside the icon; the keyboard opens the same flyout.
    await menu.getByRole('button', { name: 'Phiếu giao hàng' }).hover();
    const flyoutLink = menu.getByRole('link', { name: 'Tạo phiếu hàng loạt' });
    await flyoutLink.waitFor();
    await screenshot(page, 'shell-vertical-condensed-flyout');
    await page.mouse.move(900, 600);
    await expect.poll(() => flyoutLink.isVisible()).toBe(false);
    const tracking = menu.getByRole('button', { name: 'Kiện hàng' });
    await tracking.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Tra cứu kiện hàng');
    expect(await menu.getByRole('link', { name: 'Tra cứu kiện hàng' }).getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');
    expect(await tracking.getAttribute('aria-expanded')).toBe('false');
    await condensed.close();

    const compact = await signedInContext('admin', { layout: { layoutType: 'detached', leftSideBarType: 'compact' } });
    page = await compact.newPage();
    await page.goto(server.url + '/order');
    await heading(page).waitFor();
    const width = await page.locator('.app-sidebar').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThan(200);
    await screenshot(page, 'shell-detached-compact');
    await compact.close();

    const horizontal = await signedInContext('admin', { colorScheme: 'dark', layout: { leftSideBarTheme: 'dark', topbarTheme: 'dark' } });
    page = await horizontal.newPage();
    await page.goto(server.url + '/deliveryslip/vote-confirm');
    await heading(page).waitFor();
    await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('button', { name: 'Phiếu giao hàng' }).click();
    await page.getByRole('link', { name: 'Xác nhận phiếu' }).waitFor();
    await screenshot(page, 'shell-horizontal-dropdown-dark');
    await horizontal.close();
  });

  it('the settings panel changes the layout live, remembers it across a reload, and resets', async () => {
    const ctx = await signedInContext('admin');
    const page = await ctx.newPage();
    await page.goto(server.url + '/mawb');
    await expect.poll(() => heading(page).textContent()).toBe('Danh sách vận đơn chủ');
    expect(await attr(page, 'data-layout')).toBe('horizontal');

    const toggle = page.getByRole('button', { name: 'Tùy chỉnh giao diện' });
    await toggle.click();
    const panel = page.getByRole('dialog', { name: 'Tùy chỉnh giao diện' });
    await panel.waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('right-bar-enabled'))).toBe(true);

    await panel.getByText('Thanh bên dọc', { exact: true }).click();
    await expect.poll(() => attr(page, 'data-layout')).toBe('vertical');
    expect(await page.locator('.app-sidebar').isVisible()).toBe(true);

    const positionOf = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).position);
    expect(await positionOf('.app-sidebar')).toBe('sticky');
    await panel.getByText('Cuộn theo trang', { exact: true }).click();
    await expect.poll(() => attr(page, 'data-menu-position')).toBe('scrollable');
    expect(await positionOf('.app-sidebar')).not.toBe('sticky');
    expect(await positionOf('.app-topbar')).not.toBe('sticky');
    await panel.getByText('Cố định', { exact: true }).click();
    await expect.poll(() => positionOf('.app-topbar')).toBe('sticky');

    await panel.getByText('Đóng khung', { exact: true }).click();
    await expect.poll(() => attr(page, 'data-layout-width')).toBe('boxed');
    expect(await attr(page, 'data-sidebar-size')).toBe('condensed');
    expect(await panel.getByRole('radio', { name: 'Thu gọn' }).isChecked()).toBe(true);
    const width = await page.locator('.app-shell').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(1320);

    for (const group of ['Màu thanh bên', 'Màu thanh trên cùng', 'Chế độ màu']) {
      await panel.getByRole('group', { name: group }).getByText('Tối').click();
      expect(await panel.getByRole('group', { name: group }).getByRole('radio', { name: 'Tối' }).isChecked(), group).toBe(true);
    }
    await expect.poll(() => attr(page, 'data-bs-theme')).toBe('dark');
    expect(await attr(page, 'data-topbar')).toBe('dark');
    expect(await attr(page, 'data-sidebar')).toBe('dark');
    await page.mouse.move(0, 0);
    await screenshot(page, 'shell-settings-panel');

    await panel.getByRole('button', { name: 'Đóng bảng tùy chỉnh' }).click();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('right-bar-enabled'))).toBe(false);
    await panel.waitFor({ state: 'hidden' });
    await screenshot(page, 'shell-vertical-boxed-dark');

    // Applied before first paint: the attributes are right when the document is parsed, before React runs.
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement?.hasAttribute('data-layout') === true);
    expect(await attr(page, 'data-layout')).toBe('vertical');
    expect(await attr(page, 'data-layout-width')).toBe('boxed');
    expect(await attr(page, 'data-bs-theme')).toBe('dark');
    expect(await attr(page, 'data-topbar')).toBe('dark');
    await expect.poll(() => heading(page).textContent()).toBe('Danh sách vận đơn chủ');

    await toggle.click();
    await panel.getByRole('button', { name: 'Khôi phục mặc định' }).click();
    await expect.poll(() => attr(page, 'data-layout')).toBe('horizontal');
    expect(await attr(page, 'data-layout-width')).toBe('fluid');
    expect(await attr(page, 'data-sidebar-size')).toBe('default');
    expect(await attr(page, 'data-topbar')).toBe('light');
    expect(await attr(page, 'data-bs-theme')).toBe('light');
    await ctx.close();
  });

  it('opens every menu entry to a real screen with the entry highlighted', async () => {
    const ctx = await signedInContext('admin', { layout: { layoutType: 'vertical' } });
    const page = await ctx.newPage();
    const { errors } = watchErrors(page);
    await page.goto(server.url + '/dashboard/ecommerce');
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    await menu.waitFor();
    const entries: Array<[string, string[]?]> = [
      ['Tổng quan', ['Kinh doanh', 'Phân tích']],
      ['Vận đơn chủ (MAWB)'],
      ['Kiện hàng', ['Danh sách kiện hàng', 'Tra cứu kiện hàng']],
      ['Phiếu giao hàng', ['Danh sách phiếu', 'Tạo phiếu giao', 'Tạo phiếu hàng loạt', 'In phiếu giao', 'Xác nhận phiếu']],
      ['Đơn hàng'],
      ['Khách hàng'],
      ['Nhân viên'],
      ['Giao dịch', ['Sổ giao dịch ví', 'Chuyển khoản ngân hàng']],
      ['Cài đặt'],
    ];
    let visited = 0;
    for (const [label, children] of entries) {
      const links: string[] = children ?? [label];
      for (const child of links) {
        if (children) {
          const group = menu.getByRole('button', { name: label, exact: true });
          if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        }
        // A link may carry a count beside its label (unmatched bank transfers): the label starts its name.
        const link = menu.getByRole('link', { name: new RegExp(`^${child.replace(/[()]/g, '\\$&')}(\\s+\\d+\\+?)?$`) });
        await link.click();
        await expect.poll(() => link.getAttribute('aria-current'), { message: child }).toBe('page');
        await expect.poll(async () => (await heading(page).textContent())?.trim().length ?? 0, { message: child }).toBeGreaterThan(0);
        // A real screen or an honest "being built" one, never blank and never an error screen (once it has loaded:
        // a screen may show its loading state first).
        await expect.poll(async () => (await page.locator('main').innerText()).trim().length, { message: child }).toBeGreaterThan(20);
        const text = await page.locator('main').innerText();
        expect(text, child).not.toMatch(/Không tải được trang|Hệ thống đang gặp sự cố|Không tìm thấy trang/);
        visited++;
      }
    }
    expect(visited).toBe(16);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('keyboard: skip link, menu dropdowns and the topbar search', async () => {
    const ctx = await signedInContext('admin');
    const page = await ctx.newPage();
    await page.goto(server.url + '/dashboard/ecommerce');
    await heading(page).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bỏ qua, đến nội dung chính');
    const tracking = page.getByRole('navigation', { name: 'Menu chính' }).getByRole('button', { name: 'Kiện hàng' });
    await tracking.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tracking\/search$/);
    await expect.poll(() => tracking.getAttribute('class')).toContain('active');

    const search = page.getByRole('searchbox', { name: /Tìm mã vận đơn, MAWB/ });
    await search.fill('176-12345675');
    await search.press('Enter');
    await page.waitForURL(/\/tracking\/search\?q=176-12345675$/);
    // The tracking search opens with the text in its scan box.
    await expect.poll(() => page.locator('main textarea').first().inputValue()).toBe('176-12345675');

    // A MAWB number (typed without its dash) and a customer code open their records.
    const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const first = async <T,>(path: string) =>
      ((await (await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: T[] }).items[0]!;
    const mawb = await first<{ id: number; awbNumber: string }>('/api/mawbs?pageSize=1');
    await search.fill(mawb.awbNumber.replace('-', ''));
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/mawb/${mawb.id}$`));
    const customer = await first<{ id: number; code: string }>('/api/customers?pageSize=1');
    await search.fill(customer.code.toLowerCase());
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/customer/${customer.id}$`));

    // A person's name, typed with or without its accents, searches the customers and lists them: never the package
    // search, which split "Nguyễn Thu Quỳnh" into three codes and offered to receive them as new parcels.
    const made = await fetch(server.url + '/api/customers', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Nguyễn Thu Quỳnh', phone: `09${String(Date.now()).slice(-8)}`, province: 'Hà Nội' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const quynh = (await made.json()) as { id: number; code: string };
    for (const name of ['Nguyễn Thu Quỳnh', 'nguyen thu quynh']) {
      await search.fill(name);
      await search.press('Enter');
      await page.waitForURL((u) => u.pathname === '/customer' && u.searchParams.get('q') === name);
      await page.getByRole('row', { name: new RegExp(quynh.code) }).waitFor();
      expect(await page.getByRole('row', { name: new RegExp(quynh.code) }).innerText()).toContain('Nguyễn Thu Quỳnh');
      // The list's box follows the address after React commits the navigation, which can be a frame after the URL.
      await expect.poll(() => page.getByRole('searchbox', { name: 'Tìm khách hàng' }).inputValue()).toBe(name);
    }
    await screenshot(page, 'shell-search-name-desktop-light');

    // A malformed record id in the address is a page that does not exist, not a server message about a parameter.
    await page.goto(server.url + '/order/abc');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/Tham số|không hợp lệ/);
    await ctx.close();
  });

  it('switches the language of the whole shell and remembers it', async () => {
    const ctx = await signedInContext('admin');
    const page = await ctx.newPage();
    await page.goto(server.url + '/dashboard/analytics');
    await expect.poll(() => heading(page).textContent()).toBe('Phân tích vận hành');
    await page.getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Operations analytics');
    expect(await attr(page, 'lang')).toBe('en');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('button', { name: 'Delivery slips' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Master AWB' }).count()).toBe(1);
    expect(await page.title()).toBe('Operations analytics · Cargo Console');
    await screenshot(page, 'shell-english');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Operations analytics');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Phân tích vận hành');
    expect(await attr(page, 'lang')).toBe('vi');
    await ctx.close();
  });

  it('keeps the horizontal menu on one line on every desktop width, in Vietnamese and in English', async () => {
    const rows: string[] = [];
    for (const lang of ['vi', 'en']) {
      const ctx = await signedInContext('admin');
      await ctx.addInitScript((l) => localStorage.setItem('cargo.lang', l), lang);
      const page = await ctx.newPage();
      await page.goto(server.url + '/customer');
      const menu = page.locator('.topnav-menu');
      await menu.waitFor();
      for (const width of [992, 1024, 1152, 1280, 1366, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        // One line: every entry's top edge is the first entry's.
        const tops = await menu.locator(':scope > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
        if (new Set(tops).size !== 1) rows.push(`${lang} ${width}px: entries on ${new Set(tops).size} lines`);
        if (width === 1280) await screenshot(page, `shell-horizontal-1280-${lang}`);
      }
      await ctx.close();
    }
    expect(rows).toEqual([]);
  });

  it('shows the 404 screen for an unknown path, and /error-404 and /error-500', async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN' });
    const page = await ctx.newPage();
    await page.goto(server.url + '/khong-co-trang-nay');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('/khong-co-trang-nay');
    expect(await page.title()).toBe('Không tìm thấy trang · Cargo Console');
    await screenshot(page, 'shell-404');
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await page.waitForURL(server.url + '/');

    await page.goto(server.url + '/error-404');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await page.goto(server.url + '/error-500');
    await page.getByRole('heading', { name: 'Something went wrong on our side' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload page' }).count()).toBe(1);
    await screenshot(page, 'shell-500');
    await ctx.close();
  });

  it('shows the landing page without a login, with sign-in and a tracking box', async () => {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const ctx = await browser.newContext({ viewport, colorScheme, locale: 'vi-VN' });
        const page = await ctx.newPage();
        const { errors } = watchErrors(page);
        await page.goto(server.url + '/');
        await page.getByRole('heading', { level: 1, name: 'Tra cứu kiện hàng' }).waitFor();
        expect(page.url()).toBe(server.url + '/');
        await screenshot(page, `shell-landing-${colorScheme}-${size}`);
        expect(errors).toEqual([]);
        await ctx.close();
      }
    }
    // The tracking box itself is public tracking's (public-tracking.e2e.ts); staff find their way in from here.
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN' });
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    await page.getByLabel('Mã vận đơn, mã kiện hoặc mã phiếu giao').waitFor();
    await page.getByRole('link', { name: /đăng nhập/i }).first().click();
    await page.waitForURL(/\/auth\/login$/);
    await ctx.close();
  });

  it('Staff sees only the dashboards in the menu', async () => {
    const ctx = await signedInContext('staff', { layout: { layoutType: 'vertical' } });
    const page = await ctx.newPage();
    await page.goto(server.url + '/dashboard/ecommerce');
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    await menu.waitFor();
    expect(await menu.getByRole('button').allTextContents()).toEqual(['Tổng quan']);
    expect(await menu.getByRole('link').count()).toBe(2);
    await expect.poll(() => page.locator('main').innerText()).toContain('Tài khoản nhân viên chỉ xem được trang tổng quan');
    await ctx.close();
  });

  it('a screen whose code fails to load says so and offers a reload; a new deployment reloads once by itself', async () => {
    const ctx = await signedInContext('admin');
    const page = await ctx.newPage();
    // Whatever the dashboard needed loads; every other script chunk fails, like a flaky network would.
    const seen = new Set<string>();
    page.on('response', (res) => seen.add(res.url()));
    await page.goto(server.url + '/dashboard/ecommerce');
    await heading(page).waitFor();
    await page.waitForLoadState('networkidle');
    await page.route(/\/assets\/[^/]+\.js$/, (route) => (seen.has(route.request().url()) ? route.continue() : route.abort()));
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    await menu.getByRole('link', { name: 'Khách hàng' }).click();
    await page.getByRole('heading', { name: 'Không tải được trang' }).waitFor();
    expect(await page.getByRole('button', { name: 'Tải lại trang' }).count()).toBe(1);
    // Inside the layout: the menu is still there.
    expect(await page.getByRole('navigation', { name: 'Menu chính' }).isVisible()).toBe(true);
    await screenshot(page, 'shell-chunk-failed');

    // Now the server "has a new version": the app notices and reloads once, but not in a loop.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        if (route.request().resourceType() !== 'fetch') return route.continue();
        const res = await route.fetch();
        const html = (await res.text()).replace(/\/assets\/index-[^"]+\.js/, '/assets/index-NEWVERSION.js');
        await route.fulfill({ response: res, body: html });
      },
    );
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(server.url + '/dashboard/ecommerce');
    await heading(page).waitFor();
    loads = 0;
    await menu.getByRole('link', { name: 'Nhân viên' }).click();
    await page.waitForEvent('load');
    await page.getByRole('heading', { name: 'Không tải được trang' }).waitFor();
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('cargo.chunkReloadAt'))).not.toBeNull();
    await ctx.close();
  });
});
