import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventList, Package, PackageList } from '../src/shared/contracts/packages';
import type { Store } from '../src/shared/contracts/stores';
import { AIRPORTS } from '../src/shared/domain/airports';
import { screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type PageOptions, type Suite } from './support/suite';

/**
 * Tracking through the real UI on the seeded server: paste 20 numbers (17 real, 3 unknown, mixed separators) into
 * the scanner desk, receive 5 expected ones with their weights and sizes, open one and read its journey, add an
 * event, and print the labels (every label renders its Code 128 and QR, one 100 × 150 mm page each).
 */

let suite: Suite;

const TAG = Date.now().toString(36).slice(-5).toUpperCase();
const UNKNOWN = [`E2E${TAG}X01`, `E2E${TAG}X02`, `E2E${TAG}X03`];
/** Weight (kg) and L × W × H (cm) typed for each received package, and the grams / millimetres they mean. */
const MEASURES = [
  { kg: '1,25', cm: ['30', '20', '15'], g: 1250, mm: [300, 200, 150] },
  { kg: '0.8', cm: ['40', '30', '20'], g: 800, mm: [400, 300, 200] },
  { kg: '3', cm: ['25', '25', '25'], g: 3000, mm: [250, 250, 250] },
  { kg: '12,3', cm: ['60', '40', '30'], g: 12_300, mm: [600, 400, 300] },
  { kg: '2', cm: ['50,5', '40', '30'], g: 2000, mm: [505, 400, 300] },
];

let expected: Package[] = [];
let others: Package[] = [];

const apiGet = <T>(path: string) => suite.api<T>(path);

const signedInPage = (opts?: PageOptions) => suite.signedInPage(opts);

async function openSearch(page: Page) {
  await page.goto(`${suite.baseUrl}/tracking/search`);
  await page.getByLabel(/Mã vận đơn hoặc mã kiện/).waitFor();
}

