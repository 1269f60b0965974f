import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type PageOptions, type Suite } from './support/suite';

/**
 * Customers through the real UI, on the shared resource machinery: create → search (accent-insensitive) → edit →
 * History; export the filtered list and read the XLSX; import 50 customers where 2 bad rows stop the whole file
 * until they are fixed. Each run tags its records, so it also works against a server that already holds data
 * (E2E_BASE_URL, e.g. a dev server).
 */

let suite: Suite;

const TAG = Date.now().toString(36).slice(-5);
/** "Kiểm" on purpose: the list must find it when searched without accents. */
const NAME = `Kiểm Thử ${TAG.toUpperCase()}`;
const randomMobile = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const apiGet = <T>(path: string) => suite.api<T>(path);

const customerTotal = async () => (await apiGet<{ total: number }>('/api/customers?pageSize=1')).total;

const signedInPage = (opts?: PageOptions) => suite.signedInPage(opts);

async function openList(page: Page, query = '') {
  await page.goto(`${suite.baseUrl}/customer${query}`);
  await page.getByRole('grid', { name: 'Danh sách khách hàng' }).waitFor();
  await page.getByTestId('dt-range').waitFor();
}

async function xlsxRows(file: Buffer | string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((typeof file === 'string' ? readFileSync(file) : file) as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const IMPORT_HEADER = ['Họ tên', 'Điện thoại', 'Email', 'Tỉnh/Thành', 'Địa chỉ', 'Nhóm', 'Trạng thái'];

function importRow(i: number): unknown[] {
  return [`Nhập Thử ${TAG} ${String(i).padStart(2, '0')}`, randomMobile(), `nhap.${TAG}.${i}@example.vn`, 'Đà Nẵng', `${i} Bạch Đằng, Hải Châu`, i % 5 ? 'Khách lẻ' : 'VIP', 'Đang hoạt động'];
}

async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Khách hàng');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeE2E('customers on the resource machinery', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });

  afterAll(() => suite?.close());

  it('creates a customer, finds it by an unaccented search, edits it and shows the change in History', async () => {
    const { ctx, page, errors } = await signedInPage();
    await openList(page);
    await page.getByRole('link', { name: 'Thêm khách hàng' }).click();
    await page.waitForURL(/\/customer\/create$/);
    await page.getByLabel(/^Họ tên/).fill(NAME);
    await page.getByLabel(/^Điện thoại/).first().fill('+84 ' + randomMobile().slice(1));
    await page.getByLabel(/^Email/).fill(`kiem.${TAG}@example.vn`);
    await page.getByLabel(/^Tỉnh\/Thành/).first().fill('Hà Nội');
    await page.getByRole('button', { name: 'Thêm địa chỉ' }).click();
    await page.getByLabel(/^Địa chỉ \(số nhà/).fill('12 Lý Thường Kiệt, Hoàn Kiếm');
    await screenshot(page, 'customers-create-desktop-light');
    await page.getByRole('button', { name: 'Thêm khách hàng' }).click();
    await page.waitForURL(/\/customer\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: new RegExp(NAME) }).waitFor();
    const created = await apiGet<{ code: string; phone: string; addresses: { isDefault: boolean }[] }>(`/api/customers/${id}`);
    expect(created.code).toMatch(/^KH\d{6}$/);
    // The contract normalised the phone and made the only address the default one.
    expect(created.phone).toMatch(/^09\d{8}$/);
    expect(created.addresses[0]!.isDefault).toBe(true);

    await openList(page);
    await page.getByRole('searchbox', { name: 'Tìm khách hàng' }).fill(`kiem thu ${TAG}`);
    await page.waitForURL(/[?&]q=kiem/);
    const row = page.getByRole('row', { name: new RegExp(created.code) });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('dt-range').innerText()).toContain('trên tổng 1');
    // A reload keeps the search: it lives in the URL.
    await page.reload();
    await page.getByRole('row', { name: new RegExp(created.code) }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Tìm khách hàng' }).inputValue()).toBe(`kiem thu ${TAG}`);
    await screenshot(page, 'customers-search-desktop-light');

    await page.getByRole('row', { name: new RegExp(created.code) }).getByText(NAME).click();
    await page.waitForURL(new RegExp(`/customer/${id}$`));
    await page.getByRole('link', { name: 'Sửa' }).click();
    await page.waitForURL(new RegExp(`/customer/edit/${id}$`));
    await page.getByLabel(/^Họ tên/).fill(`${NAME} Đã Sửa`);
    await page.getByLabel(/^Trạng thái/).selectOption({ label: 'Ngừng hoạt động' });
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.waitForURL(new RegExp(`/customer/${id}$`));
    await page.getByRole('heading', { level: 1, name: new RegExp(`${NAME} Đã Sửa`) }).waitFor();

    await page.getByRole('tab', { name: /Lịch sử/ }).click();
    const update = page.getByTestId('history-entry').first();
    await update.waitFor();
    const text = await update.innerText();
    expect(text).toContain('Cập nhật');
    expect(text).toContain(NAME);
    expect(text).toContain(`${NAME} Đã Sửa`);
    expect(text).toContain('Ngừng hoạt động');
    expect(await page.getByTestId('history-entry').count()).toBe(2);
    expect(await page.getByTestId('history-entry').nth(1).innerText()).toContain('Tạo mới');
    await screenshot(page, 'customers-history-desktop-light');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('exports the filtered list to an XLSX whose rows are the list', async () => {
    const { ctx, page } = await signedInPage();
    await openList(page, '?group=vip&sort=code');
    const list = await apiGet<{ total: number; items: { code: string }[] }>('/api/customers?group=vip&sort=code&pageSize=200');
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThanOrEqual(200);
    await page.getByRole('button', { name: /Xuất file/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Excel \(\.xlsx\)/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Khách hàng.*\.xlsx$/);
    const rows = await xlsxRows((await download.path())!);
    const header = rows[0]!.map(String);
    expect(header.slice(0, 3)).toEqual(['Mã KH', 'Họ tên', 'Điện thoại']);
    const codes = rows.slice(1).map((r) => String(r[header.indexOf('Mã KH')]));
    expect(codes).toEqual(list.items.map((c) => c.code));
    const groups = new Set(rows.slice(1).map((r) => String(r[header.indexOf('Nhóm')])));
    expect([...groups]).toEqual(['VIP']);
    await ctx.close();
  });

  it('imports 50 customers: 2 bad rows stop the whole file, nothing is half-written, the fixed file goes in whole', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => importRow(i + 1));
    const bad = rows.map((r) => [...r]);
    bad[9]![0] = ''; // no name
    bad[30]![1] = '12345'; // not a phone number
    const badFile = await xlsxFile([IMPORT_HEADER, ...bad]);
    const goodFile = await xlsxFile([IMPORT_HEADER, ...rows]);
    const before = await customerTotal();

    const { ctx, page, errors } = await signedInPage();
    await openList(page);
    await page.getByRole('button', { name: 'Nhập Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nhập từ file Excel' });
    await dialog.getByLabel('File Excel (.xlsx)').setInputFiles({ name: 'khach-hang.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: badFile });
    const summary = dialog.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('48 dòng hợp lệ');
    expect(await summary.innerText()).toContain('2 dòng lỗi');
    const preview = dialog.getByTestId('import-preview');
    expect(await preview.locator('tbody tr').count()).toBe(2);
    expect(await preview.locator('tr[data-row="11"]').innerText()).toMatch(/họ tên/i);
    expect(await preview.locator('tr[data-row="32"]').innerText()).toMatch(/điện thoại/i);
    expect(await dialog.getByRole('button', { name: 'Nhập', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'customers-import-errors-desktop-light');
    expect(await customerTotal()).toBe(before);

    // Even sent straight to the API, the bad file writes nothing: all or nothing.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(badFile)]), 'khach-hang.xlsx');
    const forced = await fetch(suite.baseUrl + '/api/customers/import?mode=commit', { method: 'POST', headers: { authorization: `Bearer ${suite.token}` }, body: form });
    expect(forced.status).toBe(422);
    expect(((await forced.json()) as { code: string }).code).toBe('IMPORT_INVALID');
    expect(await customerTotal()).toBe(before);

    await dialog.getByLabel('File Excel (.xlsx)').setInputFiles({ name: 'khach-hang-da-sua.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: goodFile });
    await dialog.getByRole('button', { name: 'Nhập 50 dòng' }).waitFor();
    expect(await summary.innerText()).toContain('50 dòng hợp lệ');
    await dialog.getByRole('button', { name: 'Nhập 50 dòng' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Đã nhập 50 bản ghi').waitFor();
    expect(await customerTotal()).toBe(before + 50);

    await page.getByRole('searchbox', { name: 'Tìm khách hàng' }).fill(`nhap thu ${TAG}`);
    await expect.poll(() => page.getByTestId('dt-range').innerText()).toContain('trên tổng 50');
    expect(errors.filter((e) => /pageerror/.test(e))).toEqual([]);
    await ctx.close();
  });

  it("the employee edit form shows the store the employee works at (it showed '— Chưa gán kho —')", async () => {
    const employee = (await apiGet<{ items: { id: number; store: { id: number; code: string } | null }[] }>('/api/employees?pageSize=20')).items.find((e) => e.store);
    expect(employee).toBeTruthy();
    const { ctx, page, errors } = await signedInPage();
    await page.goto(`${suite.baseUrl}/employee/edit/${employee!.id}`);
    const store = page.getByLabel(/^Kho/);
    await expect.poll(() => store.inputValue()).toBe(String(employee!.store!.id));
    expect(await store.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]!.text)).toContain(employee!.store!.code);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('looks right on desktop and phone, light and dark', async () => {
    const first = (await apiGet<{ items: { id: number }[] }>(`/api/customers?q=${encodeURIComponent(`kiem thu ${TAG}`)}`)).items[0];
    const employee = (await apiGet<{ items: { id: number }[] }>('/api/employees?pageSize=1')).items[0];
    const screens: [string, string][] = [
      ['list', '/customer'],
      ['detail', `/customer/${first?.id ?? 1}`],
      ['edit', `/customer/edit/${first?.id ?? 1}`],
      ['history', `/customer/${first?.id ?? 1}?tab=history`],
      ['profile', '/customer/infor-user'],
      ['employees', '/employee'],
      ['employee', `/employee/${employee?.id ?? 1}?tab=account`],
      ['employee-edit', `/employee/edit/${employee?.id ?? 1}`],
    ];
    await shootAll(suite, 'customers', screens);
  }, SHOOT_ALL_TIMEOUT);
});
