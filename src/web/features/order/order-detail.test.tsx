import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { makeOrder } from '../../test/entity-fixtures';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { OrderDetailPage } from './order-detail';

const ORDER = makeOrder({
  statusAt: '2025-02-02T02:00:00.000Z',
  currency: 'KRW',
  exchangeRate: '18.5',
  items: [{ id: 1, name: 'Mặt nạ', url: null, option: '', quantity: 1, unitPriceMinor: 1235, amount: 22_848 }],
  itemsSubtotal: 22_848,
  goods: 22_848,
  serviceFeeMode: 'percent',
  serviceFeeBps: 250,
  serviceFeeFixed: 0,
  serviceFee: 571,
  domesticFee: 30_000,
  total: 53_419,
  remaining: 53_419,
  paid: 20_000,
  due: 33_419,
  events: [
    { id: 1, fromStatus: null, toStatus: 'new', note: '', actorId: 1, actorName: 'Nguyễn Văn Quản', at: '2025-02-01T02:00:00.000Z' },
    { id: 2, fromStatus: 'new', toStatus: 'confirmed', note: 'Khách đã chốt', actorId: 1, actorName: 'Nguyễn Văn Quản', at: '2025-02-02T02:00:00.000Z' },
  ],
  version: 7,
  updatedAt: '2025-02-02T02:00:00.000Z',
});

setupScreenTests(['common', 'shell', 'resource', 'order', 'transaction'], { scrollerHeight: 600 });

