import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '../src/shared/contracts/customers';
import type { DeliverySlip } from '../src/shared/contracts/delivery-slips';
import type { Mawb } from '../src/shared/contracts/mawbs';
import type { Package } from '../src/shared/contracts/packages';
import { makeAwb } from '../src/shared/domain/awb';
import { slipPaymentCode } from '../src/shared/domain/delivery-slip-lifecycle';
import { SCREENSHOT_DIR } from './support/browser';
import { describeE2E } from './support/e2e';
import { flat, readPdf, type PdfPage } from './support/pdf';
import { openSuite, serious, type Suite } from './support/suite';

/**
 * Every print view rendered to PDF as the browser prints it (print media, the view's own @page size) and read back
 * with pdf.js: each page is the view's paper, and every part of the print is on it — the company heading, the
 * lines, the totals, the signature boxes, the footer text from Settings and the "In lúc … · lần n" line — and on
 * paper: each page is drawn and every text run must leave ink (text clipped at a page break or past the page's edge
 * is still in the PDF's text, and still lost).
 *
 * - Delivery slip, A5 (148 × 210 mm): a slip of up to TYPICAL packages with every kind of charge and the longest
 *   realistic footer is exactly one page; a longer slip runs on over more A5 pages and still ends with its footer and
 *   print line; in a run of several slips each starts its own page.
 * - Delivery slip, 80 mm thermal roll: every page 80 mm wide; each slip whole, footer last.
 * - MAWB cargo manifest, A4 (210 × 297 mm): many parcels run over pages with the column heads on each, the totals,
 *   signatures and print time on the last.
 * - Package labels, 100 × 150 mm: one label per page, each whole.
 *
 * Each rendered PDF is kept in the git-ignored screenshots/ folder as prints-<name>.pdf.
 */

let suite: Suite;
const TAG = Date.now().toString(36).slice(-6).toUpperCase();
let serial = Number.parseInt(TAG, 36) % 9_000_000;

/** A slip of this many packages fits one A5 page with everything on it (its footer the longest realistic one). */
const TYPICAL = 8;
/** A slip this long cannot fit one A5 page: it runs on, and its last page still has the footer and print line. */
const LONG = 40;

const COMPANY = 'Công ty TNHH Vận tải Hàng không Sao Việt';
/** The office's terms as a back office writes them: three paragraphs, ~480 characters. */
const FOOTER = [
  'Quý khách vui lòng kiểm tra hàng trước khi ký nhận; sau khi ký nhận, công ty không giải quyết khiếu nại về số lượng và tình trạng bên ngoài của kiện hàng.',
  'Hàng dễ vỡ, hàng có giá trị cao cần được khai báo và mua bảo hiểm trước khi gửi. Khiếu nại về hàng hóa xin gửi trong vòng 03 ngày kể từ ngày nhận hàng, kèm hình ảnh và video mở hàng.',
  'Hotline hỗ trợ 1900 6868 (8:00–20:00 hằng ngày) · Zalo OA: Sao Việt Cargo. Cảm ơn quý khách đã tin dùng dịch vụ!',
].join('\n');
/** "In lúc 12/05/2026 14:03 · lần 1": a slip printed for the first time. */
const PRINTED_FIRST = /In lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · lần 1/;

const MM = { a5: [148, 210], a4: [210, 297], thermal: [80, 297], label: [100, 150] } as const;

const call = <T>(method: string, p: string, body?: unknown, headers?: Record<string, string>) =>
  suite.api<T>(p, { method, body: body ? JSON.stringify(body) : undefined, headers });

async function storeId(code: string): Promise<number> {
  const stores = await call<{ items: Array<{ id: number; code: string }> }>('GET', '/api/stores?pageSize=100');
  return stores.items.find((s) => s.code === code)!.id;
}

async function newCustomer(name: string): Promise<Customer> {
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return call<Customer>('POST', '/api/customers', { fullName: `${name} ${TAG}`, phone, province: 'TP. Hồ Chí Minh' });
}

/**
 * Parcels of each customer (how many each) received in Oregon and flown to the SGN hub on one MAWB, as the
 * business does it, ready to hand over. Returns the MAWB and the parcels by customer, in the order asked.
 */
