import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySlip, SlipQuote } from '../../../shared/contracts/delivery-slips';
import { renderRoutes, setupI18n, stubMatchMedia } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { ScanBox } from '../../components/scan-box';
import { CreateDeliverySlipPage, EditDeliverySlipPage } from './slip-editor';

beforeAll(async () => {
  await setupI18n(['common', 'shell', 'resource', 'deliveryslip', 'transaction']);
});
beforeEach(() => stubMatchMedia());
afterEach(() => vi.unstubAllGlobals());

describe('ScanBox', () => {
  it('takes a gun burst without Enter after a short pause, once, and empties itself', async () => {
    const onScan = vi.fn();
    render(<ScanBox id="s" label="Quét" onScan={onScan} />);
    const box = screen.getByLabelText('Quét') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'vn123456' } });
    expect(onScan).not.toHaveBeenCalled();
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('VN123456'));
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(box.value).toBe('');
  });

  it('waits for Enter when a person types slowly, and splits a pasted list into each code', async () => {
    const onScan = vi.fn();
    const user = userEvent.setup({ delay: 120 });
    render(<ScanBox id="s" label="Quét" onScan={onScan} />);
    const box = screen.getByLabelText('Quét');
    await user.type(box, 'AB12CD');
    await new Promise((r) => setTimeout(r, 400));
    expect(onScan).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onScan).toHaveBeenCalledWith('AB12CD');
    // A text input drops line breaks: a pasted column arrives separated some other way.
    fireEvent.change(box, { target: { value: 'X1111 X2222,X3333' } });
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(4));
    expect(onScan.mock.calls.map((c) => c[0])).toEqual(['AB12CD', 'X1111', 'X2222', 'X3333']);
  });
});

const customer = { id: 7, code: 'KH007', fullName: 'Nguyễn Văn A', phone: '0901234567', province: 'Hà Nội', addresses: [], balance: 50_000, creditLimit: 0, group: 'retail' };

function line(n: number, freight: number) {
  return { packageId: n, code: `PK0000000${n}`, trackingNumber: `VN00${n}`, status: 'ready', weightG: 1500, chargeableG: 2000, contents: '', freight, surcharges: [], amount: freight, pricing: null };
}

function quoteOf(numbers: string[]): SlipQuote {
  const lines = numbers.map((n) => line(Number(n.slice(-1)), 100_000));
  const total = lines.length * 100_000;
  return { storeId: 3, packages: lines as SlipQuote['packages'], deliveryZone: null, packagesSubtotal: total, domesticFee: 0, surchargesTotal: 0, subtotal: total, discountAmount: 0, discountBps: null, total, orders: [], ordersDue: 0, walletBalance: 50_000, walletCredit: 50_000, amountToCollect: total - 50_000 };
}

/** The server as the create screen sees it: VN001–VN003 are the customer's and ready, VN009 is someone else's. */
function server(call: FetchCall): Response {
  const url = new URL(call.url, 'http://x');
  if (url.pathname === '/api/packages') return jsonResponse(200, { items: [{ trackingNumber: 'VN001', code: 'PK00000001', customerId: 7 }], total: 1, page: 1, pageSize: 5 });
  if (url.pathname === '/api/customers/7') return jsonResponse(200, customer);
  if (url.pathname === '/api/delivery-slips/ready-packages') return jsonResponse(200, { customerId: 7, walletBalance: 50_000, hubs: [] });
  if (url.pathname === '/api/delivery-slips/quote') {
    const numbers = (call.body as { trackingNumbers: string[] }).trackingNumbers;
    if (numbers.includes('VN009'))
      return jsonResponse(409, { message: 'Kiện VN009 không thuộc khách hàng KH007', code: 'SLIP_PACKAGE_CONFLICT', details: { conflicts: [{ number: 'VN009', packageId: 9, reason: 'other_customer', message: '…' }] } });
    return jsonResponse(200, quoteOf(numbers));
  }
  return jsonResponse(404, { message: `unexpected ${call.method} ${url.pathname}` });
}

/** What the money input says under a field it refused. */
const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent;

