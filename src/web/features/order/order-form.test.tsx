import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ExchangeRates } from '../../../shared/contracts/exchange-rates';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { makeCustomer, makeOrder } from '../../test/entity-fixtures';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { OrderCreatePage, OrderEditPage } from './order-form';

const CUSTOMER = makeCustomer({ fullName: 'Trần Văn Mua' });

const RATES: ExchangeRates = {
  date: '2025-03-10',
  rates: [
    { currency: 'USD', rate: '25400', effectiveFrom: '2025-03-01' },
    { currency: 'KRW', rate: '18.5', effectiveFrom: '2025-03-01' },
    { currency: 'JPY', rate: '170', effectiveFrom: '2025-03-01' },
  ],
};

const ORDER = makeOrder();

function api(c: FetchCall, post?: (c: FetchCall) => Response) {
  const url = new URL(c.url, 'http://x');
  if (url.pathname === '/api/exchange-rates') return jsonResponse(200, RATES);
  if (url.pathname === '/api/customers/5') return jsonResponse(200, CUSTOMER);
  if (url.pathname === '/api/orders/42' && c.method === 'GET') return jsonResponse(200, ORDER, { etag: '"3"' });
  if (post && c.method !== 'GET') return post(c);
  return jsonResponse(500, { message: 'không mong đợi', code: 'X' });
}

