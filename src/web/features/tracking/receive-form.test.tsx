import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Package, ReceiveResponse } from '../../../shared/contracts/packages';
import type { Store } from '../../../shared/contracts/stores';
import { SCAN_PAUSE_MS } from '../../components/scan-box';
import { renderAt, setupScreenTests } from '../../components/test-support';
import { saveSession } from '../../lib/session';
import { resetAuthState } from '../../lib/use-auth';
import { jsonResponse, makeToken, makeUser, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { ReceiveBatchDialog } from './receive-batch';
import { ReceiveForm } from './receive-form';

const store = (id: number, code: string, kind: Store['kind']): Store => ({
  id,
  code,
  name: `Kho ${code}`,
  country: kind === 'hub' ? 'VN' : 'US',
  kind,
  address: '',
  phone: '',
  status: 'active',
  version: 1,
  createdAt: '',
  updatedAt: '',
});
const STORES = [store(1, 'VN-SGN', 'hub'), store(2, 'US-OR', 'origin'), store(3, 'JP-TYO', 'origin')];

function received(body: Record<string, unknown>): ReceiveResponse {
  const pkg: Package = {
    id: 77,
    code: 'PK00000077',
    trackingNumber: String(body.trackingNumber),
    customerId: null,
    customer: null,
    orderId: null,
    order: null,
    storeId: Number(body.storeId),
    store: { id: Number(body.storeId), code: 'JP-TYO', name: 'Kho JP-TYO' },
    destinationStoreId: null,
    destinationStore: null,
    mawbId: null,
    mawb: null,
    weightG: Number(body.weightG),
    lengthMm: Number(body.lengthMm),
    widthMm: Number(body.widthMm),
    heightMm: Number(body.heightMm),
    volumetricG: 10_000,
    chargeableG: 12_500,
    declaredValue: null,
    declaredCurrency: null,
    contents: '',
    photos: [],
    status: 'received_abroad',
    statusAt: '2025-03-01T02:00:00.000Z',
    unidentified: true,
    version: 2,
    createdAt: '2025-03-01T02:00:00.000Z',
    updatedAt: '2025-03-01T02:00:00.000Z',
  };
  return {
    outcome: 'unidentified',
    package: pkg,
    event: {
      id: 501,
      packageId: 77,
      code: 'received_abroad',
      iataCode: 'RCS',
      location: 'Kho JP-TYO',
      occurredAt: '2025-03-01T02:00:00.000Z',
      note: '',
      actorId: 1,
      actorName: 'Admin',
      visibility: 'public',
      createdAt: '2025-03-01T02:00:00.000Z',
    },
  };
}

function api(c: FetchCall) {
  if (c.url.includes('/api/stores')) return jsonResponse(200, { items: STORES, total: STORES.length, page: 1, pageSize: 200 });
  if (c.method === 'POST' && c.url.endsWith('/api/packages/receive')) return jsonResponse(201, received(c.body as Record<string, unknown>));
  return jsonResponse(404, { message: 'Không tìm thấy' });
}

setupScreenTests(['common', 'shell', 'resource', 'tracking', 'order']);

afterEach(() => {
  resetAuthState();
});

/** The stores as the API lists them: JP-TYO first, as in the demo data. */
const TOKYO_FIRST = [store(3, 'JP-TYO', 'origin'), store(2, 'US-OR', 'origin'), store(1, 'VN-SGN', 'hub'), store(4, 'VN-HAN', 'hub')];
function tokyoFirst(c: FetchCall) {
  if (c.url.includes('/api/stores')) return jsonResponse(200, { items: TOKYO_FIRST, total: TOKYO_FIRST.length, page: 1, pageSize: 200 });
  return api(c);
}

function signInAt(storeId: number | null) {
  const s = TOKYO_FIRST.find((x) => x.id === storeId);
  saveSession({
    token: makeToken({ expiresIn: 900, role: 'Staff' }),
    refreshToken: 'r',
    data: makeUser('Staff', { store: s ? { id: s.id, code: s.code, name: s.name } : null }),
    role: 'Staff',
  });
  resetAuthState();
}

const chargeable = () => screen.getAllByTestId('chargeable')[0]!.textContent;
const volumetric = () => screen.getAllByTestId('volumetric')[0]!.textContent;

/** The receiving form with parcel EJ123456785JP typed and weighed `weight` kg; the user and the fetch calls made. */
async function receiveWeighed(weight: string) {
  const user = userEvent.setup();
  const { calls } = mockFetch(api);
  renderAt('/tracking/search', <ReceiveForm />);
  await user.type(screen.getByLabelText(/^Mã vận đơn/), 'EJ123456785JP');
  await user.type(screen.getByLabelText(/^Cân nặng/), weight);
  return { user, calls };
}

describe('receive form', () => {
  it("proposes the customer's open order: the only one is chosen, several are offered; the save attaches the chosen one", async () => {
    const user = userEvent.setup();
    const order = (id: number, code: string, status: string) => ({ id, code, kind: 'consignment', status, customerId: 9 });
    const openOrders = [order(41, 'DH2612-0041', 'confirmed')];
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/packages/search') {
        const n = url.searchParams.get('numbers');
        const found = n === 'EJ123456789JP' ? [{ id: 5, code: 'PK5', trackingNumber: n, customerId: 9, orderId: null, matched: n, latestEvent: null }] : [];
        return jsonResponse(200, { found, notFound: found.length ? [] : [n] });
      }
      if (url.pathname === '/api/orders') {
        expect(url.searchParams.get('customerId')).toBe('9');
        expect(url.searchParams.get('status')!.split(',')).not.toContain('completed');
        return jsonResponse(200, { items: openOrders, total: openOrders.length, page: 1, pageSize: 20 });
      }
      return api(c);
    });
    renderAt('/tracking/search', <ReceiveForm />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).toBe('2'));
    // An unknown number with no customer: no order to propose.
    await user.type(screen.getByLabelText(/^Mã vận đơn/), 'XX000111');
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(screen.queryByLabelText('Gắn vào đơn hàng đang mở')).toBeNull();

    await user.clear(screen.getByLabelText(/^Mã vận đơn/));
    await user.type(screen.getByLabelText(/^Mã vận đơn/), 'EJ123456789JP');
    const field = (await screen.findByLabelText('Gắn vào đơn hàng đang mở', {}, { timeout: 3000 })) as HTMLSelectElement;
    await waitFor(() => expect(field.value).toBe('41'));
    expect(field.selectedOptions[0]!.textContent).toBe('DH2612-0041 · Ký gửi · Đã xác nhận');
    await user.type(screen.getByLabelText(/^Cân nặng/), '1{Enter}');
    await user.click(screen.getByRole('button', { name: /^Nhận kiện$/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ trackingNumber: 'EJ123456789JP', orderId: 41 });
  });

  it('offers several open orders to choose from, choosing none for the clerk', async () => {
    const user = userEvent.setup();
    const order = (id: number, code: string) => ({ id, code, kind: 'purchase', status: 'purchased', customerId: 9 });
    mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/packages/search') return jsonResponse(200, { found: [], notFound: [url.searchParams.get('numbers')] });
      if (url.pathname === '/api/customers') return jsonResponse(200, { items: [{ id: 9, code: 'KH009', suiteCode: 'S9' }], total: 1, page: 1, pageSize: 10 });
      if (url.pathname === '/api/orders') return jsonResponse(200, { items: [order(41, 'DH41'), order(42, 'DH42')], total: 2, page: 1, pageSize: 20 });
      return api(c);
    });
    renderAt('/tracking/search', <ReceiveForm />);
    await waitFor(() => expect((screen.getByLabelText(/^Kho nhận/) as HTMLSelectElement).value).toBe('2'));
    await user.type(screen.getByLabelText(/^Mã vận đơn/), 'XX000222');
    await user.type(screen.getByLabelText(/^Mã KH/), 'kh009');
    const field = (await screen.findByLabelText('Gắn vào đơn hàng đang mở', {}, { timeout: 3000 })) as HTMLSelectElement;
    expect(field.value).toBe('');
    expect([...field.options].map((o) => o.textContent)).toEqual(['Chọn một trong 2 đơn đang mở (hoặc không gắn)', 'DH41 · Mua hộ · Đã mua hàng', 'DH42 · Mua hộ · Đã mua hàng']);
    await user.selectOptions(field, '42');
    expect(field.value).toBe('42');
  });

  it('shows the volumetric and chargeable weight live while weighing and measuring', async () => {
    const user = userEvent.setup();
    mockFetch(api);
    renderAt('/tracking/search', <ReceiveForm />);
    expect(chargeable()).toBe('—');

    await user.type(screen.getByLabelText(/^Cân nặng/), '2');
    await user.type(screen.getByLabelText(/^Dài/), '50');
    await user.type(screen.getByLabelText(/^Rộng/), '40');
    // Not all three sizes yet: nothing to compute.
    expect(chargeable()).toBe('—');
    await user.type(screen.getByLabelText(/^Cao/), '30');
    // 50 × 40 × 30 cm ÷ 6000 = 10 kg, more than the 2 kg it weighs: billed by volume.
    expect(volumetric()).toBe('10\u00a0kg');
    expect(chargeable()).toBe('10\u00a0kg');
    expect(screen.getByText(/theo cân quy đổi/)).toBeTruthy();

    // 12.3 kg is heavier than its volume: chargeable as weighed (the price list rounds it once, in its own unit).
    await user.clear(screen.getByLabelText(/^Cân nặng/));
    await user.type(screen.getByLabelText(/^Cân nặng/), '12,3');
    expect(volumetric()).toBe('10\u00a0kg');
    expect(chargeable()).toBe('12,3\u00a0kg');
    expect(screen.getByText(/theo cân nặng thực/)).toBeTruthy();

    // A decimal dimension in cm: 50.5 × 40 × 30 = 10.1 kg volumetric, still under the weight.
    await user.clear(screen.getByLabelText(/^Dài/));
    await user.type(screen.getByLabelText(/^Dài/), '50.5');
    expect(volumetric()).toBe('10,1\u00a0kg');
    expect(chargeable()).toBe('12,3\u00a0kg');

    // Text that is not a number computes nothing and says what is wrong in the unit typed.
    await user.clear(screen.getByLabelText(/^Cao/));
    await user.type(screen.getByLabelText(/^Cao/), '3x');
    await user.tab();
    expect(chargeable()).toBe('—');
  });

  it('moves from scan to weight to sizes on Enter and receives on the last Enter, in grams and millimetres', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(api);
    renderAt('/tracking/search', <ReceiveForm />);
    // The desk's warehouse: the first foreign one until another is chosen.
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).toBe('2'));
    await user.selectOptions(storeSelect, '3');

    const number = screen.getByLabelText(/^Mã vận đơn/);
    await user.click(number);
    // A gun types the number and ends it with Enter.
    await user.keyboard('1z999aa1 0123456784{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Cân nặng/));
    await user.keyboard('1,25{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Dài/));
    await user.keyboard('30{Enter}20{Enter}15,5');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      storeId: 3,
      trackingNumber: '1Z999AA10123456784',
      weightG: 1250,
      lengthMm: 300,
      widthMm: 200,
      heightMm: 155,
      destinationStoreId: null,
      note: '',
    });
    // Ready for the next parcel: the form is empty, the warehouse stays, the scan field has the focus.
    await waitFor(() => expect((screen.getByLabelText(/^Mã vận đơn/) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/^Cân nặng/) as HTMLInputElement).value).toBe('');
    expect(storeSelect.value).toBe('3');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Mã vận đơn/));
    expect(localStorage.getItem('cargo.tracking.receiveStore')).toBe('3');
    // Leaving the last field for the next scan flags nothing on the empty form.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getByLabelText(/^Cao/).getAttribute('aria-invalid')).toBe('false');
  });

  it("takes a gun's number without Enter the scan box's way: on to the weight after the pause; a person is not cut off", async () => {
    mockFetch(api);
    renderAt('/tracking/search', <ReceiveForm />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).toBe('2'));
    const number = screen.getByLabelText(/^Mã vận đơn/) as HTMLInputElement;
    number.focus();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const keys = async (text: string, ms: number) => {
        for (const ch of text) {
          fireEvent.change(number, { target: { value: number.value + ch } });
          await act(() => vi.advanceTimersByTimeAsync(ms));
        }
      };
      // A person: however long the pause, the focus stays.
      await keys('EJ1234', 200);
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(document.activeElement).toBe(number);
      fireEvent.change(number, { target: { value: '' } });
      // A gun with no Enter: on to the weight once the burst has ended.
      await keys('EJ123456785JP', 4);
      await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS - 50));
      expect(document.activeElement).toBe(number);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(document.activeElement).toBe(screen.getByLabelText(/^Cân nặng/));
      expect(number.value).toBe('EJ123456785JP');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what is missing instead of sending an incomplete parcel', async () => {
    const { user, calls } = await receiveWeighed('2');
    // One size without the other two: measure all three or none.
    await user.type(screen.getByLabelText(/^Dài/), '30');
    await user.click(screen.getByRole('button', { name: /^Nhận kiện$/ }));
    const width = screen.getByLabelText(/^Rộng/);
    await waitFor(() => expect(width.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/^Cao/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Dài/).getAttribute('aria-invalid')).toBe('false');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('receives a parcel weighed but not measured, billed by its gross weight', async () => {
    const { user, calls } = await receiveWeighed('2,3');
    expect(chargeable()).toBe('2,3\u00a0kg');
    expect(volumetric()).toBe('—');
    await user.click(screen.getByRole('button', { name: /^Nhận kiện$/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ trackingNumber: 'EJ123456785JP', weightG: 2300 });
  });

  it('names the unit typed (kg) when a weight is out of bounds', async () => {
    const { user } = await receiveWeighed('2000');
    await user.click(screen.getByRole('button', { name: /^Nhận kiện$/ }));
    const weight = screen.getByLabelText(/^Cân nặng/);
    await waitFor(() => expect(weight.getAttribute('aria-invalid')).toBe('true'));
    expect(within(weight.closest('.mb-3') as HTMLElement).getByRole('alert').textContent).toBe('Cân nặng tối đa 1.000 kg');
  });
});

