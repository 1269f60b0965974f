import type { BrowserContext, Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AIRPORTS } from '../src/shared/domain/airports';
import { routes } from '../src/web/app/router';
import { PROVINCES } from '../src/web/features/customer/provinces';
import { LANGUAGE_STORAGE_KEY } from '../src/web/lib/i18n';
import { DESKTOP, newContext } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, type Suite } from './support/suite';

/**
 * In English no screen shows Vietnamese of its own: every route of the console's route tree, signed in and signed
 * out, is opened with the language set to English, and its visible text, placeholders, titles, ARIA labels and tab
 * title must hold no Vietnamese letter outside data. Data is every string the page's API answers carried (names,
 * addresses, notes, the company's profile); the language switch may name Vietnamese in Vietnamese.
 */

let suite: Suite;

/** A letter only Vietnamese writes among the languages the console shows: a vowel with a tone mark, ă â đ ê ô ơ ư. */
const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;
/** The names of the languages, each in its own language, on the language switch. */
const LANGUAGE_NAMES = ['Tiếng Việt'];

/** Every screen's path pattern, from the route tree the console itself is built from. */
function routePatterns(tree: RouteObject[], base = ''): string[] {
  return tree.flatMap((r) => {
    const here = r.path === undefined ? base : r.path.startsWith('/') ? r.path : `${base}/${r.path}`;
    const own = r.index || (r.path !== undefined && !r.children) ? [here || '/'] : [];
    return [...own, ...(r.children ? routePatterns(r.children, here) : [])];
  });
}

/** The API list a `:id` route's record comes from, by the route's section. */
const RECORD_LISTS: Record<string, string> = {
  '/mawb': 'mawbs',
  '/tracking': 'packages',
  '/deliveryslip': 'delivery-slips',
  '/order': 'orders',
  '/customer': 'customers',
  '/employee': 'employees',
  '/transaction': 'transactions',
  '/setting/stores': 'stores',
  '/setting': 'settings',
};

interface Listed {
  id: number;
  code?: string;
  kind?: string;
}

const firstOf = async (list: string) => (await suite.api<{ items: Listed[] }>(`/api/${list}?pageSize=50`)).items;

/** The pages to open for one pattern: a real record for `:id`, a query that shows something for a print view. */
async function pathsFor(pattern: string): Promise<string[]> {
  if (pattern === '/*') return ['/khong-co-trang-nay'];
  if (pattern === '/auth/logout') return []; // Opened last, on its own: it signs the page out.
  if (pattern.includes(':id')) {
    const section = Object.keys(RECORD_LISTS).find((s) => pattern.startsWith(s + '/'));
    if (!section) throw new Error(`no record list for ${pattern}`);
    const items = await firstOf(RECORD_LISTS[section]!);
    if (!items.length) throw new Error(`no ${RECORD_LISTS[section]} to open ${pattern} with`);
    // Settings differ by kind (a price list has the calculator): one of each.
    const picked = section === '/setting' ? [...new Map(items.map((s) => [s.kind, s])).values()] : [items[0]!];
    return picked.map((item) => pattern.replace(':id', String(item.id)));
  }
  if (pattern === '/tracking/labels') return [`${pattern}?ids=${(await firstOf('packages')).slice(0, 2).map((p) => p.id).join(',')}`];
  if (pattern === '/deliveryslip/print-coupons') return [`${pattern}?ids=${(await firstOf('delivery-slips')).slice(0, 2).map((s) => s.id).join(',')}`];
  if (pattern === '/deliveryslip/edit-delivery-slip') return [`${pattern}?id=${(await firstOf('delivery-slips'))[0]!.id}`];
  if (pattern === '/deliveryslip/vote-confirm') return [pattern, `${pattern}?code=${(await firstOf('delivery-slips'))[0]!.code}`];
  return [pattern];
}

/** Every string value anywhere in a JSON answer. */
function stringsOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, into);
}

/**
 * Collects, for the context's whole life, the strings of every JSON answer of our API: the data the screens show.
 * Data from the start: the places customers' addresses and flights name, written as the places write themselves
 * (provinces, airports' cities), and the signed-in user's profile, which came with the sign-in.
 */
