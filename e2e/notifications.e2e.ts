import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../src/shared/contracts/customers';
import type { MessageList } from '../src/shared/contracts/messages';
import type { Package } from '../src/shared/contracts/packages';
import { ZNS_PARAMS } from '../src/shared/domain/notifications';
import { startFakeZns, type FakeZns } from '../src/server/modules/notifications/fake-zns';
import { screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type Suite } from './support/suite';

/**
 * Customer notifications end to end: the built server sends Zalo messages to the fake ZNS (the same one as
 * `npm run dev:zns`) through its job queue. A parcel received at the scanner desk for a customer with a mobile
 * number reaches the fake once, within 10 s, and the message log shows it sent; then the new screens are shot.
 * Needs its own server (the fake's URL is in its environment): skipped against E2E_BASE_URL.
 */

let suite: Suite;
let fake: FakeZns;
let customer: Customer;
let parcel: Package;

const TAG = Date.now().toString(36).slice(-5).toUpperCase();
const MOBILE = `035${String(Date.now() % 1e7).padStart(7, '0')}`;
const ZALO_PHONE = `84${MOBILE.slice(1)}`;

const describeHere = process.env.E2E_BASE_URL ? describe.skip : describeE2E;

describeHere('customer notifications: receiving a parcel sends one Zalo message', () => {
  beforeAll(async () => {
    fake = await startFakeZns({ templates: { received_abroad: ZNS_PARAMS.received_abroad } });
    suite = await openSuite({
      ZNS_BASE_URL: fake.url,
      ZNS_OAUTH_URL: fake.url,
      ZNS_ACCESS_TOKEN: fake.accessToken,
      ZNS_TEMPLATES: JSON.stringify({ received_abroad: 'received_abroad' }),
      NOTIFY_BATCH_SECONDS: '1',
      NOTIFY_QUIET_HOURS: '',
      QUEUE_POLL_SECONDS: '0.5',
    });
    customer = await suite.api<Customer>('/api/customers', { method: 'POST', body: JSON.stringify({ fullName: `Khách Báo Tin ${TAG}`, phone: MOBILE }) });
    parcel = await suite.api<Package>('/api/packages', { method: 'POST', body: JSON.stringify({ trackingNumber: `ZNS${TAG}01`, customerId: customer.id }) });
  });

  afterAll(async () => {
    await suite?.close();
    await fake?.close();
  });

  const toCustomer = () => fake.sent.filter((s) => s.phone === ZALO_PHONE);

  async function messagesOf(page: Page) {
    await page.goto(`${suite.baseUrl}/setting/messages?customerId=${customer.id}`);
    const grid = page.getByRole('grid', { name: 'Nhật ký tin nhắn gửi khách hàng' });
    await grid.waitFor();
    return grid;
  }

  it('receives the parcel at the scanner desk; the fake ZNS gets exactly one message within 10 s and the log shows it sent', async () => {
    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/tracking/search`);
    await page.getByLabel(/Mã vận đơn hoặc mã kiện/).fill(parcel.trackingNumber);
    await expect.poll(() => page.getByTestId('found-count').innerText(), { timeout: 15_000 }).toBe('1 tìm thấy');
    await page.getByTestId('receive-found').click();
    const dialog = page.getByRole('dialog', { name: /Nhận 1 kiện tại kho/ });
    await dialog.waitFor();
    await dialog.getByLabel(`Cân nặng (kg) của ${parcel.code}`).fill('2,5');
    await dialog.getByRole('button', { name: 'Nhận 1 kiện' }).click();
    await expect.poll(() => dialog.getByText('Đã nhận', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    const receivedAt = Date.now();

    // Gathered for NOTIFY_BATCH_SECONDS (1 s), then sent by the queue: well within 10 s.
    await expect.poll(() => toCustomer().length, { timeout: 10_000, interval: 200 }).toBe(1);
    expect(Date.now() - receivedAt).toBeLessThan(10_000);
    const [sent] = toCustomer();
    expect(sent).toMatchObject({ templateId: 'received_abroad', phone: ZALO_PHONE });
    expect(sent!.templateData).toMatchObject({ customer_name: customer.fullName, package_count: '1', package_codes: parcel.code, weight_kg: '2.50' });

    // The log: one Zalo message of this event, sent, with the provider's answer and the same tracking id.
    const log = await suite.api<MessageList>(`/api/messages?customerId=${customer.id}`);
    expect(log.items.map((m) => [m.event, m.channel])).toEqual([['received_abroad', 'zns']]);
    await expect.poll(async () => (await suite.api<MessageList>(`/api/messages?customerId=${customer.id}`)).items[0]!.state).toBe('sent');
    const grid = await messagesOf(page);
    const row = grid.getByRole('row').filter({ hasText: 'Kho nước ngoài đã nhận' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Đã gửi');
    expect(await row.innerText()).toContain(ZALO_PHONE);
    expect(await row.innerText()).toContain('Success');
    await screenshot(page, 'notifications-log-desktop-light');
    await row.getByText('Kho nước ngoài đã nhận').click();
    const detail = page.getByTestId('message-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(sent!.trackingId);

    // Nothing more reaches the customer later: one receipt, one message.
    await page.waitForTimeout(2_000);
    expect(toCustomer()).toHaveLength(1);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('shows the log, the notification settings, the customer messages tab and form at desktop and phone size, light and dark', { timeout: SHOOT_ALL_TIMEOUT }, async () => {
    await shootAll(suite, 'notifications', [
      ['log', '/setting/messages'],
      ['settings', '/setting/notifications'],
      ['customer-tab', `/customer/${customer.id}?tab=messages`],
      ['customer-form', `/customer/edit/${customer.id}`],
    ]);
  });
});
