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
  it('lists transfers with their memo and state; an unmatched one is matched by hand to a slip code, with If-Match', async () => {
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/bank-transactions/summary') return jsonResponse(200, { unmatchedCount: 1, unmatchedAmount: 150_000, receivedAmount: 0, receivedCount: 0, from: null, to: null });
      if (url.pathname === '/api/delivery-slips') return jsonResponse(200, { items: [{ id: 301, code: 'PG2612-00301' }], total: 1, page: 1, pageSize: 5 });
      if (url.pathname === '/api/bank-transactions/7/match') return jsonResponse(200, row({ state: 'matched', matchKind: 'slip', slipId: 301, slipCode: 'PG2612-00301', customerId: 5, version: 3 }));
      return jsonResponse(200, { items: [row()], total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/transaction/bank', element: <BankTransactionListPage /> }], '/transaction/bank?state=unmatched');
    fireEvent.click(await screen.findByText('IBFT chuyen tien hang'));
    expect((await screen.findByTestId('bank-memo')).textContent).toBe('IBFT chuyen tien hang');
    fireEvent.change(screen.getByLabelText('Ghép với'), { target: { value: 'slip' } });
    fireEvent.change(screen.getByLabelText('Mã phiếu giao'), { target: { value: 'pg2612-00301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ghép' }));
    await waitFor(() => expect(calls.some((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions/7/match')).toBe(true));
    const match = calls.find((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions/7/match')!;
    expect(match.body).toEqual({ kind: 'slip', id: 301 });
    expect(new Headers(match.headers as Record<string, string>).get('if-match')).toBe('"2"');
    expect(new URL(calls.find((c) => new URL(c.url, 'http://x').pathname === '/api/bank-transactions')!.url, 'http://x').searchParams.get('state')).toBe('unmatched');
    expect(screen.getByTestId('bank-unmatched').textContent).toBe('1 chuyển khoản chưa khớp');
  });
});
