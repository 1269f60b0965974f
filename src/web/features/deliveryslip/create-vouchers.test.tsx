import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlipBulkResult } from '../../../shared/contracts/delivery-slips';
import { renderRoutes, setupI18n, stubMatchMedia } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { CreateVouchersPage } from './create-vouchers';

/** /deliveryslip/create-vouchers: hub + customers + days → preview → create all in one request → links and print. */

beforeAll(async () => {
  await setupI18n(['common', 'shell', 'resource', 'deliveryslip', 'customer']);
});
beforeEach(() => stubMatchMedia());
afterEach(() => vi.unstubAllGlobals());

const stores = [
  { id: 1, code: 'VN-SGN', name: 'Kho Hồ Chí Minh', kind: 'hub', country: 'VN' },
  { id: 2, code: 'US-OR', name: 'Kho Portland', kind: 'origin', country: 'US' },
];
const lucy = { id: 7, code: 'KH007', fullName: 'Nguyễn Văn A', phone: '0901234567', province: 'Hà Nội', addresses: [], balance: 0, creditLimit: 0, group: 'retail', status: 'active' };

const line = (slip: number | null) => ({
  customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', packageCount: 2, packageIds: [11, 12], maxWaitingDays: 5,
  total: 300_000, walletCredit: 0, amountToCollect: 300_000, slipId: slip, slipCode: slip ? `PG2611-000${slip}` : null,
});
const result = (preview: boolean): SlipBulkResult => ({ preview, items: [line(preview ? null : 42)], totals: { slips: 1, packages: 2, total: 300_000, amountToCollect: 300_000 } });

function server(c: FetchCall) {
  const url = new URL(c.url, 'http://x');
  if (url.pathname === '/api/stores') return jsonResponse(200, { items: stores, total: 2, page: 1, pageSize: 200 });
  if (url.pathname === '/api/customers') return jsonResponse(200, { items: [lucy], total: 1, page: 1, pageSize: 10 });
  if (url.pathname === '/api/delivery-slips/bulk') {
    const preview = (c.body as { preview: boolean }).preview;
    return jsonResponse(preview ? 200 : 201, result(preview));
  }
  return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
}

