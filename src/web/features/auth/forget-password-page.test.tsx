import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { ConfirmPage } from './confirm-page';
import { ForgetPasswordPage } from './forget-password-page';

setupScreenTests(['common', 'auth']);

const routes = [
  { path: '/auth/forget-password', element: <ForgetPasswordPage /> },
  { path: '/auth/confirm', element: <ConfirmPage /> },
];

async function ask(delivery: 'mail' | 'outbox') {
  const user = userEvent.setup();
  mockFetch(() => jsonResponse(200, { message: '…', delivery }));
  renderRoutes(routes, '/auth/forget-password');
  await user.type(await screen.findByLabelText(/Email/), 'lan@cargo.test');
  await user.keyboard('{Enter}');
}

describe('forgot password', () => {
  it('without a mail server says the link is in the outbox an Admin reads, not that it was sent', async () => {
    await ask('outbox');
    const note = await screen.findByTestId('confirm-outbox');
    expect(note.textContent).toContain('Cấu hình → Hộp thư đi');
    expect(screen.queryByText(/chúng tôi đã gửi/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Gửi lại/ })).toBeNull();
  });

  it('with a mail server says where the link was sent', async () => {
    await ask('mail');
    expect((await screen.findByTestId('confirm-email')).textContent).toBe('lan@cargo.test');
    expect(screen.queryByTestId('confirm-outbox')).toBeNull();
  });
});
