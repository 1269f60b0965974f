import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_USER } from '../../shared/auth';
import { makeToken, makeUser } from '../test/auth-fixtures';
import {
  clearCookies,
  clearSession,
  decodeToken,
  getAccessToken,
  getCookieUser,
  getRefreshToken,
  getRole,
  getSessionUser,
  getUserInfor,
  isAuthenticated,
  isTokenExpired,
  saveSession,
  saveTokens,
  subscribeSession,
} from './session';

/** Every cookie string the page writes, with its attributes (document.cookie reads show names and values only). */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const proto = Object.getPrototypeOf(document) as object;
  const owner = Object.getOwnPropertyDescriptor(proto, 'cookie') ? proto : Document.prototype;
  const desc = Object.getOwnPropertyDescriptor(owner, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
    writes.push(v);
    desc.set!.call(document, v);
  });
  vi.spyOn(document, 'cookie', 'get').mockImplementation(() => desc.get!.call(document) as string);
  return writes;
}

function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter(Boolean)
    .sort();
}

afterEach(() => vi.restoreAllMocks());

describe('saveSession (login succeeded)', () => {
  const token = makeToken({ expiresIn: 900, role: 'Admin', email: 'admin@cargo.test', sub: '1' });
  const user = makeUser('Admin');

  it('writes the three cookies with path / and SameSite Lax (no Secure over http)', () => {
    const writes = recordCookieWrites();
    saveSession({ token, refreshToken: 'opaque-refresh', data: user, role: 'Admin' });

    expect(cookieNames()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('opaque-refresh');
    for (const name of ['access_token', 'refresh_token', 'user']) {
      const w = writes.find((s) => s.startsWith(`${name}=`));
      expect(w, name).toBeDefined();
      expect(w).toMatch(/; path=\//);
      expect(w).toMatch(/; SameSite=Lax/i);
      expect(w).not.toMatch(/; Secure/i);
    }
  });

  it('puts the user decoded from the token in the `user` cookie', () => {
    saveSession({ token, refreshToken: 'r', data: user, role: 'Admin' });
    expect(getCookieUser()).toEqual(decodeToken(token));
    expect(getCookieUser()).toMatchObject({ sub: '1', role: 'Admin', email: 'admin@cargo.test' });
  });

  it('stores user_infor = { data, role } in localStorage and the user record in sessionStorage', () => {
    saveSession({ token, refreshToken: 'r', data: user, role: 'Admin' });
    expect(JSON.parse(localStorage.getItem('user_infor')!)).toEqual({ data: user, role: 'Admin' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_USER)!)).toEqual(user);
    expect(getUserInfor()).toEqual({ data: user, role: 'Admin' });
    expect(getSessionUser()).toEqual(user);
    expect(getRole()).toBe('Admin');
  });

  it('tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession({ token, refreshToken: 'r', data: user, role: 'Admin' });
    clearSession();
    unsubscribe();
    saveSession({ token, refreshToken: 'r', data: user, role: 'Admin' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('isAuthenticated (an access token whose exp is in the future)', () => {
  it('is true for a token that has not expired', () => {
    saveTokens(makeToken({ expiresIn: 60 }), 'r');
    expect(isAuthenticated()).toBe(true);
  });

  it('is false for an expired token, no token, or a cookie that is not a JWT', () => {
    saveTokens(makeToken({ expiresIn: -1 }), 'r');
    expect(isAuthenticated()).toBe(false);
    clearCookies();
    expect(isAuthenticated()).toBe(false);
    document.cookie = 'access_token=not-a-jwt; path=/';
    expect(isAuthenticated()).toBe(false);
  });

  it('judges expiry by exp against now', () => {
    const token = makeToken({ expiresIn: 100 });
    const exp = decodeToken(token)!.exp * 1000;
    expect(isTokenExpired(token, exp - 1)).toBe(false);
    expect(isTokenExpired(token, exp + 1)).toBe(true);
  });
});

describe('clearing', () => {
  const user = makeUser('Staff');
  beforeEach(() => saveSession({ token: makeToken({ expiresIn: 900, role: 'Staff' }), refreshToken: 'r', data: user, role: 'Staff' }));

  it('clearCookies (login failed) removes the cookies only', () => {
    clearCookies();
    expect(cookieNames()).toEqual([]);
    expect(getUserInfor()).not.toBeNull();
  });

  it('clearSession (logout) removes cookies, user_infor and the session-storage record', () => {
    clearSession();
    expect(cookieNames()).toEqual([]);
    expect(localStorage.getItem('user_infor')).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_USER)).toBeNull();
    expect(getRole()).toBeNull();
  });
});

describe('saveTokens (after a refresh)', () => {
  it('rotates both tokens and follows a role change carried by the new token', () => {
    const staff = makeUser('Staff');
    saveSession({ token: makeToken({ expiresIn: 900, role: 'Staff' }), refreshToken: 'r1', data: staff, role: 'Staff' });
    const next = makeToken({ expiresIn: 900, role: 'Admin' });
    saveTokens(next, 'r2');
    expect(getAccessToken()).toBe(next);
    expect(getRefreshToken()).toBe('r2');
    expect(getUserInfor()).toEqual({ data: { ...staff, role: 'Admin' }, role: 'Admin' });
  });
});
