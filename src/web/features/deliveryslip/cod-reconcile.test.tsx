import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { DeliverySlipListPage } from './slip-list';

/** COD reconciliation on the slip list: what each carrier owes, and selected delivered courier slips → reconciled. */

setupScreenTests(['common', 'shell', 'resource', 'deliveryslip', 'customer'], { scrollerHeight: 600 });

const slip = (id: number, over: Partial<DeliverySlip>) =>
  ({
    id, code: `PG2611-000${id}`, customerId: 5, customerCode: 'KH005', customerName: 'Lê Thị Hoa', storeId: 1, storeName: 'Kho Hồ Chí Minh', status: 'delivered',
    method: 'courier', carrierName: 'GHN', packageCount: 1, total: 200_000, amountToCollect: 200_000, collectedAmount: 200_000, receiverName: 'Hoa',  nextSteps: [],
    createdAt: '2026-11-20T02:00:00.000Z', deliveredAt: '2026-11-21T02:00:00.000Z', codOutstanding: true, ...over,
  }) as DeliverySlip;

let owed = true;
function server(c: FetchCall) {
  const url = new URL(c.url, 'http://x');
  const items = [slip(41, { codOutstanding: owed }), slip(40, { method: 'pickup', carrierName: '', codOutstanding: false })];
  if (url.pathname === '/api/delivery-slips') return jsonResponse(200, { items, total: 2, page: 1, pageSize: 25, totals: { count: 2, packageCount: 2, total: 400_000, walletCredit: 0, amountToCollect: 400_000, collected: 400_000, codOutstanding: owed ? 200_000 : 0 } });
  if (url.pathname === '/api/delivery-slips/cod-by-carrier') return jsonResponse(200, { items: owed ? [{ carrierName: 'GHN', slips: 1, amount: 200_000 }] : [] });
  if (url.pathname === '/api/delivery-slips/reconcile') {
    owed = false;
    return jsonResponse(200, { items: [slip(41, { codOutstanding: false })] });
  }
  return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
}

describe('COD reconciliation', () => {
  it('shows what each carrier owes; reconciles only the selected slips a carrier owes, with reference and date', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(server);
    renderRoutes([{ path: '/deliveryslip', element: <DeliverySlipListPage /> }], '/deliveryslip');
    const owedList = await screen.findByRole('list', { name: 'Đơn vị vận chuyển còn nợ COD' }, { timeout: 10_000 });
    expect(within(owedList).getByTestId('cod-owed').textContent).toContain('GHN');
    expect(within(owedList).getByTestId('cod-owed').textContent).toContain('200.000\u00a0₫');

    await user.click(await screen.findByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }));
    // Two selected, one of them a pickup slip: only the courier slip the carrier owes is reconciled.
    await user.click(await screen.findByRole('button', { name: 'Đối soát COD (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đối soát COD' });
    expect(within(dialog).getByText(/Đánh dấu 1 phiếu đã nhận tiền thu hộ, tổng 200\.000/)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Đối soát' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Số chứng từ nộp tiền'), 'UNC-2611');
    await user.clear(within(dialog).getByLabelText('Ngày nhận tiền'));
    // The day as dd/MM/yyyy, whatever the browser's locale: the ISO form is refused and cannot be sent.
    await user.type(within(dialog).getByLabelText('Ngày nhận tiền'), '2026-11-22');
    expect(submit).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('Ngày nhận tiền'));
    await user.type(within(dialog).getByLabelText('Ngày nhận tiền'), '22/11/2026');
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Đơn vị vận chuyển còn nợ COD' })).toBeNull());
    const post = calls.find((c) => c.method === 'POST' && c.url.includes('/reconcile'))!;
    expect(post.body).toEqual({ slipIds: [41], remittanceReference: 'UNC-2611', reconciledAt: '2026-11-22' });
  });
});
