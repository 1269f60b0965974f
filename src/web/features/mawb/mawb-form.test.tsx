import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Mawb } from '../../../shared/contracts/mawbs';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { awbState } from './mawb-form-fields';
import { MawbCreatePage, MawbEditPage } from './mawb-form';
import { mawb } from './test-fixtures';

function renderForm(path: string) {
  return renderRoutes(
    [
      { path: '/mawb/create', element: <MawbCreatePage /> },
      { path: '/mawb/edit/:id', element: <MawbEditPage /> },
      { path: '/mawb/:id', element: <p>Chi tiết MAWB</p> },
    ],
    path,
  );
}

setupScreenTests(['common', 'shell', 'resource', 'mawb']);

const awbInput = () => screen.getByTestId('awb-input') as HTMLInputElement;
const live = () => screen.getByTestId('awb-live').textContent;

/** Opens the create form, types AWB 176-12345675 from LAX and submits it. */
async function createAwb176(user: ReturnType<typeof userEvent.setup>) {
  renderForm('/mawb/create');
  await screen.findByRole('heading', { level: 1, name: 'Tạo vận đơn chủ (MAWB)' });
  await user.type(awbInput(), '176-12345675');
  await user.selectOptions(screen.getByLabelText(/^Điểm đi/), 'LAX');
  await user.click(screen.getByRole('button', { name: 'Tạo MAWB' }));
}

describe('awbState', () => {
  it('follows the number as it is typed: digits to go, wrong check digit, valid', () => {
    expect(awbState('')).toEqual({ kind: 'empty' });
    expect(awbState('17')).toEqual({ kind: 'typing', digits: 2, prefix: null });
    expect(awbState('176-1234')).toEqual({ kind: 'typing', digits: 7, prefix: '176' });
    expect(awbState('176-12345678')).toEqual({ kind: 'check_digit', expected: 5, prefix: '176' });
    expect(awbState('176 1234 5675')).toEqual({ kind: 'valid', awb: '176-12345675', prefix: '176' });
    expect(awbState('176-1234567A')).toEqual({ kind: 'bad_chars' });
    expect(awbState('176-123456755')).toEqual({ kind: 'bad_chars' });
  });
});

