import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { ImportPreview } from '../../../shared/contracts/import';
import type { Package } from '../../../shared/contracts/packages';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Exports show what the screens show (kg, cm, money in major units with its currency, rates as numbers, headers and
 * labels in the reader's language), and an export goes back in through the import with the same values.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en' };

async function sheetOf(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.request({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows = [] as Array<Record<string, ExcelJS.Cell>>;
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1)])));
  }
  return { header, rows, file: res.rawPayload };
}

function multipart(file: Buffer) {
  const boundary = `----cargo${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function preview(resource: string, file: Buffer, headers: Record<string, string> = {}): Promise<ImportPreview> {
  const m = multipart(file);
  const res = await ctx.request({ method: 'POST', url: `/api/${resource}/import?mode=preview`, payload: m.payload, headers: { ...m.headers, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportPreview;
}

let seq = 0;
const tag = () => `RT${Date.now().toString(36).toUpperCase()}${++seq}`;

async function makePackages(t: string): Promise<Package[]> {
  const customer = (await ctx.database.query<{ code: string }>(`SELECT code FROM customers WHERE deleted_at IS NULL ORDER BY id LIMIT 1`))[0]!.code;
  const bodies = [
    { trackingNumber: `${t}A0001`, customerCode: customer, weightG: 800, lengthMm: 250, widthMm: 200, heightMm: 105, declaredValue: 4599, declaredCurrency: 'USD', contents: 'Giày thể thao' },
    { trackingNumber: `${t}A0002`, weightG: 12_345, contents: 'Sách' },
    { trackingNumber: `${t}A0003`, customerCode: customer, declaredValue: 15_000, declaredCurrency: 'JPY', contents: '' },
  ];
  const out: Package[] = [];
  for (const payload of bodies) {
    const res = await ctx.request({ method: 'POST', url: '/api/packages', payload });
    expect(res.statusCode, res.body).toBe(201);
    out.push(res.json() as Package);
  }
  return out;
}

const removeAll = async (resource: string, items: Array<{ id: number; version: number }>) => {
  for (const i of items) {
    const res = await ctx.request({ method: 'DELETE', url: `/api/${resource}/${i.id}`, headers: { 'if-match': `"${i.version}"` } });
    expect(res.statusCode, res.body).toBe(204);
  }
};

describe('package export: the units the screen shows', () => {
  it('writes weights in kg, dimensions in cm, declared values in major units of their currency, dates as dates', async () => {
    const t = tag();
    const [p] = await makePackages(t);
    const { header, rows } = await sheetOf(`/api/packages/export?format=xlsx&q=${t}&sort=trackingNumber`);
    expect(header).toEqual(expect.arrayContaining(['Cân nặng (kg)', 'Dài (cm)', 'Rộng (cm)', 'Cao (cm)', 'Cân quy đổi (kg)', 'Cân tính cước (kg)', 'Giá trị khai báo']));
    expect(header.some((h) => /\((g|mm)\)/.test(h))).toBe(false);
    const row = rows[0]!;
    expect(row['Cân nặng (kg)']!.value).toBe(0.8);
    expect(row['Dài (cm)']!.value).toBe(25);
    expect(row['Cao (cm)']!.value).toBe(10.5);
    expect(row['Cân tính cước (kg)']!.value).toBe(p!.chargeableG! / 1000);
    expect(row['Giá trị khai báo']!.value).toBe(45.99);
    expect(row['Giá trị khai báo']!.numFmt).toContain('USD');
    expect(rows[2]!['Giá trị khai báo']!.value).toBe(15_000);
    expect(rows[2]!['Giá trị khai báo']!.numFmt).toContain('JPY');
    expect(row['Ngày tạo']!.value).toBeInstanceOf(Date);
  });

  it('writes headers and labels in the reader\'s language', async () => {
    const t = tag();
    await makePackages(t);
    const { header, rows } = await sheetOf(`/api/packages/export?format=xlsx&q=${t}&sort=trackingNumber`, EN);
    expect(header).toEqual(expect.arrayContaining(['Tracking number', 'Weight (kg)', 'Length (cm)', 'Chargeable weight (kg)', 'Declared value', 'Status']));
    expect(rows[0]!['Status']!.value).toBe('Expected');
    expect(rows[0]!['Weight (kg)']!.value).toBe(0.8);
  });

  it.each([
    ['packages', 'Kiện hàng', 'Packages'],
    ['orders', 'Đơn hàng', 'Orders'],
    ['transactions', 'Giao dịch', 'Transactions'],
    ['customers', 'Khách hàng', 'Customers'],
    ['delivery-slips', 'Phiếu giao hàng', 'Delivery slips'],
    ['employees', 'Nhân viên', 'Employees'],
    ['mawbs', 'MAWB', 'MAWBs'],
  ])('names the %s file and its sheet in the reader\'s language (an English export was "Kiện hàng-….xlsx")', async (resource, vi, en) => {
    for (const [headers, name] of [[{}, vi], [EN, en]] as const) {
      const res = await ctx.request({ method: 'GET', url: `/api/${resource}/export?format=xlsx&q=NO-SUCH-ROW-${tag()}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const disposition = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(res.headers['content-disposition'] as string)![1]!);
      expect(disposition).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      expect(wb.worksheets[0]!.name).toBe(name);
    }
  });

  it.each([
    ['packages', 'Mẫu nhập kiện hàng', 'Package import template'],
    ['customers', 'Mẫu nhập khách hàng', 'Customer import template'],
  ])('names the %s import template in the reader\'s language', async (resource, vi, en) => {
    for (const [headers, name] of [[{}, vi], [EN, en]] as const) {
      const res = await ctx.request({ method: 'GET', url: `/api/${resource}/import/template`, headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(res.headers['content-disposition'] as string)![1]!)).toBe(`${name}.xlsx`);
    }
  });
});

