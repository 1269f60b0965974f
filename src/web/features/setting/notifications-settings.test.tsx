import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Setting } from '../../../shared/contracts/settings';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { NotificationsSettingsPage } from './notifications-settings';

const setting = (key: string, value: unknown, over: Partial<Setting> = {}): Setting => ({
  id: key === 'znsTemplates' ? 40 : 41,
  kind: 'notifications',
  key,
  value,
  effectiveFrom: '2026-12-01',
  description: '',
  status: 'current',
  version: 2,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

const TEMPLATES = setting('znsTemplates', { received_abroad: { templateId: '246810', params: { ten_khach: 'customer_name', so_kien: 'package_count' } } });
const QUEUE = { backlog: 3, oldestWaitingSeconds: 12, failedLastHour: 1 };

function serve(handler?: (c: FetchCall) => Response | undefined) {
  return mockFetch((c) => {
    const own = handler?.(c);
    if (own) return own;
    if (c.url.startsWith('/api/messages/queue')) return jsonResponse(200, QUEUE);
    if (c.url.startsWith('/api/settings') && c.url.includes('key=znsTemplates')) return jsonResponse(200, { items: [TEMPLATES], total: 1, page: 1, pageSize: 200 });
    if (c.url.startsWith('/api/settings')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
    return jsonResponse(404, { message: 'không có', code: 'NOT_FOUND' });
  });
}

setupScreenTests(['common', 'shell', 'setting', 'message'], {});

describe('notification settings screen', () => {
  it('shows the queue figures and the saved mapping, and saves an edited mapping in place with If-Match', async () => {
    const { calls } = serve((c) => (c.method === 'PATCH' ? jsonResponse(200, { ...TEMPLATES, value: c.body && (c.body as { value: unknown }).value, version: 3 }) : undefined));
    renderRoutes([{ path: '/setting/notifications', element: <NotificationsSettingsPage /> }], '/setting/notifications');
    expect((await screen.findByTestId('queue-backlog')).textContent).toBe('3');
    expect(screen.getByTestId('queue-oldest').textContent).toBe('12 giây');
    expect(screen.getByTestId('queue-failed').textContent).toBe('1');

    const card = await screen.findByTestId('zns-template-received_abroad');
    expect((within(card).getByLabelText('Mã mẫu ZNS (template_id)') as HTMLInputElement).value).toBe('246810');
    expect(within(card).getAllByTestId('zns-param-row')).toHaveLength(2);
    expect(within(card).getByText('Đã cài')).toBeTruthy();
    expect(within(screen.getByTestId('zns-template-departed')).getByText('Dùng ZNS_TEMPLATES')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Thêm tham số' }));
    fireEvent.change(within(card).getByLabelText('Tên tham số 3'), { target: { value: 'can_nang' } });
    fireEvent.change(within(card).getByLabelText('Trường dữ liệu của tham số 3'), { target: { value: 'weight_kg' } });
    fireEvent.change(within(screen.getByTestId('zns-template-delivered')).getByLabelText('Mã mẫu ZNS (template_id)'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('zns-templates-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/settings/40');
    expect(patch.headers['If-Match']).toBe('"2"');
    expect(patch.body).toEqual({
      value: {
        received_abroad: { templateId: '246810', params: { ten_khach: 'customer_name', so_kien: 'package_count', can_nang: 'weight_kg' } },
        delivered: { templateId: '135790', params: {} },
      },
    });
  });

  it('refuses a bad template id and a bad reminder day count before sending; a first reminder_days is created', async () => {
    const { calls } = serve((c) => (c.method === 'POST' && c.url === '/api/settings' ? jsonResponse(201, setting('reminder_days', 14, { version: 1 })) : undefined));
    renderRoutes([{ path: '/setting/notifications', element: <NotificationsSettingsPage /> }], '/setting/notifications');
    const card = await screen.findByTestId('zns-template-departed');
    fireEvent.change(within(card).getByLabelText('Mã mẫu ZNS (template_id)'), { target: { value: 'có dấu cách' } });
    fireEvent.click(screen.getByTestId('zns-templates-save'));
    expect(await within(card).findByText('Mã mẫu ZNS gồm tối đa 40 chữ số, chữ cái, dấu gạch')).toBeTruthy();

    const days = screen.getByLabelText('Nhắc khi ví âm liên tục') as HTMLInputElement;
    expect(days.value).toBe('7');
    fireEvent.change(days, { target: { value: '91' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tối đa 90')).toBeTruthy();
    fireEvent.change(days, { target: { value: '7.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Phải là số nguyên')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ kind: 'notifications', key: 'reminder_days', value: 14 });
  });

  it('a test send posts the event and phone and shows the provider answer', async () => {
    const { calls } = serve((c) =>
      c.url === '/api/messages/test'
        ? jsonResponse(200, { outcome: 'failed', phone: '84356222001', templateId: '246810', templateData: { ten_khach: 'Nguyễn Văn Thử' }, answer: { error: -108, message: 'Phone number invalid' }, reason: '-108: Phone number invalid' })
        : undefined,
    );
    renderRoutes([{ path: '/setting/notifications', element: <NotificationsSettingsPage /> }], '/setting/notifications');
    const card = await screen.findByTestId('zns-template-received_abroad');
    fireEvent.change(within(card).getByLabelText('Gửi thử tới số'), { target: { value: '0356 222 001' } });
    fireEvent.click(within(card).getByTestId('zns-test-received_abroad'));
    const result = await within(card).findByTestId('zns-test-result-received_abroad');
    expect(result.textContent).toContain('Zalo từ chối tin gửi tới 84356222001 (mẫu 246810)');
    expect(result.textContent).toContain('-108: Phone number invalid');
    expect(calls.find((c) => c.url === '/api/messages/test')!.body).toEqual({ event: 'received_abroad', phone: '0356 222 001' });
  });
});