describe('create slip form', () => {
  it('scanning picks the customer, adds ready packages, refuses a duplicate and another customer’s, and shows the live charges', async () => {
    mockFetch(server);
    renderRoutes([{ path: '/deliveryslip/create-delivery-slip', element: <CreateDeliverySlipPage /> }], '/deliveryslip/create-delivery-slip');
    const box = await screen.findByTestId('scan-box');
    const scan = async (code: string) => {
      fireEvent.change(box, { target: { value: code } });
      fireEvent.keyDown(box, { key: 'Enter' });
    };

    await scan('vn001');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toContain('Đã thêm VN001'));
    // The customer came from the parcel; the receiver defaults from the customer.
    expect((screen.getByLabelText('Người nhận') as HTMLInputElement).value).toBe('Nguyễn Văn A');

    await scan('VN001');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toContain('VN001 đã có trên phiếu này'));

    await scan('VN009');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toContain('VN009: thuộc khách hàng khác'));

    await scan('VN002');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toContain('Đã thêm VN002'));

    // Charges of exactly the two packages, from the server's quote: per package, total, wallet credit, COD.
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toMatch(/200\.000/));
    expect(screen.getAllByTestId('line-freight').map((e) => e.textContent)).toEqual([expect.stringMatching(/100\.000/), expect.stringMatching(/100\.000/)]);
    expect(screen.getByTestId('quote-wallet').textContent).toMatch(/50\.000/);
    expect(screen.getByTestId('quote-to-collect').textContent).toMatch(/150\.000/);
  });

  it('names the courier zone of the domestic fee in the reader\'s language, not by its code', async () => {
    mockFetch((call) => {
      if (new URL(call.url, 'http://x').pathname === '/api/delivery-slips/quote') {
        const numbers = (call.body as { trackingNumbers: string[] }).trackingNumbers;
        const q = quoteOf(numbers);
        return jsonResponse(200, { ...q, deliveryZone: 'hanoi_inner', domesticFee: 30_000, subtotal: q.subtotal + 30_000, total: q.total + 30_000, amountToCollect: q.amountToCollect + 30_000 });
      }
      return server(call);
    });
    renderRoutes([{ path: '/c', element: <CreateDeliverySlipPage /> }], '/c');
    const box = await screen.findByTestId('scan-box');
    fireEvent.change(box, { target: { value: 'VN001' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('slip-charges').textContent).toContain('Phí giao nội địa (Nội thành Hà Nội)'));
    expect(screen.getByTestId('slip-charges').textContent).not.toContain('hanoi_inner');
  });

  it('keeps every code of a fast burst of scans (each is checked after the one before)', async () => {
    mockFetch(async (call) => {
      await new Promise((r) => setTimeout(r, 30));
      return server(call);
    });
    renderRoutes([{ path: '/c', element: <CreateDeliverySlipPage /> }], '/c');
    const box = await screen.findByTestId('scan-box');
    for (const code of ['VN001', 'VN002', 'VN003']) {
      fireEvent.change(box, { target: { value: code } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    await waitFor(() => expect(screen.getAllByTestId('line-freight')).toHaveLength(3), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toMatch(/300\.000/));
  });

  it('refuses a discount that is not a whole amount instead of rounding it', async () => {
    mockFetch(server);
    const user = userEvent.setup();
    renderRoutes([{ path: '/c', element: <CreateDeliverySlipPage /> }], '/c');
    await user.selectOptions(await screen.findByLabelText('Giảm giá'), 'amount');
    await user.type(screen.getByLabelText('Số tiền giảm'), '12,5');
    expect(screen.getByLabelText('Số tiền giảm')).toHaveProperty('className', expect.stringContaining('is-invalid'));
    expect(fieldError('slip-discount-value')).toBe('Số tiền VND không có phần thập phân');
  });

  it('reads fees and discounts with the one money input: what it cannot read is refused with a reason, never misread', async () => {
    const { calls } = mockFetch(server);
    const user = userEvent.setup();
    renderRoutes([{ path: '/c', element: <CreateDeliverySlipPage /> }], '/c');
    const box = await screen.findByTestId('scan-box');
    fireEvent.change(box, { target: { value: 'VN001' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toContain('Đã thêm VN001'));
    const quotes = () => calls.filter((c) => c.url.endsWith('/api/delivery-slips/quote')).map((c) => c.body as { surcharges: unknown[]; discount: unknown });
    const asked = quotes().length;

    await user.type(screen.getByLabelText('Phụ phí'), 'Đóng gói lại');
    const amount = screen.getByLabelText('Số tiền phụ phí');
    // "1.000,000" is a thousand đồng with three decimals in Vietnamese: refused, not read as a million.
    await user.type(amount, '1.000,000');
    expect(fieldError('slip-surcharge-amount')).toBe('Số tiền VND không có phần thập phân');
    await new Promise((r) => setTimeout(r, 500));
    expect(quotes().slice(asked).some((q) => JSON.stringify(q.surcharges).includes('1000000'))).toBe(false);
    // The charges say why they are not computed.
    expect(screen.getByTestId('slip-charges').textContent).toContain('Hãy sửa phần phí trước');
    expect(screen.getByTestId('slip-charges').textContent).not.toContain('Chọn khách hàng');

    await user.clear(amount);
    await user.type(amount, '30000');
    // What was read, as the screen writes it.
    expect(screen.getByTestId('amount-understood').textContent).toContain('30.000\u00a0₫');
    await waitFor(() => expect(quotes().at(-1)?.surcharges).toEqual([{ label: 'Đóng gói lại', amount: 30_000 }]));

    await user.selectOptions(screen.getByLabelText('Giảm giá'), 'percent');
    const rate = screen.getByLabelText('Tỷ lệ giảm');
    await user.type(rate, '2.5');
    expect(fieldError('slip-discount-value')).toContain('dấu "," trước phần thập phân');
    await user.clear(rate);
    await user.type(rate, '2,5');
    await waitFor(() => expect(quotes().at(-1)?.discount).toEqual({ kind: 'percent', bps: 250, reason: null }));
  });
});

const draft: DeliverySlip = {
  id: 5, code: 'PG2611-00005', customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', customerPhone: '0901234567', storeId: 3, storeCode: 'HN', storeName: 'Kho Hà Nội',
  receiverName: 'Nguyễn Văn A', receiverPhone: '0901234567', receiverAddress: '', receiverProvince: 'Hà Nội', method: 'pickup', carrierName: '', carrierTrackingNumber: '',
  status: 'draft', statusAt: '2026-11-20T00:00:00.000Z', nextSteps: ['ready', 'cancelled'], failureReason: null, failureNote: '', packageCount: 1, deliveryZone: null,
  packagesSubtotal: 100_000, domesticFee: 0, surcharges: [], surchargesTotal: 0, subtotal: 100_000, discountAmount: 0, discountBps: null, discountReason: null, total: 100_000,
  orders: [], ordersDue: 0, walletCredit: 50_000, amountToCollect: 50_000, chargesFrozenAt: null, collectedAmount: null, collectMethod: null, receivedBy: null, deliveredAt: null, note: '', printCount: 0,
  lastPrintedAt: null, reconciledAt: null, remittanceReference: null, codOutstanding: false, paidByTransfer: 0, packages: [line(1, 100_000) as DeliverySlip['packages'][number]], feedback: null, version: 3,
  createdAt: '2026-11-20T00:00:00.000Z', updatedAt: '2026-11-20T00:00:00.000Z',
};

describe('edit slip form', () => {
  it('quotes as an edit of the slip and says clearly when someone else saved it first (412)', async () => {
    const { calls } = mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/delivery-slips/5' && call.method === 'GET') return jsonResponse(200, draft, { etag: '"3"' });
      if (url.pathname === '/api/delivery-slips/5' && call.method === 'PATCH') return jsonResponse(412, { message: 'Đã bị sửa', code: 'PRECONDITION_FAILED', details: { current: { ...draft, version: 4 } } });
      return server(call);
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/deliveryslip/edit-delivery-slip', element: <EditDeliverySlipPage /> }], '/deliveryslip/edit-delivery-slip?id=5');
    await screen.findByRole('heading', { level: 1, name: /Sửa phiếu PG2611-00005/ });
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toMatch(/100\.000/));
    expect(calls.find((c) => c.url.includes('/quote'))?.url).toContain('slipId=5');

    await user.clear(screen.getByLabelText('Người nhận'));
    await user.type(screen.getByLabelText('Người nhận'), 'Trần B');
    await user.click(screen.getByTestId('slip-save-draft'));
    expect((await screen.findByTestId('slip-stale')).textContent).toContain('Người khác đã sửa phiếu này');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.headers).toMatchObject({ 'If-Match': '"3"' });
    expect(patch?.body).toMatchObject({ receiverName: 'Trần B', trackingNumbers: ['VN001'] });
  });
});