describe('create vouchers', () => {
  it('previews one slip per customer at the chosen hub, then creates them all in one request with links and print', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(server);
    renderRoutes([{ path: '/deliveryslip/create-vouchers', element: <CreateVouchersPage /> }], '/deliveryslip/create-vouchers');
    const hub = await screen.findByLabelText('Kho giao');
    await waitFor(() => expect(within(hub).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chọn kho giao ở Việt Nam', 'VN-SGN · Kho Hồ Chí Minh']));
    const previewBtn = screen.getByRole('button', { name: 'Xem trước' });
    expect(previewBtn).toHaveProperty('disabled', true);
    await user.selectOptions(hub, '1');

    await user.type(screen.getByRole('combobox', { name: /Khách hàng/ }), 'KH007');
    await user.click(await screen.findByRole('option', { name: /KH007/ }, { timeout: 5000 }));
    expect(within(screen.getByRole('list', { name: 'Khách hàng đã chọn' })).getByText('KH007')).toBeTruthy();

    // A fraction of a day is refused, not rounded.
    await user.type(screen.getByLabelText('Chờ ít nhất (ngày)'), '2,5');
    expect(screen.getByRole('button', { name: 'Xem trước' })).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Chờ ít nhất (ngày)'));
    await user.type(screen.getByLabelText('Chờ ít nhất (ngày)'), '3');
    await user.click(screen.getByRole('button', { name: 'Xem trước' }));

    const preview = await screen.findByRole('table', { name: 'Xem trước: một phiếu cho mỗi khách hàng' });
    expect(within(preview).getByText('Nguyễn Văn A')).toBeTruthy();
    expect(screen.getByTestId('bulk-to-collect').textContent).toBe('300.000\u00a0₫');
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url.includes('/api/delivery-slips/bulk'));
    expect(posts()[0]!.body).toEqual({ storeId: 1, customerIds: [7], minWaitingDays: 3, preview: true });

    await user.click(screen.getByRole('button', { name: 'Tạo tất cả 1 phiếu' }));
    const made = await screen.findByRole('table', { name: 'Phiếu đã tạo' });
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.body).toEqual({ storeId: 1, customerIds: [7], minWaitingDays: 3, preview: false });
    expect(within(made).getByRole('link', { name: 'PG2611-00042' }).getAttribute('href')).toBe('/deliveryslip/42');
    expect(screen.getByRole('link', { name: /In 1 phiếu/ }).getAttribute('href')).toBe('/deliveryslip/print-coupons?ids=42');
    expect(screen.getByRole('status').textContent).toContain('Đã tạo 1 phiếu giao');
  });

  it('lets the clerk untick customers in the preview: totals follow, and create makes slips for the ticked ones only', async () => {
    const user = userEvent.setup();
    const lines = [
      { ...line(null), customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', total: 300_000, amountToCollect: 300_000, packageCount: 2 },
      { ...line(null), customerId: 8, customerCode: 'KH008', customerName: 'Trần Thị B', total: 200_000, amountToCollect: 150_000, packageCount: 1 },
      { ...line(null), customerId: 9, customerCode: 'KH009', customerName: 'Lê Văn C', total: 100_000, amountToCollect: 100_000, packageCount: 4 },
    ];
    const { calls } = mockFetch((c) => {
      if (new URL(c.url, 'http://x').pathname === '/api/delivery-slips/bulk') {
        const b = c.body as { preview: boolean; customerIds?: number[] };
        const items = lines.filter((l) => !b.customerIds || b.customerIds.includes(l.customerId)).map((l, i) => (b.preview ? l : { ...l, slipId: 60 + i, slipCode: `PG2611-0006${i}` }));
        return jsonResponse(b.preview ? 200 : 201, { preview: b.preview, items, totals: { slips: items.length, packages: 7, total: 600_000, amountToCollect: 550_000 } });
      }
      return server(c);
    });
    renderRoutes([{ path: '/deliveryslip/create-vouchers', element: <CreateVouchersPage /> }], '/deliveryslip/create-vouchers');
    const hub = await screen.findByLabelText('Kho giao');
    await waitFor(() => expect(within(hub).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(hub, '1');
    await user.click(screen.getByRole('button', { name: 'Xem trước' }));
    const preview = await screen.findByRole('table', { name: 'Xem trước: một phiếu cho mỗi khách hàng' });
    expect(screen.getByTestId('bulk-to-collect').textContent).toBe('550.000\u00a0₫');

    await user.click(within(preview).getByRole('checkbox', { name: 'Lập phiếu cho KH008' }));
    expect(screen.getByTestId('bulk-total').textContent).toBe('400.000\u00a0₫');
    expect(screen.getByTestId('bulk-to-collect').textContent).toBe('400.000\u00a0₫');
    expect(screen.getByText('2 phiếu · 6 kiện')).toBeTruthy();
    // Unticking all leaves nothing to create; ticking all again restores every line.
    await user.click(within(preview).getByRole('checkbox', { name: 'Đánh dấu mọi khách hàng' }));
    expect(within(preview).getByRole('checkbox', { name: 'Lập phiếu cho KH008' })).toHaveProperty('checked', true);
    await user.click(within(preview).getByRole('checkbox', { name: 'Lập phiếu cho KH008' }));

    await user.click(screen.getByRole('button', { name: 'Tạo 2 phiếu đã đánh dấu' }));
    const made = await screen.findByRole('table', { name: 'Phiếu đã tạo' });
    const posts = calls.filter((c) => c.method === 'POST' && c.url.includes('/api/delivery-slips/bulk'));
    expect(posts.at(-1)!.body).toEqual({ storeId: 1, customerIds: [7, 9], preview: false });
    expect(within(made).queryByText('Trần Thị B')).toBeNull();
    expect(within(made).getByText('Lê Văn C')).toBeTruthy();
  });
});