describeE2E('tracking: scanner desk, receiving, journey and labels', () => {
  beforeAll(async () => {
    suite = await openSuite();
    // 17 real numbers from the seeded server: 5 still expected (to receive), 12 further along.
    expected = (await apiGet<PackageList>('/api/packages?status=expected&pageSize=5&sort=code')).items;
    others = (await apiGet<PackageList>('/api/packages?status=departed,delivered,ready,customs_hold&pageSize=12&sort=code')).items;
    expect(expected).toHaveLength(5);
    expect(others).toHaveLength(12);
  });

  afterAll(() => suite?.close());

  it('looks up 20 pasted numbers, highlights the 3 unknown ones and receives the 5 expected ones', async () => {
    const { ctx, page, errors } = await signedInPage();
    await openSearch(page);
    const real = [...expected, ...others].map((p) => p.trackingNumber);
    const numbers = [...real.slice(0, 8), UNKNOWN[0]!, ...real.slice(8, 14), UNKNOWN[1]!, ...real.slice(14), UNKNOWN[2]!];
    // As people paste them: lines, commas, tabs and semicolons mixed, some lower case, one duplicate.
    const text = numbers.map((n, i) => (i % 4 === 1 ? n.toLowerCase() : n)).reduce((acc, n, i) => acc + n + ['\n', ', ', '\t', ';'][i % 4], '') + real[0];
    await page.getByLabel(/Mã vận đơn hoặc mã kiện/).fill(text);
    await expect.poll(() => page.getByTestId('scan-count').innerText()).toBe('20 mã');
    await expect.poll(() => page.getByTestId('found-count').innerText(), { timeout: 15_000 }).toBe('17 tìm thấy');
    expect(await page.getByTestId('not-found-count').innerText()).toBe('3 không tìm thấy');
    const unknownShown = await page.getByTestId('not-found-number').locator('.font-monospace').allInnerTexts();
    expect(unknownShown).toEqual(UNKNOWN);
    const grid = page.getByRole('grid', { name: 'Kết quả tra cứu' });
    await grid.waitFor();
    expect(await grid.getByRole('row').count()).toBe(18);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tracking-search-desktop-light');

    await page.getByTestId('receive-found').click();
    const dialog = page.getByRole('dialog', { name: /Nhận 5 kiện tại kho/ });
    await dialog.waitFor();
    // Weigh and measure each row with the keyboard: Enter goes to the next cell, as a scale or a gun would.
    for (let i = 0; i < expected.length; i++) {
      const p = expected[i]!;
      const m = MEASURES[i]!;
      await dialog.getByLabel(`Cân nặng (kg) của ${p.code}`).fill('');
      await dialog.getByLabel(`Cân nặng (kg) của ${p.code}`).focus();
      await page.keyboard.type(m.kg);
      for (const cm of m.cm) {
        await page.keyboard.press('Enter');
        await page.keyboard.press('Control+A');
        await page.keyboard.type(cm);
      }
    }
    // 60 × 40 × 30 cm = 12 kg volumetric; 12.3 kg actual → 12.3 kg chargeable (the price list rounds it once, in its own
    // unit), computed before anything is sent.
    const fourth = dialog.getByTestId(`receive-row-${expected[3]!.id}`);
    expect(await fourth.getByTestId('volumetric').innerText()).toBe('12\u00a0kg');
    expect(await fourth.getByTestId('chargeable').innerText()).toBe('12,3\u00a0kg');
    await screenshot(page, 'tracking-receive-desktop-light');
    await dialog.getByRole('button', { name: 'Nhận 5 kiện' }).click();
    await expect.poll(() => dialog.getByText('Đã nhận', { exact: true }).count(), { timeout: 20_000 }).toBe(5);
    await screenshot(page, 'tracking-received-desktop-light');

    for (let i = 0; i < expected.length; i++) {
      const after = await apiGet<Package>(`/api/packages/${expected[i]!.id}`);
      expect(after.status).toBe('received_abroad');
      expect(after.weightG).toBe(MEASURES[i]!.g);
      expect([after.lengthMm, after.widthMm, after.heightMm]).toEqual(MEASURES[i]!.mm);
      expect(after.chargeableG).toBeGreaterThanOrEqual(after.weightG!);
      expect(after.store?.code).toBeTruthy();
    }
    await dialog.getByRole('button', { name: 'Đóng' }).last().click();
    // The results follow: the five now read "received abroad".
    await expect.poll(() => grid.getByText('Đã nhận ở kho nước ngoài').count(), { timeout: 15_000 }).toBe(5);

    // An unknown number is received as a new package, straight from the not-found list.
    await page.getByRole('button', { name: `Nhận kiện mới với mã ${UNKNOWN[0]}` }).click();
    const quick = page.getByRole('dialog', { name: 'Nhận kiện lẻ' });
    await quick.waitFor();
    expect(await quick.getByLabel(/^Mã vận đơn/).inputValue()).toBe(UNKNOWN[0]);
    await quick.getByLabel(/^Kho đích/).selectOption({ label: 'VN-HAN · Kho Hà Nội' });
    await quick.getByLabel(/^Cân nặng/).fill('0,5');
    await quick.getByLabel(/^Dài/).fill('20');
    await quick.getByLabel(/^Rộng/).fill('15');
    await quick.getByLabel(/^Cao/).fill('10');
    await quick.getByLabel(/^Cao/).press('Enter');
    await quick.getByText(/Đã nhận trong phiên này \(1\)/).waitFor();
    expect(await quick.getByText('Chưa xác định chủ').first().isVisible()).toBe(true);
    // The next parcel of the series keeps what was chosen (the destination hub went back to "keep the current one").
    const receivingStore = await quick.getByLabel(/^Kho nhận/).inputValue();
    expect(await quick.getByLabel(/^Kho đích/).evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]!.text)).toBe('VN-HAN · Kho Hà Nội');
    const next = `E2E${TAG}S02`;
    await quick.getByLabel(/^Mã vận đơn/).fill(next);
    await quick.getByLabel(/^Cân nặng/).fill('1,2');
    await quick.getByRole('button', { name: 'Nhận kiện', exact: true }).click();
    await quick.getByText(/Đã nhận trong phiên này \(2\)/).waitFor();
    for (const number of [UNKNOWN[0]!, next]) {
      const [received] = (await apiGet<PackageList>(`/api/packages?q=${number}`)).items;
      expect(received).toMatchObject({ trackingNumber: number, storeId: Number(receivingStore), destinationStore: { code: 'VN-HAN' } });
    }
    // Weighed, not measured: billed by its gross weight.
    expect((await apiGet<PackageList>(`/api/packages?q=${next}`)).items[0]).toMatchObject({ weightG: 1200, lengthMm: null, chargeableG: 1200 });
    await screenshot(page, 'tracking-quick-receive-desktop-light');
    await quick.getByRole('button', { name: 'Đóng' }).last().click();
    await expect.poll(() => page.getByTestId('not-found-count').innerText(), { timeout: 15_000 }).toBe('2 không tìm thấy');

    // The five received ones go on an open MAWB, chosen in the MAWB section's dialog, from the same results. A parcel
    // flies out of the country that received it (no transfers between warehouses), so the MAWB leaves from an
    // airport in the receiving warehouse's country.
    const receivedAt = new Set<number>();
    for (const p of expected) receivedAt.add((await apiGet<Package>(`/api/packages/${p.id}`)).store!.id);
    expect(receivedAt.size).toBe(1);
    const store = await apiGet<Store>(`/api/stores/${[...receivedAt][0]}`);
    const origin = AIRPORTS.find((a) => a.country === store.country)!.code;
    const serial = 1_000_000 + Math.floor(Math.random() * 8_999_999);
    const awb = `176-${serial}${serial % 7}`;
    const created = await fetch(suite.baseUrl + '/api/mawbs', {
      method: 'POST',
      headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ awbNumber: awb, origin, destination: 'SGN', note: `e2e ${TAG}` }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    for (const n of [1, 2, 3, 4, 5]) await grid.getByRole('checkbox', { name: `Chọn dòng ${n}`, exact: true }).check();
    await page.getByRole('region', { name: 'Thao tác với các dòng đã chọn' }).getByRole('button', { name: 'Đóng MAWB (5)' }).click();
    const mawbDialog = page.getByRole('dialog', { name: 'Đóng 5 kiện vào MAWB' });
    await mawbDialog.getByTestId('open-mawb').filter({ hasText: awb }).click();
    await mawbDialog.getByRole('button', { name: 'Đóng vào MAWB' }).click();
    await mawbDialog.waitFor({ state: 'detached' });
    await expect.poll(() => grid.getByText('Đã đóng MAWB').count(), { timeout: 15_000 }).toBe(5);
    for (const p of expected) expect((await apiGet<Package>(`/api/packages/${p.id}`)).mawbId).not.toBeNull();

    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('opens a package from the search, shows its journey newest first and records a new event', async () => {
    const { ctx, page, errors } = await signedInPage();
    // An open parcel (ready at the hub) with a whole journey behind it: a delivered one is final, and the package
    // lifecycle refuses any further event on it (the API test of that rule is in lib/resource/status.test.ts).
    const target = others.find((p) => p.status === 'ready') ?? others[0]!;
    await page.goto(`${suite.baseUrl}/tracking/search?q=${encodeURIComponent(target.trackingNumber)}`);
    const grid = page.getByRole('grid', { name: 'Kết quả tra cứu' });
    await grid.getByRole('link', { name: target.code }).click();
    await page.waitForURL(new RegExp(`/tracking/${target.id}$`));
    await page.getByRole('heading', { level: 1, name: new RegExp(target.code) }).waitFor();

    const events = (await apiGet<EventList>(`/api/packages/${target.id}/events`)).items;
    const items = page.getByTestId('timeline-item');
    await expect.poll(() => items.count()).toBe(events.length);
    expect(events.length).toBeGreaterThan(2);
    // Newest first: the top item is the package's current status.
    expect(await items.first().innerText()).toContain('Sẵn sàng tại kho VN');
    expect(await page.getByTestId('timeline').innerText()).toContain('RCS');
    if (target.customer) expect(await page.getByRole('link', { name: new RegExp(target.customer.code) }).getAttribute('href')).toBe(`/customer/${target.customer.id}`);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tracking-detail-desktop-light');

    // Record an exception with its IATA code, at a chosen place, for staff only.
    await page.getByRole('button', { name: 'Thêm sự kiện' }).click();
    await page.getByLabel(/^Sự kiện \(trạng thái mới\)/).selectOption('on_hold');
    await page.getByLabel(/^Mã IATA/).selectOption('DIS');
    await page.getByLabel(/^Địa điểm/).fill('Kho Hồ Chí Minh');
    await page.getByLabel(/^Ghi chú/).fill(`Kiểm tra e2e ${TAG}`);
    await page.getByLabel(/^Phạm vi hiển thị/).selectOption('internal');
    await page.getByRole('button', { name: 'Ghi sự kiện' }).click();
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(events.length + 1);
    const top = await items.first().innerText();
    expect(top).toContain('Tạm giữ');
    expect(top).toContain('DIS');
    expect(top).toContain(`Kiểm tra e2e ${TAG}`);
    expect(top).toContain('Nội bộ');
    await page.getByText('Tạm giữ', { exact: true }).first().waitFor();
    expect((await apiGet<Package>(`/api/packages/${target.id}`)).status).toBe('on_hold');
    await screenshot(page, 'tracking-detail-event-desktop-light');

    // This parcel flew on a MAWB that was manifested: its weight and sizes are the manifest's, so re-weighing it is
    // refused, and the form says why (naming the MAWB) and stays open with the typed values.
    await page.getByRole('link', { name: 'Sửa' }).click();
    await page.waitForURL(new RegExp(`/tracking/edit/${target.id}$`));
    const fillMeasures = async () => {
      await page.getByLabel(/^Cân nặng/).fill('7,5');
      await page.getByLabel(/^Dài/).fill('10');
      await page.getByLabel(/^Rộng/).fill('10');
      await page.getByLabel(/^Cao/).fill('10');
      expect(await page.getByTestId('chargeable').innerText()).toBe('7,5\u00a0kg');
      await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    };
    await fillMeasures();
    const refusal = page.getByRole('alert').filter({ hasText: 'Chưa lưu được' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(target.mawb!.awbNumber);
    expect(page.url()).toMatch(new RegExp(`/tracking/edit/${target.id}$`));
    expect((await apiGet<Package>(`/api/packages/${target.id}`)).weightG).toBe(target.weightG);

    // Edit a parcel still at its warehouse abroad (on no MAWB yet): a new weight in kg and a size in cm reach the
    // server in grams and millimetres (with If-Match), and the chargeable weight is recomputed.
    const [onHand] = (await apiGet<PackageList>('/api/packages?status=received_abroad&onMawb=false&pageSize=1&sort=-code')).items;
    expect(onHand?.mawbId).toBeNull();
    // Leaving the refused edit with its typed values: the browser asks first, and we leave.
    page.once('dialog', (d) => void d.accept());
    await page.goto(`${suite.baseUrl}/tracking/edit/${onHand!.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(onHand!.code) }).waitFor();
    await fillMeasures();
    await page.waitForURL(new RegExp(`/tracking/${onHand!.id}$`));
    await expect.poll(() => page.getByTestId('detail-chargeable').innerText()).toBe('7,5\u00a0kg');
    const edited = await apiGet<Package>(`/api/packages/${onHand!.id}`);
    expect([edited.weightG, edited.lengthMm, edited.widthMm, edited.heightMm, edited.chargeableG]).toEqual([7500, 100, 100, 100, 7500]);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('prints labels: each one renders its Code 128 and QR, one 100 × 150 mm page per label', async () => {
    const { ctx, page, errors } = await signedInPage();
    await page.goto(`${suite.baseUrl}/tracking?status=received_abroad&sort=code`);
    const grid = page.getByRole('grid', { name: 'Danh sách kiện hàng' });
    await grid.waitFor();
    await page.getByTestId('dt-range').waitFor();
    for (const n of [1, 2, 3]) await page.getByRole('checkbox', { name: `Chọn dòng ${n}`, exact: true }).check();
    await page.getByRole('link', { name: 'In nhãn (3)' }).click();
    await page.waitForURL(/\/tracking\/labels\?ids=\d+,\d+,\d+$/);
    const ids = new URL(page.url()).searchParams.get('ids')!.split(',').map(Number);

    const labels = page.getByTestId('package-label');
    await expect.poll(() => labels.count(), { timeout: 15_000 }).toBe(3);
    for (let i = 0; i < 3; i++) {
      const label = labels.nth(i);
      const p = await apiGet<Package>(`/api/packages/${ids[i]}`);
      expect(await label.innerText()).toContain(p.code);
      // Code 128 drawn by jsbarcode (bars as rects) and the QR as one SVG path, both carrying the package code.
      const barcode = label.locator('svg[data-testid="label-barcode"]');
      expect(await barcode.getAttribute('data-value')).toBe(p.code);
      expect(await barcode.locator('rect').count()).toBeGreaterThan(20);
      const qr = label.locator('svg[data-testid="label-qr"]');
      expect(await qr.getAttribute('data-value')).toBe(p.code);
      expect((await qr.locator('path').getAttribute('d'))!.length).toBeGreaterThan(100);
      const box = (await label.boundingBox())!;
      // 100 × 150 mm at 96 dpi.
      expect(Math.round(box.width)).toBe(378);
      expect(Math.round(box.height)).toBe(567);
    }
    await screenshot(page, 'tracking-labels-desktop-light');

    // Printed, the page holds nothing but the labels, one per 100 × 150 mm page.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header, nav, .page-header').first().isVisible()).toBe(false);
    await screenshot(page, 'tracking-labels-print');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBe(3);
    const size = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    // 100 × 150 mm in PDF points (1 pt = 1/72 in).
    expect(Math.round(Number(size![1]))).toBe(283);
    expect(Math.round(Number(size![2]))).toBe(425);
    await page.emulateMedia({ media: 'screen' });
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('screens in light and dark, on a desktop and a phone', async () => {
    const one = (await apiGet<PackageList>('/api/packages?status=received_abroad&pageSize=2&sort=code')).items;
    // A package received above has a History to show (the seed writes none).
    const id = expected[0]?.id ?? one[0]!.id;
    const scan = encodeURIComponent([one[0]!.trackingNumber, one[1]!.trackingNumber, others[0]!.trackingNumber, `E2E${TAG}NOPE`].join('\n'));
    const screens: [string, string][] = [
      ['list', '/tracking'],
      ['search', `/tracking/search?q=${scan}`],
      ['detail', `/tracking/${id}`],
      ['edit', `/tracking/edit/${id}`],
      ['history', `/tracking/${id}?tab=history`],
      ['labels', `/tracking/labels?ids=${one.map((p) => p.id).join(',')}`],
    ];
    await shootAll(suite, 'tracking', screens);
  }, SHOOT_ALL_TIMEOUT);
});