async function watchData(ctx: BrowserContext, signedIn: boolean): Promise<Set<string>> {
  const data = new Set<string>([...PROVINCES, ...AIRPORTS.flatMap((a) => [a.name, a.label, a.city])]);
  if (signedIn) stringsOf(await suite.api('/api/auth/me'), data);
  ctx.on('response', (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/') || !/json/.test(res.headers()['content-type'] ?? '')) return;
    res.json().then(
      (body: unknown) => stringsOf(body, data),
      () => {},
    );
  });
  return data;
}

/** What a reader meets on the page: its text line by line, placeholders, titles, ARIA labels, alt texts, the tab title. */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const attrs = ['placeholder', 'title', 'aria-label', 'alt', 'aria-placeholder'];
    const fromAttrs = Array.from(document.querySelectorAll(attrs.map((a) => `[${a}]`).join(','))).flatMap((el) =>
      attrs.map((a) => el.getAttribute(a) ?? '').filter(Boolean),
    );
    return [document.title, ...document.body.innerText.split('\n'), ...fromAttrs].map((s) => s.trim()).filter(Boolean);
  });

/** The Vietnamese a text shows once every data string in it (longest first) and the language names are taken out. */
function ownVietnamese(text: string, data: Set<string>): string | null {
  if (!VIETNAMESE.test(text)) return null;
  let rest = text;
  for (const name of LANGUAGE_NAMES) rest = rest.split(name).join(' ');
  const candidates = [...data].filter((d) => d && VIETNAMESE.test(d) && rest.includes(d)).sort((a, b) => b.length - a.length);
  for (const d of candidates) rest = rest.split(d).join(' ');
  return VIETNAMESE.test(rest) ? text : null;
}

async function openInEnglish(page: Page, path: string) {
  await page.goto(suite.baseUrl + path);
  await page.locator('h1, h2, h3, main, form').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Suspended namespaces and lazy panels settle after the network does.
  await page.waitForTimeout(300);
}

async function check(page: Page, path: string, data: Set<string>, leaks: string[]) {
  await openInEnglish(page, path);
  expect(await page.evaluate(() => document.documentElement.lang), path).toBe('en');
  for (const text of new Set(await shownText(page))) {
    const own = ownVietnamese(text, data);
    if (own) leaks.push(`${path}: ${own}`);
  }
}

/** A context whose pages start in English: the language the switch saves, as a user's earlier choice would have. */
async function englishContext(ctx: BrowserContext) {
  await ctx.addInitScript(([key]) => localStorage.setItem(key!, 'en'), [LANGUAGE_STORAGE_KEY]);
}

describeE2E('every screen in English', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(() => suite?.close());

  const patterns = routePatterns(routes);

  it('knows every route of the console', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(50);
  });

  it('shows no Vietnamese outside data on the signed-in screens', async () => {
    const { ctx, page, errors } = await suite.signedInPage({ viewport: DESKTOP });
    await englishContext(ctx);
    const data = await watchData(ctx, true);
    const leaks: string[] = [];
    const signedOut = new Set(['/', '/auth/login', '/auth/confirm', '/auth/forget-password', '/auth/logout', '/auth/lock-screen']);
    for (const pattern of patterns.filter((p) => !signedOut.has(p))) {
      for (const path of await pathsFor(pattern)) await check(page, path, data, leaks);
    }
    // The lock screen, as the idle lock leaves it, then signing out.
    await check(page, '/auth/lock-screen', data, leaks);
    await check(page, '/auth/logout', data, leaks);
    expect(leaks).toEqual([]);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  }, 900_000);

  it('shows no Vietnamese outside data on the public screens', async () => {
    const ctx = await newContext(suite.browser, { viewport: DESKTOP });
    await englishContext(ctx);
    const data = await watchData(ctx, false);
    const page = await ctx.newPage();
    const leaks: string[] = [];
    for (const path of ['/', '/auth/login', '/auth/confirm', '/auth/forget-password', '/khong-co-trang-nay']) await check(page, path, data, leaks);
    expect(leaks).toEqual([]);
    await ctx.close();
  });
});
