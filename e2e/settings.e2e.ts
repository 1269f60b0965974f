import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type Suite } from './support/suite';

/**
 * The settings section through the real UI: the company name edited in its typed form shows in the top bar at
 * once; a scheduled price-list version (typed form) is listed as scheduled and the calculator uses it only from its
 * start day; a USD rate added today is what a new order quotes; a store created here is listed, and the audit log
 * filtered by entity shows it and opens it.
 */

let suite: Suite;
const TAG = Date.now().toString(36).slice(-5).toUpperCase();

interface Row {
  id: number;
  key: string;
  status: string;
  value: unknown;
}
const settingsOf = async (query: string) => (await suite.api<{ items: Row[] }>(`/api/settings?${query}`)).items;
const vnDay = (offsetDays = 0) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describeE2E('settings section', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(() => suite?.close());

  it('edits the company name and uploads a logo, and shows both in the top bar', async () => {
    const [name] = await settingsOf('kind=company&key=name');
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/setting/edit/${name!.id}`);
    const field = page.getByLabel(/^Giá trị/);
    await field.waitFor();
    const newName = `Công ty Sao Việt ${TAG}`;
    await field.fill(newName);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(new RegExp(`/setting/${name!.id}$`));
    await expect.poll(() => page.getByTestId('brand-name').first().innerText()).toBe(newName);
    await expect.poll(() => page.getByTestId('value-in-force').innerText()).toBe(newName);

    // The logo: a 1×1 PNG sent through the upload form, then shown in the top bar from the public URL.
    const [logo] = await settingsOf('kind=company&key=logo');
    await page.goto(`${suite.baseUrl}/setting/${logo!.id}`);
    await page.locator('input#logo-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
        'hex',
      ),
    });
    await page.getByRole('button', { name: 'Tải lên' }).click();
    await page.locator('.app-topbar img.brand-logo-img[src^="/api/public/logo?v="]').waitFor();
    await screenshot(page, 'settings-company-desktop-light');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('adds a scheduled price-list version, lists it as scheduled, and the calculator uses it only from its start day', async () => {
    const [current] = await settingsOf('kind=price_list&key=default&status=current');
    // A start day of its own, so the spec also runs against a server that already holds an earlier run's version.
    const start = vnDay(7 + Math.floor(Math.random() * 300));
    const [y, m, d] = start.split('-');
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/setting/edit/${current!.id}?new=1`);
    // The typed form: the Japan route gets one bracket at this run's own rate (so an earlier run's version cannot
    // match it), no minimum and no surcharge.
    const rate = 500_000 + (Date.now() % 400) * 1000;
    const expected = String(3.5 * rate).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    const value = current!.value as { lines: Array<{ originCountry?: string; brackets: unknown[]; surcharges?: unknown[] }> };
    const jp = value.lines.findIndex((l) => l.originCountry === 'JP');
    const line = page.getByTestId(`price-line-${jp}`);
    await line.waitFor();
    for (let k = (value.lines[jp]!.surcharges ?? []).length; k >= 1; k--) await line.getByRole('button', { name: `Xóa phụ phí ${k}` }).click();
    for (let j = value.lines[jp]!.brackets.length; j >= 2; j--) await line.getByRole('button', { name: `Xóa khung ${j}` }).click();
    await line.getByLabel(/^Cước tối thiểu/).fill('0');
    await page.getByTestId(`bracket-${jp}-0`).getByLabel(/^Đơn giá/).fill(String(rate));
    await page.getByLabel(/^Hiệu lực từ/).fill(`${d}/${m}/${y}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((u) => /\/setting\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${current!.id}`));
    const scheduled = page.getByTestId('version-scheduled').filter({ hasText: `${d}/${m}/${y}` });
    await scheduled.waitFor();
    expect(await scheduled.innerText()).toContain('Đã lên lịch');
    expect(await page.getByTestId('version-current').count()).toBe(1);

    const calc = async (day: string) => {
      await page.getByLabel('Kho đi').selectOption({ label: 'JP-TYO · Kho Tokyo (Nhật Bản)' });
      await page.getByLabel('Khối lượng tính cước (kg)').fill('3,2');
      await page.getByLabel('Ngày', { exact: true }).fill(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
      await page.getByRole('button', { name: 'Tính cước' }).click();
      await page.getByTestId('quote-total').waitFor();
      await expect.poll(() => page.getByTestId('quote-result').innerText()).toContain('3.5 kg');
      return page.getByTestId('quote-total').innerText();
    };
    const dayBefore = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await calc(dayBefore);
    expect(before).not.toContain(expected);
    await expect.poll(() => calc(start)).toContain(expected); // 3,2 kg → 3,5 kg × the rate
    await screenshot(page, 'settings-price-list-desktop-light');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('a USD rate added today is what a new order quotes at once; an existing order keeps its rate', async () => {
    const [usd] = await settingsOf('kind=exchange_rate&key=USD&status=current');
    const [customer] = (await suite.api<{ items: Array<{ id: number }> }>('/api/customers?pageSize=1&status=active')).items;
    const orderBody = {
      customerId: customer!.id,
      kind: 'purchase',
      currency: 'USD',
      items: [{ name: 'Giày', quantity: 1, unitPriceMinor: 10_000 }],
      serviceFeeMode: 'fixed',
      serviceFeeFixed: 0,
      domesticFee: 0,
      deposit: 0,
    };
    const post = (body: unknown) => suite.api<{ id: number; exchangeRate: string }>('/api/orders', { method: 'POST', body: JSON.stringify(body) });
    const before = await post(orderBody);
    const newRate = String(Math.floor(Number(before.exchangeRate)) + 1 + (Date.now() % 50));

    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/setting/edit/${usd!.id}?new=1`);
    const field = page.getByLabel(/^Tỷ giá \(đồng/);
    await field.waitFor();
    await field.fill(newRate);
    // The one date input shows the day as Vietnam writes it.
    expect(await page.getByLabel(/^Hiệu lực từ/).inputValue()).toBe(vnDay().split('-').reverse().join('/'));
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((u) => /\/setting\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${usd!.id}`));

    // The order form quotes with it at once.
    await page.goto(`${suite.baseUrl}/order/create`);
    await page.getByLabel(/^Tiền tệ/).selectOption('USD');
    await expect.poll(async () => (await page.getByTestId('preview-rate').innerText()).replace(/\D/g, '')).toContain(newRate);
    const after = await post(orderBody);
    expect(Number(after.exchangeRate)).toBe(Number(newRate));
    const kept = await suite.api<{ exchangeRate: string }>(`/api/orders/${before.id}`);
    expect(kept.exchangeRate).toBe(before.exchangeRate);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('creates a store from the settings section and finds it in the list; the audit log filtered by entity shows its creation', async () => {
    const code = `E2E-${TAG}`;
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/setting`);
    await page.getByTestId('setting-nav-stores').click();
    await page.getByRole('link', { name: /Thêm kho/ }).first().click();
    await page.getByLabel(/^Mã kho/).fill(code);
    await page.getByLabel(/^Tên kho/).fill(`Kho Seoul ${TAG}`);
    await page.getByLabel(/^Loại kho/).selectOption('origin');
    await page.getByLabel(/^Quốc gia/).fill('KR');
    await page.getByRole('button', { name: 'Thêm kho' }).click();
    await page.waitForURL(/\/setting\/stores\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${suite.baseUrl}/setting/stores?q=${TAG}`);
    await page.getByRole('link', { name: code }).first().waitFor();

    await page.getByTestId('setting-nav-audit').click();
    await page.waitForURL(/\/setting\/audit-log/);
    await page.getByLabel('Đối tượng').selectOption({ label: 'Kho' });
    await page.waitForURL(/entity=stores/);
    // The log names a record by its code, linked to it.
    const record = page.getByRole('link', { name: `Kho ${code}` }).first();
    await record.waitFor();
    await screenshot(page, 'settings-audit-log-desktop-light');
    await record.click();
    await page.waitForURL(new RegExp(`/setting/stores/${id}$`));
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('screens in light and dark, desktop and phone', async () => {
    const [list] = await settingsOf('kind=price_list&key=vip&status=current');
    const [bank] = await settingsOf('kind=bank_account');
    const [store] = (await suite.api<{ items: Array<{ id: number }> }>('/api/stores?pageSize=1&sort=code')).items;
    const [pkg] = (await suite.api<{ items: Array<{ id: number }> }>('/api/packages?pageSize=1&sort=chargeableG')).items;
    await shootAll(suite, 'settings', [
      ['list', '/setting'],
      ['price-list', `/setting/${list!.id}`],
      ['price-list-edit', `/setting/edit/${list!.id}?new=1`],
      ['bank-edit', `/setting/edit/${bank!.id}`],
      ['stores', '/setting/stores'],
      ['store', `/setting/stores/${store!.id}`],
      ['store-edit', `/setting/stores/edit/${store!.id}`],
      ['audit-log', '/setting/audit-log'],
      ['bank-connection', '/setting/bank'],
      ['mail-outbox', '/setting/mail-outbox'],
      ['package-freight', `/tracking/${pkg!.id}`],
    ]);
  }, SHOOT_ALL_TIMEOUT);
});
