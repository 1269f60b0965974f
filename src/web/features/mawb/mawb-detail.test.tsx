import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddPackagesResponse, Mawb, MawbEvent, MawbPackage } from '../../../shared/contracts/mawbs';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { MawbDetailPage, packagesPage } from './mawb-detail';
import { SCAN_PAUSE_MS } from '../../components/scan-box';
import { mawb, mawbPackage } from './test-fixtures';

/**
 * A small stand-in for the MAWB API with the server's all-or-nothing rules for adding packages: unknown numbers
 * (400), packages on another open MAWB (409), packages not received abroad (409), each naming its numbers.
 */
function fakeServer(initial: Mawb, onMawb: MawbPackage[]) {
  let record = initial;
  const on = [...onMawb];
  const elsewhere = new Map<string, { pkg: MawbPackage; mawbId: number; awbNumber: string }>([
    ['OTHER0001', { pkg: mawbPackage(90, { trackingNumber: 'OTHER0001' }), mawbId: 12, awbNumber: '738-00000011' }],
  ]);
  const wrongStatus = new Map([['DEPARTED01', mawbPackage(91, { trackingNumber: 'DEPARTED01', status: 'departed' })]]);
  const ready = new Map(Array.from({ length: 12 }, (_, i) => mawbPackage(100 + i, { status: 'received_abroad', trackingNumber: `READY${String(i).padStart(4, '0')}` })).map((p) => [p.trackingNumber, p]));
  const events: MawbEvent[] = [
    { id: 1, mawbId: record.id, kind: 'created', fromStatus: null, toStatus: 'draft', iataCode: null, packageCount: 0, packageCodes: [], note: '', actorId: 1, actorName: 'Nguyễn Văn Quản', occurredAt: '2025-03-10T02:00:00.000Z' },
  ];
  const bump = (over: Partial<Mawb> = {}) => {
    record = {
      ...record,
      ...over,
      version: record.version + 1,
      pieces: on.length,
      grossWeightG: on.reduce((s, p) => s + (p.weightG ?? 0), 0),
      chargeableWeightG: on.reduce((s, p) => s + (p.chargeableG ?? 0), 0),
    };
    return record;
  };

  const handle = (c: FetchCall): Response => {
    const url = new URL(c.url, 'http://x');
    const base = `/api/mawbs/${record.id}`;
    if (url.pathname === base && c.method === 'GET') return jsonResponse(200, record, { etag: `"${record.version}"` });
    if (url.pathname === `${base}/packages` && c.method === 'GET') {
      return jsonResponse(200, { items: on, pieces: record.pieces, grossWeightG: record.grossWeightG, chargeableWeightG: record.chargeableWeightG });
    }
    if (url.pathname === `${base}/events`) return jsonResponse(200, { items: [...events].reverse() });
    if (url.pathname === `${base}/packages` && c.method === 'POST') {
      const numbers = (c.body as { trackingNumbers: string[] }).trackingNumbers;
      const isOn = (n: string) => on.some((p) => p.trackingNumber === n || p.code === n);
      const notFound = numbers.filter((n) => !isOn(n) && !elsewhere.has(n) && !wrongStatus.has(n) && !ready.has(n));
      if (notFound.length) return jsonResponse(400, { message: `Không tìm thấy kiện có mã: ${notFound.join(', ')}`, code: 'PACKAGES_NOT_FOUND', details: { notFound } });
      const other = numbers.filter((n) => elsewhere.has(n));
      if (other.length) {
        const conflicts = other.map((n) => {
          const e = elsewhere.get(n)!;
          return { number: n, packageId: e.pkg.id, packageCode: e.pkg.code, mawbId: e.mawbId, awbNumber: e.awbNumber };
        });
        return jsonResponse(409, { message: 'Kiện đang nằm trong MAWB khác', code: 'PACKAGE_ON_OTHER_MAWB', details: { conflicts } });
      }
      const bad = numbers.filter((n) => wrongStatus.has(n));
      if (bad.length) {
        const conflicts = bad.map((n) => ({ number: n, packageId: wrongStatus.get(n)!.id, packageCode: wrongStatus.get(n)!.code, status: wrongStatus.get(n)!.status }));
        return jsonResponse(409, { message: 'Chỉ đóng MAWB được kiện đã nhận', code: 'PACKAGE_STATUS_CONFLICT', details: { conflicts } });
      }
      const added: MawbPackage[] = [];
      const alreadyOnMawb: string[] = [];
      for (const n of numbers) {
        if (isOn(n)) alreadyOnMawb.push(n);
        else {
          const p = { ...ready.get(n)!, status: 'on_mawb' as const };
          ready.delete(n);
          on.push(p);
          added.push(p);
        }
      }
      const res: AddPackagesResponse = { mawb: bump(), added, alreadyOnMawb };
      return jsonResponse(200, res, { etag: `"${record.version}"` });
    }
    const del = new RegExp(`^${base}/packages/(\\d+)$`).exec(url.pathname);
    if (del && c.method === 'DELETE') {
      const i = on.findIndex((p) => p.id === Number(del[1]));
      on.splice(i, 1);
      return jsonResponse(200, bump(), { etag: `"${record.version}"` });
    }
    if (url.pathname === `${base}/status` && c.method === 'POST') {
      const { status } = c.body as { status: Mawb['status'] };
      if (c.headers['If-Match'] !== `"${record.version}"`) return jsonResponse(412, { message: 'MAWB đã được người khác thay đổi', code: 'STALE' });
      if (record.status === 'draft' && status === 'booked') return jsonResponse(200, bump({ status }), { etag: `"${record.version + 1}"` });
      return jsonResponse(409, {
        message: `Không thể chuyển MAWB từ "Nháp" sang "${status}"; chỉ có thể chuyển sang: "Đã đặt chỗ", "Đã hủy"`,
        code: 'MAWB_TRANSITION_NOT_ALLOWED',
        details: { from: record.status, to: status, allowed: ['booked', 'cancelled'] },
      });
    }
    return jsonResponse(404, { message: 'Không tìm thấy' });
  };
  return { handle, current: () => record, on };
}

