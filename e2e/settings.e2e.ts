import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, type Suite } from './support/suite';

/**
 * The settings section through the real UI: the company name edited in its typed form shows in the top bar at
 * once; a scheduled price-list version is listed as scheduled and the calculator uses it only from its start day.
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

  it('edits the company name and shows it in the top bar', async () => {
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
    await screenshot(page, 'settings-company-desktop-light');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('adds a scheduled price-list version, lists it as scheduled, and the calculator uses it only from its start day', async () => {
    const [current] = await settingsOf('kind=price_list&key=default&status=current');
    const start = vnDay(7);
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/setting/edit/${current!.id}?new=1`);
    const json = page.getByLabel(/^Bảng giá \(JSON\)/);
    await json.waitFor();
    // The same list with every Japan rate at 999.000 đ/kg and no minimum.
    const value = current!.value as { lines: Array<{ originCountry?: string; brackets: Array<{ fromMilli: number; rate: number }>; minimum: number; surcharges?: unknown[] }> };
    const next = {
      ...value,
      lines: value.lines.map((l) => (l.originCountry === 'JP' ? { ...l, minimum: 0, surcharges: [], brackets: [{ fromMilli: 0, rate: 999_000 }] } : l)),
    };
    await json.fill(JSON.stringify(next, null, 2));
    await page.getByLabel(/^Hiệu lực từ/).fill(start);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((u) => /\/setting\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${current!.id}`));
    await page.getByTestId('version-scheduled').waitFor();
    expect(await page.getByTestId('version-scheduled').innerText()).toContain('Đã lên lịch');
    expect(await page.getByTestId('version-current').count()).toBe(1);

    const calc = async (day: string) => {
      await page.getByLabel('Kho đi').selectOption({ label: 'JP-TYO · Kho Tokyo (Nhật Bản)' });
      await page.getByLabel('Khối lượng tính cước (kg)').fill('3,2');
      await page.getByLabel('Ngày', { exact: true }).fill(day);
      await page.getByRole('button', { name: 'Tính cước' }).click();
      await page.getByTestId('quote-total').waitFor();
      await expect.poll(() => page.getByTestId('quote-result').innerText()).toContain('3.5 kg');
      return page.getByTestId('quote-total').innerText();
    };
    const before = await calc(vnDay(6));
    expect(before).not.toContain('3.496.500');
    await expect.poll(() => calc(start)).toContain('3.496.500'); // 3,2 kg → 3,5 kg × 999.000 đ
    await screenshot(page, 'settings-price-list-desktop-light');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('screens in light and dark, desktop and phone', async () => {
    const [list] = await settingsOf('kind=price_list&key=vip&status=current');
    const [bank] = await settingsOf('kind=bank_account');
    await shootAll(suite, 'settings', [
      ['list', '/setting'],
      ['price-list', `/setting/${list!.id}`],
      ['bank-edit', `/setting/edit/${bank!.id}`],
    ]);
  });
});
