import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, type AnalyticsDashboard, type EcommerceDashboard } from '../src/shared/contracts/dashboard';
import { axeViolations, describeViolations } from './support/axe';
import { PHONE, screenshot, signIn, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { ADMIN, STAFF } from './support/server';
import { openSuite, serious, type Suite } from './support/suite';

/**
 * The two dashboards on the demo data, as an ops manager uses them: both in light and dark, on a desktop (1280 px)
 * and a phone, in Vietnamese and English, as Admin and as Staff (screenshots in screenshots/dashboard-*); every chart
 * drawn; no axe-core (WCAG 2.1 AA) violation, table views open; the figures those of the API; a card, a bucket, a table row and a chart slice each open the list of exactly
 * their records (its total is the figure, the filters no control shows named above it); Staff gets the figures without links; a custom period; the XLSX report in
 * the UI's language; a refresh on focus and every minute that keeps the figures on screen while it loads.
 */

const DESKTOP = { width: 1280, height: 900 };
type Who = 'admin' | 'staff';
type Lang = 'vi' | 'en';

let suite: Suite;
let browser: Browser;
const sessions: Partial<Record<Who, Awaited<ReturnType<BrowserContext['storageState']>>>> = {};

/** Today in Vietnam and the default period (30 days), as the screen computes them. */
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const thirtyDays = { from: addDays(today, -29), to: today };
const dayLabel = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** A context signed in through the real form once per account, then from its saved storage. */
async function open(who: Who, opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; lang?: Lang } = {}) {
  if (!sessions[who]) {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
    const page = await ctx.newPage();
    const account = who === 'admin' ? ADMIN : STAFF;
    await signIn(page, suite.baseUrl, account.email, account.password);
    await page.waitForURL(/\/dashboard\/ecommerce/, { timeout: 30_000 });
    sessions[who] = await ctx.storageState();
    await ctx.close();
  }
  const ctx = await browser.newContext({
    storageState: sessions[who],
    viewport: opts.viewport ?? DESKTOP,
    colorScheme: opts.colorScheme ?? 'light',
    locale: opts.lang === 'en' ? 'en-US' : 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    deviceScaleFactor: 1,
    acceptDownloads: true,
  });
  await ctx.addInitScript((l) => localStorage.setItem('cargo.lang', l), opts.lang ?? 'vi');
  const page = await ctx.newPage();
  const { errors } = watchErrors(page);
  return { ctx, page, errors };
}

const TITLES = {
  ecommerce: { vi: 'Tổng quan kinh doanh', en: 'Ecommerce dashboard' },
  analytics: { vi: 'Phân tích vận hành', en: 'Operations analytics' },
} as const;

/** Opens a dashboard and waits for its figures and charts. */
async function openDashboard(page: Page, kind: 'ecommerce' | 'analytics', lang: Lang = 'vi', query = '') {
  await page.goto(`${suite.baseUrl}/dashboard/${kind}${query}`);
  await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 30_000 }).toBe(TITLES[kind][lang]);
  await page.locator('.dash-stat').first().waitFor();
  await page.locator('.dash canvas').first().waitFor();
  // The charts animate in; the screenshots and pixel checks want them drawn.
  await page.waitForTimeout(1200);
}

/** Per chart canvas, how many sampled pixels are painted (0: an empty chart). */
const paintedPixels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>('.dash canvas')].map((c) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4 * 53) if (data[i]! > 0) n++;
      return n;
    }),
  );

/** The total a list screen shows ("1–25 trên tổng 38" → 38). */
async function listTotal(page: Page): Promise<number> {
  const range = page.getByTestId('dt-range');
  await range.waitFor({ timeout: 30_000 });
  await expect.poll(async () => /(trên tổng|of) ≈? ?[\d.,]+/.test((await range.textContent()) ?? ''), { timeout: 30_000 }).toBe(true);
  const text = (await range.textContent())!;
  return Number(/(?:trên tổng|of) ≈? ?([\d.,]+)/.exec(text)![1]!.replace(/[.,]/g, ''));
}

