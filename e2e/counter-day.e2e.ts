import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '../src/shared/contracts/customers';
import type { DeliverySlip } from '../src/shared/contracts/delivery-slips';
import { IDEMPOTENCY_HEADER } from '../src/shared/contracts/idempotency';
import { etagOf } from '../src/shared/contracts/resource';
import { describeE2E } from './support/e2e';
import { slipData, vnd, type SlipData } from './support/slips';
import { openSuite, serious, type Suite } from './support/suite';

/**
 * A day at the counter through the real UI on the built server: the morning's slips made in bulk for the customers
 * whose parcels are ready (one customer left out in the preview), finalised together over every slip the day's
 * search finds (yesterday's cancelled slip among them is refused, with its reason), printed together (each with the
 * footer from the settings and its print line; one A5 page per slip as PDF), then three customers come to the
 * counter and their slips are scanned and handed over for cash. The API then shows the slips delivered and each
 * wallet where the day leaves it, in whole đồng.
 */

let suite: Suite;
let data: SlipData;
const TAG = Date.now().toString(36).slice(-6).toUpperCase();
const FOOTER = `Quý khách vui lòng kiểm tra hàng trước khi ký nhận · ${TAG}`;
/** What customer A had in the wallet before the day: the slip takes it before asking for cash. */
const DEPOSIT = 30_000;

const slipsOf = async (query: string) => (await data.call<{ items: DeliverySlip[] }>('GET', `/api/delivery-slips?q=${TAG}&pageSize=50&${query}`)).items;

