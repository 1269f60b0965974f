import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Package } from '../../../shared/contracts/packages';
import { renderRoutes, setupI18n, stubMatchMedia } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { PackageDetailPage } from './package-detail';

const PACKAGE: Package = {
  id: 7,
  code: 'PK00000007',
  trackingNumber: '1Z999AA10123456784',
  customerId: 5,
  customer: { id: 5, code: 'KH000005', fullName: 'Lê Thị Hoa' },
  orderId: 501,
  order: { id: 501, code: 'DH00000501' },
  storeId: 2,
  store: { id: 2, code: 'US-OR', name: 'Kho Portland (Mỹ)' },
  destinationStoreId: 1,
  destinationStore: { id: 1, code: 'VN-SGN', name: 'Kho Hồ Chí Minh' },
  mawbId: 51,
  mawb: { id: 51, awbNumber: '176-12345675' },
  weightG: 1200,
  lengthMm: 300,
  widthMm: 200,
  heightMm: 100,
  volumetricG: 1000,
  chargeableG: 1500,
  declaredValue: null,
  declaredCurrency: null,
  contents: '',
  photos: [],
  status: 'departed',
  statusAt: '2025-03-01T02:00:00.000Z',
  unidentified: false,
  version: 3,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
};

beforeAll(async () => {
  await setupI18n(['common', 'shell', 'resource', 'tracking']);
});
beforeEach(() => stubMatchMedia());
afterEach(() => vi.unstubAllGlobals());

describe('package detail', () => {
  it('names its order and MAWB by their codes (DH…, the AWB number), linked, never by internal ids', async () => {
    mockFetch(({ url }) => {
      if (url.includes('/events')) return jsonResponse(200, { items: [] });
      return jsonResponse(200, PACKAGE, { etag: '"3"' });
    });
    renderRoutes([{ path: '/tracking/:id', element: <PackageDetailPage /> }], '/tracking/7');
    const order = await screen.findByRole('link', { name: 'DH00000501' });
    expect(order.getAttribute('href')).toBe('/order/501');
    expect(screen.getByRole('link', { name: '176-12345675' }).getAttribute('href')).toBe('/mawb/51');
    const overview = order.closest('dl')!;
    expect(within(overview as HTMLElement).queryByText(/#\s?(501|51)\b/)).toBeNull();
  });
});
