import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enAuth from '../../i18n/en/auth.json';
import viAuth from '../../i18n/vi/auth.json';
import { getAccessToken } from '../../lib/session';
import { AppToastContainer } from '../../lib/toast';
import { jsonResponse, makeToken, makeUser, mockFetch } from '../../test/auth-fixtures';
import { LoginPage } from './login-page';
import { resetAuthState } from '../../lib/use-auth';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    fallbackLng: 'vi',
    resources: { vi: { auth: viAuth }, en: { auth: enAuth } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});
beforeEach(() => resetAuthState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderLogin(path = '/auth/login') {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <AppToastContainer />
    </>,
  );
  return router;
}

const admin = makeUser('Admin');

describe('LoginPage', () => {
  it('signs in with Enter and returns to the page the user came from', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r', data: admin, role: 'Admin' }),
    );
    renderLogin('/auth/login?returnTo=%2Fmawb%2F5%3Ftab%3D2');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@12345{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/mawb/5?tab=2');
    expect(calls[0]!.body).toEqual({ email: 'admin@cargo.test', password: 'Admin@12345' });
    expect(getAccessToken()).toBeTruthy();
  });

  it('goes to /dashboard/ecommerce when no page was remembered, and ignores a foreign one', async () => {
    mockFetch(() => jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r', data: admin, role: 'Admin' }));
    renderLogin('/auth/login?returnTo=%2F%2Fevil.example');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@12345');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/ecommerce');
  });

  it("shows the server's message inline and as a toast", async () => {
    mockFetch(() => jsonResponse(401, { message: 'Email hoặc mật khẩu không đúng', code: 'INVALID_CREDENTIALS' }));
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Email hoặc mật khẩu không đúng');
    await waitFor(() =>
      expect(document.querySelector('.Toastify__toast--error')?.textContent).toContain('Email hoặc mật khẩu không đúng'),
    );
    expect((screen.getByLabelText('Mật khẩu') as HTMLInputElement).value).toBe('');
  });

  it('shows exactly "Lỗi không xác định" when there is no response', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'x{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Lỗi không xác định');
  });

  it('checks the fields before calling the server', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(screen.getByText('Vui lòng nhập email')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(screen.getByText('Email không hợp lệ')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập mật khẩu')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Mật khẩu');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Hiện mật khẩu' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ẩn mật khẩu' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});
