import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { ADMIN, startServer, type E2EServer } from '../e2e/support/server';

/**
 * What a user's browser waits for, measured in headless Chromium against the built server. Every figure is the
 * median of RUNS runs, each in a fresh browser context (an empty HTTP cache, no service worker, no storage), with
 * min and max beside it. Timings are taken inside the page (performance.now() from the navigation's start), so the
 * driver's own round trips do not count.
 */
const RUNS = Number(process.env.BENCH_FE_RUNS ?? 3);
const LOGIN_PATH = '/auth/login';
/** The largest page a list offers; the packages list is the longest list a user scrolls. */
const FULL_PAGE = '/tracking?pageSize=200';
const VIEWPORT = { width: 1280, height: 800 };

const LOGIN_FORM = 'form input[type="password"]';
/** A table body row holding text: a list's first real row (not a skeleton). */
const FIRST_ROW = 'main table tbody tr td:not(:empty)';
/** The app's own sign-in form (the static page's is outside #root, which stays hidden until the app takes over). */
const APP_FORM = '#root form input[type="password"]';
const WATCH = { form: LOGIN_FORM, app: APP_FORM, rows: FIRST_ROW };

// Records, in the page, when each WATCH selector first matches a visible element (a DOM change or a frame triggers
// the check) and every frame's time while the page lives. Runs before any of the page's own scripts, so a time is
// never the moment the driver happened to ask. An element counts only once every stylesheet the document links has
// loaded (its `sheet` exists): a form laid out before its CSS arrives is not what the user is meant to see.
const PROBE = `(() => {
  const w = window;
  w.__probe = { watch: ${JSON.stringify(WATCH)}, seen: {}, frames: [], longTasks: [], marks: {} };
  const styled = () => Array.prototype.every.call(document.querySelectorAll('link[rel="stylesheet"]'), (l) => l.sheet !== null);
  const check = () => {
    if (!styled()) return;
    for (const [name, sel] of Object.entries(w.__probe.watch)) {
      if (w.__probe.seen[name] !== undefined) continue;
      const el = document.querySelector(sel);
      if (el) { const r = el.getBoundingClientRect(); if (r.width > 0 && r.height > 0) w.__probe.seen[name] = performance.now(); }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  const frame = (t) => { w.__probe.frames.push(t); check(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__probe.longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  document.addEventListener('submit', () => { w.__probe.marks.submit = performance.now(); }, true);
})();`;

