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

/** The setting edit screen on a loaded setting; answers a POST/PATCH with the body it was sent. */
function editScreen(setting: Setting, path: string) {
  const { calls } = mockFetch((c: FetchCall) => {
    if (c.method === 'POST' || c.method === 'PATCH') return jsonResponse(c.method === 'POST' ? 201 : 200, { ...setting, id: setting.id + 1, ...(c.body as object) }, { etag: '"2"' });
    return jsonResponse(200, setting, { etag: '"1"' });
  });
  renderRoutes(
    [
      { path: '/setting/edit/:id', element: <SettingEditPage /> },
      { path: '/setting/:id', element: <p>Chi tiết</p> },
    ],
    path,
  );
  return calls;
}
const sent = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PATCH');

describe('a rate or a fee typed in the UI language', () => {
  it('reads "25.500" in Vietnamese as 25,500 ₫ per dollar (it was sent as the rate 25.5)', async () => {
    const user = userEvent.setup();
    const calls = editScreen(USD, '/setting/edit/12?new=1');
    const rate = await screen.findByLabelText(/^Tỷ giá \(đồng/);
    expect((rate as HTMLInputElement).value).toBe('25.400');
    await user.clear(rate);
    await user.type(rate, '25.500');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect((sent(calls)[0]!.body as { value: unknown }).value).toEqual({ rate: '25500' });
  });

  it('refuses "25.5" in Vietnamese with the way to write it, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = editScreen(USD, '/setting/edit/12?new=1');
    const rate = await screen.findByLabelText(/^Tỷ giá \(đồng/);
    await user.clear(rate);
    await user.type(rate, '25.5');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Dùng dấu "\." để ngăn cách hàng nghìn và dấu "," trước phần thập phân/);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent(calls)).toHaveLength(0);
  });

  it('takes "30.000" as a delivery fee of 30,000 ₫ (it was refused as "not a whole number")', async () => {
    const user = userEvent.setup();
    const fee: Setting = { ...USD, id: 20, kind: 'delivery_fees', key: 'hcm_inner', value: 25_000, effectiveFrom: '2025-01-01', status: 'current' };
    const calls = editScreen(fee, '/setting/edit/20');
    const input = await screen.findByLabelText(/^Giá trị/);
    expect((input as HTMLInputElement).value).toBe('25.000');
    await user.clear(input);
    await user.type(input, '30.000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect((sent(calls)[0]!.body as { value: unknown }).value).toBe(30_000);
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
