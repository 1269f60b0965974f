import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { makeCustomer, makeTransaction } from '../../test/entity-fixtures';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { CustomerDetailPage } from './customer-detail';

/** The customer page's wallet: the balance tab records a deposit and shows the balance the server now has. */

let balance = 250_000;

const customer = () => makeCustomer({ fullName: 'Phạm Thị Ví', creditLimit: 100_000, balance, version: 2 });

const deposit = (amount: number) => makeTransaction({ id: 9, code: 'GD00000009', customerName: 'Phạm Thị Ví', amount, balanceAfter: balance, method: 'bank_transfer', reference: 'FT2503' });

setupScreenTests(['common', 'shell', 'resource', 'customer', 'transaction', 'order'], { scrollerHeight: 600 });

beforeEach(() => {
  balance = 250_000;
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

  it('shows what can still be taken out as availableFunds does: never below 0 when the debt is past the limit', async () => {
    mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/customers/5') return jsonResponse(200, makeCustomer({ fullName: 'Phạm Thị Ví', creditLimit: 2_000_000, balance: -3_000_000, version: 2 }), { etag: '"2"' });
      if (url.pathname === '/api/transactions') return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
      return jsonResponse(404, { message: 'Không tìm thấy', code: 'NOT_FOUND' });
    });
    renderRoutes([{ path: '/customer/:id', element: <CustomerDetailPage /> }], '/customer/5?tab=balance');
    await waitFor(() => expect(screen.getByTestId('balance-balance').textContent).toBe('-3.000.000\u00a0₫'));
    expect(screen.getByTestId('balance-creditLimit').textContent).toBe('2.000.000\u00a0₫');
    // −3.000.000 + 2.000.000 is past the limit: nothing more can be taken, not "−1.000.000".
    expect(screen.getByTestId('balance-available').textContent).toBe('0\u00a0₫');
    expect(screen.getByTestId('balance-available').className).toContain('text-danger-emphasis');
  });
});
