import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeliverySlip } from '../src/shared/contracts/delivery-slips';
import type { PackageList } from '../src/shared/contracts/packages';
import type { PublicTrackingResponse } from '../src/shared/contracts/public-tracking';
import { axeViolations, describeViolations } from './support/axe';
import { DESKTOP, newContext, PHONE, screenshot, watchErrors } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, type Suite } from './support/suite';

/**
 * The public tracking page at `/`, without a sign-in, on the seeded server: a customer types numbers from the demo
 * data (read through the API here), sees each parcel's status and public events and the numbers not found, opens a
 * shared `/?q=…` link, switches to English, and looks up a delivery slip. Desktop and phone widths.
 * The public lookup allows 60 requests a minute per address: this file stays well below that.
 */

let suite: Suite;
const TAG = Date.now().toString(36).slice(-5).toUpperCase();
const UNKNOWN = `NOPE${TAG}9`;
let numbers: string[] = [];
/** The public answer for `numbers`, in each language, as the page must show it. */
let vi: PublicTrackingResponse;
let en: PublicTrackingResponse;
let company: { name: string; hotline: string; address: string };

const publicLookup = async (q: string, lang: 'vi' | 'en') => {
  const res = await fetch(`${suite.baseUrl}/api/public/tracking?numbers=${encodeURIComponent(q)}&lang=${lang}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PublicTrackingResponse;
};

async function publicPage(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light') {
  const ctx = await newContext(suite.browser, { viewport, colorScheme });
  const page = await ctx.newPage();
  const { errors } = watchErrors(page);
  return { ctx, page, errors };
}

/** The parcel card of one number. */
const card = (page: Page, number: string) => page.getByRole('article', { name: number, exact: true });

async function expectAnswer(page: Page, answer: PublicTrackingResponse) {
  for (const item of answer.items) {
    const c = card(page, item.number);
    await c.waitFor();
    expect(await c.locator('.status-badge').innerText()).toBe(item.statusLabel);
    const events = c.getByRole('list').locator('li');
    expect(await events.count()).toBe(item.events.length);
    // Newest first, labels in the reader's language.
    expect(await events.locator('.track-event-label').allInnerTexts()).toEqual(item.events.map((e) => e.label));
    if (item.flight) expect(await c.innerText()).toContain(item.flight.number);
    if (item.origin) expect(await c.innerText()).toContain(item.origin);
  }
  const notFound = page.getByRole('region', { name: /Không tìm thấy các mã sau|These numbers were not found/ });
  if (answer.notFound.length) expect(await notFound.locator('li').allInnerTexts()).toEqual(answer.notFound);
  else expect(await notFound.count()).toBe(0);
}

describeE2E('public tracking on the landing page', () => {
  beforeAll(async () => {
    suite = await openSuite();
    // Real numbers: two that have flown (flight and several events) and one waiting at a Vietnamese hub.
    const flown = (await suite.api<PackageList>('/api/packages?status=departed,arrived&pageSize=2&sort=code')).items;
    const ready = (await suite.api<PackageList>('/api/packages?status=ready&pageSize=1&sort=code')).items;
    expect(flown).toHaveLength(2);
    expect(ready).toHaveLength(1);
    numbers = [flown[0]!.trackingNumber, ready[0]!.code, flown[1]!.trackingNumber];
    const q = [...numbers, UNKNOWN].join(' ');
    vi = await publicLookup(q, 'vi');
    en = await publicLookup(q, 'en');
    expect(vi.items).toHaveLength(3);
    expect(vi.notFound).toEqual([UNKNOWN]);
    expect(vi.items.some((i) => i.flight)).toBe(true);
    company = await (await fetch(`${suite.baseUrl}/api/public/company`)).json();
  });

  afterAll(() => suite?.close());

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('on a %s: type numbers, read status and events, see the one not found; the link reopens it', async (size, viewport) => {
    const { ctx, page, errors } = await publicPage(viewport);
    await page.goto(suite.baseUrl + '/');
    await page.getByRole('heading', { level: 1, name: 'Tra cứu kiện hàng' }).waitFor();
    // Branded from the settings, with a way in for staff.
    await page.getByText(company.name).first().waitFor();
    expect(await page.getByRole('link', { name: company.hotline }).getAttribute('href')).toBe(`tel:${company.hotline.replace(/\s/g, '')}`);
    expect(await page.locator('body').innerText()).toContain(company.address);
    expect(await page.getByRole('link', { name: /đăng nhập/i }).getAttribute('href')).toBe('/auth/login');

    // Empty, then pasted as people do: lines, commas, lower case.
    const box = page.getByLabel('Mã vận đơn, mã kiện hoặc mã phiếu giao');
    await page.getByRole('button', { name: 'Tra cứu', exact: true }).click();
    await page.getByText('Vui lòng nhập mã cần tra cứu.').waitFor();
    await box.fill(`${numbers[0]!.toLowerCase()}\n${numbers[1]}, ${UNKNOWN}  ${numbers[2]}`);
    await box.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === [numbers[0], numbers[1], UNKNOWN, numbers[2]].join(' '));
    await expectAnswer(page, vi);
    expect(await page.getByRole('heading', { level: 2, name: 'Tìm thấy 3 kiện · 1 mã không tìm thấy' }).count()).toBe(1);
    await screenshot(page, `public-tracking-results-${size}-light-vi`);

    // The shared link opens the same answer in a fresh browser.
    const link = page.url();
    const other = await publicPage(viewport);
    await other.page.goto(link);
    await expectAnswer(other.page, vi);
    expect(await other.page.getByLabel('Mã vận đơn, mã kiện hoặc mã phiếu giao').inputValue()).toBe(new URL(link).searchParams.get('q'));
    await other.ctx.close();

    // English: the page and the labels the API gives in English.
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Track your parcels' }).waitFor();
    await expect.poll(() => card(page, en.items[0]!.number).locator('.status-badge').innerText()).toBe(en.items[0]!.statusLabel);
    await expectAnswer(page, en);
    expect(serious(errors)).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('refuses 21 numbers and a slip code mixed with numbers without asking the server', async () => {
    const { ctx, page } = await publicPage(PHONE);
    let lookups = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/public/tracking')) lookups++;
    });
    await page.goto(suite.baseUrl + '/');
    const box = page.getByLabel('Mã vận đơn, mã kiện hoặc mã phiếu giao');
    await box.fill(Array.from({ length: 21 }, (_, i) => `TRK${1000 + i}`).join('\n'));
    await page.getByRole('button', { name: 'Tra cứu', exact: true }).click();
    await page.getByText('Tối đa 20 mã mỗi lần tra cứu (đang có 21 mã).').waitFor();
    await box.fill(`PG2611-00001 ${numbers[0]}`);
    await box.press('Enter');
    await page.getByText('Mã phiếu giao được tra cứu riêng, mỗi lần một mã.').waitFor();
    expect(lookups).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await ctx.close();
  });

  it('a delivery-slip code shows the parcels on that slip', async () => {
    // A ready parcel on no open slip yet (against a long-lived server, an earlier run may have taken one).
    const candidates = (await suite.api<PackageList>('/api/packages?status=ready&pageSize=50&sort=-code')).items.filter((p) => p.customerId != null);
    let slip: DeliverySlip | undefined;
    let ready: (typeof candidates)[number] | undefined;
    for (const p of candidates) {
      const res = await fetch(`${suite.baseUrl}/api/delivery-slips`, {
        method: 'POST',
        headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: p.customerId, packageIds: [p.id] }),
      });
      if (res.status === 201) {
        slip = (await res.json()) as DeliverySlip;
        ready = p;
        break;
      }
      expect(res.status, await res.text()).toBe(409);
    }
    expect(slip).toBeDefined();
    const { ctx, page, errors } = await publicPage(DESKTOP, 'dark');
    await page.goto(`${suite.baseUrl}/?q=${slip!.code.toLowerCase()}`);
    const c = card(page, ready!.code);
    await c.waitFor();
    expect(await c.locator('.status-badge').innerText()).toBe('Sẵn sàng tại kho VN');
    expect(await page.getByRole('heading', { level: 2, name: 'Tìm thấy 1 kiện' }).count()).toBe(1);
    // Nothing of the slip itself: not its receiver, not the money.
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(slip!.receiverName);
    expect(text).not.toContain(slip!.receiverPhone);
    await screenshot(page, 'public-tracking-slip-desktop-dark-vi');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('screens: desktop and phone, light and dark, Vietnamese and English; no WCAG 2.1 AA problem in the results', async () => {
    const q = encodeURIComponent([...numbers, UNKNOWN].join(' '));
    const problems: string[] = [];
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { ctx, page, errors } = await publicPage(viewport, colorScheme);
        await page.goto(`${suite.baseUrl}/?q=${q}`);
        await card(page, vi.items[0]!.number).waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `public-tracking-${size}-${colorScheme}-vi`);
        const found = await axeViolations(page);
        if (found.length) problems.push(`${size} ${colorScheme}\n${describeViolations(found)}`);
        await page.getByRole('button', { name: /English/ }).click();
        await page.getByRole('heading', { level: 1, name: 'Track your parcels' }).waitFor();
        await expect.poll(() => card(page, en.items[0]!.number).locator('.status-badge').innerText()).toBe(en.items[0]!.statusLabel);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `public-tracking-${size}-${colorScheme}-en`);
        expect(errors).toEqual([]);
        await ctx.close();
      }
    }
    expect(problems.join('\n\n')).toBe('');
  });
});
