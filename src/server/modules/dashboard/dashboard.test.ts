import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type AnalyticsDashboard, type EcommerceDashboard } from '../../../shared/contracts/dashboard';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The dashboards on the demo data plus slips, feedback and ledger rows written here: login required (any role),
 * dates validated, and for every figure that carries a `link`, that list's `total` equals the figure.
 */

let ctx: TestContext;
const q = <T>(sqlText: string, params: unknown[] = []) => ctx.database.query<T>(sqlText, params);

/** Today in Vietnam (UTC+7, no daylight saving). */
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const from = addDays(today, -89);

beforeAll(async () => {
  ctx = await createTestContext();
  // The figures below are counted from the slips written here alone: the demo seed's slips are taken out first
  // (their ledger rows stay; the assertions on money read slips, not the ledger).
  await q(`DELETE FROM delivery_feedback`);
  await q(`DELETE FROM delivery_slip_packages`);
  await q(`DELETE FROM delivery_slips`);
  // Slips in every state the dashboards count, on demo customers and packages (rows written directly: the
  // figures read columns, whichever route set them).
  const [store] = await q<{ id: number }>(`SELECT id FROM stores WHERE code = 'VN-SGN'`);
  const custs = await q<{ id: number }>(`SELECT id FROM customers WHERE deleted_at IS NULL ORDER BY id LIMIT 4`);
  const pkgs = await q<{ id: number }>(`SELECT id FROM packages WHERE deleted_at IS NULL AND mawb_id IS NOT NULL ORDER BY id LIMIT 9`);
  const slip = async (i: number, over: string, values: unknown[], amount = 100_000 * (i + 1)) => {
    const [row] = await q<{ id: number }>(
      `INSERT INTO delivery_slips (code, customer_id, store_id, receiver_name, receiver_phone, method, packages_subtotal, total, amount_to_collect, ${over})
       VALUES ($1, $2, $3, 'Nguoi nhan', '0901234567', $4, $5, $5, $5, ${values.map((_, k) => `$${k + 6}`).join(', ')}) RETURNING id`,
      [`PGT-${i}`, custs[i % custs.length]!.id, store!.id, i % 2 ? 'courier' : 'pickup', amount, ...values],
    );
    await q(`INSERT INTO delivery_slip_packages (slip_id, package_id, freight, amount, open) VALUES ($1, $2, $3, $3, false)`, [row!.id, pkgs[i]!.id, amount]);
    return row!.id;
  };
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  // Delivered: two in the period (one courier with COD not reconciled), one in the previous period.
  const delivered = `status, delivered_at, status_at, collected_amount, collect_method`;
  await slip(0, delivered, ['delivered', daysAgo(2), daysAgo(2), 100_000, 'cash']);
  const cod = await slip(1, delivered, ['delivered', daysAgo(5), daysAgo(5), 200_000, 'cash']);
  await slip(2, delivered, ['delivered', daysAgo(100), daysAgo(100), 0, null]);
  // Failed in the period, on the package the slip 3 later delivers (so slip 3 is not a first attempt).
  const failed = await slip(4, `status, status_at, failure_reason`, ['failed', daysAgo(6), 'not_home']);
  await q(`INSERT INTO delivery_slip_packages (slip_id, package_id, freight, amount, open) VALUES ($1, $2, 1, 1, false)`, [failed, pkgs[3]!.id]);
  await slip(3, delivered, ['delivered', daysAgo(1), daysAgo(1), 0, null]);
  // A large delivery, so its customer is among the top customers by revenue (ahead of the demo's service fees).
  await slip(8, delivered, ['delivered', daysAgo(3), daysAgo(3), 0, null], 500_000_000);
  await slip(5, `status, status_at, failure_reason`, ['failed', daysAgo(3), 'refused']);
  await slip(6, `status`, ['ready']);
  await slip(7, `status`, ['out_for_delivery']);
  await q(`INSERT INTO delivery_feedback (slip_id, customer_id, rating) SELECT id, customer_id, 4 FROM delivery_slips WHERE id = $1`, [cod]);
  // A parcel received abroad in the period and then deleted (a mistaken entry): the roll-up behind the flow per day
  // keeps its event, the package list hides it, and the figure must follow the list.
  const [gone] = await q<{ id: number; version: number }>(
    `SELECT p.id, p.version FROM packages p WHERE p.deleted_at IS NULL AND p.status = 'received_abroad' AND p.mawb_id IS NULL
        AND EXISTS (SELECT 1 FROM tracking_events e WHERE e.package_id = p.id AND e.code = 'received_abroad' AND e.occurred_at >= $1::timestamptz)
      ORDER BY p.id LIMIT 1`,
    [`${from}T00:00:00+07:00`],
  );
  const del = await ctx.request({ method: 'DELETE', url: `/api/packages/${gone!.id}`, headers: { 'if-match': `"${gone!.version}"` } });
  expect(del.statusCode, del.body).toBe(204);
});
afterAll(() => ctx?.close());