/** The screen a list API link opens, as the dashboards build it (links.ts). */
const SCREENS: Record<string, string> = { packages: '/tracking', orders: '/order', customers: '/customer', transactions: '/transaction', mawbs: '/mawb', 'delivery-slips': '/deliveryslip' };
function screenOf(apiLink: string): string {
  const m = /^\/api\/([a-z-]+)(\?.*)?$/.exec(apiLink)!;
  return `${SCREENS[m[1]!]}${m[2] ?? ''}`;
}
const sameUrl = (a: string, b: string) => decodeURIComponent(a) === decodeURIComponent(b);

/** A URL without the given query parameters, decoded, for comparing. */
function withoutParams(url: string, ignore: string[]): string {
  const u = new URL(url, 'http://x');
  for (const p of ignore) u.searchParams.delete(p);
  return decodeURIComponent(u.pathname + u.search);
}

/**
 * Clicks the link on the page that opens `apiLink`'s screen (opening the card's table view first when the link is in
 * one), checks the list there shows `count` records (`'shown'`: the number the link itself shows), and comes back.
 * `ignore`: parameters that move with the clock (an ageing cut-off is "now − 3 days" at each refresh).
 */
async function followLink(page: Page, apiLink: string, count: number | 'shown', opts: { table?: string; ignore?: string[]; chips?: RegExp[]; axe?: boolean } = {}) {
  const back = page.url();
  if (opts.table) await page.locator('section.card', { has: page.getByRole('heading', { name: opts.table, exact: true }) }).getByRole('button', { name: /Bảng số liệu|Data table/ }).click();
  const target = withoutParams(screenOf(apiLink), opts.ignore ?? []);
  const found = await page.evaluate(
    ([want, ignore]) => {
      const strip = (href: string) => {
        const u = new URL(href, 'http://x');
        for (const p of ignore!.split(',')) if (p) u.searchParams.delete(p);
        return decodeURIComponent(u.pathname + u.search);
      };
      const a = [...document.querySelectorAll<HTMLAnchorElement>('main a')].find((x) => strip(x.getAttribute('href') ?? '') === want);
      a?.setAttribute('data-e2e-target', '1');
      return a ? { href: a.getAttribute('href')!, text: a.textContent ?? '' } : null;
    },
    [target, (opts.ignore ?? []).join(',')] as const,
  );
  expect(found, `a link to ${target} on ${back}`).not.toBeNull();
  const expected = count === 'shown' ? Number(found!.text.replace(/\D/g, '')) : count;
  await page.locator('[data-e2e-target="1"]').first().click();
  await page.waitForURL((u) => sameUrl(u.pathname + u.search, found!.href));
  expect(await listTotal(page), found!.href).toBe(expected);
  // What the list is narrowed to and no control shows is named above it.
  if (opts.chips) {
    const chips = await page.getByRole('list', { name: 'Các bộ lọc khác đang áp dụng' }).getByRole('listitem').allTextContents();
    for (const chip of opts.chips) expect(chips.some((c) => chip.test(c)), `${chip} among ${chips.join(' | ')}`).toBe(true);
  }
  if (opts.axe) expect(describeViolations(await axeViolations(page)), found!.href).toBe('');
  await page.goto(back);
  await page.locator('.dash-stat').first().waitFor();
}