describe('receiving a series of parcels', () => {
  it('keeps every field the user chose (warehouse, destination hub, customer) for the next parcel', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(tokyoFirst);
    renderAt('/tracking/search', <ReceiveForm />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).not.toBe(''));
    await user.selectOptions(storeSelect, '2');
    const hub = screen.getByLabelText(/^Kho đích/) as HTMLSelectElement;
    await user.selectOptions(hub, '4');
    await user.type(screen.getByLabelText(/^Mã KH/), 'kh000123');

    const receiveOne = async (number: string) => {
      await user.type(screen.getByLabelText(/^Mã vận đơn/), number);
      await user.type(screen.getByLabelText(/^Cân nặng/), '2');
      await user.type(screen.getByLabelText(/^Dài/), '30');
      await user.type(screen.getByLabelText(/^Rộng/), '20');
      await user.type(screen.getByLabelText(/^Cao/), '10{Enter}');
    };
    await receiveOne('EJ123456785JP');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect((screen.getByLabelText(/^Mã vận đơn/) as HTMLInputElement).value).toBe(''));
    // What was chosen is still shown…
    expect(storeSelect.value).toBe('2');
    expect(hub.value).toBe('4');
    expect((screen.getByLabelText(/^Mã KH/) as HTMLInputElement).value).toBe('KH000123');

    await receiveOne('EJ123456799JP');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    // …and is what the next parcel is saved with.
    const second = calls.filter((c) => c.method === 'POST')[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({ storeId: 2, destinationStoreId: 4, customerCode: 'KH000123', trackingNumber: 'EJ123456799JP' });
  });
});

