import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MailOutbox } from '../../../shared/contracts/mail-outbox';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { MailOutboxPage } from './mail-outbox';

const LINK = 'http://127.0.0.1:3000/auth/confirm?token=abcdefghijklmnopqrstuvwxyz0123';
const OUTBOX: MailOutbox = {
  mode: 'outbox',
  pickupDir: false,
  total: 1,
  items: [
    {
      id: 9,
      to: 'lan@cargo.test',
      subject: 'Đặt lại mật khẩu Cargo Console',
      text: `Mở liên kết sau trong vòng 60 phút để đặt mật khẩu mới:\n${LINK}`,
      createdAt: '2026-12-02T05:00:00.000Z',
      sentAt: null,
    },
  ],
};

function renderScreen(box: MailOutbox) {
  const { calls } = mockFetch((c) => (c.url.startsWith('/api/mail-outbox') ? jsonResponse(200, box) : jsonResponse(404, { message: 'x', code: 'NOT_FOUND' })));
  renderRoutes([{ path: '/setting/mail-outbox', element: <MailOutboxPage /> }], '/setting/mail-outbox');
  return calls;
}

setupScreenTests(['common', 'shell', 'resource', 'setting']);

describe('the mail outbox in Settings', () => {
  it('without a mail server: says mail is not sent, where it is kept and how to pass it on, and shows the reset link', async () => {
    const user = userEvent.setup();
    const calls = renderScreen(OUTBOX);
    const where = await screen.findByTestId('mail-outbox-where');
    expect(where.textContent).toContain('Chưa có máy chủ thư: thư KHÔNG được gửi đi');
    expect(where.textContent).toContain('mail_outbox');
    expect(where.textContent).toContain('SMTP_URL');
    expect(calls.some((c) => c.url.startsWith('/api/mail-outbox'))).toBe(true);
    const [item] = screen.getAllByTestId('mail-outbox-item');
    expect(within(item!).getByText('lan@cargo.test')).toBeTruthy();
    expect(within(item!).getByText('02/12/2026 12:00')).toBeTruthy();
    await user.click(within(item!).getByText('Đặt lại mật khẩu Cargo Console'));
    expect(item!.querySelector('details')!.open).toBe(true);
    expect(item!.querySelector('pre')!.textContent).toContain(LINK);
    expect(screen.getByTestId('mail-outbox-count').textContent).toBe('1 thư mới nhất / 1 thư (hiện tối đa 50)');
  });

  it('with a mail server and a pickup directory: says mail is sent, and where the files go; an empty outbox says so', async () => {
    renderScreen({ mode: 'smtp', pickupDir: true, total: 0, items: [] });
    const where = await screen.findByTestId('mail-outbox-where');
    expect(where.textContent).toContain('Thư được gửi qua máy chủ thư (SMTP_URL)');
    expect(where.textContent).toContain('MAIL_PICKUP_DIR');
    expect(where.textContent).not.toContain('KHÔNG được gửi đi');
    expect(screen.getByText('Chưa có thư nào')).toBeTruthy();
  });
});
