import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Package } from '../../../shared/contracts/packages';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { PackageDetailPage } from './package-detail';

/** The package page links the delivery slip the package is on (or was last on). */

const pkg = (slip: Package['slip']): Package => ({
  id: 9, code: 'PK00000009', trackingNumber: '1Z999AA10123456784', customerId: 5, customer: { id: 5, code: 'KH000005', fullName: 'Lê Thị Hoa' }, orderId: null, order: null,
  storeId: 1, store: { id: 1, code: 'VN-SGN', name: 'Kho Hồ Chí Minh' }, destinationStoreId: 1, destinationStore: { id: 1, code: 'VN-SGN', name: 'Kho Hồ Chí Minh' },
  mawbId: null, mawb: null, weightG: 1200, lengthMm: null, widthMm: null, heightMm: null, volumetricG: null, chargeableG: 1200, declaredValue: null, declaredCurrency: null,
  contents: '', photos: [], status: 'on_slip', statusAt: '2026-11-20T02:00:00.000Z', unidentified: false, slip, version: 3,
  createdAt: '2026-11-01T02:00:00.000Z', updatedAt: '2026-11-20T02:00:00.000Z',
});

setupScreenTests(['common', 'shell', 'resource', 'tracking'], { scrollerHeight: 600 });

function render(slip: Package['slip']) {
  mockFetch((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/packages/9') return jsonResponse(200, pkg(slip), { etag: '"3"' });
    return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
  });
  renderRoutes([{ path: '/tracking/:id', element: <PackageDetailPage /> }], '/tracking/9');
}

describe('package page slip link', () => {
  it('links the open slip by its code', async () => {
    render({ id: 42, code: 'PG2611-00042', open: true });
    const cell = await screen.findByTestId('package-slip', undefined, { timeout: 10_000 });
    expect(within(cell).getByRole('link', { name: 'PG2611-00042' }).getAttribute('href')).toBe('/deliveryslip/42');
    expect(cell.textContent).not.toContain('đã đóng');
  });

  it('says when the linked slip is the last, closed one', async () => {
    render({ id: 41, code: 'PG2611-00041', open: false });
    const cell = await screen.findByTestId('package-slip', undefined, { timeout: 10_000 });
    expect(within(cell).getByRole('link', { name: 'PG2611-00041' })).toBeTruthy();
    expect(cell.textContent).toContain('đã đóng');
  });

  it('shows none when the package was never on a slip', async () => {
    render(null);
    const cell = await screen.findByTestId('package-slip', undefined, { timeout: 10_000 });
    expect(within(cell).queryByRole('link')).toBeNull();
  });
});
