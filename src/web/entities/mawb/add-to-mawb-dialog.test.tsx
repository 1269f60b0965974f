import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Mawb } from '../../../shared/contracts/mawbs';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { AddToMawbDialog } from './add-to-mawb-dialog';
import { renderAt, setupScreenTests } from '../../components/test-support';

const open = (id: number, over: Partial<Mawb> = {}): Mawb => ({
  id,
  awbNumber: `738-0000${id}${id}${id}${id}`,
  airlinePrefix: '738',
  airlineCode: 'VN',
  airlineName: 'Vietnam Airlines',
  origin: 'ICN',
  destination: 'HAN',
  flightLegs: [],
  flights: `VN41${id}`,
  etd: '2025-03-20T01:00:00.000Z',
  eta: '2025-03-20T06:00:00.000Z',
  atd: null,
  ata: null,
  pieces: id,
  grossWeightG: 1_000 * id,
  chargeableWeightG: 1_500 * id,
  volumetricWeightG: 900 * id,
  airlineChargeableWeightG: 1_000 * id,
  status: 'draft',
  statusAt: '2025-03-10T02:00:00.000Z',
  note: '',
  version: 1,
  createdAt: '2025-03-10T02:00:00.000Z',
  updatedAt: '2025-03-10T02:00:00.000Z',
  ...over,
});

setupScreenTests(['common', 'resource', 'mawb']);

describe('AddToMawbDialog', () => {
  it('lists the open MAWBs, shows a refusal as the server words it, then puts the packages on the chosen one', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    let refuse = true;
    const { calls } = mockFetch((c: FetchCall) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/mawbs' && c.method === 'GET') return jsonResponse(200, { items: [open(1), open(2, { status: 'booked' })], total: 2, page: 1, pageSize: 200 });
      if (url.pathname === '/api/mawbs/2/packages' && c.method === 'POST') {
        if (refuse) {
          refuse = false;
          return jsonResponse(409, { message: 'Kiện đang nằm trong MAWB khác: PK00000001 (MAWB 176-12345675)', code: 'PACKAGE_ON_OTHER_MAWB', details: { conflicts: [] } });
        }
        return jsonResponse(200, { mawb: open(2, { status: 'booked', pieces: 4 }), added: [], alreadyOnMawb: ['PK00000003'] });
      }
      return jsonResponse(404, { message: 'Không tìm thấy' });
    });
    renderAt('/tracking/search', <AddToMawbDialog packageTrackingNumbers={['1Z999AA10123456784', 'EJ123456785JP']} onDone={onDone} />);

    const dialog = await screen.findByRole('dialog', { name: 'Đóng 2 kiện vào MAWB' });
    const list = await within(dialog).findAllByTestId('open-mawb');
    expect(list).toHaveLength(2);
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(query.get('status')).toBe('draft,booked');
    expect(within(list[1]!).getByText('Đã đặt chỗ')).toBeTruthy();
    expect(list[1]!.textContent).toContain('ICN → HAN · VN412');

    const submit = within(dialog).getByRole('button', { name: 'Đóng vào MAWB' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(within(list[1]!).getByRole('radio'));
    await user.click(submit);
    expect((await within(dialog).findByTestId('add-refusal')).textContent).toBe('Kiện đang nằm trong MAWB khác: PK00000001 (MAWB 176-12345675)');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]![0]).toMatchObject({ alreadyOnMawb: ['PK00000003'] });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { trackingNumbers: ['1Z999AA10123456784', 'EJ123456785JP'] },
      { trackingNumbers: ['1Z999AA10123456784', 'EJ123456785JP'] },
    ]);
  });

  it('closing without choosing answers null', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    mockFetch(() => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 }));
    renderAt('/x', <AddToMawbDialog packageTrackingNumbers={['A1234']} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Không có MAWB nào đang mở.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Tạo MAWB mới' }).getAttribute('href')).toBe('/mawb/create');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(onDone).toHaveBeenCalledWith(null);
  });
});
