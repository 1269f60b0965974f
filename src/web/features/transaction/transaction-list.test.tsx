import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/contracts/transactions';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { makeTransaction } from '../../test/entity-fixtures';
import { TransactionListPage } from './transaction-list';

const row = (id: number, amount: number): Transaction =>
  makeTransaction({
    id,
    code: `GD${String(id).padStart(8, '0')}`,
    customerName: 'Lê Thị Sổ',
    type: amount > 0 ? 'deposit' : 'payment',
    amount,
    balanceAfter: 100_000,
    referenceType: amount < 0 ? 'order' : null,
    referenceId: amount < 0 ? 42 : null,
    referenceCode: amount < 0 ? 'DH00000042' : null,
    actorName: null,
  });

setupScreenTests(['common', 'shell', 'resource', 'transaction', 'order'], { scrollerHeight: 600 });

describe('transaction list', () => {
  it('shows the totals of the whole filtered set, asked with the very filters of the list', async () => {
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/transactions/totals') return jsonResponse(200, { count: 57, totalIn: 12_500_000, totalOut: 13_000_000, net: -500_000 });
      if (url.pathname === '/api/customers/5') return jsonResponse(200, { id: 5, code: 'KH000005', fullName: 'Lê Thị Sổ' });
      const slip = { ...row(3, -90_000), referenceType: 'delivery_slip' as const, referenceId: 301, referenceCode: 'PG2611-00301' };
      return jsonResponse(200, { items: [slip, row(2, -150_000), row(1, 250_000)], total: 57, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/transaction', element: <TransactionListPage /> }], '/transaction?customerId=5&type=deposit,payment&createdFrom=2025-03-01&sort=-amount&q=ck');
    await screen.findByText('GD00000002');
    await waitFor(() => expect(screen.getByTestId('totals-net').textContent).toBe('\u2212500.000\u00a0₫'));
    expect(screen.getByTestId('totals-count').textContent).toBe('57');
    expect(screen.getByTestId('totals-in').textContent).toBe('+12.500.000\u00a0₫');
    expect(screen.getByTestId('totals-out').textContent).toBe('\u221213.000.000\u00a0₫');
    // Signed amounts in the rows, the order a payment went to as a link.
    expect(screen.getByText('\u2212150.000\u00a0₫', { normalizer: (s) => s })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DH00000042' }).getAttribute('href')).toBe('/order/42');
    // A delivery slip's code is a link to the slip too (it was plain text).
    expect(screen.getByRole('link', { name: 'PG2611-00301' }).getAttribute('href')).toBe('/deliveryslip/301');

    const params = (path: string) => Object.fromEntries(new URL(calls.find((c) => new URL(c.url, 'http://x').pathname === path)!.url, 'http://x').searchParams);
    const list = params('/api/transactions');
    const totals = params('/api/transactions/totals');
    expect(list).toMatchObject({ customerId: '5', type: 'deposit,payment', createdFrom: '2025-03-01', q: 'ck', sort: '-amount' });
    expect(totals).toEqual({ customerId: '5', type: 'deposit,payment', createdFrom: '2025-03-01', q: 'ck' });
    // The customer filter shows who it is.
    expect((await screen.findByTestId('customer-chip')).textContent).toContain('KH000005');
  });
});
