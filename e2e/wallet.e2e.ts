import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '../src/shared/contracts/customers';
import type { Order } from '../src/shared/contracts/orders';
import type { TransactionList, TransactionTotals } from '../src/shared/contracts/transactions';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { screenshot, SCREENSHOT_DIR } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type PageOptions, type Suite } from './support/suite';

/**
 * The wallet through the real UI: create a purchase order for a fresh customer (live totals = the server's), deposit
 * money on the customer page, pay the order from its page, be refused beyond the credit limit, and see the balance
 * change on the customer page — with the ledger summing to that balance. Then every screen at desktop and phone
 * size, light and dark. Each run makes its own customer, so it also works against a server with data
 * (E2E_BASE_URL).
 */

let suite: Suite;

const TAG = Date.now().toString(36).slice(-5).toUpperCase();
const NAME = `Ví Thử ${TAG}`;
const vnd = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}\u00a0₫`;

const apiCall = <T>(method: string, path: string, body?: unknown) => suite.api<T>(path, { method, body: body ? JSON.stringify(body) : undefined });
const apiGet = <T>(path: string) => apiCall<T>('GET', path);

const signedInPage = (opts?: PageOptions) => suite.signedInPage(opts);

const balanceTile = (page: Page) => page.getByTestId('balance-balance');

/** A dialog is seen in the viewport, not on a full-page capture of what lies under it. */
async function dialogShot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function ledgerOf(customerId: number) {
  const rows = await apiGet<TransactionList>(`/api/transactions?customerId=${customerId}&pageSize=200`);
  return rows.items.reduce((s, r) => s + r.amount, 0);
}

let customer: Customer;
let orderId = 0;
let transactionId = 0;

describeE2E('orders and the customer wallet', () => {
  beforeAll(async () => {
    suite = await openSuite();
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    customer = await apiCall<Customer>('POST', '/api/customers', { fullName: NAME, phone, province: 'Hà Nội' });
    expect(customer.balance).toBe(0);
  });

  afterAll(() => suite?.close());

  it('creates an order, deposits money, pays, and the customer page shows the balance change', async () => {
    const { ctx, page, errors } = await signedInPage();

    // ---- the order, from the list, with live totals
    await page.goto(`${suite.baseUrl}/order`);
    await page.getByRole('grid', { name: 'Danh sách đơn hàng' }).waitFor();
    await page.getByRole('link', { name: 'Tạo đơn hàng' }).first().click();
    await page.waitForURL(/\/order\/create$/);
    await page.getByRole('heading', { level: 1, name: 'Tạo đơn hàng' }).waitFor();
    await page.getByRole('combobox', { name: /Khách hàng/ }).fill(`vi thu ${TAG}`);
    await page.getByRole('option', { name: new RegExp(customer.code) }).click();
    await page.getByTestId('customer-chip').getByText(customer.code).waitFor();
    await page.getByLabel('Tiền tệ').selectOption('USD');
    await page.getByLabel(/^Tên sản phẩm/).fill('Giày chạy bộ Brooks Ghost 16');
    await page.getByLabel(/^Đường dẫn sản phẩm/).fill('https://www.example.com/brooks-ghost-16');
    await page.getByLabel(/^Phân loại/).fill('Size 42, xanh');
    await page.getByLabel(/^Số lượng/).fill('2');
    await page.getByLabel(/^Đơn giá \(USD\)/).fill('19,99');
    await page.getByLabel(/^Phí dịch vụ \(%\)/).fill('5');
    await page.getByLabel(/^Phí giao nội địa/).fill('30000');
    await page.getByLabel(/^Tiền cọc yêu cầu/).fill('500000');
    // 2 × 19.99 USD × 25,400 = 1,015,492 đ; 5 % fee = 50,774.6 → 50,775; + 30,000 domestic.
    const rates = await apiGet<{ rates: { currency: string; rate: string }[] }>('/api/exchange-rates');
    const usd = Number(rates.rates.find((r) => r.currency === 'USD')!.rate);
    // Integer arithmetic, half up: 3,998 cents at the rate, then 500 basis points of the goods.
    const goods = Math.floor((3998 * usd * 2 + 100) / 200);
    const expectedTotal = goods + Math.floor((goods * 500 * 2 + 10_000) / 20_000) + 30_000;
    await expect.poll(() => page.getByTestId('preview-total').innerText()).toBe(vnd(expectedTotal));
    await screenshot(page, 'wallet-order-create-desktop-light');
    await page.getByRole('button', { name: 'Tạo đơn hàng' }).click();
    await page.waitForURL(/\/order\/\d+$/);
    orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = await apiGet<Order>(`/api/orders/${orderId}`);
    // The preview said exactly what the server computed and stored.
    expect(order.total).toBe(expectedTotal);
    expect(order.items[0]!.unitPriceMinor).toBe(1999);
    await expect.poll(() => page.getByTestId('order-total').innerText()).toBe(vnd(order.total));
    expect(await page.getByTestId('order-due').innerText()).toBe(vnd(order.total));

    // ---- a lifecycle step, and an illegal one refused by the server is shown where it happened
    await page.getByRole('button', { name: 'Xác nhận đơn' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận đơn' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Đã xác nhận').waitFor();

    // ---- deposit on the customer page
    await page.goto(`${suite.baseUrl}/customer/${customer.id}?tab=balance`);
    await expect.poll(() => balanceTile(page).innerText()).toBe(vnd(0));
    const depositAmount = order.total + 200_000;
    await page.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Ghi giao dịch ví' });
    await dialog.getByLabel(/^Số tiền/).fill(String(depositAmount));
    await dialog.getByLabel('Hình thức').selectOption('bank_transfer');
    await dialog.getByLabel(/^Số tham chiếu/).fill(`FT${TAG}`);
    await dialogShot(page, 'wallet-deposit-dialog-desktop-light');
    await dialog.getByRole('button', { name: /^Ghi nạp tiền/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceTile(page).innerText()).toBe(vnd(depositAmount));

    // ---- pay the order from its page (the dialog starts with what is due)
    await page.goto(`${suite.baseUrl}/order/${orderId}`);
    await page.getByRole('button', { name: 'Ghi thanh toán' }).first().click();
    dialog = page.getByRole('dialog', { name: new RegExp(`Ghi tiền cho đơn ${order.code}`) });
    expect(await dialog.getByLabel(/^Số tiền/).inputValue()).toBe(vnd(order.total).replace(/\u00a0₫$/, ''));
    await dialog.getByRole('button', { name: /^Ghi thanh toán/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('order-due').innerText()).toBe(vnd(0));
    expect(await page.getByTestId('order-paid').innerText()).toBe(vnd(order.total));

    // ---- beyond the credit limit: refused with the balance and the limit named
    await page.goto(`${suite.baseUrl}/customer/${customer.id}?tab=balance`);
    await expect.poll(() => balanceTile(page).innerText()).toBe(vnd(200_000));
    await page.getByRole('button', { name: 'Thanh toán từ ví' }).click();
    dialog = page.getByRole('dialog', { name: 'Ghi giao dịch ví' });
    await dialog.getByLabel(/^Số tiền/).fill('350000');
    await dialog.getByRole('button', { name: /^Ghi thanh toán/ }).click();
    const refusal = dialog.getByTestId('credit-limit-alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(customer.code);
    expect(await refusal.innerText()).toContain('200.000');
    await dialogShot(page, 'wallet-credit-limit-desktop-light');
    await dialog.getByRole('button', { name: 'Hủy' }).click();

    // ---- the customer page: the balance moved, and it is the sum of the ledger
    await expect.poll(() => balanceTile(page).innerText()).toBe(vnd(200_000));
    const fresh = await apiGet<Customer>(`/api/customers/${customer.id}`);
    expect(fresh.balance).toBe(200_000);
    expect(await ledgerOf(customer.id)).toBe(fresh.balance);
    await page.getByRole('tab', { name: 'Giao dịch' }).click();
    const rows = page.getByRole('grid', { name: `Giao dịch ví của ${customer.code}` });
    await rows.getByRole('row').nth(2).waitFor();
    expect(await rows.getByRole('row').count()).toBe(3);
    await page.getByRole('tab', { name: 'Đơn hàng' }).click();
    await page.getByRole('grid', { name: `Đơn hàng của ${customer.code}` }).getByText(order.code).waitFor();
    await screenshot(page, 'wallet-customer-orders-desktop-light');

    // ---- the transaction list: filtered to the customer, the totals are theirs
    await page.goto(`${suite.baseUrl}/transaction?customerId=${customer.id}`);
    await page.getByRole('grid', { name: 'Danh sách giao dịch' }).waitFor();
    const totals = await apiGet<TransactionTotals>(`/api/transactions/totals?customerId=${customer.id}`);
    expect(totals).toEqual({ count: 2, totalIn: depositAmount, totalOut: order.total, net: 200_000 });
    await expect.poll(() => page.getByTestId('totals-in').innerText()).toBe(`+${vnd(depositAmount)}`);
    expect(await page.getByTestId('totals-out').innerText()).toBe(`\u2212${vnd(order.total)}`);
    expect(await page.getByTestId('totals-net').innerText()).toBe(`+${vnd(200_000)}`);
    const list = await apiGet<TransactionList>(`/api/transactions?customerId=${customer.id}`);
    transactionId = list.items[0]!.id;

    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('edits only the note and reference of a ledger row', async () => {
    const { ctx, page } = await signedInPage();
    await page.goto(`${suite.baseUrl}/transaction/${transactionId}`);
    await page.getByRole('link', { name: /Sửa ghi chú/ }).click();
    await page.waitForURL(new RegExp(`/transaction/edit/${transactionId}$`));
    await page.getByText(/Chỉ sửa được ghi chú và số tham chiếu/).waitFor();
    await page.getByLabel(/^Ghi chú/).fill(`Thanh toán đơn, ghi chú ${TAG}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.waitForURL(new RegExp(`/transaction/${transactionId}$`));
    await page.getByText(`Thanh toán đơn, ghi chú ${TAG}`).waitFor();
    const before = await apiGet<{ amount: number; balanceAfter: number; note: string }>(`/api/transactions/${transactionId}`);
    expect(before.note).toBe(`Thanh toán đơn, ghi chú ${TAG}`);
    await ctx.close();
  });

  it('looks right on desktop and phone, light and dark', async () => {
    const screens: [string, string][] = [
      ['order-list', '/order'],
      ['order-detail', `/order/${orderId}`],
      ['order-timeline', `/order/${orderId}?tab=timeline`],
      ['order-edit', `/order/edit/${orderId}`],
      ['order-create', '/order/create'],
      ['transaction-list', '/transaction'],
      ['transaction-detail', `/transaction/${transactionId}`],
      ['transaction-edit', `/transaction/edit/${transactionId}`],
      ['customer-balance', `/customer/${customer.id}?tab=balance`],
      ['customer-transactions', `/customer/${customer.id}?tab=transactions`],
    ];
    await shootAll(suite, 'wallet', screens, async (page, size, colorScheme) => {
      await page.goto(`${suite.baseUrl}/transaction`);
      await page.getByRole('button', { name: 'Ghi giao dịch' }).click();
      await page.getByRole('dialog', { name: 'Ghi giao dịch ví' }).waitFor();
      await dialogShot(page, `wallet-new-transaction-${size}-${colorScheme}`);
    });
  }, SHOOT_ALL_TIMEOUT);
});
