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

  it('asks for the two-factor code after a right password, then signs in with the login answer', async () => {
    const { calls } = mockFetch((call) =>
      call.url.endsWith('/api/auth/login')
        ? jsonResponse(401, { message: 'Vui lòng nhập mã xác thực hai bước', code: 'MFA_REQUIRED', mfaToken: 'challenge-1', expiresIn: 300 })
        : call.url.endsWith('/api/auth/login/mfa') && (call.body as { code?: string }).code === '123456'
          ? jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r', data: admin, role: 'Admin' })
          : jsonResponse(401, { message: 'Mã xác thực không đúng hoặc đã được dùng', code: 'MFA_CODE_INVALID' }),
    );
    renderLogin('/auth/login?returnTo=%2Forder');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@12345{Enter}');
    const code = await screen.findByLabelText('Mã xác thực');
    expect(getAccessToken()).toBeFalsy();
    expect(document.querySelector('.Toastify__toast--error')).toBeNull();
    await user.type(code, '654321{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Mã xác thực không đúng hoặc đã được dùng');
    await user.type(screen.getByLabelText('Mã xác thực'), '123456{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/order');
    expect(calls.map((c) => c.url.replace(/^.*\/api/, '/api'))).toEqual(['/api/auth/login', '/api/auth/login/mfa', '/api/auth/login/mfa']);
    expect(calls[2]!.body).toEqual({ mfaToken: 'challenge-1', code: '123456' });
    expect(getAccessToken()).toBeTruthy();
  });

  it('takes a recovery code instead, and goes back to the password step on request', async () => {
    const { calls } = mockFetch((call) =>
      call.url.endsWith('/api/auth/login')
        ? jsonResponse(401, { message: 'Vui lòng nhập mã xác thực hai bước', code: 'MFA_REQUIRED', mfaToken: 'challenge-2', expiresIn: 300 })
        : jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r', data: admin, role: 'Admin' }),
    );
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@12345{Enter}');
    await screen.findByLabelText('Mã xác thực');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập lại' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@12345{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Dùng mã khôi phục' }));
    await user.type(screen.getByLabelText('Mã khôi phục'), 'abcde-23456{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/ecommerce');
    expect(calls.at(-1)!.body).toEqual({ mfaToken: 'challenge-2', recoveryCode: 'abcde-23456' });
  });

  it('makes an account the office requires it of enrol first, and shows the recovery codes before signing in', async () => {
    mockFetch((call) => {
      if (call.url.endsWith('/api/auth/login')) {
        return jsonResponse(401, { message: 'Tài khoản cần bật xác thực hai bước trước khi đăng nhập', code: 'MFA_ENROL_REQUIRED', mfaToken: 'enrol-1', expiresIn: 300 });
      }
      if (call.url.endsWith('/api/auth/login/mfa/enrol')) {
        return jsonResponse(200, { secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' });
      }
      return jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r', data: admin, role: 'Admin', recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@cargo.test');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@12345{Enter}');
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
    await user.type(screen.getByLabelText('Mã xác thực'), '123456{Enter}');
    expect((await screen.findByTestId('mfa-recovery-codes')).textContent).toContain('aaaaa-bbbbb');
    expect(getAccessToken()).toBeFalsy();
    await user.click(screen.getByTestId('mfa-continue'));
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/ecommerce');
    expect(getAccessToken()).toBeTruthy();
  });
});
