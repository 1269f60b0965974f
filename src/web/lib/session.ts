import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import {
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  COOKIE_USER,
  ROLES,
  SESSION_STORAGE_USER,
  STORAGE_USER_INFOR,
  type AccessTokenClaims,
  type Role,
} from '../../shared/auth';
import type { AuthUser } from '../../shared/contracts/auth';

/** The signed-in user as the login response's `data` carries it (never a hash). */
export type SessionUser = AuthUser;

/** localStorage `user_infor`: the role in it is what route roles are compared with. */
export interface UserInfor {
  data: SessionUser;
  role: Role;
}

/** What a successful login answers. */
export interface LoginResult {
  token: string;
  refreshToken: string;
  data: SessionUser;
  role: Role;
}

/**
 * Cookies outlive a browser restart for as long as the server keeps a refresh family alive (7 days absolute
 * by default); the server, not the cookie, decides whether the session is still good.
 */
const COOKIE_DAYS = 7;

function cookieAttributes(): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'Lax',
    secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
    expires: COOKIE_DAYS,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Change notification. Auth state (useAuth, the guards) re-reads storage when this tab changes the session, and
// when another tab does (its localStorage writes arrive as `storage` events; cookies have no such event).

const listeners = new Set<() => void>();
let version = 0;
/** localStorage keys whose change in another tab changes this tab's session state. */
const watchedKeys = new Set<string>([STORAGE_USER_INFOR]);

/** Lets a feature (the lock screen) have its own localStorage record followed across tabs. */
export function watchStorageKey(key: string): void {
  watchedKeys.add(key);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** Increases on every change to the session; lets subscribers cache what they derive from storage. */
export function getSessionVersion(): number {
  return version;
}

export function notifySessionChanged(): void {
  version += 1;
  for (const l of [...listeners]) l();
}

function onStorage(e: StorageEvent) {
  // key null = another tab called localStorage.clear().
  if (e.storageArea !== localStorage) return;
  if (e.key === null || watchedKeys.has(e.key)) notifySessionChanged();
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens

export function getAccessToken(): string | undefined {
  return Cookies.get(COOKIE_ACCESS_TOKEN) || undefined;
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(COOKIE_REFRESH_TOKEN) || undefined;
}

/** Claims of a JWT, or null when it is not one (a tampered or truncated cookie must not crash the app). */
export function decodeToken(token: string | undefined | null): AccessTokenClaims | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<Partial<AccessTokenClaims>>(token);
    if (typeof claims.exp !== 'number') return null;
    return claims as AccessTokenClaims;
  } catch {
    return null;
  }
}

/** Milliseconds since the epoch at which the token stops being valid, or null for a malformed token. */
export function tokenExpiresAt(token: string | undefined | null): number | null {
  const claims = decodeToken(token);
  return claims ? claims.exp * 1000 : null;
}

/** A token is expired when its exp is earlier than now. `now` may be moved forward to ask "soon?". */
export function isTokenExpired(token: string | undefined | null, now = Date.now()): boolean {
  const exp = tokenExpiresAt(token);
  return exp === null || exp < now;
}

/** Authenticated = an access token exists whose exp is in the future. */
export function isAuthenticated(now = Date.now()): boolean {
  const token = getAccessToken();
  return !!token && !isTokenExpired(token, now);
}

/** The `user` cookie: the user object decoded from the access token. */
export function getCookieUser(): AccessTokenClaims | null {
  const raw = Cookies.get(COOKIE_USER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as AccessTokenClaims;
  } catch {
    return null;
  }
}

function writeTokenCookies(token: string, refreshToken: string) {
  const attrs = cookieAttributes();
  Cookies.set(COOKIE_ACCESS_TOKEN, token, attrs);
  Cookies.set(COOKIE_REFRESH_TOKEN, refreshToken, attrs);
  const claims = decodeToken(token);
  if (claims) Cookies.set(COOKIE_USER, JSON.stringify(claims), attrs);
  else Cookies.remove(COOKIE_USER, { path: '/' });
}

// ---------------------------------------------------------------------------------------------------------------
// Stored user

export function getUserInfor(): UserInfor | null {
  try {
    const raw = localStorage.getItem(STORAGE_USER_INFOR);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<UserInfor>;
    if (!parsed || typeof parsed !== 'object' || !parsed.data || !isRole(parsed.role)) return null;
    return parsed as UserInfor;
  } catch {
    return null;
  }
}

export function getSessionUser(): SessionUser | null {
  try {
    const raw = sessionStorage.getItem(SESSION_STORAGE_USER);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** The role routes are compared with: user_infor's, else the token's claim. */
export function getRole(): Role | null {
  const infor = getUserInfor();
  if (infor) return infor.role;
  const claims = decodeToken(getAccessToken());
  return claims && isRole(claims.role) ? claims.role : null;
}

/** The signed-in user: user_infor's data, then this tab's session record. */
export function getStoredUser(): SessionUser | null {
  return getUserInfor()?.data ?? getSessionUser();
}

function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}

// ---------------------------------------------------------------------------------------------------------------
// Transitions of the session

/** Login succeeded: tokens in cookies, user_infor in localStorage, the user record in sessionStorage. */
export function saveSession(result: LoginResult): void {
  writeTokenCookies(result.token, result.refreshToken);
  const infor: UserInfor = { data: result.data, role: result.role };
  try {
    localStorage.setItem(STORAGE_USER_INFOR, JSON.stringify(infor));
    sessionStorage.setItem(SESSION_STORAGE_USER, JSON.stringify(result.data));
  } catch {
    // Storage full or disabled (private mode quotas): the cookies alone still carry the session.
  }
  notifySessionChanged();
}

/** A refresh rotated the tokens. The role follows the new token, so a changed role applies without a new login. */
export function saveTokens(token: string, refreshToken: string): void {
  writeTokenCookies(token, refreshToken);
  const claims = decodeToken(token);
  const infor = getUserInfor();
  if (infor && claims && isRole(claims.role) && claims.role !== infor.role) {
    try {
      localStorage.setItem(
        STORAGE_USER_INFOR,
        JSON.stringify({ data: { ...infor.data, role: claims.role }, role: claims.role }),
      );
    } catch {}
  }
  notifySessionChanged();
}

function removeCookies() {
  for (const name of [COOKIE_USER, COOKIE_ACCESS_TOKEN, COOKIE_REFRESH_TOKEN]) Cookies.remove(name, { path: '/' });
}

/** Login failed: the cookies go, what else is stored stays. */
export function clearCookies(): void {
  removeCookies();
  notifySessionChanged();
}

/** Logout: cookies, user_infor and the session-storage record all go. */
export function clearSession(): void {
  removeCookies();
  try {
    localStorage.removeItem(STORAGE_USER_INFOR);
    sessionStorage.removeItem(SESSION_STORAGE_USER);
  } catch {}
  notifySessionChanged();
}

/** After the signed-in user edits their own profile: refresh the stored copies so the top bar shows the new name. */
export function updateStoredUser(changes: Partial<SessionUser> & { id: number }): void {
  const infor = getUserInfor();
  if (!infor || infor.data.id !== changes.id) return;
  try {
    localStorage.setItem(STORAGE_USER_INFOR, JSON.stringify({ ...infor, data: { ...infor.data, ...changes } }));
    sessionStorage.setItem(SESSION_STORAGE_USER, JSON.stringify({ ...infor.data, ...changes }));
  } catch {
    /* storage unavailable: the next sign-in stores it */
  }
  notifySessionChanged();
}