describe('the receiving warehouse by default', () => {
  it("is the signed-in employee's own warehouse, not the first one listed", async () => {
    signInAt(2);
    mockFetch(tokyoFirst);
    renderAt('/tracking/search', <ReceiveForm />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).not.toBe(''));
    expect(storeSelect.value).toBe('2');
  });

  it('saves nothing while the store list is loading, then starts at the employee\'s warehouse, not the first listed', async () => {
    const user = userEvent.setup();
    signInAt(2);
    let release!: () => void;
    const storesLoaded = new Promise<void>((r) => (release = r));
    const { calls } = mockFetch(async (c) => {
      if (c.url.includes('/api/stores')) await storesLoaded;
      return tokyoFirst(c);
    });
    renderAt('/tracking/search', <ReceiveForm />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    expect(storeSelect.textContent).toContain('Đang tải');
    expect(storeSelect.disabled).toBe(true);
    const save = screen.getByRole('button', { name: /^Nhận kiện$/ }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // A fast clerk scans and weighs before the list has arrived: Enter on the last field sends nothing.
    await user.click(screen.getByLabelText(/^Mã vận đơn/));
    await user.keyboard('EJ123456785JP{Enter}2{Enter}{Enter}{Enter}{Enter}');
    await user.click(save);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await act(async () => release());
    await waitFor(() => expect(storeSelect.value).toBe('2'));
    expect(storeSelect.disabled).toBe(false);
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ storeId: 2, trackingNumber: 'EJ123456785JP', weightG: 2000 });
  });

  it("is the expected parcels' warehouse when the employee works at none (the batch dialog)", async () => {
    signInAt(null);
    mockFetch(tokyoFirst);
    const expected = { ...received({ trackingNumber: 'EJ123456785JP', storeId: 2 }).package, status: 'expected' as const, weightG: null, lengthMm: null, widthMm: null, heightMm: null };
    renderAt('/tracking/search', <ReceiveBatchDialog show packages={[expected]} onHide={() => {}} />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).not.toBe(''));
    expect(storeSelect.value).toBe('2');
  });

  it("is the employee's own warehouse before the expected one", async () => {
    signInAt(3);
    mockFetch(tokyoFirst);
    const expected = { ...received({ trackingNumber: 'EJ123456785JP', storeId: 2 }).package, status: 'expected' as const };
    renderAt('/tracking/search', <ReceiveBatchDialog show packages={[expected]} onHide={() => {}} />);
    const storeSelect = (await screen.findByLabelText(/^Kho nhận/)) as HTMLSelectElement;
    await waitFor(() => expect(storeSelect.value).not.toBe(''));
    expect(storeSelect.value).toBe('3');
  });
});
