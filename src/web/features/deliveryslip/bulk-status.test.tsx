import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeliverySlip, SlipBulkStatusResult } from '../../../shared/contracts/delivery-slips';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { DeliverySlipListPage } from './slip-list';

/** Bulk finalising from the slip list: one action, a report per slip, repriced slips named with old → new. */

setupScreenTests(['common', 'shell', 'resource', 'deliveryslip', 'customer'], { scrollerHeight: 600 });

const slip = (id: number, over: Partial<DeliverySlip>) =>
  ({
    id, code: `PG2612-000${id}`, customerId: 5, customerCode: 'KH005', customerName: 'Lê Thị Hoa', storeId: 1, storeName: 'Kho Hồ Chí Minh', status: 'draft', nextSteps: ['ready', 'cancelled'],
    method: 'pickup', carrierName: '', packageCount: 1, total: 685_800, amountToCollect: 685_800, collectedAmount: null, receiverName: 'Hoa',
    createdAt: '2026-12-06T02:00:00.000Z', deliveredAt: null, codOutstanding: false, ...over,
  }) as DeliverySlip;

const report = (accepted: boolean): SlipBulkStatusResult =>
  accepted
    ? { items: [{ id: 51, code: 'PG2612-00051', outcome: 'done', errorCode: null, message: '', totalBefore: 685_800, totalAfter: 741_000 }], counts: { done: 1, refused: 0, chargesChanged: 0 } }
    : {
        items: [
          { id: 51, code: 'PG2612-00051', outcome: 'charges_changed', errorCode: 'SLIP_CHARGES_CHANGED', message: 'Cước của phiếu PG2612-00051 đã thay đổi', totalBefore: 685_800, totalAfter: 741_000 },
          { id: 52, code: 'PG2612-00052', outcome: 'done', errorCode: null, message: '', totalBefore: 300_000, totalAfter: 300_000 },
        ],
        counts: { done: 1, refused: 0, chargesChanged: 1 },
      };

function server(c: FetchCall) {
  const url = new URL(c.url, 'http://x');
  const items = [slip(51, {}), slip(52, { total: 300_000, amountToCollect: 300_000 }), slip(53, { status: 'delivered', nextSteps: [] })];
  if (url.pathname === '/api/delivery-slips') return jsonResponse(200, { items, total: 3, page: 1, pageSize: 25, totals: { count: 3, packageCount: 3, total: 1_285_800, walletCredit: 0, amountToCollect: 1_285_800, collected: 0, codOutstanding: 0 } });
  if (url.pathname === '/api/delivery-slips/cod-by-carrier') return jsonResponse(200, { items: [] });
  if (url.pathname === '/api/delivery-slips/bulk-status') return jsonResponse(200, report((c.body as { acceptNewCharges?: boolean }).acceptNewCharges === true));
  return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
}

describe('bulk finalising', () => {
  it('finalises the selected drafts in one request and reports each slip, the repriced one with old → new; accepting sends only those', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(server);
    renderRoutes([{ path: '/deliveryslip', element: <DeliverySlipListPage /> }], '/deliveryslip');
    await user.click(await screen.findByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }, { timeout: 10_000 }));
    // Three selected, one delivered: only the two drafts are finalised.
    await user.click(await screen.findByRole('button', { name: 'Chốt 2 phiếu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chốt phiếu hàng loạt' });
    await user.click(within(dialog).getByTestId('slips-bulk-run'));
    await waitFor(() => expect(within(dialog).getByTestId('slips-bulk-summary').textContent).toBe('Xong 1 · Bị từ chối 0 · Đổi cước 1'));
    const row = within(dialog).getByTestId('slips-bulk-row-51');
    expect(row.textContent).toContain('Cước đã đổi — chưa chốt');
    expect(row.textContent).toContain('685.800\u00a0₫ → 741.000\u00a0₫');
    expect(calls.find((c) => c.url.includes('/bulk-status'))!.body).toEqual({ ids: [51, 52], status: 'ready' });

    await user.click(within(dialog).getByRole('button', { name: 'Chốt 1 phiếu theo cước mới' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/bulk-status')).length).toBe(2));
    await waitFor(() => expect(within(dialog).getByTestId('slips-bulk-summary').textContent).toBe('Xong 1 · Bị từ chối 0 · Đổi cước 0'));
    expect(calls.filter((c) => c.url.includes('/bulk-status')).at(-1)!.body).toEqual({ ids: [51], status: 'ready', acceptNewCharges: true });
  });

  it('takes every slip matching the filter, across pages, as the filter itself; prints them from the list by that filter', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/delivery-slips') {
        const items = Array.from({ length: 25 }, (_, i) => slip(100 + i, {}));
        return jsonResponse(200, { items, total: 130, page: 1, pageSize: Number(url.searchParams.get('pageSize') ?? 25), totals: { count: 130, packageCount: 130, total: 0, walletCredit: 0, amountToCollect: 0, collected: 0, codOutstanding: 0 } });
      }
      if (url.pathname === '/api/delivery-slips/bulk-status') return jsonResponse(200, { items: [], counts: { done: 130, refused: 0, chargesChanged: 0 } });
      return server(c);
    });
    const { router } = renderRoutes([{ path: '/deliveryslip', element: <DeliverySlipListPage /> }, { path: '/deliveryslip/print-coupons', element: <p>in phiếu</p> }], '/deliveryslip?status=draft');
    await user.click(await screen.findByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }, { timeout: 10_000 }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    await user.click(within(bar).getByRole('button', { name: 'Chọn tất cả 130 dòng khớp bộ lọc' }));
    await user.click(within(bar).getByRole('button', { name: 'Chốt 130 phiếu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chốt phiếu hàng loạt' });
    expect(within(dialog).getByTestId('slips-bulk-matching-note').textContent).toContain('130');
    await user.click(within(dialog).getByTestId('slips-bulk-run'));
    await waitFor(() => expect(within(dialog).getByTestId('slips-bulk-summary').textContent).toBe('Xong 130 · Bị từ chối 0 · Đổi cước 0'));
    expect(calls.find((c) => c.url.includes('/bulk-status'))!.body).toEqual({ filter: { status: 'draft' }, status: 'ready' });
    await user.click(within(dialog).getByRole('button', { name: 'Đóng' }));

    await user.click(await screen.findByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }));
    await user.click(within(screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' })).getByRole('button', { name: 'Chọn tất cả 130 dòng khớp bộ lọc' }));
    await user.click(screen.getByTestId('slips-print-selected'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deliveryslip/print-coupons'));
    const listCall = calls.filter((c) => new URL(c.url, 'http://x').pathname === '/api/delivery-slips').at(-1)!;
    expect(new URL(listCall.url, 'http://x').searchParams.get('pageSize')).toBe('200');
    expect(new URL(listCall.url, 'http://x').searchParams.get('status')).toBe('draft');
    expect(new URLSearchParams(router.state.location.search).get('ids')!.split(',')).toHaveLength(25);
  });
});
