import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Employee } from '../../../shared/contracts/employees';
import type { Store } from '../../../shared/contracts/stores';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { EmployeeCreatePage, EmployeeEditPage } from './employee-form';

const STORES: Store[] = [
  { id: 1, code: 'HN01', name: 'Kho Hà Nội', country: 'VN', kind: 'hub', address: '', phone: '', status: 'active', version: 1, createdAt: '', updatedAt: '' },
  { id: 2, code: 'US01', name: 'Kho Oregon', country: 'US', kind: 'origin', address: '', phone: '', status: 'active', version: 1, createdAt: '', updatedAt: '' },
];

const EMPLOYEE: Employee = {
  id: 4,
  code: 'NV0004',
  fullName: 'Phạm Văn Kho',
  phone: '0912000004',
  email: 'kho@cargo.test',
  storeId: 1,
  store: { id: 1, code: 'HN01', name: 'Kho Hà Nội' },
  position: 'Nhân viên kho',
  status: 'active',
  account: { userId: 9, email: 'kho@cargo.test', role: 'Staff', enabled: true, lastLoginAt: null },
  version: 2,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
};

function api(c: FetchCall) {
  if (c.url.includes('/api/stores')) return jsonResponse(200, { items: STORES, total: 2, page: 1, pageSize: 200 });
  if (c.method === 'GET') return jsonResponse(200, EMPLOYEE, { etag: '"2"' });
  if (c.method === 'PATCH') return jsonResponse(200, { ...EMPLOYEE, version: 3 });
  return jsonResponse(201, { ...EMPLOYEE, id: 21, code: 'NV0021', version: 1 });
}

function renderScreen(path: string) {
  return renderRoutes(
    [
      { path: '/employee/create', element: <EmployeeCreatePage /> },
      { path: '/employee/edit/:id', element: <EmployeeEditPage /> },
      { path: '/employee/:id', element: <p>Chi tiết</p> },
    ],
    path,
  );
}

setupScreenTests(['common', 'shell', 'resource', 'employee']);

describe('employee form', () => {
  it('creates an employee with a store from the picker and a new Staff account', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(api);
    const { router } = renderScreen('/employee/create');
    await user.type(await screen.findByLabelText(/^Họ tên/), 'Đỗ Thị Giao');
    await user.type(screen.getByLabelText(/^Điện thoại/), '0903 111 222');
    await waitFor(() => expect(screen.getByRole('option', { name: /US01 · Kho Oregon/ })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText(/^Kho/), 'US01 · Kho Oregon (kho nước ngoài)');
    await user.click(screen.getByRole('switch', { name: 'Có tài khoản đăng nhập' }));
    expect(screen.getByText(/chưa có mật khẩu/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Thêm nhân viên/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/21'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      fullName: 'Đỗ Thị Giao',
      phone: '0903111222',
      email: null,
      storeId: 2,
      position: '',
      status: 'active',
      account: { email: null, role: 'Staff', enabled: true },
    });
  });

  it('locks an account on edit by sending only the account', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(api);
    const { router } = renderScreen('/employee/edit/4');
    const enabled = await screen.findByRole('switch', { name: 'Cho phép đăng nhập' });
    // An existing account cannot be removed, only locked.
    expect((screen.getByRole('switch', { name: 'Có tài khoản đăng nhập' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: /Lưu thay đổi/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/4'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.headers['If-Match']).toBe('"2"');
    expect(patch.body).toEqual({ account: { role: 'Staff', enabled: false, email: 'kho@cargo.test' } });
  });

  it('shows the store the employee works at, even when the stores arrive after the employee', async () => {
    let releaseStores: () => void = () => {};
    const storesLate = new Promise<void>((resolve) => (releaseStores = resolve));
    mockFetch(async (c) => {
      if (c.url.includes('/api/stores')) await storesLate;
      return api(c);
    });
    renderScreen('/employee/edit/4');
    const store = (await screen.findByLabelText(/^Kho/)) as HTMLSelectElement;
    releaseStores();
    await screen.findByRole('option', { name: /HN01 · Kho Hà Nội/ });
    await waitFor(() => expect(store.value).toBe('1'));
    expect(store.selectedOptions[0]!.textContent).toBe('HN01 · Kho Hà Nội (kho Việt Nam)');
  });
});