describe('order detail', () => {
  it('shows the server’s figures with the locked rate, offers the allowed next steps and shows the 409 where it happened', async () => {
    const user = userEvent.setup();
    const refusal = 'Không thể chuyển đơn DH00000042 từ "Đã hủy" sang "Đã mua hàng". Đơn đã kết thúc, không thể đổi trạng thái';
    const { calls } = mockFetch((c) => {
      if (c.method === 'POST') return jsonResponse(409, { message: refusal, details: { status: 'cancelled', allowed: [] } });
      return jsonResponse(200, ORDER, { etag: '"7"' });
    });
    renderRoutes([{ path: '/order/:id', element: <OrderDetailPage /> }], '/order/42');
    await screen.findByRole('heading', { level: 1, name: /DH00000042/ });
    expect(screen.getByTestId('order-rate').textContent).toContain('1 KRW = 18,5\u00a0₫');
    expect(screen.getByTestId('order-total').textContent).toBe('53.419\u00a0₫');
    expect(screen.getByTestId('order-due').textContent).toBe('33.419\u00a0₫');
    // The one percent format: "2,5%", as the order form and the price list write it (not "2,5 %").
    expect(screen.getByText('2,5% tiền hàng')).toBeTruthy();

    // A purchase that is confirmed goes on to "purchased" or is cancelled; nothing else is offered.
    const steps = screen.getByRole('heading', { name: 'Bước tiếp theo' }).parentElement!;
    expect(within(steps).getAllByRole('button').map((b) => b.textContent)).toEqual(['Đã mua hàng', 'Hủy đơn']);

    await user.click(within(steps).getByRole('button', { name: 'Đã mua hàng' }));
    const dialog = await screen.findByRole('dialog', { name: /Đã mua hàng — đơn DH00000042/ });
    await user.type(within(dialog).getByLabelText(/Ghi chú/), 'Đã đặt trên Coupang');
    await user.click(within(dialog).getByRole('button', { name: 'Đã mua hàng' }));

    expect((await screen.findByTestId('status-refusal')).textContent).toContain(refusal);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url, 'http://x').pathname).toBe('/api/orders/42/status');
    expect(post.headers['If-Match']).toBe('"7"');
    expect(post.body).toEqual({ status: 'purchased', note: 'Đã đặt trên Coupang' });
    // The order is asked for again, to show where it really is now.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/api/orders/42')).length).toBeGreaterThan(1));
  });

  it('sends a pasted list of parcels together to the order and lists each answer, a refused one with its reason', async () => {
    const user = userEvent.setup();
    const results = [
      { number: 'TN0001', outcome: 'attached', packageId: 5, packageCode: 'PK00000005', trackingNumber: 'TN0001', customerCode: 'KH000001', orderCode: null, message: '' },
      { number: 'TN0002', outcome: 'other_order', packageId: 6, packageCode: 'PK00000006', trackingNumber: 'TN0002', customerCode: 'KH000001', orderCode: 'DH00000007', message: '' },
    ];
    const { calls } = mockFetch((c) => {
      if (c.method === 'POST') return jsonResponse(200, { order: ORDER, results });
      if (c.url.includes('/api/packages')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
      return jsonResponse(200, ORDER, { etag: '"7"' });
    });
    renderRoutes([{ path: '/order/:id', element: <OrderDetailPage /> }], '/order/42?tab=packages');
    const box = await screen.findByTestId('scan-box');
    await user.click(box);
    await user.paste('tn0001\nTN0002');
    await user.keyboard('{Enter}');
    const log = await screen.findByTestId('order-attach-log');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(log.textContent).toContain('Kiện PK00000006 đã thuộc đơn DH00000007');
    expect(log.textContent).toContain('Đã gắn kiện PK00000005 vào đơn');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!.url, 'http://x').pathname).toBe('/api/orders/42/packages');
    expect(posts[0]!.body).toEqual({ numbers: ['TN0001', 'TN0002'] });
  });

  it('tells the deposit asked from the deposit received (nothing paid must not read as a deposit taken)', async () => {
    const asked = { ...ORDER, deposit: 500_000, total: 1_733_283, remaining: 1_233_283, paid: 0, due: 1_733_283 };
    mockFetch(() => jsonResponse(200, asked, { etag: '"7"' }));
    renderRoutes([{ path: '/order/:id', element: <OrderDetailPage /> }], '/order/42');
    await screen.findByRole('heading', { level: 1, name: /DH00000042/ });
    const money = screen.getByRole('heading', { name: 'Tiền của đơn' }).parentElement!;
    expect(money.textContent).toContain('Tiền cọc yêu cầu');
    expect(money.textContent).toContain('Chưa nhận tiền cọc');
    expect(money.textContent).toContain('Còn lại sau khi nhận cọc');
    expect(money.textContent).not.toMatch(/Tiền đặt cọc|Còn lại sau cọc/);
  });

  it('says how much of the deposit was received', async () => {
    const part = { ...ORDER, deposit: 500_000, total: 1_733_283, remaining: 1_233_283, paid: 200_000, due: 1_533_283 };
    mockFetch(() => jsonResponse(200, part, { etag: '"7"' }));
    renderRoutes([{ path: '/order/:id', element: <OrderDetailPage /> }], '/order/42');
    await screen.findByRole('heading', { level: 1, name: /DH00000042/ });
    expect(screen.getByRole('heading', { name: 'Tiền của đơn' }).parentElement!.textContent).toContain('Đã nhận 200.000\u00a0₫ / 500.000\u00a0₫');
  });

  it('completing an order that still owes shows what is owed and records its payment in the same step', async () => {
    const user = userEvent.setup();
    const owing = { ...ORDER, kind: 'consignment' as const, status: 'delivering' as const, items: [], itemsSubtotal: 0, goods: 0, total: 50_000, remaining: 50_000, paid: 0, due: 50_000 };
    const { calls } = mockFetch((c) => {
      if (c.method === 'POST') return jsonResponse(200, { ...owing, status: 'completed', paid: 50_000, due: 0, version: 8 }, { etag: '"8"' });
      return jsonResponse(200, owing, { etag: '"7"' });
    });
    renderRoutes([{ path: '/order/:id', element: <OrderDetailPage /> }], '/order/42');
    await screen.findByRole('heading', { level: 1, name: /DH00000042/ });
    const steps = screen.getByRole('heading', { name: 'Bước tiếp theo' }).parentElement!;
    await user.click(within(steps).getByRole('button', { name: 'Hoàn thành đơn' }));
    const dialog = await screen.findByRole('dialog', { name: /Hoàn thành đơn — đơn DH00000042/ });
    expect(within(dialog).getByTestId('order-complete-payment').textContent).toContain('Đơn còn phải trả 50.000\u00a0₫');
    await user.click(within(dialog).getByLabelText('Chuyển khoản'));
    await user.click(within(dialog).getByRole('button', { name: 'Hoàn thành đơn' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ status: 'completed', note: '', payment: { amount: 50_000, method: 'bank_transfer' } });
  });
});
