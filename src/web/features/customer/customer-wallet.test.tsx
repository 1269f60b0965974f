import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import type { Transaction } from '../../../shared/contracts/transactions';
import { renderRoutes, setupI18n, stubMatchMedia, stubScrollerHeight } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { CustomerDetailPage } from './customer-detail';

/** The customer page's wallet: the balance tab records a deposit and shows the balance the server now has. */

let balance = 250_000;

const customer = (): Customer => ({
  id: 5,
  code: 'KH000005',
  fullName: 'Phạm Thị Ví',
  phone: '0912345678',
  email: null,
  addresses: [],
  province: 'Hà Nội',
  group: 'retail',
  suiteCode: null,
  note: '',
  status: 'active',
  creditLimit: 100_000,
  balance,
  version: 2,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
});

const deposit = (amount: number): Transaction => ({
  id: 9,
  code: 'GD00000009',
  customerId: 5,
  customerCode: 'KH000005',
  customerName: 'Phạm Thị Ví',
  type: 'deposit',
  amount,
  balanceAfter: balance,
  method: 'bank_transfer',
  referenceType: null,
  referenceId: null,
  referenceCode: null,
  reference: 'FT2503',
  note: '',
  status: 'completed',
  actorId: 1,
  actorName: 'Nguyễn Văn Quản',
  version: 1,
  createdAt: '2025-03-02T02:00:00.000Z',
  updatedAt: '2025-03-02T02:00:00.000Z',
});

beforeAll(async () => {
  await setupI18n(['common', 'shell', 'resource', 'customer', 'transaction', 'order']);
});

beforeEach(() => {
  balance = 250_000;
  stubMatchMedia();
  stubScrollerHeight(600);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer page wallet', () => {
  it('a deposit from the balance tab refreshes the balance from the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (c.method === 'POST' && url.pathname === '/api/transactions') {
        const amount = (c.body as { amount: number }).amount;
        balance += amount;
        return jsonResponse(201, deposit(amount));
      }
      if (url.pathname === '/api/customers/5') return jsonResponse(200, customer(), { etag: '"2"' });
      if (url.pathname === '/api/transactions') return jsonResponse(200, { items: balance > 250_000 ? [deposit(balance - 250_000)] : [], total: balance > 250_000 ? 1 : 0, page: 1, pageSize: 25 });
      return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
    });
    renderRoutes([{ path: '/customer/:id', element: <CustomerDetailPage /> }], '/customer/5?tab=balance');
    await waitFor(() => expect(screen.getByTestId('balance-balance').textContent).toBe('250.000\u00a0₫'));
    expect(screen.getByTestId('balance-available').textContent).toBe('350.000\u00a0₫');

    await user.click(screen.getByRole('button', { name: /^Nạp tiền$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghi giao dịch ví' });
    await user.click(within(dialog).getByRole('radio', { name: 'Nạp tiền' }));
    await user.type(within(dialog).getByLabelText(/^Số tiền/), '1500000');
    await user.selectOptions(within(dialog).getByLabelText('Hình thức'), 'bank_transfer');
    await user.type(within(dialog).getByLabelText(/^Số tham chiếu/), 'FT2503');
    await user.click(within(dialog).getByRole('button', { name: /^Ghi nạp tiền 1\.500\.000/ }));

    await waitFor(() => expect(screen.getByTestId('balance-balance').textContent).toBe('1.750.000\u00a0₫'));
    expect(screen.getByTestId('balance-available').textContent).toBe('1.850.000\u00a0₫');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ customerId: 5, type: 'deposit', amount: 1_500_000, method: 'bank_transfer', reference: 'FT2503', note: '' });
    expect(post.headers['idempotency-key']).toBeTruthy();

    // The transactions tab lists this customer's rows only.
    await user.click(screen.getByRole('tab', { name: 'Giao dịch' }));
    await screen.findByText('GD00000009');
    const list = calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/transactions').at(-1)!;
    expect(new URL(list.url, 'http://x').searchParams.get('customerId')).toBe('5');
  });
});