const get = async (url: string, token?: string | null) => ctx.request({ method: 'GET', url, token });

/**
 * Every figure with a link in a response, wherever it sits: `{ count|packages|value, link }` (the number of records
 * behind it), and each day × code of the flow per day (`links[code]` beside the count). A link with no number beside
 * it fails the test: every link must be checked.
 */
function linkedFigures(node: unknown, path = '$', out: Array<{ path: string; count: number; link: string }> = []) {
  if (Array.isArray(node)) node.forEach((n, i) => linkedFigures(n, `${path}[${i}]`, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.link === 'string') {
      const count = o.count ?? o.packages ?? o.value;
      expect(typeof count, `${path}: a link with no count beside it`).toBe('number');
      out.push({ path, count: count as number, link: o.link });
    }
    if (o.links && typeof o.links === 'object') {
      for (const [code, link] of Object.entries(o.links as Record<string, string | null>)) {
        if (link !== null) out.push({ path: `${path}.${code}`, count: o[code] as number, link });
      }
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'link' && k !== 'links') linkedFigures(v, `${path}.${k}`, out);
  }
  return out;
}

/**
 * Fetches every linked figure's list (one row a page: only the total matters). Of the flow's days with no package
 * of a code, a sample of ten is fetched (each must list none); every other link is fetched.
 */
async function expectLinksEqualTotals(body: unknown) {
  const figures = linkedFigures(body);
  expect(figures.length).toBeGreaterThan(5);
  const emptyDays = figures.filter((f) => f.path.startsWith('$.flowByDay[') && f.count === 0);
  const sampled = new Set(emptyDays.filter((_, i) => i % Math.max(1, Math.floor(emptyDays.length / 10)) === 0).slice(0, 10));
  for (const f of figures) {
    expect(f.link, f.path).toMatch(/^\/api\/[a-z-]+(\?|$)/);
    if (emptyDays.includes(f) && !sampled.has(f)) continue;
    const res = await get(`${f.link}${f.link.includes('?') ? '&' : '?'}pageSize=1`);
    expect(res.statusCode, `${f.path} ${f.link}: ${res.body}`).toBe(200);
    expect((res.json() as { total: number }).total, `${f.path} ${f.link}`).toBe(f.count);
  }
  return figures;
}

