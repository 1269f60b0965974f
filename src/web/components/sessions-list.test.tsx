import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../shared/contracts/auth';
import { jsonResponse, mockFetch } from '../test/auth-fixtures';
import { SessionsList } from './sessions-list';
import { renderAt, setupI18n } from './test-support';

const session = (over: Partial<SessionInfo>): SessionInfo => ({
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome',
  os: 'Windows',
  mobile: false,
  userAgent: 'Mozilla/5.0',
  ip: '10.0.0.1',
  createdAt: '2026-12-01T01:00:00.000Z',
  lastSeenAt: '2026-12-01T02:00:00.000Z',
  current: true,
  ...over,
});

beforeAll(async () => {
  await setupI18n(['common']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionsList', () => {
  it('lists the sessions, marks the current one, and ends another after confirming', async () => {
    let items = [session({}), session({ id: '22222222-2222-4222-8222-222222222222', browser: 'Safari', os: 'iOS', mobile: true, ip: '10.0.0.2', current: false })];
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE') {
        items = items.filter((s) => !call.url.endsWith(s.id));
        return jsonResponse(200, { message: 'Đã kết thúc phiên đăng nhập' });
      }
      return jsonResponse(200, { items });
    });
    renderAt('/me', <SessionsList url="/api/auth/sessions" queryKey={['test', 'sessions']} />);
    const list = await screen.findByTestId('sessions-list');
    expect(within(list).getByText('Chrome trên Windows')).toBeTruthy();
    expect(within(list).getByText('Phiên này')).toBeTruthy();
    expect(within(list).getByText('Safari trên iOS')).toBeTruthy();
    // Only the other session has an end button.
    const buttons = within(list).getAllByRole('button', { name: 'Kết thúc phiên' });
    expect(buttons).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Safari trên iOS');
    await user.click(within(dialog).getByRole('button', { name: 'Kết thúc phiên' }));
    await vi.waitFor(() => expect(screen.queryByText('Safari trên iOS')).toBeNull());
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toMatch(/\/api\/auth\/sessions\/22222222-2222-4222-8222-222222222222$/);
  });
});