async function flyToHub(batches: Array<{ customer: Customer; count: number }>): Promise<{ mawb: Mawb; parcels: Package[][] }> {
  const origin = await storeId('US-OR');
  const hub = await storeId('VN-SGN');
  const contents = ['giày thể thao', 'mỹ phẩm', 'thực phẩm chức năng', 'quần áo trẻ em', 'đồ chơi', 'phụ kiện điện thoại'];
  let n = 0;
  const parcels: Package[][] = [];
  for (const { customer, count } of batches) {
    const mine: Package[] = [];
    for (let i = 0; i < count; i++, n++) {
      const trackingNumber = `1Z${TAG}${String(n).padStart(4, '0')}`;
      const got = await call<{ package: Package }>('POST', '/api/packages/receive', {
        storeId: origin,
        trackingNumber,
        weightG: 900 + 370 * (n % 9),
        lengthMm: 300 + 10 * (n % 7),
        widthMm: 220,
        heightMm: 120 + 10 * (n % 5),
        customerCode: customer.code,
        destinationStoreId: hub,
        contents: contents[n % contents.length],
      });
      mine.push(got.package);
    }
    parcels.push(mine);
  }
  const mawb = await call<Mawb>('POST', '/api/mawbs', { awbNumber: makeAwb('695', 8_000_000 + (serial++ % 999_999)), origin: 'LAX', destination: 'SGN' });
  await call('POST', `/api/mawbs/${mawb.id}/packages`, { trackingNumbers: parcels.flat().map((p) => p.trackingNumber) });
  for (const status of ['booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub']) {
    await call('POST', `/api/mawbs/${mawb.id}/status`, { status, ...(status === 'departed' ? { flightNo: 'BR25' } : {}) });
  }
  return { mawb, parcels };
}

/** A courier slip with every kind of charge (domestic fee, surcharge, discount with its reason); finalised unless `draft`. */
async function fullSlip(customer: Customer, parcels: Package[], draft = false): Promise<DeliverySlip> {
  const slip = await call<DeliverySlip>('POST', '/api/delivery-slips', {
    customerId: customer.id,
    packageIds: parcels.map((p) => p.id),
    receiverName: `${customer.fullName}`,
    receiverPhone: customer.phone,
    receiverAddress: 'Lô B2, chung cư Sunrise Riverside, 123/45 đường Nguyễn Hữu Thọ, xã Phước Kiển, huyện Nhà Bè',
    receiverProvince: 'TP. Hồ Chí Minh',
    method: 'courier',
    carrierName: 'Giao Hàng Tiết Kiệm',
    carrierTrackingNumber: `S${TAG}.BO.MN12`,
    domesticFee: 45_000,
    surcharges: [{ label: 'Đóng gói lại, chèn xốp chống sốc', amount: 30_000 }],
    discount: { kind: 'amount', amount: 20_000, reason: 'Khách quen, đơn trên 5 kiện' },
  });
  return draft ? slip : call<DeliverySlip>('POST', `/api/delivery-slips/${slip.id}/status`, { status: 'ready' });
}

/** Renders the page as the browser prints it and reads the PDF back; the PDF is kept as screenshots/prints-<name>.pdf. */
async function printToPdf(page: Page, name: string): Promise<PdfPage[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(path.join(SCREENSHOT_DIR, `prints-${name}.pdf`), pdf);
  return readPdf(pdf);
}

/** Every page the given paper (within 0.5 mm), and all of its text printed. */
function expectPaper(pages: PdfPage[], [w, h]: readonly [number, number]) {
  expect(pages.length).toBeGreaterThan(0);
  for (const [i, p] of pages.entries()) {
    expect(Math.abs(p.widthMm - w), `page ${p.widthMm} × ${p.heightMm} mm, expected ${w} × ${h}`).toBeLessThan(0.5);
    expect(Math.abs(p.heightMm - h), `page ${p.widthMm} × ${p.heightMm} mm, expected ${w} × ${h}`).toBeLessThan(0.5);
    expect(p.unprinted, `text of page ${i + 1} in the PDF but not on paper:\n${p.text}`).toEqual([]);
  }
}

/** The pages of each slip of a print run, by the slip code printed at the top of its first page. */
function pagesBySlip(pages: PdfPage[], slips: DeliverySlip[]): Map<string, PdfPage[]> {
  const out = new Map<string, PdfPage[]>(slips.map((s) => [s.code, []]));
  let current: string | null = null;
  for (const p of pages) {
    const starts = slips.filter((s) => p.text.includes(s.code));
    expect(starts.length, `one slip starts on a page, found ${starts.map((s) => s.code).join(', ')}:\n${p.text}`).toBeLessThanOrEqual(1);
    if (starts[0]) {
      expect(out.get(starts[0].code)!.length, `${starts[0].code} begins a page once`).toBe(0);
      current = starts[0].code;
    }
    expect(current, `a page before any slip:\n${p.text}`).not.toBeNull();
    out.get(current!)!.push(p);
  }
  return out;
}