function renderDetail(path = '/mawb/7') {
  return renderRoutes(
    [
      { path: '/mawb/:id', element: <MawbDetailPage /> },
      { path: '/tracking/:id', element: <p>Chi tiết kiện</p> },
    ],
    path,
  );
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/packages'));
const lines = () => screen.queryAllByTestId('scan-line');
const lineOf = (number: string) => lines().find((l) => l.textContent!.includes(number))!;

setupScreenTests(['common', 'shell', 'resource', 'mawb', 'tracking'], { scrollerHeight: 600 });

afterEach(() => {
  vi.useRealTimers();
});

describe('MAWB detail: header and packages', () => {
  it('shows the number, airline, route, flights, weights and the packages on it', async () => {
    const server = fakeServer(mawb(), [mawbPackage(1), mawbPackage(2, { customerCode: null, customerName: null, customerId: null, weightG: 2_250, chargeableG: 3_000 })]);
    mockFetch(server.handle);
    renderDetail();
    await screen.findByText('Emirates');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByTestId('mawb-number').textContent).toBe('176-12345675');
    expect(screen.getByText('Emirates')).toBeTruthy();
    expect(screen.getByText('EK216 / EK392')).toBeTruthy();
    expect(screen.getByTestId('mawb-pieces').textContent).toBe('2');
    expect(screen.getByTestId('mawb-gross').textContent).toBe('4,25\u00a0kg');
    expect(screen.getByTestId('mawb-chargeable').textContent).toBe('5,5\u00a0kg');
    // What the airline bills: the consolidation weighed as one shipment (max of total gross and volumetric, rounded once).
    expect(screen.getByTestId('mawb-airline-chargeable').textContent).toBe('4,5\u00a0kg');
    expect(screen.getByTestId('mawb-airline-chargeable-hint').textContent).toBe('Quy đổi thể tích 1,8\u00a0kg');
    const grid = await screen.findByRole('grid', { name: 'Kiện hàng trên MAWB 176-12345675' });
    await within(grid).findByText('PK00000001');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Chưa xác định')).toBeTruthy();
    // A draft takes scans; its next steps are booking or cancelling.
    expect(screen.getByTestId('scan-box')).toBe(document.activeElement);
    expect(screen.getByTestId('move-booked').textContent).toContain('Đặt chỗ');
    expect(screen.getByTestId('move-cancelled').textContent).toContain('Hủy MAWB');
  });

  it('adds a scanned number on Enter and says so on its own line; the header follows', async () => {
    const user = userEvent.setup();
    const server = fakeServer(mawb({ pieces: 0, grossWeightG: 0, chargeableWeightG: 0 }), []);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    const input = await screen.findByTestId('scan-box');
    await user.type(input, 'ready0003{Enter}');
    await waitFor(() => expect(lineOf('READY0003').getAttribute('data-outcome')).toBe('added'));
    expect(posts(calls)[0]!.body).toEqual({ trackingNumbers: ['READY0003'] });
    expect(lineOf('READY0003').textContent).toContain('Đã thêm kiện PK00000103');
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getByTestId('mawb-pieces').textContent).toBe('1'));
    expect(screen.getByTestId('mawb-chargeable').textContent).toBe('2,5\u00a0kg');
    await within(screen.getByRole('grid', { name: /Kiện hàng trên MAWB/ })).findByText('PK00000103');

    // The same number again: already there, said in blue, not red.
    await user.type(input, 'READY0003{Enter}');
    await waitFor(() => expect(lines()[0]!.getAttribute('data-outcome')).toBe('already'));
    expect(lines()[0]!.textContent).toContain('Kiện đã có trên MAWB này');
  });

  it("takes a gun's burst after a short pause, waits for Enter from someone typing by hand, and never glues two scans", async () => {
    const server = fakeServer(mawb({ pieces: 0 }), []);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    const input = (await screen.findByTestId('scan-box')) as HTMLInputElement;
    // The clock too: how fast the keys come is what tells a gun from a person.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    /** One key every `ms` milliseconds. */
    const keys = async (chars: string, ms: number) => {
      for (const ch of chars) {
        fireEvent.change(input, { target: { value: input.value + ch } });
        await act(() => vi.advanceTimersByTimeAsync(ms));
      }
    };
    const sent = () => posts(calls).map((c) => (c.body as { trackingNumbers: string[] }).trackingNumbers);

    await keys('READY0001', 5);
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS - 60));
    expect(posts(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(sent()).toEqual([['READY0001']]);

    // A person: 200 ms between keys is no gun; however long they pause, half a number is not sent. Enter sends.
    await keys('READY', 200);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(posts(calls)).toHaveLength(1);
    await keys('0002', 200);
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(sent()[1]).toEqual(['READY0002']);
    expect(input.value).toBe('');

    // Right after that hand-typed Enter, a gun that sends no Enter: taken on its own after the short pause, and the
    // next burst is a number of its own (the old box waited 1,5 s after any Enter and glued them together).
    await keys('READY0003', 5);
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS + 20));
    expect(sent()[2]).toEqual(['READY0003']);
    await keys('READY0004', 5);
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS + 20));
    expect(sent()[3]).toEqual(['READY0004']);

    // A gun that ends with Enter is sent at once; the next burst without Enter still goes on its own.
    await keys('READY0005', 5);
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(sent()[4]).toEqual(['READY0005']);
    await keys('READY0006', 5);
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS + 20));
    expect(sent()[5]).toEqual(['READY0006']);
    expect(sent().flat()).not.toContain('READY0005READY0006');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(lines().map((l) => l.getAttribute('data-outcome'))).toEqual(Array(6).fill('added'));
  });

  it('a pasted list: unknown, on another MAWB and not-yet-received numbers each get their reason; the rest still go on', async () => {
    const server = fakeServer(mawb({ pieces: 0 }), []);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    const input = await screen.findByTestId('scan-box');
    const pasted = 'READY0001\r\nNOPE9999\nOTHER0001\tDEPARTED01, READY0002\nREADY0001';
    fireEvent.paste(input, { clipboardData: { getData: () => pasted } });

    await waitFor(() => expect(lines().every((l) => l.getAttribute('data-outcome') !== 'pending')).toBe(true));
    // Newest first; one line per distinct number.
    expect(lines().map((l) => l.querySelector('.scan-number')!.textContent)).toEqual(['READY0002', 'DEPARTED01', 'OTHER0001', 'NOPE9999', 'READY0001']);
    expect(lineOf('NOPE9999').textContent).toContain('Không tìm thấy kiện nào có mã này');
    expect(lineOf('OTHER0001').textContent).toContain('Kiện PK00000090 đang ở MAWB khác: 738-00000011');
    expect(within(lineOf('OTHER0001')).getByRole('link', { name: '738-00000011' }).getAttribute('href')).toBe('/mawb/12');
    expect(lineOf('DEPARTED01').textContent).toContain('Kiện PK00000091 đang "Đã cất cánh": chỉ đóng được kiện đã nhận ở kho nước ngoài');
    expect(lineOf('READY0001').getAttribute('data-outcome')).toBe('added');
    expect(lineOf('READY0002').getAttribute('data-outcome')).toBe('added');
    // The server refused three times, each time naming its numbers; the fourth request had only the good ones.
    expect(posts(calls).map((c) => (c.body as { trackingNumbers: string[] }).trackingNumbers)).toEqual([
      ['READY0001', 'NOPE9999', 'OTHER0001', 'DEPARTED01', 'READY0002'],
      ['READY0001', 'OTHER0001', 'DEPARTED01', 'READY0002'],
      ['READY0001', 'DEPARTED01', 'READY0002'],
      ['READY0001', 'READY0002'],
    ]);
    expect(screen.getByTestId('scan-summary').textContent).toContain('Đã thêm 2');
    expect(screen.getByTestId('scan-summary').textContent).toContain('Lỗi 3');
    expect(server.on.map((p) => p.trackingNumber)).toEqual(['READY0001', 'READY0002']);
  });

  it('removes a package after asking, while the MAWB is a draft', async () => {
    const user = userEvent.setup();
    const server = fakeServer(mawb(), [mawbPackage(1), mawbPackage(2)]);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    const grid = await screen.findByRole('grid', { name: /Kiện hàng trên MAWB/ });
    await within(grid).findByText('PK00000002');
    await user.click(within(grid).getByRole('button', { name: 'Gỡ kiện PK00000002 khỏi MAWB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gỡ kiện PK00000002 khỏi MAWB?' });
    await user.click(within(dialog).getByRole('button', { name: 'Gỡ kiện' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(new URL(calls.find((c) => c.method === 'DELETE')!.url, 'http://x').pathname).toBe('/api/mawbs/7/packages/2');
    await waitFor(() => expect(within(grid).queryByText('PK00000002')).toBeNull());
    expect(screen.getByTestId('mawb-pieces').textContent).toBe('1');
  });

  it('once manifested, the list is closed: no scan box, no remove buttons', async () => {
    mockFetch(fakeServer(mawb({ status: 'manifested' }), [mawbPackage(1)]).handle);
    renderDetail();
    const grid = await screen.findByRole('grid', { name: /Kiện hàng trên MAWB/ });
    await within(grid).findByText('PK00000001');
    expect(screen.queryByTestId('scan-box')).toBeNull();
    expect(within(grid).queryByRole('button', { name: /Gỡ kiện/ })).toBeNull();
    expect(screen.getByText(/danh sách kiện đã chốt/)).toBeTruthy();
    expect(screen.getByTestId('move-departed')).toBeTruthy();
  });
});

describe('MAWB detail: status', () => {
  it('moves to the next status after confirming, saying what happens to the packages', async () => {
    const user = userEvent.setup();
    const server = fakeServer(mawb(), [mawbPackage(1), mawbPackage(2)]);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    await user.click(await screen.findByTestId('move-booked'));
    const dialog = await screen.findByRole('dialog', { name: 'Đặt chỗ cho MAWB 176-12345675?' });
    // Each step's own label: booking is not "Đã đóng MAWB" again.
    expect(within(dialog).getByTestId('move-effect').textContent).toBe('2 kiện trên MAWB sẽ được ghi sự kiện "Đã đặt chỗ chuyến bay" (BKD) cùng lúc.');
    await user.type(within(dialog).getByLabelText(/Ghi chú/), 'Chỗ trên EK216');
    await user.click(within(dialog).getByRole('button', { name: 'Đặt chỗ' }));
    await waitFor(() => expect(server.current().status).toBe('booked'));
    const post = calls.find((c) => c.url.endsWith('/status'))!;
    expect(post.body).toEqual({ status: 'booked', note: 'Chỗ trên EK216' });
    expect(post.headers['If-Match']).toBe('"4"');
    // The header and the next steps follow the new status.
    await screen.findByTestId('move-manifested');
    expect(screen.getAllByText('Đã đặt chỗ').length).toBeGreaterThan(0);
  });

  it('receiving at the hub says that a parcel bound for another hub goes on in transfer (TRM), not that every parcel is ready', async () => {
    const user = userEvent.setup();
    mockFetch(fakeServer(mawb({ status: 'cleared' }), [mawbPackage(1), mawbPackage(2)]).handle);
    renderDetail();
    await user.click(await screen.findByTestId('move-received_at_hub'));
    const dialog = await screen.findByRole('dialog');
    const effect = within(dialog).getByTestId('move-effect').textContent;
    expect(effect).not.toMatch(/^2 kiện trên MAWB sẽ được ghi sự kiện "Sẵn sàng tại kho VN"/);
    expect(effect).toContain('"Sẵn sàng tại kho VN" (NFD)');
    expect(effect).toContain('"Đang chuyển tới kho nhận" (TRM)');
  });

  it('departing asks for the ATD (now by default) and the flight of a MAWB with no legs, and sends what was entered', async () => {
    const user = userEvent.setup();
    const server = fakeServer(mawb({ status: 'manifested', flightLegs: [], flights: '', etd: new Date(Date.now() - 3_600_000).toISOString(), eta: null }), [mawbPackage(1)]);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    await user.click(await screen.findByTestId('move-departed'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Giờ cất cánh thực tế (ATD)')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Cất cánh' });
    // No flight yet: the step cannot be confirmed.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Số hiệu chuyến bay'), 'BR 25');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    const at = within(dialog).getByTestId('step-at') as HTMLInputElement;
    // The default is now, shown as dd/MM/yyyy HH:mm. An hour before it (read and written as wall-clock text, so it
    // holds across midnight: between 00:00 and 00:59 the old hour-minus-one kept the default, and nothing was entered).
    const [, d, mo, y, h, mi] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(at.value)!;
    const before = new Date(Date.parse(`${y}-${mo}-${d}T${h}:${mi}:00Z`) - 3_600_000).toISOString();
    const entered = `${before.slice(8, 10)}/${before.slice(5, 7)}/${before.slice(0, 4)} ${before.slice(11, 16)}`;
    fireEvent.change(at, { target: { value: entered } });
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/status'))).toBe(true));
    const post = calls.find((c) => c.url.endsWith('/status'))!;
    expect(post.body).toMatchObject({ status: 'departed', flightNo: 'BR 25', at: expect.stringMatching(/\+07:00$/) });
  });

  it('an ATD more than 24 h from the ETD is confirmed with a tick before the step can go', async () => {
    const user = userEvent.setup();
    const server = fakeServer(mawb({ status: 'manifested' }), [mawbPackage(1)]);
    const { calls } = mockFetch(server.handle);
    renderDetail();
    await user.click(await screen.findByTestId('move-departed'));
    const dialog = await screen.findByRole('dialog');
    // The legs carry the flights; the fixture's ETD is long past.
    expect(within(dialog).getByTestId('step-flights').textContent).toContain('EK216 LAX→DXB');
    expect(within(dialog).getByTestId('step-far')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Cất cánh' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByLabelText(/giờ cất cánh này là đúng/));
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/status'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/status'))!.body).toEqual({ status: 'departed', note: '', confirm: true });
  });

  it("shows the server's refusal where the move was asked for", async () => {
    const user = userEvent.setup();
    const server = fakeServer(mawb(), [mawbPackage(1)]);
    mockFetch(server.handle);
    renderDetail();
    // Cancelling is refused by this stand-in, as an illegal move would be by the server.
    await user.click(await screen.findByTestId('move-cancelled'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy MAWB' }));
    expect((await screen.findByTestId('status-refusal')).textContent).toContain('chỉ có thể chuyển sang: "Đã đặt chỗ", "Đã hủy"');
  });
});

describe('packagesPage', () => {
  const items = [
    mawbPackage(1, { customerCode: 'KH000009', customerName: 'Trần Văn Kiểm', chargeableG: 900 }),
    mawbPackage(2, { customerCode: 'KH000001', customerName: 'Lê Thị Hoa', chargeableG: 3_000 }),
    mawbPackage(3, { customerCode: null, customerName: null, chargeableG: 1_500 }),
  ];
  it('searches without accents, sorts and pages on the client', () => {
    expect(packagesPage(items, { q: 'kiem' }).items.map((p) => p.id)).toEqual([1]);
    expect(packagesPage(items, { sort: '-chargeableG' }).items.map((p) => p.id)).toEqual([2, 3, 1]);
    expect(packagesPage(items, { sort: 'customerCode' }).items.map((p) => p.id)).toEqual([3, 2, 1]);
    const page2 = packagesPage(items, { page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((p) => p.id)).toEqual([3]);
  });
});