function renderScreen(path: string) {
  return renderRoutes(
    [
      { path: '/order/create', element: <OrderCreatePage /> },
      { path: '/order/edit/:id', element: <OrderEditPage /> },
      { path: '/order/:id', element: <p>Chi tiết đơn</p> },
      { path: '/order', element: <p>Danh sách</p> },
    ],
    path,
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

async function retype(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, value: string) {
  await user.clear(el);
  await user.type(el, value);
}

setupScreenTests(['common', 'shell', 'resource', 'order', 'transaction']);

describe('order form', () => {
  it('shows live totals computed with the shared money rules (one half-up rounding per line), then sends no totals', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => api(c, () => jsonResponse(201, { ...ORDER, id: 43, code: 'DH00000043', status: 'new' })));
    const { router } = renderScreen('/order/create?customerId=5');
    await screen.findByText('KH000005');

    await user.selectOptions(screen.getByLabelText('Tiền tệ'), 'KRW');
    await waitFor(() => expect(text('preview-rate')).toContain('1 KRW = 18,5 ₫'));
    await user.type(screen.getByLabelText(/^Tên sản phẩm/), 'Mặt nạ dưỡng da');
    await retype(user, screen.getByLabelText(/^Số lượng/), '1');
    await user.type(screen.getByLabelText(/^Đơn giá \(KRW\)/), '1235');
    // 1,235 won × 18.5 = 22,847.5 đ → 22,848 đ (half up, once for the line).
    await waitFor(() => expect(text('line-amount-0')).toBe('22.848 ₫'));

    await user.click(screen.getByRole('button', { name: /Thêm sản phẩm/ }));
    const names = screen.getAllByLabelText(/^Tên sản phẩm/);
    await user.type(names[1]!, 'Son môi');
    await retype(user, screen.getAllByLabelText(/^Số lượng/)[1]!, '2');
    await user.type(screen.getAllByLabelText(/^Đơn giá \(KRW\)/)[1]!, '999');
    // 2 × 999 won × 18.5 = 36,963 đ exactly.
    await waitFor(() => expect(text('line-amount-1')).toBe('36.963 ₫'));
    expect(text('preview-subtotal')).toContain('59.811 ₫');

    await user.type(screen.getByLabelText(/^Phí dịch vụ \(%\)/), '2,5');
    await user.type(screen.getByLabelText(/^Phí giao nội địa/), '30000');
    await user.type(screen.getByLabelText(/^Tiền cọc yêu cầu/), '50000');
    // 2.5 % of 59,811 = 1,495.275 → 1,495; total 59,811 + 1,495 + 30,000; remaining total − 50,000.
    await waitFor(() => expect(text('preview-service-fee')).toContain('1.495 ₫'));
    expect(text('preview-total')).toBe('91.306 ₫');
    expect(text('preview-remaining')).toBe('41.306 ₫');

    // Another currency: the same minor units at today's USD rate (1,235 cents = 12.35 USD).
    await user.selectOptions(screen.getByLabelText('Tiền tệ'), 'USD');
    await waitFor(() => expect(text('line-amount-0')).toBe('313.690 ₫'));
    expect((screen.getAllByLabelText(/^Đơn giá \(USD\)/)[0] as HTMLInputElement).value).toBe('12,35');
    // 821,182 × 2.5 % = 20,529.55 → 20,530.
    expect(text('preview-total')).toBe('871.712 ₫');

    await user.click(screen.getByRole('button', { name: 'Tạo đơn hàng' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/43'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url, 'http://x').pathname).toBe('/api/orders');
    expect(post.body).toEqual({
      customerId: 5,
      kind: 'purchase',
      currency: 'USD',
      items: [
        { name: 'Mặt nạ dưỡng da', url: null, option: '', quantity: 1, unitPriceMinor: 1235 },
        { name: 'Son môi', url: null, option: '', quantity: 2, unitPriceMinor: 999 },
      ],
      serviceFeeMode: 'percent',
      serviceFeeBps: 250,
      serviceFeeFixed: 0,
      domesticFee: 30_000,
      deposit: 50_000,
      note: '',
    });
  });

  it('a consignment’s currency has its declared value: optional declared goods, shown and sent, not billed', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => api(c, () => jsonResponse(201, { ...ORDER, id: 44, code: 'DH00000044', kind: 'consignment', status: 'new' })));
    const { router } = renderScreen('/order/create?customerId=5');
    await screen.findByText('KH000005');
    await user.click(screen.getByRole('radio', { name: /Ký gửi/ }));
    await user.selectOptions(screen.getByLabelText('Tiền tệ'), 'USD');
    // Nothing declared yet, and nothing is required.
    expect(screen.getByRole('heading', { name: 'Hàng khai báo' })).toBeTruthy();
    expect(screen.getByText(/Không bắt buộc: khai báo hàng của khách/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Thêm sản phẩm/ }));
    // A line just added is not wrong before anything is typed in it.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await user.type(screen.getByLabelText(/^Tên sản phẩm/), 'Giày chạy bộ');
    await user.type(screen.getByLabelText(/^Đơn giá \(USD\)/), '39.99');
    await user.type(screen.getByLabelText(/^Phí dịch vụ \(%\)/), '0');
    // 39.99 USD × 25,400 = 1,015,746 đ declared; the goods are the customer's own, so not in the total.
    await waitFor(() => expect(text('preview-subtotal')).toContain('1.015.746 ₫'));
    expect(text('preview-total')).toBe('0 ₫');
    await user.click(screen.getByRole('button', { name: 'Tạo đơn hàng' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/44'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ kind: 'consignment', currency: 'USD', items: [{ name: 'Giày chạy bộ', url: null, option: '', quantity: 1, unitPriceMinor: 3999 }] });
  });

  it('refuses to send without a customer or a price, with words for each', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => api(c));
    renderScreen('/order/create');
    await user.type(await screen.findByLabelText(/^Tên sản phẩm/), 'Áo khoác');
    await user.click(screen.getByRole('button', { name: 'Tạo đơn hàng' }));
    expect(await screen.findByText('Vui lòng nhập đơn giá')).toBeTruthy();
    expect(screen.getByText('Vui lòng chọn khách hàng')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('editing previews with the rate the order locked, and with today’s rate once the currency changes', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => api(c, (p) => jsonResponse(200, { ...ORDER, ...(p.body as object), version: 4 })));
    const { router } = renderScreen('/order/edit/42');
    await waitFor(() => expect(text('preview-rate')).toContain('Tỷ giá đã chốt của đơn'));
    expect(text('preview-rate')).toContain('1 USD = 25.000 ₫');
    // 2 × 49.99 USD × 25,000 = 2,499,500 đ: the server's own figure, from the locked rate.
    expect(text('line-amount-0')).toBe('2.499.500 ₫');
    expect(text('preview-total')).toBe('2.599.500 ₫');

    await user.selectOptions(screen.getByLabelText('Tiền tệ'), 'JPY');
    await waitFor(() => expect(text('preview-rate')).toContain('Tỷ giá hôm nay'));
    // The minor units are kept: 4,999 yen × 2 × 170.
    expect(text('line-amount-0')).toBe('1.699.660 ₫');

    await user.click(screen.getByRole('button', { name: /Lưu thay đổi/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/42'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.headers['If-Match']).toBe('"3"');
    // Only what changed; never kind, customer or any total.
    expect(patch.body).toEqual({ currency: 'JPY' });
  });
});