/**
 * What a printed slip must show, over its pages: the company heading and title on its first page; every package, the
 * carrier, the charges and the amount to collect; on its last page the footer text from Settings, the print line and
 * both signature boxes; the transfer note whole.
 */
function expectWholeSlip(slipPages: PdfPage[], slip: DeliverySlip) {
  const all = flat(slipPages.map((p) => p.text).join('\n'));
  const first = flat(slipPages[0]!.text);
  const last = flat(slipPages.at(-1)!.text);
  expect(first, 'company name heads the first page').toContain(COMPANY);
  expect(first).toMatch(/PHIẾU GIAO HÀNG/i);
  for (const p of slip.packages) expect(all, `package ${p.trackingNumber} printed`).toContain(p.trackingNumber);
  expect(all).toContain('Giao Hàng Tiết Kiệm');
  expect(all).toContain('Khách quen, đơn trên 5 kiện');
  expect(all).toMatch(/cần thu/i);
  expect(last, `the footer from Settings on the last page of ${slip.code}:\n${slipPages.at(-1)!.text}`).toContain(flat(FOOTER));
  expect(last, `the print line on the last page of ${slip.code}:\n${slipPages.at(-1)!.text}`).toMatch(PRINTED_FIRST);
  // Both signature boxes (their captions are set in capitals; each has the same hint under its space).
  expect(last, `both signature boxes on the last page of ${slip.code}:\n${slipPages.at(-1)!.text}`).toMatch(/người giao/i);
  expect(last.split('(ký, ghi rõ họ tên)').length - 1, 'both signature boxes whole').toBe(2);
  // The transfer note the bank matches the payment by, whole (it ran off the page's edge).
  if (slip.amountToCollect > 0) expect(all).toContain(`Nội dung CK: ${slipPaymentCode(slip.code)}`);
}

async function openSlips(page: Page, slips: DeliverySlip[], format: 'a5' | 'thermal') {
  await page.goto(`${suite.baseUrl}/deliveryslip/print-coupons?ids=${slips.map((s) => s.id).join(',')}${format === 'thermal' ? '&format=thermal' : ''}`);
  await expect.poll(() => page.getByTestId('printed-slip').count()).toBe(slips.length);
  await expect.poll(() => page.locator('.slip-print-footer-text').first().innerText()).toContain('Quý khách vui lòng kiểm tra hàng');
}