describe('money and rates are numbers, with the currency in the header', () => {
  it('orders: amounts in đồng and the exchange rate as a number', async () => {
    const { header, rows } = await sheetOf(`/api/orders/export?format=xlsx&sort=code`);
    expect(header).toEqual(expect.arrayContaining(['Tỷ giá (₫)', 'Tổng tiền (₫)', 'Còn phải trả (₫)']));
    const foreign = rows.find((r) => r['Tiền tệ']!.value !== 'VND')!;
    expect(typeof foreign['Tỷ giá (₫)']!.value).toBe('number');
    expect(foreign['Tỷ giá (₫)']!.value).toBeGreaterThan(1);
    expect(typeof foreign['Tổng tiền (₫)']!.value).toBe('number');
    const en = await sheetOf(`/api/orders/export?format=xlsx&sort=code`, EN);
    expect(en.header).toEqual(expect.arrayContaining(['Exchange rate (₫)', 'Total (₫)']));
  });

  it('customers: credit limit and balance in đồng', async () => {
    const { header } = await sheetOf(`/api/customers/export?format=xlsx&sort=code`);
    expect(header).toEqual(expect.arrayContaining(['Hạn mức công nợ (₫)', 'Số dư (₫)']));
  });
});

describe('an export goes back in through the import with the same values', () => {
  it.each([['vi'], ['en']])('packages (%s)', async (lang) => {
    const t = tag();
    const made = await makePackages(t);
    const { file } = await sheetOf(`/api/packages/export?format=xlsx&q=${t}&sort=trackingNumber`, lang === 'en' ? EN : {});
    await removeAll('packages', made);
    const got = await preview('packages', file as Buffer, lang === 'en' ? EN : {});
    expect(got.rows.flatMap((r) => r.errors)).toEqual([]);
    expect(got.valid).toBe(made.length);
    got.rows.forEach((r, i) => {
      const p = made[i]!;
      expect((r.data as { customerCode?: string }).customerCode).toBe(p.customer?.code);
      expect(r.data).toMatchObject({
        trackingNumber: p.trackingNumber,
        declaredValue: p.declaredValue,
        declaredCurrency: p.declaredCurrency,
        weightG: p.weightG,
        lengthMm: p.lengthMm,
        widthMm: p.widthMm,
        heightMm: p.heightMm,
        contents: p.contents,
      });
    });
  });

  it.each([['vi'], ['en']])('customers (%s)', async (lang) => {
    const t = tag();
    const made: Customer[] = [];
    const payloads = [
      { fullName: `Khách Xuất ${t} Một`, phone: `09${String(Date.now()).slice(-8)}`, email: `${t.toLowerCase()}@example.vn`, province: 'Đà Nẵng', group: 'vip', creditLimit: 2_500_000, note: 'ghi chú', addresses: [{ label: 'Nhà', receiver: 'A', phone: '0912345678', address: '1 Bạch Đằng', province: 'Đà Nẵng', isDefault: true }] },
      { fullName: `Khách Xuất ${t} Hai`, phone: `08${String(Date.now()).slice(-8)}`, province: '', group: 'retail', status: 'inactive', creditLimit: 0 },
    ];
    for (const payload of payloads) {
      const res = await ctx.request({ method: 'POST', url: '/api/customers', payload });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json() as Customer);
    }
    const { file } = await sheetOf(`/api/customers/export?format=xlsx&q=${encodeURIComponent(t)}&sort=code`, lang === 'en' ? EN : {});
    await removeAll('customers', made);
    const got = await preview('customers', file as Buffer, lang === 'en' ? EN : {});
    expect(got.rows.flatMap((r) => r.errors)).toEqual([]);
    expect(got.valid).toBe(made.length);
    got.rows.forEach((r, i) => {
      const c = made[i]!;
      expect(r.data).toMatchObject({ fullName: c.fullName, phone: c.phone, province: c.province, group: c.group, status: c.status, creditLimit: c.creditLimit, note: c.note });
      expect((r.data as { email?: string | null }).email ?? null).toBe(c.email ?? null);
    });
  });
});
