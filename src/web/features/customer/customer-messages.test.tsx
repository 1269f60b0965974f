import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/contracts/messages';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { makeCustomer } from '../../test/entity-fixtures';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { CustomerDetailPage } from './customer-detail';

/** The customer page's Messages tab: the one message log, narrowed to this customer, and the profile's channels. */

const customer = makeCustomer({ id: 5, code: 'KH000005', notifyZns: true, notifyEmail: false, language: 'en' });

const sent: Message = {
  id: 7, customerId: 5, customerCode: 'KH000005', customerName: customer.fullName, event: 'departed', channel: 'zns', groupKey: 'mawb:3', state: 'sent',
  recipient: '84912345678', packageIds: [1, 2], trackingId: 't-7', providerAnswer: { error: 0, message: 'Success' }, reason: '', attempts: 1, version: 1,
  sendAfter: '2026-12-07T02:00:00.000Z', sentAt: '2026-12-07T02:00:05.000Z', createdAt: '2026-12-07T02:00:00.000Z', updatedAt: '2026-12-07T02:00:05.000Z',
};

setupScreenTests(['common', 'shell', 'resource', 'customer', 'message'], { scrollerHeight: 600 });

describe('customer page messages', () => {
  it("lists only this customer's messages, with their state and answer, without a customer column", async () => {
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/customers/5') return jsonResponse(200, customer, { etag: '"1"' });
      if (url.pathname === '/api/messages') return jsonResponse(200, { items: [sent], total: 1, page: 1, pageSize: 25 });
      return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
    });
    renderRoutes([{ path: '/customer/:id', element: <CustomerDetailPage /> }], '/customer/5?tab=messages');
    const grid = await screen.findByRole('grid', { name: 'Tin nhắn đã gửi khách hàng KH000005' }, { timeout: 10_000 });
    expect(await within(grid).findByText('Đã bay')).toBeTruthy();
    expect(grid.textContent).toContain('84912345678');
    expect(grid.textContent).toContain('Success');
    expect(within(grid).queryByText('Khách hàng')).toBeNull();
    const list = calls.find((c) => new URL(c.url, 'http://x').pathname === '/api/messages')!;
    expect(new URL(list.url, 'http://x').searchParams.get('customerId')).toBe('5');
  });

  it('the profile shows the channels the customer gets and their language', async () => {
    mockFetch(() => jsonResponse(200, customer, { etag: '"1"' }));
    renderRoutes([{ path: '/customer/:id', element: <CustomerDetailPage /> }], '/customer/5');
    expect((await screen.findByTestId('customer-notify', {}, { timeout: 10_000 })).textContent).toBe('Nhận tin Zalo · Tiếng Anh');
  });
});