describeE2E('prints fit their paper (rendered to PDF)', () => {
  let typical: DeliverySlip;
  let draft: DeliverySlip;
  let long: DeliverySlip;
  let mawb: Mawb;
  let labelParcels: Package[];

  beforeAll(async () => {
    suite = await openSuite();
    // The long footer, edited in place as Settings does it.
    const [row] = (await call<{ items: Array<{ id: number; version: number }> }>('GET', '/api/settings?kind=delivery&key=slip_footer')).items;
    await call('PATCH', `/api/settings/${row!.id}`, { value: FOOTER }, { 'if-match': `"${row!.version}"` });
    const [a, b, c] = [await newCustomer('Nguyễn Thị Phương Thảo'), await newCustomer('Trần Minh Khoa'), await newCustomer('Lê Hoàng Bảo Ngọc')];
    const flown = await flyToHub([
      { customer: a, count: TYPICAL },
      { customer: b, count: TYPICAL },
      { customer: c, count: LONG },
    ]);
    mawb = flown.mawb;
    const [pa, pb, pc] = flown.parcels as [Package[], Package[], Package[]];
    typical = await fullSlip(a, pa);
    draft = await fullSlip(b, pb, true);
    long = await fullSlip(c, pc);
    labelParcels = [pa[0]!, pb[0]!, pc[0]!];
  });
  afterAll(() => suite?.close());

  it(`A5: a slip of ${TYPICAL} packages with every charge and a long footer is one A5 page with all its parts; so is its draft`, async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    for (const [slip, name] of [
      [typical, 'slip-a5-typical'],
      [draft, 'slip-a5-draft'],
    ] as const) {
      await openSlips(page, [slip], 'a5');
      const pages = await printToPdf(page, name);
      expectPaper(pages, MM.a5);
      expect(pages.length, `${name}: one A5 page`).toBe(1);
      expectWholeSlip(pages, slip);
      if (slip.status === 'draft') expect(flat(pages[0]!.text)).toContain('NHÁP');
    }
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it(`A5: a run of slips, one of ${LONG} packages: each slip starts its own A5 page, the long one runs on and ends with its footer`, async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    const run = [typical, long, draft];
    await openSlips(page, run, 'a5');
    const pages = await printToPdf(page, 'slip-a5-run');
    expectPaper(pages, MM.a5);
    const bySlip = pagesBySlip(pages, run);
    expect(bySlip.get(typical.code)!.length).toBe(1);
    expect(bySlip.get(draft.code)!.length).toBe(1);
    expect(bySlip.get(long.code)!.length).toBeGreaterThan(1);
    for (const s of run) expectWholeSlip(bySlip.get(s.code)!, s);
    // The long slip's packages go on over its pages under their column heads.
    for (const p of bySlip.get(long.code)!.slice(0, -1)) expect(p.text).toContain('Mã vận đơn');
    // The footer is printed once per slip, on its last page.
    expect(pages.filter((p) => flat(p.text).includes(flat(FOOTER))).length).toBe(run.length);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('80 mm thermal roll: every page 80 mm wide; each slip whole, its footer and print line last', async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    const run = [typical, long];
    await openSlips(page, run, 'thermal');
    const pages = await printToPdf(page, 'slip-thermal-run');
    expectPaper(pages, MM.thermal);
    const bySlip = pagesBySlip(pages, run);
    expect(bySlip.get(typical.code)!.length).toBe(1);
    for (const s of run) expectWholeSlip(bySlip.get(s.code)!, s);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it(`A4 manifest of ${2 * TYPICAL + LONG} parcels: A4 pages, column heads on each, every parcel once, totals, signatures and print time last`, async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/mawb/${mawb.id}/manifest`);
    await expect.poll(() => page.getByTestId('manifest-row').count()).toBe(2 * TYPICAL + LONG);
    await expect.poll(() => page.getByTestId('manifest-company-name').innerText()).toBe(COMPANY);
    const pages = await printToPdf(page, 'manifest-a4');
    expectPaper(pages, MM.a4);
    expect(pages.length).toBeGreaterThan(1);
    const first = flat(pages[0]!.text);
    const last = flat(pages.at(-1)!.text);
    expect(first).toContain(COMPANY);
    expect(first).toContain('CARGO MANIFEST');
    expect(first).toContain(mawb.awbNumber);
    for (const [i, p] of pages.entries()) expect(flat(p.text), `column heads on page ${i + 1}`).toContain('Mã vận đơn / Mã kiện');
    const list = await call<{ items: Array<{ trackingNumber: string }> }>('GET', `/api/mawbs/${mawb.id}/packages`);
    const all = pages.map((p) => p.text).join('\n');
    for (const p of list.items) expect(all.split(p.trackingNumber).length - 1, `${p.trackingNumber} printed once`).toBe(1);
    expect(last).toContain(`Tổng cộng: ${2 * TYPICAL + LONG} kiện`);
    expect(last).toContain('Người lập (ký, ghi rõ họ tên)');
    expect(last).toContain('Đại diện hãng bay / kho hàng');
    expect(last).toMatch(/In lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('100 × 150 mm labels: one whole label per page', async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/tracking/labels?ids=${labelParcels.map((p) => p.id).join(',')}`);
    await expect.poll(() => page.getByTestId('package-label').count()).toBe(labelParcels.length);
    const pages = await printToPdf(page, 'labels');
    expectPaper(pages, MM.label);
    expect(pages.length).toBe(labelParcels.length);
    for (const [i, p] of labelParcels.entries()) {
      // The codes are letter-spaced on the label: pdf.js reads them a character at a time.
      const text = flat(pages[i]!.text).replace(/ /g, '');
      // The office's own name heads the label, not the product's.
      for (const part of [COMPANY.replace(/ /g, ''), p.code, p.trackingNumber, p.customer!.code, `${i + 1}/${labelParcels.length}`]) expect(text, `label ${i + 1}: ${part}`).toContain(part);
    }
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });
});
