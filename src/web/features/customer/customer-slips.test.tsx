import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { CustomerFeedbackList, DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { CustomerDetailPage } from './customer-detail';

/** The customer page's Slips and Feedback tabs: the customer's own slips (rows open the slip) and their ratings. */

const customer: Customer = {
  id: 5, code: 'KH000005', fullName: 'Phạm Thị Ví', phone: '0912345678', email: null, addresses: [], province: 'Hà Nội', group: 'retail', suiteCode: null,
  note: '', status: 'active', creditLimit: 0, balance: 0, notifyZns: true, notifyEmail: true, language: 'vi', version: 2, createdAt: '2025-03-01T02:00:00.000Z', updatedAt: '2025-03-01T02:00:00.000Z',
};

const slip = {
  id: 42, code: 'PG2611-00042', customerId: 5, customerCode: 'KH000005', customerName: 'Phạm Thị Ví', storeId: 3, storeName: 'Kho Hà Nội', status: 'delivered',
  method: 'pickup', packageCount: 2, total: 300_000, amountToCollect: 300_000, collectedAmount: 300_000, receiverName: 'Phạm Thị Ví',
  createdAt: '2026-11-20T02:00:00.000Z', deliveredAt: '2026-11-21T02:00:00.000Z',
} as unknown as DeliverySlip;

const feedback: CustomerFeedbackList = { items: [{ slipId: 42, slipCode: 'PG2611-00042', rating: 4, comment: 'Giao nhanh, đóng gói cẩn thận', createdAt: '2026-11-21T02:00:00.000Z' }] };
const totals = { count: 1, packageCount: 2, total: 300_000, walletCredit: 0, amountToCollect: 300_000, collected: 300_000, codOutstanding: 0 };

setupScreenTests(['common', 'shell', 'resource', 'customer', 'deliveryslip'], { scrollerHeight: 600 });

describe('customer page slips and feedback', () => {
  it('lists this customer’s slips, a row opens the slip, and the feedback tab shows the rating, comment and slip', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/customers/5') return jsonResponse(200, customer, { etag: '"2"' });
      if (url.pathname === '/api/delivery-slips') return jsonResponse(200, { items: [slip], total: 1, page: 1, pageSize: 25, totals });
      if (url.pathname === '/api/delivery-slips/feedback') return jsonResponse(200, feedback);
      return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
    });
    renderRoutes(
      [
        { path: '/customer/:id', element: <CustomerDetailPage /> },
        { path: '/deliveryslip/:id', element: <p>slip page</p> },
      ],
      '/customer/5?tab=slips',
    );
    const [link] = await screen.findAllByRole('link', { name: 'PG2611-00042' }, { timeout: 10_000 });
    expect(link!.getAttribute('href')).toBe('/deliveryslip/42');
    const list = calls.filter((c) => new URL(c.url, 'http://x').pathname === '/api/delivery-slips').at(-1)!;
    expect(new URL(list.url, 'http://x').searchParams.get('customerId')).toBe('5');

    await user.click(screen.getByRole('tab', { name: 'Đánh giá' }));
    const ratings = await screen.findByRole('list', { name: 'Đánh giá của KH000005' });
    expect(within(ratings).getByRole('img', { name: '4 trên 5 sao' })).toBeTruthy();
    expect(within(ratings).getByText('Giao nhanh, đóng gói cẩn thận')).toBeTruthy();
    expect(within(ratings).getByRole('link', { name: 'PG2611-00042' }).getAttribute('href')).toBe('/deliveryslip/42');
    const fb = calls.find((c) => new URL(c.url, 'http://x').pathname === '/api/delivery-slips/feedback')!;
    expect(new URL(fb.url, 'http://x').searchParams.get('customerId')).toBe('5');

    await user.click(screen.getByRole('tab', { name: 'Phiếu giao' }));
    await user.click((await screen.findAllByRole('link', { name: 'PG2611-00042' }))[0]!);
    await waitFor(() => expect(screen.getByText('slip page')).toBeTruthy());
  });
});
