import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_USER } from '../../shared/auth';
import { getAccessToken, getRefreshToken, saveSession } from './session';
import { jsonResponse, makeToken, makeUser, mockFetch } from '../test/auth-fixtures';
import { readLock } from './lock';
import { lock, resetAuthState, signIn, signOut, unlock, useAuth } from './use-auth';

const admin = makeUser('Admin');

beforeEach(() => resetAuthState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signIn', () => {
  it('sets loading while the request runs, then stores everything and clears loading and error', async () => {
    const token = makeToken({ expiresIn: 900 });
    let answer!: (r: Response) => void;
    const { calls } = mockFetch(() => new Promise<Response>((r) => (answer = r)));
    const { result } = renderHook(() => useAuth());

    let done!: Promise<boolean>;
    act(() => {
      done = signIn(' admin@cargo.test ', 'Admin@12345');
    });
    expect(result.current.login.loading).toBe(true);
    expect(calls[0]).toMatchObject({ url: '/api/auth/login', method: 'POST', body: { email: 'admin@cargo.test', password: 'Admin@12345' } });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');

    await act(async () => {
      answer(jsonResponse(200, { token, refreshToken: 'r1', data: admin, role: 'Admin' }));
      expect(await done).toBe(true);
    });
    expect(result.current.login).toEqual({ loading: false, user: admin, error: null });
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user).toEqual(admin);
    expect(result.current.role).toBe('Admin');
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user_infor')!)).toEqual({ data: admin, role: 'Admin' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_USER)!)).toEqual(admin);
  });

  it('on failure stores the server message, clears loading and the cookies', async () => {
    saveSession({ token: makeToken({ expiresIn: 900 }), refreshToken: 'old', data: admin, role: 'Admin' });
    mockFetch(() => jsonResponse(401, { message: 'Email hoặc mật khẩu không đúng', code: 'INVALID_CREDENTIALS' }));
    const { result } = renderHook(() => useAuth());
    await act(async () => {
      expect(await signIn('admin@cargo.test', 'wrong')).toBe(false);
    });
    expect(result.current.login).toEqual({ loading: false, user: null, error: 'Email hoặc mật khẩu không đúng' });
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(document.cookie).not.toMatch(/(^|; )user=/);
  });

  it('without a response the error is exactly "Lỗi không xác định"', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderHook(() => useAuth());
    await act(async () => {
      await signIn('admin@cargo.test', 'x');
    });
    expect(result.current.login.error).toBe('Lỗi không xác định');
    expect(result.current.login.loading).toBe(false);
  });
});

describe('signOut', () => {
  it('revokes the refresh token on the server and clears cookies, stored info and the stored user', async () => {
    const token = makeToken({ expiresIn: 900 });
    saveSession({ token, refreshToken: 'r1', data: admin, role: 'Admin' });
    const { calls } = mockFetch(() => jsonResponse(200, { message: 'ok' }));
    const { result } = renderHook(() => useAuth());
    await act(async () => {
      await signOut();
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: { refreshToken: 'r1' } });
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(document.cookie).toBe('');
    expect(localStorage.getItem('user_infor')).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_USER)).toBeNull();
    expect(result.current.user).toBeNull();
    expect(result.current.login.user).toBeNull();
    expect(result.current.logoutFlag).toBe(true);
    expect(result.current.isAuthenticated).toBe(false);
  });

  it('clears everything even when the server cannot be reached', async () => {
    saveSession({ token: makeToken({ expiresIn: 900 }), refreshToken: 'r1', data: admin, role: 'Admin' });
    mockFetch(() => {
      throw new TypeError('offline');
    });
    await signOut();
    expect(document.cookie).toBe('');
    expect(localStorage.getItem('user_infor')).toBeNull();
  });

  it('renews an expired access token first, so the revocation is accepted', async () => {
    saveSession({ token: makeToken({ expiresIn: -10 }), refreshToken: 'r1', data: admin, role: 'Admin' });
    const fresh = makeToken({ expiresIn: 900 });
    const { calls } = mockFetch((c) =>
      c.url.endsWith('/refresh-token') ? jsonResponse(200, { token: fresh, refreshToken: 'r2' }) : jsonResponse(200, {}),
    );
    await signOut();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh-token', '/api/auth/logout']);
    expect(calls[1]!.body).toEqual({ refreshToken: 'r2' });
    expect(calls[1]!.headers.Authorization).toBe(`Bearer ${fresh}`);
  });
});

describe('lock and unlock', () => {
  it('lock remembers who and where, ends the session on the server and keeps no token', async () => {
    const token = makeToken({ expiresIn: 900 });
    saveSession({ token, refreshToken: 'r1', data: admin, role: 'Admin' });
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    const { result } = renderHook(() => useAuth());
    await act(async () => {
      await lock('/mawb/7?tab=history');
    });
    expect(readLock()).toMatchObject({ email: admin.email, fullName: admin.fullName, returnTo: '/mawb/7?tab=history' });
    expect(result.current.locked?.email).toBe(admin.email);
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', body: { refreshToken: 'r1' } });
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('never remembers a page outside the app', async () => {
    saveSession({ token: makeToken({ expiresIn: 900 }), refreshToken: 'r1', data: admin, role: 'Admin' });
    mockFetch(() => jsonResponse(200, {}));
    await lock('//evil.example/x');
    expect(readLock()?.returnTo).toBe('/dashboard/ecommerce');
  });

  it('unlock signs in again with the locked e-mail and lifts the lock', async () => {
    saveSession({ token: makeToken({ expiresIn: 900 }), refreshToken: 'r1', data: admin, role: 'Admin' });
    const { calls } = mockFetch((c) =>
      c.url.endsWith('/login')
        ? jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r9', data: admin, role: 'Admin' })
        : jsonResponse(200, {}),
    );
    await lock('/order');
    expect(await unlock('Admin@12345')).toBe(true);
    expect(calls.at(-1)).toMatchObject({ url: '/api/auth/login', body: { email: admin.email, password: 'Admin@12345' } });
    expect(readLock()).toBeNull();
    expect(getRefreshToken()).toBe('r9');
  });

  it('a wrong password keeps the console locked', async () => {
    saveSession({ token: makeToken({ expiresIn: 900 }), refreshToken: 'r1', data: admin, role: 'Admin' });
    mockFetch((c) =>
      c.url.endsWith('/login')
        ? jsonResponse(401, { message: 'Email hoặc mật khẩu không đúng', code: 'INVALID_CREDENTIALS' })
        : jsonResponse(200, {}),
    );
    await lock('/order');
    expect(await unlock('nope')).toBe(false);
    expect(readLock()?.email).toBe(admin.email);
    expect(getAccessToken()).toBeUndefined();
  });
});
