import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Setting } from '../../../shared/contracts/settings';
import type { PriceListValue } from '../../../shared/domain/pricing';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { buildPriceList, priceListToForm } from './price-list-editor';
import { SettingEditPage } from './setting-form';

const VALUE: PriceListValue = {
  name: 'Bảng giá chung',
  group: null,
  lines: [
    {
      originCountry: 'US',
      unit: 'lb',
      currency: 'USD',
      stepMilli: 1000,
      minimum: 1500,
      brackets: [
        { fromMilli: 0, rate: 850 },
        { fromMilli: 10_000, rate: 780 },
      ],
      surcharges: [{ label: 'Phụ phí an ninh', mode: 'per_package', amount: 150 }],
      insuranceBps: 300,
    },
    { originCountry: 'JP', unit: 'kg', currency: 'VND', stepMilli: 500, minimum: 250_000, brackets: [{ fromMilli: 0, rate: 235_000 }], surcharges: [], insuranceBps: 0 },
  ],
};
const SETTING: Setting = {
  id: 30,
  kind: 'price_list',
  key: 'default',
  value: VALUE,
  effectiveFrom: '2025-01-01',
  description: 'Bảng giá chung',
  status: 'current',
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const MSGS = { number: 'bad number', percent: 'bad percent' };

setupScreenTests(['common', 'shell', 'resource', 'setting']);

describe('price-list value ⇄ typed form', () => {
  it('round-trips exactly: units and major money in the form, thousandths, minor units and basis points in the value', () => {
    const form = priceListToForm(VALUE, 'vi');
    expect(form.lines[0]).toMatchObject({ step: '1', minimum: '15,00', insurance: '3', brackets: [{ from: '0', rate: '8,50' }, { from: '10', rate: '7,80' }] });
    expect(form.lines[1]).toMatchObject({ step: '0.5', minimum: '250.000' });
    // The only difference: the route's absent ends are written as null.
    expect(buildPriceList(form, MSGS, 'vi')).toEqual({ value: { ...VALUE, lines: VALUE.lines.map((l) => ({ ...l, originStoreId: null, destinationStoreId: null })) } });
  });

  it('refuses unreadable numbers (a VND amount with decimals is not read as 235) and the contract’s rules, by field', () => {
    const form = priceListToForm(VALUE, 'vi');
    form.lines[1]!.brackets[0]!.rate = '235,5';
    form.lines[0]!.step = '0,0005';
    expect(buildPriceList(form, MSGS, 'vi')).toEqual({
      issues: [
        { path: 'lines.0.step', message: 'bad number' },
        { path: 'lines.1.brackets.0.rate', message: 'Số tiền VND không có phần thập phân' },
      ],
    });
    const unordered = priceListToForm(VALUE, 'vi');
    unordered.lines[0]!.brackets[1]!.from = '0';
    unordered.lines[1]!.originCountry = '';
    const built = buildPriceList(unordered, MSGS, 'vi');
    expect('issues' in built && built.issues).toEqual([
      { path: 'lines.0.brackets.1.from', message: 'Các khung cân phải tăng dần' },
      { path: 'lines.1.originCountry', message: 'Chọn kho đi hoặc nước đi' },
    ]);
  });
});

describe('price-list money, read as the one money input reads it', () => {
  it('in Vietnamese: "1.000" USD is a thousand dollars and "235.000" đ is 235,000 đồng; "8.5" USD has one reading, 8,50; "1,000.50" USD is refused, not read', () => {
    const form = priceListToForm(VALUE, 'vi');
    expect(form.lines[0]).toMatchObject({ minimum: '15,00', brackets: [{ rate: '8,50' }, { rate: '7,80' }] });
    expect(form.lines[1]).toMatchObject({ minimum: '250.000', brackets: [{ rate: '235.000' }] });
    form.lines[0]!.brackets[0]!.rate = '1.000';
    const built = buildPriceList(form, MSGS, 'vi');
    expect('value' in built && built.value.lines.map((l) => l.brackets[0]!.rate)).toEqual([100_000, 235_000]);
    form.lines[0]!.brackets[1]!.rate = '8.5';
    const lone = buildPriceList(form, MSGS, 'vi');
    expect('value' in lone && lone.value.lines[0]!.brackets.map((b) => b.rate)).toEqual([100_000, 850]);
    form.lines[0]!.brackets[1]!.rate = '1,000.50';
    const refused = buildPriceList(form, MSGS, 'vi');
    expect('issues' in refused && refused.issues).toEqual([{ path: 'lines.0.brackets.1.rate', message: expect.stringContaining('trước phần thập phân') }]);
  });

  it('in English: "1,000.50" USD and "235,000" đ', () => {
    const form = priceListToForm(VALUE, 'en');
    expect(form.lines[0]!.brackets[0]!.rate).toBe('8.50');
    form.lines[0]!.brackets[0]!.rate = '1,000.50';
    form.lines[1]!.brackets[0]!.rate = '235,000';
    const built = buildPriceList(form, MSGS, 'en');
    expect('value' in built && built.value.lines.map((l) => l.brackets[0]!.rate)).toEqual([100_050, 235_000]);
  });
});

describe('price-list edit screen', () => {
  it('shows a field error under the bracket and sends nothing; a valid change adds a version with the value in integers', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c: FetchCall) => {
      if (c.url.startsWith('/api/stores')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
      if (c.method === 'POST') return jsonResponse(201, { ...SETTING, id: 31, status: 'scheduled', ...(c.body as object) }, { etag: '"1"' });
      return jsonResponse(200, SETTING, { etag: '"1"' });
    });
    renderRoutes(
      [
        { path: '/setting/edit/:id', element: <SettingEditPage /> },
        { path: '/setting/:id', element: <p>Chi tiết</p> },
      ],
      '/setting/edit/30?new=1',
    );
    const us = await screen.findByTestId('price-line-0');
    expect(screen.queryByRole('textbox', { name: /JSON/ })).toBeNull();
    const rate = within(screen.getByTestId('bracket-0-1')).getByLabelText(/^Đơn giá/);
    expect((rate as HTMLInputElement).value).toBe('7,80');
    await user.clear(rate);
    await user.type(rate, '7,999');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    // Three decimals of a dollar: refused with how to write an amount here, never rounded.
    await waitFor(() => expect(us.textContent).toContain('Dùng dấu "." để ngăn cách hàng nghìn và dấu "," trước phần thập phân'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '7,75');
    const since = screen.getByLabelText(/^Hiệu lực từ/) as HTMLInputElement;
    // The day is typed and shown as dd/MM/yyyy whatever the browser's locale; the ISO form is refused, not rewritten.
    expect(since.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await user.clear(since);
    await user.type(since, '2099-01-01');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.getByText('Ngày viết theo dạng ngày/tháng/năm, ví dụ 02/12/2026.')).toBeTruthy());
    expect(since.value).toBe('2099-01-01');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(since);
    await user.type(since, '01/01/2099');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'POST')!.body as { value: PriceListValue; effectiveFrom: string };
    expect(body.effectiveFrom).toBe('2099-01-01');
    expect(body.value.lines[0]!.brackets).toEqual([
      { fromMilli: 0, rate: 850 },
      { fromMilli: 10_000, rate: 775 },
    ]);
    expect(body.value.lines[1]).toEqual({ ...VALUE.lines[1], originStoreId: null, destinationStoreId: null });
  });
});
