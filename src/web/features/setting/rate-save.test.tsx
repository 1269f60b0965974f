import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Setting } from '../../../shared/contracts/settings';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { queryKeys } from '../../lib/query-client';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { i18n } from '../../lib/i18n';
import { SettingDetailPage } from './setting-detail';
import { SettingEditPage } from './setting-form';

const USD: Setting = {
  id: 12,
  kind: 'exchange_rate',
  key: 'USD',
  value: { rate: '25400' },
  effectiveFrom: '2025-01-01',
  description: '',
  status: 'current',
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

setupScreenTests(['common', 'shell', 'resource', 'setting']);

describe('a new exchange rate', () => {
  it('makes the rates the order form quotes with stale at once (not after their cache time)', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c: FetchCall) => {
      if (c.method === 'POST') return jsonResponse(201, { ...USD, id: 13, value: { rate: '25500' }, version: 1 }, { etag: '"1"' });
      return jsonResponse(200, USD, { etag: '"1"' });
    });
    const { client } = renderRoutes(
      [
        { path: '/setting/edit/:id', element: <SettingEditPage /> },
        { path: '/setting/:id', element: <p>Chi tiết</p> },
      ],
      '/setting/edit/12?new=1',
    );
    // What the order form holds (features/order/api.ts useExchangeRates), loaded before the change.
    const ratesKey = [...queryKeys.Config.all, 'exchange-rates'];
    client.setQueryData(ratesKey, { rates: [{ currency: 'USD', rate: '25400', effectiveFrom: '2025-01-01' }] });
    const rate = await screen.findByLabelText(/^Tỷ giá \(đồng/);
    await user.clear(rate);
    await user.type(rate, '25500');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await screen.findByText('Chi tiết');
    expect(client.getQueryState(ratesKey)?.isInvalidated).toBe(true);
  });
});

describe('an exchange rate on screen', () => {
  it('is written as the order page writes it, one form per language: "1 KRW = 1.850,5 ₫", "1 KRW = 1,850.5 ₫" (it read "1850.5 đ / 1 KRW" in both)', async () => {
    const KRW: Setting = { ...USD, id: 14, key: 'KRW', value: { rate: '1850.5' } };
    for (const [lang, text] of [
      ['vi', '1 KRW = 1.850,5\u00a0₫'],
      ['en', '1 KRW = 1,850.5\u00a0₫'],
    ] as const) {
      await i18n.changeLanguage(lang);
      mockFetch((c: FetchCall) => (new URL(c.url, 'http://x').pathname === '/api/settings' ? jsonResponse(200, { items: [KRW], total: 1, page: 1, pageSize: 200 }) : jsonResponse(200, KRW, { etag: '"1"' })));
      const { unmount } = renderRoutes([{ path: '/setting/:id', element: <SettingDetailPage /> }], '/setting/14');
      await waitFor(() => expect(screen.getByTestId('value-in-force').textContent).toBe(text));
      unmount();
    }
    await i18n.changeLanguage('vi');
  });
});
