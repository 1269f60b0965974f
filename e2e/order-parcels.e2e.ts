import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '../src/shared/contracts/customers';
import type { Order } from '../src/shared/contracts/orders';
import type { Package } from '../src/shared/contracts/packages';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type Suite } from './support/suite';

/**
 * An order's parcels through the real UI: two parcels scanned into the order's packages tab (one burst with Enter,
 * one typed key by key), listed there; then the parcels move (received abroad, ready in Vietnam) and the order's
 * status follows them, its timeline saying so. Then the order page at desktop and phone size, light and dark.
 */

let suite: Suite;
const TAG = Date.now().toString(36).slice(-6).toUpperCase();
const call = <T>(method: string, path: string, body?: unknown) => suite.api<T>(path, { method, body: body ? JSON.stringify(body) : undefined });

describeE2E('order parcels', () => {
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(() => suite?.close());

  let orderId = 0;

  it('scans two parcels onto an order, lists them, and the order follows them when they move', async () => {
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const customer = await call<Customer>('POST', '/api/customers', { fullName: `Đơn Kiện ${TAG}`, phone, province: 'Hà Nội' });
    const order = await call<Order>('POST', '/api/orders', { customerId: customer.id, kind: 'consignment', currency: 'VND', items: [], serviceFeeMode: 'fixed', serviceFeeFixed: 50_000 });
    orderId = order.id;
    const parcels: Package[] = [];
    for (const i of [1, 2]) parcels.push(await call<Package>('POST', '/api/packages', { trackingNumber: `E2O${TAG}${i}`, customerId: customer.id, contents: 'sách' }));

    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/order/${order.id}?tab=packages`);
    const box = page.getByTestId('scan-box');
    await box.fill(parcels[0]!.trackingNumber);
    await box.press('Enter');
    await expect.poll(() => page.locator('[data-testid="order-attach-log"] [data-outcome="attached"]').count()).toBe(1);
    await box.pressSequentially(parcels[1]!.trackingNumber.toLowerCase(), { delay: 5 });
    await box.press('Enter');
    await expect.poll(() => page.locator('[data-testid="order-attach-log"] [data-outcome="attached"]').count()).toBe(2);
    // Both listed on the order's packages table.
    for (const p of parcels) await expect.poll(() => page.getByText(p.trackingNumber, { exact: true }).count()).toBeGreaterThan(1);
    const listed = await call<{ total: number }>('GET', `/api/packages?orderId=${order.id}`);
    expect(listed.total).toBe(2);

    // The parcels move: the first received abroad puts the order there, both ready in Vietnam make it arrived.
    await call('POST', `/api/packages/${parcels[0]!.id}/events`, { code: 'received_abroad' });
    expect((await call<Order>('GET', `/api/orders/${order.id}`)).status).toBe('received_abroad');
    for (const p of parcels) {
      if (p === parcels[1]) await call('POST', `/api/packages/${p.id}/events`, { code: 'received_abroad' });
      await call('POST', `/api/packages/${p.id}/events`, { code: 'ready' });
    }
    expect((await call<Order>('GET', `/api/orders/${order.id}`)).status).toBe('arrived');

    // A third parcel, already ready in Vietnam, is found by searching the customer's parcels on no order and picked.
    const third = await call<Package>('POST', '/api/packages', { trackingNumber: `E2O${TAG}3`, customerId: customer.id, contents: 'áo' });
    await call('POST', `/api/packages/${third.id}/events`, { code: 'received_abroad' });
    await call('POST', `/api/packages/${third.id}/events`, { code: 'ready' });
    await page.goto(`${suite.baseUrl}/order/${order.id}?tab=packages`);
    await page.getByTestId('order-attach-search').click();
    const pick = page.locator('#order-' + order.id + '-pick');
    await pick.getByRole('searchbox', { name: 'Tìm kiện theo mã, mã vận đơn, nội dung' }).fill(third.trackingNumber.toLowerCase());
    const found = pick.getByRole('row', { name: new RegExp(third.trackingNumber) });
    await found.waitFor();
    // The search answers after a pause: tick the row once the list has settled (a late answer redraws the rows).
    await page.waitForLoadState('networkidle');
    await expect
      .poll(async () => {
        const box = pick.getByRole('row', { name: new RegExp(third.trackingNumber) }).getByRole('checkbox');
        if (!(await box.isChecked())) await box.click();
        return box.isChecked();
      })
      .toBe(true);
    await pick.getByTestId('order-pick-attach').click();
    await expect.poll(() => page.locator('[data-testid="order-attach-log"] [data-outcome="attached"]').count()).toBe(1);
    expect(await page.getByTestId('order-attach-log').innerText()).toContain(`Đã gắn kiện ${third.code} vào đơn`);
    await expect.poll(async () => (await call<{ total: number }>('GET', `/api/packages?orderId=${order.id}`)).total).toBe(3);
    // It is ready like the others: the order stays arrived, and the order's list shows all three.
    expect((await call<Order>('GET', `/api/orders/${order.id}`)).status).toBe('arrived');
    await page.getByRole('grid', { name: 'Kiện hàng', exact: true }).getByRole('row', { name: new RegExp(third.trackingNumber) }).waitFor();

    await page.goto(`${suite.baseUrl}/order/${order.id}?tab=timeline`);
    await expect.poll(() => page.getByTestId('order-event-followed').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('order-event-followed').first().innerText()).toMatch(/Tự chuyển theo trạng thái các kiện|following the order's packages/);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('shows the order page with its parcels at desktop and phone size, light and dark', async () => {
    await shootAll(suite, 'order-parcels', [
      ['packages', `/order/${orderId}?tab=packages`],
      ['timeline', `/order/${orderId}?tab=timeline`],
    ]);
  }, SHOOT_ALL_TIMEOUT);
});
