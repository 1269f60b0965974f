import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MawbList } from '../src/shared/contracts/mawbs';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, type Suite } from './support/suite';

/**
 * Text the screens cut or break where a reader needs it whole: date-times in list columns, the AWB number being
 * typed on a phone, tracking numbers on the phone cards, and the chargeable weight a card leaves blank.
 */

let suite: Suite;

async function opened(path: string, viewport: { width: number; height: number }) {
  const s = await suite.signedInPage({ viewport });
  await s.page.goto(suite.baseUrl + path);
  await s.page.locator('main h1').first().waitFor();
  await s.page.waitForLoadState('networkidle');
  return s;
}

/** The date-time cells ("24/11/2026 20:15") of the page's table whose text does not fit their cell. */
const cutDateTimes = (page: Page) =>
  page.$$eval('table.dt-table td', (cells) =>
    cells.filter((td) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(td.textContent ?? '') && td.scrollWidth > td.clientWidth).map((td) => td.textContent),
  );

describeE2E('text that must be read whole', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(() => suite?.close());

  it.each(['/transaction', '/tracking', '/order', '/mawb', '/deliveryslip'])('%s shows its date-times whole on a desktop', async (path) => {
    const { ctx, page, errors } = await opened(path, DESKTOP);
    await page.locator('table.dt-table tbody td').first().waitFor();
    expect(await cutDateTimes(page)).toEqual([]);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('shows the transaction list\'s codes and methods whole on a desktop, in Vietnamese and in English', async () => {
    const { ctx, page, errors } = await opened('/transaction', DESKTOP);
    for (const lang of ['vi', 'en']) {
      await page.evaluate((l) => localStorage.setItem('cargo.lang', l), lang);
      await page.reload();
      await page.locator('table.dt-table tbody td').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Every cell but the customer's (a long name gives way with an ellipsis): codes, types, methods, amounts.
      const cut = await page.$$eval('table.dt-table tbody tr', (rows) =>
        rows.flatMap((tr) =>
          Array.from(tr.querySelectorAll('td'))
            .filter((td) => !td.querySelector('a[href^="/customer/"]') && (td.scrollWidth > td.clientWidth || Array.from(td.querySelectorAll('*')).some((el) => el.scrollWidth > el.clientWidth + 1)))
            .map((td) => td.textContent),
        ),
      );
      expect(cut, lang).toEqual([]);
    }
    await page.evaluate(() => localStorage.setItem('cargo.lang', 'vi'));
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('shows the whole AWB number in the MAWB edit form on a phone', async () => {
    const [m] = (await suite.api<MawbList>('/api/mawbs?status=draft&pageSize=1')).items;
    const { ctx, page } = await opened(`/mawb/edit/${m!.id}`, PHONE);
    const input = page.getByTestId('awb-input');
    await expect.poll(() => input.inputValue()).toBe(m!.awbNumber);
    const fits = await input.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth);
    await screenshot(page, 'text-fits-mawb-edit-phone');
    expect(fits, 'the AWB number scrolls inside its input').toBe(true);
    // The airline's name beside it gives way, visibly: cut with an ellipsis (and whole in its title), not mid-word.
    const name = page.getByTestId('awb-airline').locator('.text-truncate');
    const shown = await name.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, overflow: getComputedStyle(el).textOverflow }));
    if (shown.cut) expect(shown.overflow).toBe('ellipsis');
    expect(await page.getByTestId('awb-airline').getAttribute('title')).toBeTruthy();
    await ctx.close();
  });

  it('keeps tracking numbers on one line on the phone cards, and a pending package says it has no chargeable weight yet', async () => {
    const { ctx, page } = await opened('/tracking?status=expected', PHONE);
    await page.locator('.dt-card').first().waitFor();
    await screenshot(page, 'text-fits-tracking-cards-phone');
    const titles = await page.$$eval('.dt-card .card-body > div:first-child > .flex-grow-1', (els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        // One rectangle per line the text takes.
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        return { text: el.textContent ?? '', lines };
      }),
    );
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((t) => t.text.length <= 28 && t.lines > 1)).toEqual([]);
    const chargeable = await page.$$eval('.dt-card-field', (fields) =>
      fields
        .filter((f) => f.querySelector('dt')?.textContent === 'Tính cước (kg)')
        // What is seen: the text, or what the stylesheet writes in its place.
        .map((f) => f.querySelector('dd')!)
        .map((dd) => (dd.textContent?.trim() || getComputedStyle(dd, '::after').content.replace(/^none$|^normal$|"/g, '')).trim()),
    );
    expect(chargeable.length).toBeGreaterThan(0);
    expect(chargeable.filter((v) => v === '')).toEqual([]);
    await ctx.close();
  });
  it('names the company whole in the top bar at 1440 px, in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const s = await suite.signedInPage({ viewport: DESKTOP, colorScheme });
      await s.page.goto(suite.baseUrl + '/dashboard/ecommerce');
      const name = s.page.locator('.app-topbar [data-testid="brand-name"]');
      await name.waitFor();
      await s.page.waitForLoadState('networkidle');
      // The demo office's long name ("Công ty TNHH Vận tải Hàng không Sao Việt"), not the product's.
      expect((await name.textContent())!.length).toBeGreaterThan(30);
      const box = await name.evaluate((el) => ({ cutX: el.scrollWidth > el.clientWidth, cutY: el.scrollHeight > el.clientHeight + 1 }));
      expect(box).toEqual({ cutX: false, cutY: false });
      await screenshot(s.page, `brand-1440-${colorScheme}`);
      await s.ctx.close();
    }
  });

  it('starts the slip list on the first screen of a phone, under the totals, not ~750 px down', async () => {
    const { ctx, page } = await opened('/deliveryslip', PHONE);
    const first = page.locator('.dt-cards > li').first();
    await first.waitFor();
    await page.locator('[data-testid="slip-totals-count"]').filter({ hasText: /\d/ }).waitFor();
    const top = await first.evaluate((el) => el.getBoundingClientRect().top);
    // Most of the first card shows on a 390 × 844 screen (it began at ~760 px below six cards).
    expect(top).toBeLessThan(PHONE.height - 300);
    await screenshot(page, 'slips-phone');
    await ctx.close();
  });
});