describe('GET /api/dashboard/ecommerce', () => {
  it('needs a signed-in user; Staff may read it', async () => {
    expect((await get(`/api/dashboard/ecommerce?from=${from}&to=${today}`, null)).statusCode).toBe(401);
    expect((await get(`/api/dashboard/ecommerce?from=${from}&to=${today}`, await ctx.tokenFor('Staff'))).statusCode).toBe(200);
  });

  it('refuses missing, malformed, impossible, reversed or too long periods and unknown parameters', async () => {
    for (const qs of ['', `from=${from}`, 'from=2026-02-30&to=2026-03-01', 'from=2026/01/01&to=2026-01-02', 'from=2026-03-02&to=2026-03-01', 'from=2020-01-01&to=2026-01-01', `from=${from}&to=${today}&x=1`]) {
      const res = await get(`/api/dashboard/ecommerce?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json()).sort()).toContain('message');
    }
  });

  it('answers the period and the previous one, and every linked figure equals its list total', { timeout: 120_000 }, async () => {
    const res = await get(`/api/dashboard/ecommerce?from=${from}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as EcommerceDashboard;
    expect(d.previousPeriod).toEqual({ from: addDays(from, -90), to: addDays(from, -1) });
    expect(d.revenueByDay).toHaveLength(90);
    const figures = await expectLinksEqualTotals(d);
    expect(figures.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        '$.cards.revenue',
        '$.cards.cashCollected',
        '$.cards.newCustomers',
        '$.cards.ordersPlaced',
        '$.revenueSources.slips',
        '$.revenueSources.serviceFees',
        '$.ordersByStatus[0]',
        '$.revenueByRoute[0]',
        '$.topCustomers[0]',
        '$.receivables',
        '$.receivables.buckets[0]',
        '$.receivables.buckets[1]',
        '$.receivables.buckets[2]',
      ]),
    );
    // The figures checked are not all zero (a link that lists nothing would match a zero figure whatever it filters).
    const count = (path: string) => figures.find((f) => f.path === path)!.count;
    for (const path of ['$.revenueSources.slips', '$.revenueSources.serviceFees', '$.revenueByRoute[0]', '$.receivables']) {
      expect(count(path), path).toBeGreaterThan(0);
    }
    expect(d.topCustomers.filter((c) => c.count > 0).length, 'top customers with delivered slips').toBeGreaterThan(0);
    expect(d.revenueSources.slips.amount + d.revenueSources.serviceFees.amount).toBe(d.cards.revenue.value);
    expect(d.receivables.buckets.filter((b) => b.count > 0).length, 'receivables in at least two age buckets').toBeGreaterThan(1);
    // Delivered slips of the period: 0, 1, 3, 8 (slip 2 is in the previous period).
    expect(d.cards.revenue.count).toBe(4);
    const fees = await q<{ s: number }>(
      `SELECT coalesce(sum(service_fee), 0)::bigint AS s FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled' AND created_at >= $1::timestamptz`,
      [`${from}T00:00:00+07:00`],
    );
    expect(d.cards.revenue.value).toBe(100_000 + 200_000 + 400_000 + 500_000_000 + Number(fees[0]!.s));
    expect(d.revenueByDay.reduce((n, r) => n + r.total, 0)).toBe(d.cards.revenue.value);
    expect(d.cards.ordersPlaced.value).toBe(d.ordersByStatus.reduce((n, r) => n + r.count, 0));
    expect(d.receivables.buckets.reduce((n, b) => n + b.customers, 0)).toBe(d.receivables.count);
    expect(d.receivables.count).toBeGreaterThan(0);
    expect(d.revenueByRoute.reduce((n, r) => n + r.amount, 0)).toBe(500_700_000);
    expect(d.topCustomers.length).toBeGreaterThan(0);
    expect(d.topCustomers.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < d.topCustomers.length; i++) expect(d.topCustomers[i - 1]!.revenue).toBeGreaterThanOrEqual(d.topCustomers[i]!.revenue);
  });

  it('compares with the previous period of the same length', async () => {
    const d = (await get(`/api/dashboard/ecommerce?from=${addDays(today, 0)}&to=${today}`)).json() as EcommerceDashboard;
    expect(d.previousPeriod).toEqual({ from: addDays(today, -1), to: addDays(today, -1) });
    const wide = (await get(`/api/dashboard/ecommerce?from=${addDays(today, -1)}&to=${today}`)).json() as EcommerceDashboard;
    expect(wide.cards.ordersPlaced.value).toBe(d.cards.ordersPlaced.value + d.cards.ordersPlaced.previous);
  });
});

describe('GET /api/dashboard/<kind>/export', () => {
  it('sends the figures of the period as a workbook, to any signed-in role; bad dates are a 400', async () => {
    const ExcelJS = (await import('exceljs')).default;
    for (const kind of ['ecommerce', 'analytics'] as const) {
      const url = `/api/dashboard/${kind}/export?from=${from}&to=${today}`;
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(`/api/dashboard/${kind}/export?from=${today}&to=${from}`)).statusCode).toBe(400);
      const res = await get(url, await ctx.tokenFor('Staff'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const summary = wb.getWorksheet('Tổng hợp')!;
      const figures = (await get(`/api/dashboard/${kind}?from=${from}&to=${today}`)).json() as EcommerceDashboard & AnalyticsDashboard;
      const first = kind === 'ecommerce' ? figures.cards.revenue : figures.cards.delivered;
      expect(summary.getRow(2).values).toEqual([undefined, expect.any(String), first.value, first.previous, first.changePercent ?? undefined].slice(0, first.changePercent === null ? 4 : 5));
      expect(wb.worksheets.length).toBeGreaterThan(5);
    }
  });
});