interface Probe {
  seen: Record<string, number>;
  frames: number[];
  longTasks: Array<[number, number]>;
  marks: Record<string, number>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** "median (min–max)" of the runs. */
const spread = (xs: number[], fmt: (n: number) => string) => `${fmt(median(xs))} (min ${fmt(Math.min(...xs))}, max ${fmt(Math.max(...xs))})`;

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

async function waitSeen(page: Page, name: keyof typeof WATCH, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction((n) => (window as unknown as { __probe: Probe }).__probe.seen[n], name, { timeout, polling: 50 });
  return (await handle.jsonValue()) as number;
}

/** The login screen's look without the app: the same card, fields and button, plain HTML and inline CSS. */
const STATIC_LOGIN = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Đăng nhập · Cargo Console</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#f3f5f9;color:#212529;display:flex;min-height:100vh;align-items:center;justify-content:center}
.card{background:#fff;border-radius:.5rem;box-shadow:0 .125rem .25rem rgba(0,0,0,.075);padding:2rem;width:100%;max-width:420px}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#6c757d;margin:0 0 1.5rem}label{display:block;font-weight:500;margin-bottom:.375rem}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem .75rem;border:1px solid #dee2e6;border-radius:.375rem;margin-bottom:1rem;font:inherit}
button{width:100%;padding:.5rem;border:0;border-radius:.375rem;background:#3b7ddd;color:#fff;font:inherit;font-weight:500}
</style></head><body><main class="card"><h1>Đăng nhập</h1><p>Đăng nhập để tiếp tục vào Cargo Console</p>
<form method="post"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username">
<label for="password">Mật khẩu</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Đăng nhập</button></form></main></body></html>`;

/**
 * The headers of the app's sign-in document that are about security, not content: the static form can be sent with
 * them too. One of them changes what a navigation costs: `Cross-Origin-Opener-Policy: same-origin` makes Chromium put
 * the page in a new browsing context group, so the tab's first renderer (which a plain page reuses) is replaced by a
 * new one.
 */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

async function staticServer(extraHeaders: Record<string, string> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...extraHeaders });
    res.end(STATIC_LOGIN);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fresh context (cold cache) with the probe installed; the page's requests are collected. */
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh', deviceScaleFactor: 1 });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('requestfinished', (r) => requests.push(r));
  return { context, page, requests };
}

/**
 * Scripts the page had asked for by `until` (performance.now()): their bodies as they crossed the wire (compressed
 * if the server compressed them), from the page's own resource timing. Later ones (the idle preload of the next
 * screen) are counted apart.
 */
async function scriptBytes(page: Page, until: number) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: r.name, start: r.startTime, encoded: r.encodedBodySize, decoded: r.decodedBodySize };
    }),
  );
  const scripts = entries.filter((e) => new URL(e.name).pathname.endsWith('.js'));
  const before = scripts.filter((e) => e.start <= until);
  const after = scripts.filter((e) => e.start > until);
  const sum = (xs: typeof scripts, k: 'encoded' | 'decoded') => xs.reduce((s, e) => s + e[k], 0);
  return {
    requests: entries.filter((e) => e.start <= until).length + 1, // + the document
    bytes: sum(before, 'encoded'),
    decoded: sum(before, 'decoded'),
    laterRequests: after.length,
    laterBytes: sum(after, 'encoded'),
  };
}

async function loginFormVisible(browser: Browser, url: string) {
  const { context, page, requests } = await freshPage(browser);
  await page.goto(url + LOGIN_PATH, { waitUntil: 'commit' });
  const at = await waitSeen(page, 'form');
  const app = await waitSeen(page, 'app');
  await page.waitForLoadState('networkidle');
  const js = await scriptBytes(page, at);
  const encodings = new Set<string>();
  for (const r of requests.filter((q) => q.resourceType() === 'script')) encodings.add((await r.response())?.headers()['content-encoding'] ?? 'identity');
  await context.close();
  return { at, app, ...js, encodings: [...encodings].sort().join('/') };
}

async function staticFormVisible(browser: Browser, url: string) {
  const { context, page } = await freshPage(browser);
  await page.goto(url + '/', { waitUntil: 'commit' });
  const at = await waitSeen(page, 'form');
  await context.close();
  return at;
}

async function signIn(page: Page) {
  await page.fill('input[type="email"], input[name="email"]', ADMIN.email);
  await page.fill('input[type="password"]', ADMIN.password);
  await page.click('form button[type="submit"]');
}

/** Sign in on the login page, then the landing screen's first rows; requests counted from the submit. */
async function firstRowsAfterSignIn(browser: Browser, url: string) {
  const { context, page, requests } = await freshPage(browser);
  await page.goto(url + LOGIN_PATH, { waitUntil: 'commit' });
  await waitSeen(page, 'form');
  await page.waitForLoadState('networkidle');
  const before = requests.length;
  await signIn(page);
  const at = await waitSeen(page, 'rows');
  const submit = (await probe(page)).marks.submit!;
  const path = new URL(page.url()).pathname;
  const after = requests.length - before;
  await context.close();
  return { ms: at - submit, requests: after, path };
}

/** The longest list page: render time from navigation, its longest task, then frame times while wheel-scrolling it. */
async function fullPageScroll(browser: Browser, url: string) {
  const { context, page } = await freshPage(browser);
  await page.goto(url + LOGIN_PATH, { waitUntil: 'commit' });
  await waitSeen(page, 'form');
  await signIn(page);
  await waitSeen(page, 'rows');
  // The list's code is now cached; the 200-row page itself is what is timed.
  const start = await page.evaluate(() => performance.now());
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, FULL_PAGE);
  // A virtualized table draws the rows in view (plus a margin): the page counts as shown when they are there.
  const shown = await page.waitForFunction(
    () => {
      // The list's own table (the dashboard's stays on screen until the list's code has loaded).
      const rows = document.querySelectorAll('[data-table-id] table tbody tr[aria-rowindex]');
      return location.pathname === '/tracking' && rows.length > 5 ? { at: performance.now(), rows: rows.length } : null;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  const { at: shownAt, rows: domRows } = (await shown.jsonValue()) as { at: number; rows: number };
  // Let the page settle (late fetches) before the long-task window closes.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const settled = await probe(page);
  const renderLong = settled.longTasks.filter(([t]) => t >= start);
  const longest = renderLong.reduce((m, [, d]) => Math.max(m, d), 0);
  const renderEnd = renderLong.reduce((m, [t, d]) => Math.max(m, t + d), 0);

  // Scroll with the wheel over the table, as a user does: 40 notches down, 40 back up, one per frame's worth.
  const box = await page.locator('[data-table-id] .dt-scroll').first().boundingBox();
  await page.mouse.move((box?.x ?? 0) + 200, Math.min((box?.y ?? 0) + 200, VIEWPORT.height - 50));
  const from = await page.evaluate(() => {
    const p = (window as unknown as { __probe: Probe }).__probe;
    p.frames.length = 0;
    p.longTasks.length = 0;
    return performance.now();
  });
  let deepest = 0;
  for (const [i, dy] of [...Array<number>(40).fill(120), ...Array<number>(40).fill(-120)].entries()) {
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(16);
    if (i === 39) deepest = await page.evaluate(() => document.querySelector('[data-table-id] .dt-scroll')?.scrollTop ?? 0);
  }
  await page.waitForTimeout(100);
  const scrolled = await probe(page);
  const deltas = scrolled.frames.slice(1).map((t, i) => t - scrolled.frames[i]!);
  const scrollLong = scrolled.longTasks.filter(([t]) => t >= from);
  await context.close();
  return {
    renderMs: Math.max(renderEnd, shownAt) - start,
    longest,
    domRows,
    frameMedian: median(deltas),
    frameP95: [...deltas].sort((a, b) => a - b)[Math.floor(deltas.length * 0.95)] ?? 0,
    scrollLongTasks: scrollLong.length,
    deepest,
    scrollLongest: scrollLong.reduce((m, [, d]) => Math.max(m, d), 0),
  };
}

export async function benchFrontend(): Promise<string[]> {
  const lines: string[] = [];
  let server: E2EServer | null = null;
  const bare = await staticServer();
  let secured: Awaited<ReturnType<typeof staticServer>> | null = null;
  const browser = await launchBrowser();
  try {
    // BENCH_FE_DATA_DIR keeps the seeded demo database for the next run (seeding is most of a cold start).
    const dataDir = process.env.BENCH_FE_DATA_DIR;
    server = await startServer(dataDir ? { DATA_DIR: dataDir } : {}, [], 300_000);
    const loginHeaders = (await fetch(server.url + LOGIN_PATH)).headers;
    const security: Record<string, string> = {};
    for (const name of SECURITY_HEADERS) {
      const value = loginHeaders.get(name);
      if (value !== null) security[name] = value;
    }
    secured = await staticServer(security);
    // One unmeasured pass each: the server's first answers (file handles, JIT) are not what a user waits for.
    await loginFormVisible(browser, server.url);
    await staticFormVisible(browser, bare.url);
    await staticFormVisible(browser, secured.url);

    const login: Awaited<ReturnType<typeof loginFormVisible>>[] = [];
    const bareAt: number[] = [];
    const securedAt: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Paired: the static page and the app's page in the same moment of the machine's load.
      bareAt.push(await staticFormVisible(browser, bare.url));
      securedAt.push(await staticFormVisible(browser, secured.url));
      login.push(await loginFormVisible(browser, server.url));
    }
    const ratios = login.map((l, i) => l.at / bareAt[i]!);
    lines.push(`login form visible: ${spread(login.map((l) => l.at), ms)}; static form: ${spread(bareAt, ms)}`);
    lines.push(`  ratio to the static form: ${spread(ratios, (n) => `${n.toFixed(2)}×`)} (goal ≤ 2.5×)`);
    lines.push(
      `  the same static form sent with the sign-in page's security headers (${Object.keys(security).join(', ')}): ` +
        `${spread(securedAt, ms)}; ratio ${spread(login.map((l, i) => l.at / securedAt[i]!), (n) => `${n.toFixed(2)}×`)}`,
    );
    // Until then a static page's form (if any) shows but cannot be submitted: when the app's own form is there.
    lines.push(`  the app's own form (it signs in): ${spread(login.map((l) => l.app), ms)}`);
    const js = login[login.length - 1]!;
    lines.push(
      `login page JS on the wire: ${spread(login.map((l) => l.bytes), kb)} (${kb(js.decoded)} uncompressed; encodings ${js.encodings}; goal ≤ 160 KB), ` +
        `${median(login.map((l) => l.requests))} requests until the form shows`,
    );
    lines.push(`  then in idle time, the next screen preloaded: ${kb(js.laterBytes)} of JS in ${js.laterRequests} files`);

    const rows: Awaited<ReturnType<typeof firstRowsAfterSignIn>>[] = [];
    for (let i = 0; i < RUNS; i++) rows.push(await firstRowsAfterSignIn(browser, server.url));
    lines.push(
      `first rows after sign-in (${rows[0]!.path}): ${spread(rows.map((r) => r.ms), ms)}, ` +
        `${median(rows.map((r) => r.requests))} requests from the submit`,
    );

    const scroll: Awaited<ReturnType<typeof fullPageScroll>>[] = [];
    for (let i = 0; i < RUNS; i++) scroll.push(await fullPageScroll(browser, server.url));
    lines.push(
      `200-row page (${FULL_PAGE}, ${scroll[0]!.domRows} rows in the DOM): render ${spread(scroll.map((s) => s.renderMs), ms)}, ` +
        `longest task ${spread(scroll.map((s) => s.longest), ms)}`,
    );
    lines.push(
      `  wheel-scrolling it (${Math.round(median(scroll.map((s) => s.deepest)))} px down and back): frame ${spread(scroll.map((s) => s.frameMedian), ms)} median (goal ≤ 16.7 ms), ` +
        `p95 ${spread(scroll.map((s) => s.frameP95), ms)}, long tasks ${median(scroll.map((s) => s.scrollLongTasks))} ` +
        `(longest ${spread(scroll.map((s) => s.scrollLongest), ms)})`,
    );
  } finally {
    await browser.close();
    await bare.close();
    await secured?.close();
    await server?.stop();
  }
  return lines;
}

// `node --import tsx bench/frontend.ts`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchFrontend().then(
    (lines) => lines.forEach((l) => console.log(l)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
