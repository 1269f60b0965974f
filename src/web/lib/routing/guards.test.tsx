import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../shared/auth';
import { writeLock } from '../lock';
import { resetAuthState } from '../use-auth';
import { REFRESH_TOKEN_PATH } from '../api-client';
import { getAccessToken, saveSession } from '../session';
import { jsonResponse, makeToken, makeUser, mockFetch } from '../../test/auth-fixtures';
import { ProtectedRoute } from './guards';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <div data-testid="where">{`${name} ${location.pathname}${location.search}`}</div>;
}

const loginVisits = vi.fn();
function Login() {
  loginVisits();
  return <Where name="login" />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where name="landing" /> },
      { path: '/auth/login', element: <Login /> },
      { path: '/auth/lock-screen', element: <Where name="lock" /> },
      {
        // As the shell nests them: a signed-in guard around the layout, a role guard around each section.
        element: (
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        ),
        children: [
          { path: '/dashboard/ecommerce', element: <Where name="dashboard" /> },
          {
            path: '/mawb',
            element: (
              <ProtectedRoute roles={['Admin']}>
                <Where name="mawb" />
              </ProtectedRoute>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signInAs(role: Role, expiresIn = 900) {
  saveSession({ token: makeToken({ expiresIn, role }), refreshToken: 'refresh-1', data: makeUser(role), role });
}

const where = async () => (await screen.findByTestId('where')).textContent;

beforeEach(() => {
  resetAuthState();
  loginVisits.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProtectedRoute', () => {
  it('sends a visitor without an access-token cookie to /auth/login, remembering the page', async () => {
    renderAt('/mawb?page=2#top');
    expect(await where()).toBe('login /auth/login?returnTo=%2Fmawb%3Fpage%3D2%23top');
  });

  it('shows an Admin route to an Admin', async () => {
    signInAs('Admin');
    renderAt('/mawb');
    expect(await where()).toBe('mawb /mawb');
  });

  it('sends a Staff user from an Admin route to /', async () => {
    signInAs('Staff');
    renderAt('/mawb');
    expect(await where()).toBe('landing /');
  });

  it('lets a Staff user see the dashboards (login only)', async () => {
    signInAs('Staff');
    renderAt('/dashboard/ecommerce');
    expect(await where()).toBe('dashboard /dashboard/ecommerce');
  });

  it('compares the role from user_infor', async () => {
    // The token says Admin, user_infor says Staff: routes compare user_infor's role.
    saveSession({ token: makeToken({ expiresIn: 900, role: 'Admin' }), refreshToken: 'r', data: makeUser('Staff'), role: 'Staff' });
    renderAt('/mawb');
    expect(await where()).toBe('landing /');
  });

  it('renews an expired access token once before deciding, without a trip to the login page', async () => {
    signInAs('Admin', -30);
    const fresh = makeToken({ expiresIn: 900 });
    const { calls } = mockFetch((c) =>
      c.url.endsWith(REFRESH_TOKEN_PATH)
        ? jsonResponse(200, { token: fresh, refreshToken: 'refresh-2' })
        : jsonResponse(404, { message: 'x', code: 'NOT_FOUND' }),
    );
    renderAt('/mawb');
    expect(await where()).toBe('mawb /mawb');
    expect(calls.filter((c) => c.url.endsWith(REFRESH_TOKEN_PATH))).toHaveLength(1);
    expect(getAccessToken()).toBe(fresh);
    expect(loginVisits).not.toHaveBeenCalled();
  });

  it('goes to sign in when that renewal is refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signInAs('Admin', -30);
    const { calls } = mockFetch(() => jsonResponse(401, { message: 'Phiên đã hết hạn', code: 'REFRESH_TOKEN_INVALID' }));
    renderAt('/mawb');
    expect(await where()).toBe('login /auth/login?returnTo=%2Fmawb');
    expect(calls).toHaveLength(1);
    expect(getAccessToken()).toBeUndefined();
  });

  it('goes to sign in with an expired token and no refresh token', async () => {
    signInAs('Admin', -30);
    document.cookie = 'refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderAt('/dashboard/ecommerce');
    expect(await where()).toBe('login /auth/login?returnTo=%2Fdashboard%2Fecommerce');
    expect(calls).toHaveLength(0);
  });

  it('leads to the lock screen while the console is locked', async () => {
    signInAs('Admin');
    writeLock({ email: 'admin@cargo.test', fullName: 'A', returnTo: '/mawb', at: Date.now() });
    renderAt('/mawb');
    expect(await where()).toBe('lock /auth/lock-screen');
  });

  it('leaves for the login page when the session ends while the page is open', async () => {
    signInAs('Admin');
    renderAt('/mawb');
    expect(await where()).toBe('mawb /mawb');
    // Another tab signed out: the cookies are gone and this tab hears of it.
    act(() => {
      document.cookie = 'access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      window.dispatchEvent(new StorageEvent('storage', { key: 'user_infor', storageArea: localStorage }));
    });
    expect(await where()).toBe('login /auth/login?returnTo=%2Fmawb');
  });
});