describe('MAWB create form', () => {
  it('checks the AWB number live and names the airline from its prefix', async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse(500, { message: 'không mong đợi' }));
    renderForm('/mawb/create');
    await screen.findByRole('heading', { level: 1, name: 'Tạo vận đơn chủ (MAWB)' });

    await user.type(awbInput(), '176');
    expect(screen.getByTestId('awb-airline').textContent).toContain('Emirates');
    expect(screen.getByTestId('awb-airline').textContent).toContain('EK');
    expect(live()).toBe('Còn thiếu 8 chữ số');

    await user.type(awbInput(), '-12345678');
    expect(live()).toBe('Số kiểm tra không đúng: chữ số cuối phải là 5');
    expect(awbInput().getAttribute('aria-invalid')).toBe('true');

    await user.clear(awbInput());
    await user.type(awbInput(), '157 1234 5675');
    expect(screen.getByTestId('awb-airline').textContent).toContain('Qatar Airways');
    expect(live()).toBe('157-12345675 hợp lệ');
    expect(awbInput().getAttribute('aria-invalid')).toBe('false');
    // Leaving the field writes it the way it is stored.
    await user.tab();
    expect(awbInput().value).toBe('157-12345675');

    await user.clear(awbInput());
    await user.type(awbInput(), '55512345675');
    expect(live()).toBe('Tiền tố 555 không có trong danh mục hãng bay');
    expect(screen.getByTestId('awb-airline').textContent).toBe('Hãng bay');
  });

  it("offers the next number of the airline's stock once the prefix is typed", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/mawbs' && url.searchParams.get('airline') === '738') return jsonResponse(200, { items: [mawb({ awbNumber: '738-50065665' })], total: 1, page: 1, pageSize: 1 });
      return jsonResponse(500, { message: 'x' });
    });
    renderForm('/mawb/create');
    await screen.findByRole('heading', { level: 1, name: 'Tạo vận đơn chủ (MAWB)' });
    await user.type(awbInput(), '73');
    expect(screen.queryByTestId('awb-next')).toBeNull();
    await user.type(awbInput(), '8');
    const next = await screen.findByTestId('awb-next');
    const asked = new URL(calls.at(-1)!.url, 'http://x').searchParams;
    expect([asked.get('airline'), asked.get('sort'), asked.get('pageSize')]).toEqual(['738', '-awbNumber', '1']);
    // 5006566 + 1 = 5006567, whose check digit is 5006567 mod 7 = 6.
    expect(next.textContent).toContain('738-50065676');
    await user.click(next);
    expect(awbInput().value).toBe('738-50065676');
    expect(live()).toBe('738-50065676 hợp lệ');
    expect(screen.queryByTestId('awb-next')).toBeNull();
  });

  it('creates a MAWB with two legs: times typed in Vietnamese time go out as instants, then the detail opens', async () => {
    const user = userEvent.setup();
    const created = mawb({ id: 31 });
    const { calls } = mockFetch((c: FetchCall) => (c.method === 'POST' ? jsonResponse(201, created, { etag: '"1"' }) : jsonResponse(500, { message: 'x' })));
    const { router } = renderForm('/mawb/create');
    await screen.findByRole('heading', { level: 1, name: 'Tạo vận đơn chủ (MAWB)' });

    await user.type(awbInput(), '17612345675');
    await user.selectOptions(screen.getByLabelText(/^Điểm đi/), 'LAX');
    expect((screen.getByLabelText(/^Điểm đến/) as HTMLSelectElement).value).toBe('SGN');

    // A new leg starts from the origin, bound for the destination, with the airline's designator.
    await user.click(screen.getByTestId('add-leg'));
    const first = within(screen.getByTestId('leg-0'));
    expect((first.getByLabelText(/^Số hiệu chuyến/) as HTMLInputElement).value).toBe('EK');
    expect((first.getByLabelText(/^Từ/) as HTMLSelectElement).value).toBe('LAX');
    expect((first.getByLabelText(/^Đến/) as HTMLSelectElement).value).toBe('SGN');
    await user.type(first.getByLabelText(/^Số hiệu chuyến/), '216');
    await user.selectOptions(first.getByLabelText(/^Đến/), 'DXB');
    fireEvent.change(first.getByLabelText(/^ETD/), { target: { value: '13/03/2025 06:40' } });
    fireEvent.change(first.getByLabelText(/^ETA/), { target: { value: '14/03/2025 10:10' } });

    // The second leg leaves where the first landed.
    await user.click(screen.getByTestId('add-leg'));
    const second = within(screen.getByTestId('leg-1'));
    expect((second.getByLabelText(/^Từ/) as HTMLSelectElement).value).toBe('DXB');
    expect((second.getByLabelText(/^Đến/) as HTMLSelectElement).value).toBe('SGN');
    await user.type(second.getByLabelText(/^Số hiệu chuyến/), ' 392');
    fireEvent.change(second.getByLabelText(/^ETD/), { target: { value: '14/03/2025 14:00' } });
    fireEvent.change(second.getByLabelText(/^ETA/), { target: { value: '14/03/2025 20:25' } });
    expect(screen.getByTestId('legs-times').textContent).toContain('ETD 13/03/2025 06:40 và ETA 14/03/2025 20:25');

    await user.click(screen.getByRole('button', { name: 'Tạo MAWB' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url, 'http://x').pathname).toBe('/api/mawbs');
    expect(post.body).toEqual({
      awbNumber: '176-12345675',
      origin: 'LAX',
      destination: 'SGN',
      // The two legs typed above are the fixture's.
      flightLegs: mawb().flightLegs,
      etd: null,
      eta: null,
      note: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mawb/31'));
  });

  it('says what is wrong before sending anything: check digit, missing leg time, legs that do not connect', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => jsonResponse(500, { message: 'x' }));
    renderForm('/mawb/create');
    await screen.findByRole('heading', { level: 1, name: 'Tạo vận đơn chủ (MAWB)' });
    await user.type(awbInput(), '784-12345678');
    await user.selectOptions(screen.getByLabelText(/^Điểm đi/), 'ICN');
    await user.click(screen.getByTestId('add-leg'));
    const first = within(screen.getByTestId('leg-0'));
    await user.type(first.getByLabelText(/^Số hiệu chuyến/), '3050');
    await user.selectOptions(first.getByLabelText(/^Từ/), 'NRT');
    fireEvent.change(first.getByLabelText(/^ETD/), { target: { value: '13/03/2025 06:40' } });

    await user.click(screen.getByRole('button', { name: 'Tạo MAWB' }));
    // Every problem at once, each on its field.
    await screen.findByText('Chặng đầu phải đi từ ICN');
    expect(live()).toBe('Số kiểm tra không đúng: chữ số cuối phải là 5');
    expect(first.getByText('Vui lòng nhập thời gian')).toBeTruthy();
    expect(first.getByText('Chặng đầu phải đi từ ICN')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('without legs, the MAWB has its own ETD and ETA, and ETA before ETD is refused', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => (c.method === 'POST' ? jsonResponse(201, mawb({ id: 9 })) : jsonResponse(500, { message: 'x' })));
    renderForm('/mawb/create');
    await screen.findByRole('heading', { level: 1, name: 'Tạo vận đơn chủ (MAWB)' });
    await user.type(awbInput(), '695-00000011');
    await user.selectOptions(screen.getByLabelText(/^Điểm đi/), 'TPE');
    await user.selectOptions(screen.getByLabelText(/^Điểm đến/), 'HAN');
    fireEvent.change(screen.getByLabelText(/^ETD/), { target: { value: '02/04/2025 10:00' } });
    fireEvent.change(screen.getByLabelText(/^ETA/), { target: { value: '02/04/2025 08:00' } });
    await user.click(screen.getByRole('button', { name: 'Tạo MAWB' }));
    await screen.findByText('ETA phải sau ETD');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^ETA/), { target: { value: '02/04/2025 13:30' } });
    await user.click(screen.getByRole('button', { name: 'Tạo MAWB' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      awbNumber: '695-00000011',
      origin: 'TPE',
      destination: 'HAN',
      flightLegs: [],
      etd: '2025-04-02T03:00:00.000Z',
      eta: '2025-04-02T06:30:00.000Z',
    });
  });

  it("puts the server's refusal on its field (a duplicate AWB number)", async () => {
    const user = userEvent.setup();
    mockFetch((c) =>
      c.method === 'POST'
        ? jsonResponse(409, { message: 'Số AWB đã tồn tại', code: 'CONFLICT', details: [{ path: 'awbNumber', message: 'Số AWB 176-12345675 đã có' }] })
        : jsonResponse(500, { message: 'x' }),
    );
    await createAwb176(user);
    expect(await screen.findByText('Số AWB 176-12345675 đã có')).toBeTruthy();
  });

  it('links the MAWB that already has the number, named by its AWB (never its database id)', async () => {
    const user = userEvent.setup();
    const message = 'Số AWB 176-12345675 đã có trong hệ thống: MAWB này đang ở trạng thái "Nháp"';
    mockFetch((c) =>
      c.method === 'POST'
        ? jsonResponse(409, { message, code: 'MAWB_AWB_TAKEN', details: [{ path: 'awbNumber', message, mawbId: 51, awbNumber: '176-12345675', status: 'draft' }] })
        : jsonResponse(500, { message: 'x' }),
    );
    await createAwb176(user);
    expect(await screen.findByText(message)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Mở MAWB 176-12345675' });
    expect(link.getAttribute('href')).toBe('/mawb/51');
    expect(screen.queryByText(/#51/)).toBeNull();
  });
});

describe('MAWB edit form', () => {
  function editApi(record: Mawb, onPatch?: (c: FetchCall) => Response) {
    return (c: FetchCall) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === `/api/mawbs/${record.id}` && c.method === 'GET') return jsonResponse(200, record, { etag: `"${record.version}"` });
      if (c.method === 'PATCH' && onPatch) return onPatch(c);
      return jsonResponse(500, { message: 'x' });
    };
  }

  it('loads the MAWB with its legs in Vietnamese time and sends only what changed, against its version', async () => {
    const user = userEvent.setup();
    const record = mawb();
    const { calls } = mockFetch(editApi(record, (c) => jsonResponse(200, { ...record, ...(c.body as object), version: 5 }, { etag: '"5"' })));
    const { router } = renderForm('/mawb/edit/7');
    await screen.findByRole('heading', { level: 1, name: /Sửa MAWB/ });
    expect(awbInput().value).toBe('176-12345675');
    const second = within(screen.getByTestId('leg-1'));
    expect((second.getByLabelText(/^ETA/) as HTMLInputElement).value).toBe('14/03/2025 20:25');
    // Editing shows the actual times too.
    expect(second.getByLabelText(/^ATD/)).toBeTruthy();

    await user.type(screen.getByLabelText(/^Ghi chú/), 'Hàng dễ vỡ');
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.headers['If-Match']).toBe('"4"');
    expect(patch.body).toEqual({ note: 'Hàng dễ vỡ' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mawb/7'));
  });

  it('keeps the number and route fixed once manifested, and the whole form once closed', async () => {
    mockFetch(editApi(mawb({ status: 'departed' })));
    const first = renderForm('/mawb/edit/7');
    await screen.findByRole('heading', { level: 1, name: /Sửa MAWB/ });
    expect(awbInput().disabled).toBe(true);
    expect((screen.getByLabelText(/^Điểm đi/) as HTMLSelectElement).disabled).toBe(true);
    expect(live()).toBe('Số AWB và tuyến không đổi được sau khi đã lập manifest.');
    expect((screen.getByLabelText(/^Ghi chú/) as HTMLTextAreaElement).disabled).toBe(false);
    first.unmount();

    mockFetch(editApi(mawb({ status: 'closed' })));
    renderForm('/mawb/edit/7');
    expect((await screen.findByTestId('read-only')).textContent).toContain('MAWB ở trạng thái "Đã đóng" nên không sửa được nữa.');
    // Disabled by its fieldset, as a browser sees it.
    expect(screen.getByLabelText(/^Ghi chú/).matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Lưu thay đổi' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