describeE2E('a day at the counter', () => {
  beforeAll(async () => {
    suite = await openSuite();
    data = slipData(suite, TAG);
  });
  afterAll(() => suite?.close());

  it('bulk slips → bulk finalise → bulk print → three slips scanned and handed over: the report, the prints and the wallets agree', async () => {
    const { call } = data;
    // ---- before the counter opens (API): the print footer, four customers with parcels ready, and yesterday's slip
    const [footer] = (await call<{ items: Array<{ id: number; version: number }> }>('GET', '/api/settings?kind=delivery&key=slip_footer')).items;
    await suite.api(`/api/settings/${footer!.id}`, { method: 'PATCH', headers: { 'if-match': etagOf(footer!.version) }, body: JSON.stringify({ value: FOOTER }) });
    const customers: Customer[] = [];
    for (const x of ['A', 'B', 'C', 'D', 'E']) customers.push(await data.newCustomer(`Ngày Quầy ${TAG} ${x}`));
    const [a, b, c, d, e] = customers;
    const counted = [a!, b!, c!];
    await data.readyParcels(a!.code, 2);
    await data.readyParcels(b!.code, 1);
    await data.readyParcels(c!.code, 1);
    const leftOut = await data.readyParcels(d!.code, 1);
    const yesterdays = await data.readyParcels(e!.code, 1);
    await suite.api('/api/transactions', {
      method: 'POST',
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      body: JSON.stringify({ customerId: a!.id, type: 'deposit', amount: DEPOSIT, method: 'cash' }),
    });
    const cancelled = await call<DeliverySlip>('POST', '/api/delivery-slips', { customerId: e!.id, trackingNumbers: yesterdays });
    await call('POST', `/api/delivery-slips/${cancelled.id}/status`, { status: 'cancelled' });
    const hub = await data.storeId('VN-SGN');

    const { ctx, page, errors } = await suite.signedInPage();

    // ---- bulk slips: the four customers at the SGN hub, D unticked in the preview, three drafts made
    await page.goto(`${suite.baseUrl}/deliveryslip/create-vouchers`);
    await page.getByLabel('Kho giao').selectOption(String(hub));
    const picker = page.getByRole('combobox', { name: 'Khách hàng (không bắt buộc)' });
    for (const x of [a!, b!, c!, d!]) {
      await picker.fill(x.code);
      await page.getByRole('option', { name: new RegExp(x.code) }).click();
      await page.getByRole('list', { name: 'Khách hàng đã chọn' }).getByText(x.code).waitFor();
    }
    await page.getByRole('button', { name: 'Xem trước' }).click();
    const preview = page.getByRole('table', { name: 'Xem trước: một phiếu cho mỗi khách hàng' });
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(4);
    await page.getByRole('checkbox', { name: `Lập phiếu cho ${d!.code}` }).uncheck();
    // The totals are those of the ticked customers: A's two parcels, B's and C's one each.
    await expect.poll(() => page.getByText('3 phiếu · 4 kiện').count()).toBe(1);
    await page.getByRole('button', { name: 'Tạo 3 phiếu đã đánh dấu' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Đã tạo' }).innerText()).toBe('Đã tạo 3 phiếu giao (bản nháp).');
    const made = page.getByRole('table', { name: 'Phiếu đã tạo' });
    expect(await made.locator('tbody tr').count()).toBe(3);
    const drafts = await slipsOf('status=draft');
    expect(drafts.map((s) => s.customerId).sort()).toEqual(counted.map((x) => x.id).sort());
    for (const s of drafts) expect(await made.getByRole('link', { name: s.code }).count()).toBe(1);
    expect((await call<{ items: Array<{ status: string }> }>('GET', `/api/packages?customerId=${d!.id}`)).items.map((p) => p.status)).toEqual(['ready']);
    expect(leftOut).toHaveLength(1);

    // ---- bulk finalise: the day's search, two rows a page, every matching row ticked (yesterday's cancelled one too)
    await page.goto(`${suite.baseUrl}/deliveryslip?pageSize=2`);
    await page.getByLabel('Tìm phiếu giao').fill(TAG);
    await expect.poll(() => page.locator('main').innerText()).toContain('1–2 trên tổng 4');
    await page.getByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }).check();
    await page.getByRole('button', { name: 'Chọn tất cả 4 dòng khớp bộ lọc' }).click();
    await expect.poll(() => page.getByTestId('dt-selected-count').innerText()).toBe('Đã chọn tất cả 4 dòng khớp bộ lọc');
    await page.getByRole('button', { name: 'Chốt 4 phiếu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chốt phiếu hàng loạt' });
    await dialog.getByTestId('slips-bulk-matching-note').waitFor();
    await dialog.getByRole('button', { name: 'Chốt 4 phiếu' }).click();
    await expect.poll(() => dialog.getByTestId('slips-bulk-summary').innerText()).toBe('Xong 3 · Bị từ chối 1 · Đổi cước 0');
    for (const s of drafts) expect(await dialog.getByTestId(`slips-bulk-row-${s.id}`).innerText()).toContain('Đã xong');
    // The refused slip says why, in words.
    const refusedRow = dialog.getByTestId(`slips-bulk-row-${cancelled.id}`);
    expect(await refusedRow.innerText()).toContain('Bị từ chối');
    expect((await refusedRow.locator('.small').innerText()).trim().length).toBeGreaterThan(5);
    await dialog.getByRole('button', { name: 'Đóng', exact: true }).click();
    const ready = await slipsOf('status=ready');
    expect(ready.map((s) => s.id).sort()).toEqual(drafts.map((s) => s.id).sort());
    expect((await call<DeliverySlip>('GET', `/api/delivery-slips/${cancelled.id}`)).status).toBe('cancelled');
    // A's wallet pays part of A's slip; all money is whole đồng.
    const slipOf = (x: Customer) => ready.find((s) => s.customerId === x.id)!;
    for (const s of ready) for (const n of [s.total, s.walletCredit, s.amountToCollect]) expect(Number.isSafeInteger(n)).toBe(true);
    expect(slipOf(a!).walletCredit).toBe(Math.min(DEPOSIT, slipOf(a!).total));
    expect(slipOf(a!).amountToCollect).toBe(slipOf(a!).total - slipOf(a!).walletCredit);

    // ---- bulk print: the ready slips of the day, the page ticked
    await page.goto(`${suite.baseUrl}/deliveryslip?status=ready`);
    await page.getByLabel('Tìm phiếu giao').fill(TAG);
    await expect.poll(() => page.locator('main').innerText()).toContain('1–3 trên tổng 3');
    await page.getByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }).check();
    await page.getByRole('link', { name: 'In phiếu đã chọn (3)' }).click();
    await page.waitForURL(/\/deliveryslip\/print-coupons\?ids=/);
    await expect.poll(() => page.getByTestId('printed-slip').count()).toBe(3);
    for (const s of ready) {
      const sheet = page.getByRole('article', { name: `Phiếu giao hàng ${s.code}` });
      const text = await sheet.innerText();
      expect(text).toContain(FOOTER);
      expect(text).toMatch(/In lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · lần 1/);
      expect(text).toContain(vnd(s.amountToCollect));
      expect(await sheet.getByTestId('draft-mark').count()).toBe(0);
    }
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(3);
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'In 3 phiếu' }).click();
    for (const s of ready) await expect.poll(async () => (await call<DeliverySlip>('GET', `/api/delivery-slips/${s.id}`)).printCount).toBe(1);

    // ---- the hand-over: three slips scanned at the counter, each confirmed for cash
    await page.goto(`${suite.baseUrl}/deliveryslip/vote-confirm`);
    const box = page.getByRole('textbox', { name: 'Mã phiếu giao', exact: true });
    const scans: Array<[Customer, (code: string) => Promise<void>]> = [
      // A gun sending key after key, then Enter.
      [a!, async (code) => {
        await box.pressSequentially(code, { delay: 5 });
        await box.press('Enter');
      }],
      // A gun that sends no Enter: the code arrives in one burst and is taken after the pause.
      [b!, (code) => box.fill(code)],
      // Lower case, with Enter.
      [c!, async (code) => {
        await box.fill(code.toLowerCase());
        await box.press('Enter');
      }],
    ];
    for (const [x, scan] of scans) {
      const s = slipOf(x);
      await scan(s.code);
      await expect.poll(() => page.getByTestId('confirm-slip-code').innerText()).toBe(s.code);
      await page.getByRole('button', { name: 'Xác nhận đã giao' }).click();
      const done = page.getByTestId('confirm-not-confirmable');
      await expect.poll(() => done.innerText()).toContain(`Phiếu ${s.code} đã giao xong và đã thu tiền.`);
      expect(await done.getAttribute('class')).toContain('alert-success');
      await expect.poll(() => page.locator('main').getByText('Đã giao', { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.Toastify__toast--success').filter({ hasText: s.code }).innerText()).toContain(`Đã giao phiếu ${s.code}: thu ${vnd(s.amountToCollect)}`);
      expect(await page.locator('.Toastify__toast--error').count()).toBe(0);
    }
    expect(serious(errors)).toEqual([]);
    await ctx.close();

    // ---- the day's end, through the API: the slips delivered for what they asked, each wallet where the day leaves it
    for (const s of ready) {
      const after = await call<DeliverySlip>('GET', `/api/delivery-slips/${s.id}`);
      expect(after).toMatchObject({ status: 'delivered', collectedAmount: s.amountToCollect, collectMethod: 'cash', printCount: 1 });
    }
    const balance = async (x: Customer) => (await call<Customer>('GET', `/api/customers/${x.id}`)).balance;
    // A's deposit paid the wallet part of A's slip; the cash paid the rest. B and C paid in cash: nothing left over.
    expect(await balance(a!)).toBe(DEPOSIT - slipOf(a!).walletCredit);
    expect(await balance(b!)).toBe(0);
    expect(await balance(c!)).toBe(0);
    // D, left out of the day, owes nothing and its parcel waits; so does E's, whose slip was cancelled.
    expect(await balance(d!)).toBe(0);
    expect(await balance(e!)).toBe(0);
    for (const x of [d!, e!]) expect((await call<{ items: Array<{ status: string }> }>('GET', `/api/packages?customerId=${x.id}`)).items.map((p) => p.status)).toEqual(['ready']);
  });
});
