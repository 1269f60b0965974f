import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../shared/contracts/stores';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { StoreDetailPage } from './store-detail';
import { StoreCreatePage } from './store-form';
import { StoreListPage } from './store-list';

const store = (id: number, over: Partial<Store> = {}): Store => ({
  id,
  code: `JP-${id}`,
  name: `Kho ${id}`,
  country: 'JP',
  kind: 'origin',
  address: 'Tokyo',
  phone: '',
  status: 'active',
  version: 2,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
  ...over,
});

function renderScreen(path: string) {
  return renderRoutes(
    [
      { path: '/setting/stores', element: <StoreListPage /> },
      { path: '/setting/stores/create', element: <StoreCreatePage /> },
      { path: '/setting/stores/:id', element: <StoreDetailPage /> },
      { path: '/setting', element: <p>Cấu hình</p> },
    ],
    path,
  );
}

setupScreenTests(['common', 'shell', 'resource', 'setting'], { scrollerHeight: 600 });

describe('stores in the settings section', () => {
  it('lists stores with the filters of the URL, under the section tabs', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { items: [store(1), store(2, { code: 'VN-HAN', country: 'VN', kind: 'hub', status: 'inactive' })], total: 2, page: 1, pageSize: 25 }));
    renderScreen('/setting/stores?kind=hub&status=inactive');
    await screen.findByText('VN-HAN');
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/stores');
    expect(url.searchParams.get('kind')).toBe('hub');
    expect(url.searchParams.get('status')).toBe('inactive');
    expect(screen.getAllByText('Kho Việt Nam').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Ngừng hoạt động').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Nhật ký/ }).getAttribute('href')).toBe('/setting/audit-log');
    expect(screen.getByRole('link', { name: /Thêm kho/ }).getAttribute('href')).toBe('/setting/stores/create');
  });

  it('refuses what the contract refuses under each field (no request), then creates the store and opens it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c: FetchCall) => {
      if (c.method === 'POST') return jsonResponse(201, store(9, { ...(c.body as object), version: 1 }), { etag: '"1"' });
      return jsonResponse(200, store(9, { code: 'JP-OSA', version: 1 }), { etag: '"1"' });
    });
    renderScreen('/setting/stores/create');
    await user.type(await screen.findByLabelText(/^Mã kho/), 'jp-osa');
    await user.type(screen.getByLabelText(/^Tên kho/), 'Kho Osaka');
    await user.selectOptions(screen.getByLabelText(/^Loại kho/), 'hub');
    await user.type(screen.getByLabelText(/^Quốc gia/), 'JP');
    await user.click(screen.getByRole('button', { name: 'Thêm kho' }));
    expect(await screen.findByText(/Mã kho gồm 2–20 chữ in hoa/)).toBeTruthy();
    expect(screen.getByText('Kho trung chuyển Việt Nam phải ở quốc gia VN')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText(/^Mã kho/));
    await user.type(screen.getByLabelText(/^Mã kho/), 'JP-OSA');
    await user.selectOptions(screen.getByLabelText(/^Loại kho/), 'origin');
    await user.click(screen.getByRole('button', { name: 'Thêm kho' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ code: 'JP-OSA', name: 'Kho Osaka', country: 'JP', kind: 'origin', address: '', phone: '', status: 'active' });
    expect(await screen.findByRole('heading', { name: /Kho 9/ })).toBeTruthy();
  });

  it('deactivates a store with If-Match on the version shown', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c: FetchCall) => {
      if (c.method === 'PATCH') return jsonResponse(200, store(4, { status: 'inactive', version: 3 }), { etag: '"3"' });
      if (c.url.startsWith('/api/audit-logs')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
      return jsonResponse(200, store(4), { etag: '"2"' });
    });
    renderScreen('/setting/stores/4');
    await user.click(await screen.findByRole('button', { name: /Ngừng hoạt động/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/stores/4');
    expect(patch.headers['If-Match'] ?? patch.headers['if-match']).toBe('"2"');
    expect(patch.body).toEqual({ status: 'inactive' });
    expect(await screen.findByRole('button', { name: /Hoạt động lại/ })).toBeTruthy();
  });
});