describeE2E('the dashboards', () => {
  beforeAll(async () => {
    suite = await openSuite();
    browser = suite.browser;
  });
  afterAll(() => suite?.close());

  // One test per look (each opens both dashboards), so a busy machine's slow look cannot use up another's time.
  const shots: Array<[Who, 'light' | 'dark', 'desktop' | 'phone', Lang]> = [];
  for (const scheme of ['light', 'dark'] as const) for (const size of ['desktop', 'phone'] as const) for (const lang of ['vi', 'en'] as const) shots.push(['admin', scheme, size, lang]);
  shots.push(['staff', 'light', 'desktop', 'vi'], ['staff', 'dark', 'phone', 'en']);
  it.each(shots)('both dashboards as %s, %s, %s, %s: drawn, the demo figures, nothing spilling, axe', async (who, colorScheme, size, lang) => {
    const figures = await suite.api<EcommerceDashboard>(`/api/dashboard/ecommerce?from=${thirtyDays.from}&to=${thirtyDays.to}`);
    {
      const { ctx, page, errors } = await open(who, { viewport: size === 'phone' ? PHONE : DESKTOP, colorScheme, lang });
      for (const kind of ['ecommerce', 'analytics'] as const) {
        await openDashboard(page, kind, lang);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(colorScheme);
        // Every chart is drawn (none left blank by a missing chart type or a zero-sized box).
        const painted = await paintedPixels(page);
        expect(painted.length, `${kind} charts`).toBeGreaterThanOrEqual(kind === 'ecommerce' ? 3 : 6);
        expect(painted.filter((n) => n < 20), `${kind}: blank charts`).toEqual([]);
        if (size === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing spills sideways on a phone').toBeLessThanOrEqual(PHONE.width);
        if (kind === 'ecommerce') {
          // The demo data's own figures, as the API counts them, in the UI's number format.
          const orders = page.locator('.dash-stat', { hasText: lang === 'vi' ? 'Đơn hàng mới' : 'Orders placed' }).locator('.dash-stat-value');
          expect(await orders.textContent()).toBe(new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(figures.cards.ordersPlaced.value));
        }
        await screenshot(page, `dashboard-${kind}-${who}-${colorScheme}-${size}-${lang}`);
        // WCAG 2.1 AA (contrast included) on the figures, the legends and the table views.
        if (lang === 'vi') {
          for (const button of await page.getByRole('button', { name: 'Bảng số liệu' }).all()) await button.click();
          const found = await axeViolations(page);
          expect(describeViolations(found), `${kind}, ${who}, ${colorScheme}, ${size}`).toBe('');
        }
      }
      expect(serious(errors)).toEqual([]);
      await ctx.close();
    }
  });

  it('Admin: cards, buckets, table rows and warehouses open the list of exactly their records', async () => {
    const shop = await suite.api<EcommerceDashboard>(`/api/dashboard/ecommerce?from=${thirtyDays.from}&to=${thirtyDays.to}`);
    const ops = await suite.api<AnalyticsDashboard>(`/api/dashboard/analytics?from=${thirtyDays.from}&to=${thirtyDays.to}`);
    const { ctx, page, errors } = await open('admin');
    await openDashboard(page, 'ecommerce');
    await followLink(page, shop.cards.newCustomers.link!, shop.cards.newCustomers.value);
    await followLink(page, shop.revenueSources.slips.link!, shop.revenueSources.slips.count);
    const bucket = shop.receivables.buckets.find((b) => b.count > 0)!;
    await followLink(page, bucket.link!, bucket.count, { chips: [/^Số dư: ≤ -1$/, /^Bắt đầu nợ: /], axe: true });
    const top = shop.topCustomers.find((c) => c.count > 0)!;
    await followLink(page, top.link!, top.count);
    await followLink(page, shop.revenueByRoute[0]!.link!, shop.revenueByRoute[0]!.packages, {
      table: 'Doanh thu theo tuyến bay',
      chips: [new RegExp(`^Tuyến bay: ${shop.revenueByRoute[0]!.route}$`), /^Trên phiếu giao đã giao: \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/],
      axe: true,
    });

    await openDashboard(page, 'analytics');
    await followLink(page, ops.cards.firstAttemptRate.attempts.link!, ops.cards.firstAttemptRate.attempts.count, { chips: [/^Lần giao đầu tiên: Có$/] });
    const warehouse = ops.ageing.abroadNotOnMawb.byStore[0]!;
    await followLink(page, warehouse.link!, 'shown', { ignore: ['statusAtTo'] });
    await followLink(page, ops.ageing.codNotReconciled.link!, ops.ageing.codNotReconciled.count);
    const day = ops.flowByDay.findLast((d) => d.departed > 0)!;
    await followLink(page, day.links.departed!, day.departed, { table: 'Luồng kiện hàng theo ngày' });
    await followLink(page, ops.transitByRoute[0]!.link!, ops.transitByRoute[0]!.packages, { table: 'Thời gian vận chuyển (nhận ở nước ngoài → giao)' });
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('Admin: a slice of the orders donut opens the orders of that status; Staff sees the same figures and no way into Admin screens', async () => {
    const shop = await suite.api<EcommerceDashboard>(`/api/dashboard/ecommerce?from=${thirtyDays.from}&to=${thirtyDays.to}`);
    const clickDonut = async (page: Page) => {
      const canvas = page.locator('section.card', { has: page.getByRole('heading', { name: 'Đơn hàng theo trạng thái' }) }).locator('canvas');
      const box = (await canvas.boundingBox())!;
      // The first (largest) slice starts at 12 o'clock and runs clockwise: a point on the ring at 1:30.
      const r = (Math.min(box.width, box.height) / 2) * 0.6;
      await canvas.click({ position: { x: box.width / 2 + r * Math.SQRT1_2, y: box.height / 2 - r * Math.SQRT1_2 } });
    };
    const admin = await open('admin');
    await openDashboard(admin.page, 'ecommerce');
    await clickDonut(admin.page);
    await admin.page.waitForURL(/\/order\?/);
    const status = new URL(admin.page.url()).searchParams.get('status');
    expect(status).toBe(shop.ordersByStatus[0]!.key);
    expect(await listTotal(admin.page)).toBe(shop.ordersByStatus[0]!.count);
    await admin.ctx.close();

    const staff = await open('staff');
    for (const kind of ['ecommerce', 'analytics'] as const) {
      await openDashboard(staff.page, kind);
      const hrefs = await staff.page.evaluate(() => [...document.querySelectorAll('main a')].map((a) => a.getAttribute('href')));
      expect(hrefs.filter((h) => !h?.startsWith('/dashboard')), `${kind}: links Staff may not follow`).toEqual([]);
    }
    await openDashboard(staff.page, 'ecommerce');
    const orders = staff.page.locator('.dash-stat', { hasText: 'Đơn hàng mới' }).locator('.dash-stat-value');
    expect(await orders.textContent()).toBe(new Intl.NumberFormat('vi-VN').format(shop.cards.ordersPlaced.value));
    await clickDonut(staff.page);
    await staff.page.waitForTimeout(500);
    expect(new URL(staff.page.url()).pathname).toBe('/dashboard/ecommerce');
    expect(serious(staff.errors)).toEqual([]);
    await staff.ctx.close();
  });

  it('a custom period: the figures of those days, kept in the URL', async () => {
    const period = { from: addDays(today, -75), to: addDays(today, -46) };
    const shop = await suite.api<EcommerceDashboard>(`/api/dashboard/ecommerce?from=${period.from}&to=${period.to}`);
    const { ctx, page, errors } = await open('admin');
    await openDashboard(page, 'ecommerce');
    await page.getByRole('button', { name: 'Tùy chọn' }).click();
    // The one date input: typed as Vietnam writes a day.
    await page.getByLabel('Từ ngày').fill(dayLabel(period.from));
    await page.getByLabel('Đến ngày').fill(dayLabel(period.to));
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await page.waitForURL((u) => u.searchParams.get('from') === period.from && u.searchParams.get('to') === period.to);
    await expect.poll(() => page.locator('main').textContent()).toContain(`${dayLabel(period.from)} – ${dayLabel(period.to)}`);
    const orders = page.locator('.dash-stat', { hasText: 'Đơn hàng mới' }).locator('.dash-stat-value');
    await expect.poll(() => orders.textContent()).toBe(new Intl.NumberFormat('vi-VN').format(shop.cards.ordersPlaced.value));
    // Compared with the 30 days before it.
    const prev = shop.previousPeriod;
    expect(await page.locator('.dash-stat', { hasText: 'Đơn hàng mới' }).textContent()).toContain(`${dayLabel(prev.from)} – ${dayLabel(prev.to)}`);
    await page.reload();
    await expect.poll(() => orders.textContent()).toBe(new Intl.NumberFormat('vi-VN').format(shop.cards.ordersPlaced.value));
    await screenshot(page, 'dashboard-ecommerce-custom-period');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('exports the period\'s figures as XLSX in the UI\'s language', async () => {
    for (const lang of ['vi', 'en'] as const) {
      const { ctx, page } = await open('admin', { lang });
      for (const kind of ['ecommerce', 'analytics'] as const) {
        await openDashboard(page, kind, lang);
        const figures = await suite.api<EcommerceDashboard & AnalyticsDashboard>(`/api/dashboard/${kind}?from=${thirtyDays.from}&to=${thirtyDays.to}`);
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: lang === 'vi' ? 'Xuất Excel' : 'Export to Excel' }).click()]);
        expect(download.suggestedFilename()).toBe(`${{ ecommerce: { vi: 'Tổng quan kinh doanh', en: 'Business overview' }, analytics: { vi: 'Phân tích vận hành', en: 'Operations analytics' } }[kind][lang]} ${thirtyDays.from}_${thirtyDays.to}.xlsx`);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
        const summary = wb.getWorksheet(lang === 'vi' ? 'Tổng hợp' : 'Summary')!;
        expect(String(summary.getCell('B1').value)).toContain(`(${dayLabel(thirtyDays.from)} – ${dayLabel(thirtyDays.to)})`);
        const first = kind === 'ecommerce' ? figures.cards.revenue : figures.cards.delivered;
        expect(summary.getCell('A2').value).toBe({ ecommerce: { vi: 'Doanh thu (₫)', en: 'Revenue (₫)' }, analytics: { vi: 'Kiện đã giao', en: 'Packages delivered' } }[kind][lang]);
        expect(summary.getCell('B2').value).toBe(first.value);
        expect(summary.getCell('C2').value).toBe(first.previous);
      }
      await ctx.close();
    }
  });

  it('refreshes on focus and every minute, keeping the figures on screen while it loads', async () => {
    const { ctx, page, errors } = await open('admin');
    await page.clock.install();
    let requests = 0;
    let delay = 0;
    await page.route(/\/api\/dashboard\/analytics\?/, async (route) => {
      requests++;
      if (delay) await new Promise((r) => setTimeout(r, delay));
      await route.continue();
    });
    await openDashboard(page, 'analytics');
    const first = requests;
    expect(first).toBeGreaterThan(0);
    const delivered = page.locator('.dash-stat', { hasText: 'Kiện đã giao' }).locator('.dash-stat-value');
    const shown = await delivered.textContent();

    // Back to the tab: a new request, and the cards stay while it is slow.
    delay = 1500;
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => requests).toBe(first + 1);
    expect(await page.getByText('Đang cập nhật…').count()).toBeGreaterThan(0);
    expect(await delivered.textContent()).toBe(shown);
    expect(await page.locator('.dash canvas').count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.getByText('Đang cập nhật…').count(), { timeout: 10_000 }).toBe(0);

    // A minute later, again by itself.
    delay = 0;
    await page.clock.fastForward(61_000);
    await expect.poll(() => requests, { timeout: 10_000 }).toBe(first + 2);
    expect(await delivered.textContent()).toBe(shown);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });
});