describe('GET /api/dashboard/<kind>/export in the reader\'s language', () => {
  const workbookOf = async (url: string, headers: Record<string, string>) => {
    const ExcelJS = (await import('exceljs')).default;
    const res = await ctx.request({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { wb, disposition: String(res.headers['content-disposition']) };
  };
  const texts = (wb: import('exceljs').Workbook) =>
    wb.worksheets.flatMap((ws) => [ws.name, ...ws.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.filter((v): v is string => typeof v === 'string') : []))]);

  it('English: sheet names, headers, row labels, statuses and the file name in English; money in đồng and kg as numbers', async () => {
    const { wb, disposition } = await workbookOf(`/api/dashboard/analytics/export?from=${from}&to=${today}`, { 'accept-language': 'en' });
    expect(disposition).toContain(encodeURIComponent('Operations analytics'));
    const summary = wb.getWorksheet('Summary')!;
    expect(summary.getRow(1).values).toEqual([undefined, 'Figure', expect.stringMatching(/^This period \(/), expect.stringMatching(/^Previous period \(/), 'Change (%)']);
    expect(summary.getColumn(1).values).toEqual(expect.arrayContaining(['Packages delivered', 'COD not reconciled (₫)']));
    expect(wb.getWorksheet('Weight by route')!.getRow(1).values).toEqual([undefined, 'Week from', 'Route', 'Chargeable weight (kg)']);
    const reasons = wb.getWorksheet('Failed deliveries by reason')!;
    expect(reasons.getColumn(1).values).toEqual(expect.arrayContaining(['Reason', 'Nobody at home']));
    // Nothing Vietnamese but data (people's and warehouses' names, routes): every label is English.
    const vietnamese = texts(wb).filter((v) => /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu.test(v));
    const names = new Set([
      ...(await q<{ full_name: string }>('SELECT full_name FROM users')).map((u) => u.full_name),
      ...(await q<{ label: string }>(`SELECT code || ' · ' || name AS label FROM stores`)).map((st) => st.label),
    ]);
    expect(wb.getWorksheet('Ageing by warehouse')!.getRow(1).values).toEqual([undefined, 'Waiting', 'Warehouse', 'Count', 'Amount (₫)']);
    expect(vietnamese.filter((v) => !names.has(v))).toEqual([]);

    const shop = await workbookOf(`/api/dashboard/ecommerce/export?from=${from}&to=${today}`, { 'accept-language': 'en' });
    expect(shop.disposition).toContain(encodeURIComponent('Business overview'));
    expect(shop.wb.getWorksheet('Revenue by day')!.getRow(1).values).toEqual([undefined, 'Day', 'Delivery slip freight (₫)', 'Service fees (₫)', 'Total (₫)']);
    expect(shop.wb.getWorksheet('Summary')!.getCell('A2').value).toBe('Revenue (₫)');
    expect(typeof shop.wb.getWorksheet('Summary')!.getCell('B2').value).toBe('number');
  });

  it('Vietnamese (the default): the same workbook in Vietnamese', async () => {
    const { wb, disposition } = await workbookOf(`/api/dashboard/analytics/export?from=${from}&to=${today}`, { 'accept-language': 'vi' });
    expect(disposition).toContain(encodeURIComponent('Phân tích vận hành'));
    expect(wb.getWorksheet('Tổng hợp')!.getCell('A2').value).toBe('Kiện đã giao');
    expect(wb.getWorksheet('Giao thất bại theo lý do')!.getColumn(1).values).toEqual(expect.arrayContaining(['Lý do', 'Khách không có nhà']));
  });
});

describe('GET /api/dashboard/analytics', () => {
  it('needs a signed-in user; Staff may read it; bad dates are a 400', async () => {
    expect((await get(`/api/dashboard/analytics?from=${from}&to=${today}`, null)).statusCode).toBe(401);
    expect((await get(`/api/dashboard/analytics?from=${from}&to=${today}`, await ctx.tokenFor('Staff'))).statusCode).toBe(200);
    expect((await get(`/api/dashboard/analytics?from=${today}&to=${from}`)).statusCode).toBe(400);
    expect((await get(`/api/dashboard/analytics?from=yesterday&to=${today}`)).statusCode).toBe(400);
  });

  it('every linked figure equals its list total, and the figures agree with the rows written', { timeout: 120_000 }, async () => {
    const res = await get(`/api/dashboard/analytics?from=${from}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as AnalyticsDashboard;
    const figures = await expectLinksEqualTotals(d);
    expect(figures.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        '$.cards.delivered',
        '$.cards.firstAttemptRate.attempts',
        '$.cards.firstAttemptRate.delivered',
        '$.cards.averageRating',
        '$.cards.failedDeliveries',
        '$.mawbsByStatus[0]',
        '$.transitByRoute[0]',
        '$.transitTrend[0]',
        '$.failedByReason[0]',
        '$.ageing.abroadNotOnMawb',
        '$.ageing.abroadNotOnMawb.byStore[0]',
        '$.ageing.readyNotOnSlip',
        '$.ageing.readyNotOnSlip.byStore[0]',
        '$.ageing.slipsNotConfirmed',
        '$.ageing.slipsNotConfirmed.byStore[0]',
        '$.ageing.codNotReconciled',
        '$.ageing.codNotReconciled.byStore[0]',
      ]),
    );
    // Every day and code of the flow is checked, and the days carry packages.
    const flowFigures = figures.filter((f) => f.path.startsWith('$.flowByDay['));
    expect(flowFigures).toHaveLength(90 * 4);
    expect(flowFigures.filter((f) => f.count > 0).length).toBeGreaterThan(20);
    for (const path of ['$.transitByRoute[0]', '$.transitTrend[0]', '$.ageing.abroadNotOnMawb.byStore[0]', '$.ageing.readyNotOnSlip.byStore[0]']) {
      expect(figures.find((f) => f.path === path)!.count, path).toBeGreaterThan(0);
    }
    expect(d.cards.failedDeliveries.value).toBe(2);
    expect(d.failedByReason.map((f) => [f.key, f.count]).sort()).toEqual([['not_home', 1], ['refused', 1]]);
    // First attempts in the period: slips 0, 1, 8 (delivered), 4 and 5 (failed); slip 3 retries slip 4's package. The
    // previous period: slip 2, delivered.
    expect(d.cards.firstAttemptRate).toMatchObject({ value: 60, previous: 100, attempts: { count: 5 }, delivered: { count: 3 } });
    expect(d.cards.averageRating).toMatchObject({ value: 4, previous: null, count: 1 });
    // Each warehouse's share adds up to the total.
    for (const a of Object.values(d.ageing)) expect(a.byStore.reduce((n, w) => n + w.count, 0)).toBe(a.count);
    expect(d.ageing.slipsNotConfirmed).toMatchObject({ count: 2, amount: 700_000 + 800_000 });
    expect(d.ageing.codNotReconciled).toMatchObject({ count: 1, amount: 200_000 });
    expect(d.mawbsByStatus.reduce((n, m) => n + m.count, 0)).toBeGreaterThan(0);
    expect(d.flowByDay).toHaveLength(90);
    const flown = await q<{ n: number }>(
      `SELECT count(DISTINCT (package_id, to_char(occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD')))::int AS n FROM tracking_events
        WHERE code = 'departed' AND occurred_at >= $1::timestamptz`,
      [`${from}T00:00:00+07:00`],
    );
    expect(d.flowByDay.reduce((n, r) => n + r.departed, 0)).toBe(Number(flown[0]!.n));
    for (const t of d.transitByRoute) expect(t.p90Hours).toBeGreaterThanOrEqual(t.p50Hours);
    // Routes and weeks split the same delivered packages.
    expect(d.transitByRoute.length).toBeGreaterThan(0);
    const byRoute = d.transitByRoute.reduce((n, t) => n + t.packages, 0);
    expect(d.transitTrend.reduce((n, t) => n + t.packages, 0)).toBe(byRoute);
    expect(d.transitTrend.map((t) => t.week)).toEqual([...d.transitTrend.map((t) => t.week)].sort());
  });
});
