import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { ManifestPage } from './manifest-page';
import { mawb, mawbPackage } from './test-fixtures';

setupScreenTests(['common', 'shell', 'resource', 'mawb']);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('A4 manifest', () => {
  it('lists every package with its codes and weights, totals them, sets the A4 page and prints', async () => {
    const user = userEvent.setup();
    const items = [
      mawbPackage(1, { weightG: 1_250, chargeableG: 1_500, declaredValue: 4_599, declaredCurrency: 'USD' }),
      mawbPackage(2, { customerCode: null, customerName: null, consigneeName: null, consigneePhone: null, consigneeProvince: null, weightG: 3_000, chargeableG: 4_000 }),
      mawbPackage(3, { weightG: null, chargeableG: null }),
    ];
    mockFetch((c) => {
      const path = new URL(c.url, 'http://x').pathname;
      if (path === '/api/public/company') {
        return jsonResponse(200, { name: 'Công ty TNHH Vận tải Hàng không Sao Việt', address: '45 Trường Sơn, Tân Bình', phone: '028 3848 5566', hotline: '1900 6868', taxCode: null, logoUrl: '/api/public/logo?v=abc' });
      }
      if (path === '/api/mawbs/7') return jsonResponse(200, mawb({ status: 'manifested', pieces: 3 }), { etag: '"4"' });
      if (path === '/api/mawbs/7/packages') return jsonResponse(200, { items, pieces: 3, grossWeightG: 4_250, chargeableWeightG: 5_500, volumetricWeightG: 1_800, airlineChargeableWeightG: 4_500 });
      return jsonResponse(404, { message: 'Không tìm thấy' });
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderRoutes([{ path: '/mawb/:id/manifest', element: <ManifestPage /> }], '/mawb/7/manifest');

    const sheet = await screen.findByTestId('manifest-sheet');
    expect(within(sheet).getByText('CARGO MANIFEST')).toBeTruthy();
    // The office's own name, logo and contacts, not the product's name.
    expect(await within(sheet).findByText('Công ty TNHH Vận tải Hàng không Sao Việt')).toBeTruthy();
    expect(within(sheet).getByTestId('manifest-logo').getAttribute('src')).toBe('/api/public/logo?v=abc');
    expect(sheet.textContent).toContain('45 Trường Sơn, Tân Bình');
    expect(sheet.textContent).toContain('028 3848 5566 · 1900 6868');
    expect(sheet.textContent).not.toContain('Cargo Console');
    expect(within(sheet).getByTestId('manifest-awb').textContent).toBe('176-12345675');
    expect(sheet.textContent).toContain('EK216 / EK392');
    expect(sheet.textContent).toContain('LAX – Los Angeles → SGN – TP. Hồ Chí Minh');

    const rows = within(sheet).getAllByTestId('manifest-row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['1', '1Z999AA10000000001PK00000001', 'Lê Thị Hoa0912345678 · KH000005', 'Hà Nội', 'Quần áo', '45,99\u00a0USD', '1,25\u00a0kg', '1,5\u00a0kg'],
      ['2', '1Z999AA10000000002PK00000002', '—', '—', 'Quần áo', '—', '3\u00a0kg', '4\u00a0kg'],
      ['3', '1Z999AA10000000003PK00000003', 'Lê Thị Hoa0912345678 · KH000005', 'Hà Nội', 'Quần áo', '—', '—', '—'],
    ]);
    const totals = within(sheet).getByTestId('manifest-totals');
    expect(totals.textContent).toContain('Tổng cộng: 3 kiện');
    expect(Array.from(totals.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['4,25\u00a0kg', '5,5\u00a0kg']);
    // The airline's figure for the whole consolidation, beside the customers' sum.
    expect(within(sheet).getByTestId('manifest-airline-chargeable').textContent).toContain('4,5\u00a0kg');

    expect(Array.from(document.querySelectorAll('style')).some((s) => /@page\s*\{\s*size:\s*A4/.test(s.textContent ?? ''))).toBe(true);
    await user.click(screen.getByTestId('print-manifest'));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
