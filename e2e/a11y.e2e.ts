import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe';
import { DESKTOP, newContext, PHONE } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, SCHEMES, type Suite } from './support/suite';

/**
 * WCAG 2.1 A and AA with axe-core on every kind of screen, light and dark: landmarks, labelled controls, names of
 * buttons and links, ARIA use, keyboard-reachable scrollers and colour contrast (4.5:1 text, 3:1 large text).
 * Every screen at desktop width; a list, a detail and a form of each section on a phone; the four layout types.
 */

let suite: Suite;
const firstId = async (resource: string) => (await suite.api<{ items: Array<{ id: number }> }>(`/api/${resource}?pageSize=1`)).items[0]!.id;

async function audit(page: Page, path: string, where: string, problems: string[]) {
  await page.goto(suite.baseUrl + path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const found = await axeViolations(page);
  if (found.length) problems.push(`${path} — ${where}\n${describeViolations(found)}`);
}

describeE2E('accessibility (axe-core, WCAG 2.1 AA)', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(() => suite?.close());

  it('public screens: landing, sign-in, forgotten password, 404', async () => {
    const problems: string[] = [];
    for (const colorScheme of SCHEMES) {
      for (const viewport of [DESKTOP, PHONE]) {
        const ctx = await newContext(suite.browser, { viewport, colorScheme });
        const page = await ctx.newPage();
        for (const path of ['/', '/auth/login', '/auth/forget-password', '/khong-co-trang-nay']) {
          await audit(page, path, `${colorScheme}, ${viewport.width}px`, problems);
        }
        await ctx.close();
      }
    }
    expect(problems.join('\n\n')).toBe('');
  });

  // One test per colour scheme and width, so each stays well inside the per-test time limit on a busy machine.
  const screens = async () => {
    const [customer, employee, pkg, mawb, order, transaction] = await Promise.all(
      ['customers', 'employees', 'packages', 'mawbs', 'orders', 'transactions'].map(firstId),
    );
    const phone = ['/customer', `/customer/edit/${customer}`, `/tracking/${pkg}`, '/tracking/search', `/mawb/${mawb}`, `/order/${order}`, '/transaction'];
    const desktop = [
      ...phone,
      '/dashboard/ecommerce',
      `/customer/${customer}`,
      '/customer/create',
      '/customer/infor-user',
      '/employee',
      `/employee/${employee}`,
      '/tracking',
      `/tracking/edit/${pkg}`,
      '/mawb',
      '/order',
      `/order/edit/${order}`,
      `/transaction/${transaction}`,
    ];
    return { desktop, phone };
  };

  it.each([
    ['light', 'desktop'],
    ['dark', 'desktop'],
    ['light', 'phone'],
    ['dark', 'phone'],
  ] as const)('the console, %s, %s: every section (a list, a detail and a form of each on a phone)', async (colorScheme, size) => {
    const paths = (await screens())[size];
    const viewport = size === 'desktop' ? DESKTOP : PHONE;
    const problems: string[] = [];
    const { ctx, page } = await suite.signedInPage({ viewport, colorScheme });
    for (const path of paths) await audit(page, path, `${colorScheme}, ${viewport.width}px`, problems);
    await ctx.close();
    expect(problems.join('\n\n')).toBe('');
  });

  it('the other layout types with dark chrome: vertical, detached, two-column', async () => {
    const problems: string[] = [];
    for (const layoutType of ['vertical', 'detached', 'two-column']) {
      for (const colorScheme of SCHEMES) {
        const { ctx, page } = await suite.signedInPage({ viewport: DESKTOP, colorScheme });
        // The settings a browser would have saved from the panel: this layout, dark sidebar and topbar.
        await page.evaluate((layout) => localStorage.setItem('cargo.layout', JSON.stringify(layout)), {
          layoutType,
          leftSideBarTheme: 'dark',
          showSidebarUserInfo: true,
          topbarTheme: 'dark',
        });
        await audit(page, '/customer', `${layoutType}, ${colorScheme}`, problems);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-layout'))).toBe(layoutType);
        await ctx.close();
      }
    }
    expect(problems.join('\n\n')).toBe('');
  });
});
