import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Package } from '../../../shared/contracts/packages';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { makePackage } from '../../test/entity-fixtures';
import { PackageDetailPage } from './package-detail';

const PACKAGE: Package = makePackage({
  orderId: 501,
  order: { id: 501, code: 'DH00000501' },
  mawbId: 51,
  mawb: { id: 51, awbNumber: '176-12345675' },
});

setupScreenTests(['common', 'shell', 'resource', 'tracking']);

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
