import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankTransaction } from '../../../shared/contracts/bank-transactions';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { BankTransactionListPage } from './bank-list';

const row = (over: Partial<BankTransaction> = {}): BankTransaction => ({
  id: 7,
  provider: 'sepay',
  providerId: '92704',
  bankReference: 'FT26335',
  accountNumber: '0071001234567',
  amount: 150_000,
  direction: 'in',
  occurredAt: '2026-12-01T03:15:00.000Z',
  memo: 'IBFT chuyen tien hang',
  counterAccount: '',
  state: 'unmatched',
  processed: true,
  reason: 'no_code',
  reasonNote: '',
  matchKind: null,
  customerId: null,
  customerCode: null,
  customerName: null,
  slipId: null,
  slipCode: null,
  orderId: null,
  orderCode: null,
  transactionIds: [],
  duplicateOfId: null,
  manualByName: null,
  manualAt: null,
  version: 2,
  createdAt: '2026-12-01T03:15:01.000Z',
  updatedAt: '2026-12-01T03:15:01.000Z',
  ...over,
});

setupScreenTests(['common', 'shell', 'resource', 'transaction'], { scrollerHeight: 600 });

describe('bank transfers screen', () => {
  it('lists transfers with their memo and state; an unmatched one is matched by hand to a slip found by its customer phone, with If-Match', async () => {
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/bank-transactions/summary') return jsonResponse(200, { unmatchedCount: 1, unmatchedAmount: 150_000, receivedAmount: 0, receivedCount: 0, from: null, to: null });
      if (url.pathname === '/api/delivery-slips')
        return jsonResponse(200, {
          items: url.searchParams.get('q') === '0912345678' ? [{ id: 301, code: 'PG2612-00301', customerCode: 'KH000201', customerName: 'Nguyễn Văn A', customerPhone: '0912345678', amountToCollect: 150_000, paidByTransfer: 0 }] : [],
          total: 1,
          page: 1,
          pageSize: 6,
        });
      if (url.pathname === '/api/bank-transactions/7/match') return jsonResponse(200, row({ state: 'matched', matchKind: 'slip', slipId: 301, slipCode: 'PG2612-00301', customerId: 5, version: 3 }));
      return jsonResponse(200, { items: [row()], total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/transaction/bank', element: <BankTransactionListPage /> }], '/transaction/bank?state=unmatched');
    fireEvent.click(await screen.findByText('IBFT chuyen tien hang'));
    expect((await screen.findByTestId('bank-memo')).textContent).toBe('IBFT chuyen tien hang');
    fireEvent.change(screen.getByLabelText('Ghép với'), { target: { value: 'slip' } });
    // Found by the customer's phone (the slips' own search), chosen from what it lists with what it still asks for.
    fireEvent.change(screen.getByLabelText('Tìm phiếu giao'), { target: { value: '0912345678' } });
    const option = await screen.findByLabelText(/PG2612-00301/);
    expect(option.closest('.form-check')!.textContent).toContain('còn thu 150.000');
    expect((screen.getByRole('button', { name: 'Ghép' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Ghép' }));
    await waitFor(() => expect(calls.some((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions/7/match')).toBe(true));
    const match = calls.find((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions/7/match')!;
    expect(match.body).toEqual({ kind: 'slip', id: 301 });
    // Only slips a transfer can pay are offered.
    const search = calls.map((c) => new URL(c.url, 'http://x')).find((u) => u.pathname === '/api/delivery-slips')!;
    expect(search.searchParams.get('status')).toBe('ready,out_for_delivery');
    expect(new Headers(match.headers as Record<string, string>).get('if-match')).toBe('"2"');
    expect(new URL(calls.find((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions')!.url, 'http://x').searchParams.get('state')).toBe('unmatched');
    expect(screen.getByTestId('bank-unmatched').textContent).toBe('1 chuyển khoản chưa khớp');
  });

  it('filters by amount read by the money reader (applied on Enter, a refused text is not applied) and by receiving account, on the server', async () => {
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/bank-transactions/summary') return jsonResponse(200, { unmatchedCount: 0, unmatchedAmount: 0, receivedAmount: 0, receivedCount: 0, from: null, to: null });
      if (url.pathname === '/api/bank-transactions/settings')
        return jsonResponse(200, { sepay: { configured: false, source: null, hint: null }, casso: { configured: false, source: null, hint: null }, accounts: [{ bankName: 'VPBank', accountNumber: '0071001234567', accountName: 'CTY' }], topUpPrefix: 'NAP', webhookPaths: { sepay: '/s', casso: '/c' } });
      return jsonResponse(200, { items: [row()], total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/transaction/bank', element: <BankTransactionListPage /> }], '/transaction/bank');
    await screen.findByText('IBFT chuyen tien hang');
    const lists = () => calls.filter((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions').map((c) => new URL(c.url, 'http://x').searchParams);
    const min = screen.getByLabelText('Số tiền từ');
    const max = screen.getByLabelText('Số tiền đến');
    // "1,5" is not an amount of đồng: refused where it was typed, nothing asked of the server.
    fireEvent.change(min, { target: { value: '1,5' } });
    fireEvent.submit(min.closest('form')!);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(lists().some((p) => p.has('amountMin'))).toBe(false);
    // A lower bound above the upper one is refused too.
    fireEvent.change(min, { target: { value: '2.000.000' } });
    fireEvent.change(max, { target: { value: '1.000.000' } });
    fireEvent.submit(min.closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe('Số nhỏ nhất lớn hơn số lớn nhất');
    expect(lists().some((p) => p.has('amountMin'))).toBe(false);
    fireEvent.change(min, { target: { value: '150.000' } });
    fireEvent.submit(min.closest('form')!);
    await waitFor(() => expect(lists().some((p) => p.get('amountMin') === '150000' && p.get('amountMax') === '1000000')).toBe(true));

    const account = await screen.findByTitle('Tài khoản');
    await waitFor(() => expect(account.textContent).toContain('0071001234567'));
    fireEvent.change(account, { target: { value: '0071001234567' } });
    await waitFor(() => expect(lists().some((p) => p.get('accountNumber') === '0071001234567' && p.get('amountMin') === '150000')).toBe(true));
  });
});
