import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/contracts/messages';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { MessageLogPage } from './message-log';

const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  customerId: 5,
  customerCode: 'KH000005',
  customerName: 'Nguyễn Thị Tin',
  event: 'received_abroad',
  channel: 'zns',
  groupKey: 'day:2026-12-07',
  state: 'sent',
  recipient: '84356222001',
  packageIds: [11],
  trackingId: `t-${id}`,
  providerAnswer: { error: 0, message: 'Success', data: { msg_id: 'abc' } },
  reason: '',
  attempts: 1,
  version: 1,
  sendAfter: '2026-12-07T02:00:00.000Z',
  sentAt: '2026-12-07T02:00:03.000Z',
  createdAt: '2026-12-07T02:00:00.000Z',
  updatedAt: '2026-12-07T02:00:03.000Z',
  ...over,
});

const FAILED = message(2, { state: 'failed', providerAnswer: { error: -108, message: 'Phone number invalid' }, reason: '-108: Phone number invalid', sentAt: null });
const QUEUED = message(3, { state: 'queued', event: 'wallet_credited', channel: 'email', recipient: '', providerAnswer: null, attempts: 0, sentAt: null });

setupScreenTests(['common', 'shell', 'resource', 'setting', 'message'], { scrollerHeight: 600 });

describe('message log screen', () => {
  it('asks with the URL filters, shows recipient, the provider answer, attempts and state; cancel and resend call their routes', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      if (c.url.includes('/cancel')) return jsonResponse(200, { ...QUEUED, state: 'skipped', reason: 'cancelled by admin@cargo.test' });
      if (c.url.includes('/resend')) return jsonResponse(201, message(9, { state: 'queued', attempts: 0 }));
      if (c.url.startsWith('/api/customers')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
      return jsonResponse(200, { items: [message(1), FAILED, QUEUED], total: 3, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/setting/messages', element: <MessageLogPage /> }], '/setting/messages?state=sent,failed,queued&channel=zns&event=received_abroad');
    const table = await screen.findByRole('grid', { name: 'Nhật ký tin nhắn gửi khách hàng' });
    const list = calls.find((c) => c.url.startsWith('/api/messages'))!;
    const url = new URL(list.url, 'http://x');
    expect(url.searchParams.get('state')).toBe('sent,failed,queued');
    expect(url.searchParams.get('channel')).toBe('zns');
    expect(url.searchParams.get('event')).toBe('received_abroad');
    await waitFor(() => expect(table.textContent).toContain('-108: Phone number invalid'));
    expect(table.textContent).toContain('84356222001');
    expect(table.textContent).toContain('Đã gửi');
    expect(table.textContent).toContain('Lỗi');
    expect(table.textContent).toContain('KH000005');

    // A queued message opens with Cancel; a sent one has only Resend.
    await user.click(within(table).getByText('Ví được nạp tiền'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('message-detail').textContent).toContain('Chờ gửi');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy tin nhắn' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/messages/3/cancel')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(table).getByText('-108: Phone number invalid'));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Hủy tin nhắn' })).toBeNull();
    expect(within(dialog).getByTestId('message-answer').textContent).toContain('Phone number invalid');
    await user.click(within(dialog).getByRole('button', { name: /Gửi lại/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/messages/2/resend')).toBe(true));
  });

  it('shows a refused resend in the dialog', async () => {
    const user = userEvent.setup();
    mockFetch((c) => {
      if (c.url.includes('/resend')) return jsonResponse(409, { message: 'Tin nhắn cùng loại của khách hàng này đang chờ gửi', code: 'MESSAGE_ALREADY_QUEUED' });
      return jsonResponse(200, { items: [FAILED], total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/setting/messages', element: <MessageLogPage /> }], '/setting/messages');
    await user.click(await screen.findByText('-108: Phone number invalid'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Gửi lại/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('đang chờ gửi');
  });
});
