import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers';
import { renderRoutes, searchOf, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { CustomerListPage } from './customer-list';

const customer = (id: number, over: Partial<Customer> = {}): Customer => ({
  id,
  code: `KH${String(id).padStart(6, '0')}`,
  fullName: `Khách ${id}`,
  phone: `09120000${String(id).padStart(2, '0')}`,
  email: null,
  addresses: [],
  province: 'Hà Nội',
  group: 'vip',
  suiteCode: null,
  note: '',
  status: 'active',
  creditLimit: 0,
  balance: 1_250_000,
  notifyZns: true,
  notifyEmail: true,
  language: 'vi',
  version: id,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
  ...over,
});

const ROWS = [customer(1), customer(2), customer(3, { status: 'inactive' })];

function renderList(path: string) {
  return renderRoutes(
    [
      { path: '/customer', element: <CustomerListPage /> },
      { path: '/customer/:id', element: <p>Chi tiết</p> },
    ],
    path,
  );
}

setupScreenTests(['common', 'shell', 'resource', 'customer'], { scrollerHeight: 600 });

describe('customer list', () => {
  it('asks the API with the filters of the URL and shows money as VND', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { items: ROWS, total: 3, page: 1, pageSize: 25 }));
    renderList('/customer?status=active&group=vip,wholesale&province=H%C3%A0%20N%E1%BB%99i&q=kiem');
    await screen.findByText('KH000001');
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/customers');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      pageSize: '25',
      q: 'kiem',
      status: 'active',
      group: 'vip,wholesale',
      province: 'Hà Nội',
    });
    expect(screen.getAllByText('1.250.000\u00a0₫', { normalizer: (s) => s }).length).toBe(3);
    expect((screen.getByLabelText('Trạng thái') as HTMLSelectElement).value).toBe('active');
  });

  it('exports with the same filters, as the file the server names', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = mockFetch((c) =>
      c.url.includes('/export')
        ? new Response('xlsx-bytes', {
            status: 200,
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename=\"khach-hang.xlsx\"; filename*=UTF-8''Kh%C3%A1ch%20h%C3%A0ng.xlsx" },
          })
        : jsonResponse(200, { items: ROWS, total: 3, page: 1, pageSize: 25 }),
    );
    renderList('/customer?status=inactive&sort=-balance&page=1');
    await screen.findByText('KH000001');
    await user.click(screen.getByRole('button', { name: /Xuất file/ }));
    await user.click(screen.getByRole('button', { name: /Excel \(\.xlsx\)/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exp = new URL(calls.find((c) => c.url.includes('/export'))!.url, 'http://x');
    expect(exp.pathname).toBe('/api/customers/export');
    expect(Object.fromEntries(exp.searchParams)).toEqual({ status: 'inactive', sort: '-balance', format: 'xlsx' });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('Khách hàng.xlsx');
    expect(await created[0]!.text()).toBe('xlsx-bytes');
    click.mockRestore();
  });

  it('sets the status of the selected customers, each with its own If-Match', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) =>
      c.method === 'PATCH'
        ? jsonResponse(200, { ...ROWS.find((r) => c.url.endsWith(`/${r.id}`))!, status: 'inactive', version: 99 })
        : jsonResponse(200, { items: ROWS, total: 3, page: 1, pageSize: 25 }),
    );
    const { router } = renderList('/customer');
    await screen.findByText('KH000001');
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 3' }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    await user.click(within(bar).getByRole('button', { name: /Đổi trạng thái/ }));
    await user.click(screen.getByRole('button', { name: 'Ngừng hoạt động' }));
    // Row 3 is inactive already: only row 1 is written.
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/customers\/1$/);
    expect(patch.headers['If-Match']).toBe('"1"');
    expect(patch.body).toEqual({ status: 'inactive' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Thao tác với các dòng đã chọn' })).toBeNull());

    // A row click opens the customer.
    await user.click(screen.getByText('Khách 2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/2'));
    expect(searchOf(router).toString()).toBe('');
  });
});
