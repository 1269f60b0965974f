import { useSyncExternalStore } from 'react';
import type { Role } from '../../shared/auth';
import type { LoginEnrolConfirmResponse, LoginResponse, TwoFactorEnrolment } from '../../shared/contracts/auth';
import { api, isApiRequestError, refreshAccessToken, UNKNOWN_ERROR_MESSAGE } from './api-client';
import { queryClient } from './query-client';
import {
  clearCookies,
  clearSession,
  getAccessToken,
  getRefreshToken,
  getRole,
  getSessionVersion,
  getStoredUser,
  isAuthenticated,
  isTokenExpired,
  saveSession,
  subscribeSession,
  type SessionUser,
} from './session';
import { clearLock, readLock, writeLock, type LockRecord } from './lock';
import { HOME_AFTER_LOGIN, safeReturnTo } from './return-to';

;
;

/**
 * A sign-in waiting for its second step: the password was right and the server answered a challenge. `enrol`: the
 * account must set up an authenticator first. `recoveryCodes` are set once an enrolment at sign-in is confirmed; the
 * session is kept aside until the user has seen them.
 */
export interface MfaStep {
  kind: 'code' | 'enrol';
  mfaToken: string;
  email: string;
  recoveryCodes?: string[];
  pending?: LoginResponse;
}

/** The auth state: a login record and a logout flag. */
interface LoginState {
  loading: boolean;
  user: SessionUser | null;
  error: string | null;
}

export interface AuthApi {
  user: SessionUser | null;
  role: Role | null;
  isAuthenticated: boolean;
  login: LoginState;
  /** Set by a sign-out, cleared by the next successful sign-in (the login screen says "you signed out"). */
  logoutFlag: boolean;
  /** Non-null while the console is locked (lock screen). */
  locked: LockRecord | null;
  /** Non-null while a sign-in waits for its second step (a code, or enrolment). */
  mfa: MfaStep | null;
  /** False when the sign-in failed or waits for a second step (then `mfa` is set). */
  signIn(email: string, password: string): Promise<boolean>;
  /** Read right after signIn resolved: whether it stopped at a second step rather than failing. */
  mfaPending(): boolean;
  signOut(): Promise<void>;
  lock(returnTo: string): Promise<void>;
  unlock(password: string): Promise<boolean>;
}

interface AuthState {
  login: LoginState;
  logoutFlag: boolean;
  mfa: MfaStep | null;
}

interface AuthSnapshot extends AuthState {
  user: SessionUser | null;
  role: Role | null;
  locked: LockRecord | null;
}

// ---------------------------------------------------------------------------------------------------------------
// The store: auth state of this tab, plus what is derived from storage (re-read whenever the session changes).

let state: AuthState = { login: { loading: false, user: null, error: null }, logoutFlag: false, mfa: null };
let stateVersion = 0;
const listeners = new Set<() => void>();
let snapshot: AuthSnapshot | null = null;
let snapshotKey = '';

function setState(next: Partial<AuthState>) {
  state = { ...state, ...next };
  stateVersion += 1;
  for (const l of [...listeners]) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribe = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

function getSnapshot(): AuthSnapshot {
  const key = `${stateVersion}:${getSessionVersion()}`;
  if (!snapshot || key !== snapshotKey) {
    const user = getStoredUser();
    snapshotKey = key;
    snapshot = {
      ...state,
      // After a reload the login record starts from what is stored, so `login.user` is the signed-in user.
      login: state.login.user || state.login.loading || state.login.error ? state.login : { ...state.login, user },
      user,
      role: getRole(),
      locked: readLock(),
    };
  }
  return snapshot;
}

/** The message of the last failed sign-in, right after `signIn` resolved false. */
export function lastLoginError(): string | null {
  return state.login.error;
}

/** For tests: back to a fresh tab's state. */
export function resetAuthState(): void {
  setState({ login: { loading: false, user: null, error: null }, logoutFlag: false, mfa: null });
}

// ---------------------------------------------------------------------------------------------------------------
// Transitions of the session

const LOGIN_PATH = '/api/auth/login';
const LOGOUT_PATH = '/api/auth/logout';

/** The message of a failed login: the server's own, or exactly "Lỗi không xác định" without a response. */
function loginErrorMessage(e: unknown): string {
  if (isApiRequestError(e) && e.status > 0 && typeof e.data.message === 'string' && e.data.message) {
    return e.data.message;
  }
  return UNKNOWN_ERROR_MESSAGE;
}

function isLoginResponse(v: unknown): v is LoginResponse {
  const r = v as Partial<LoginResponse> | null;
  return (
    !!r &&
    typeof r.token === 'string' &&
    typeof r.refreshToken === 'string' &&
    !!r.data &&
    typeof r.data.email === 'string' &&
    typeof r.role === 'string'
  );
}

const MFA_CHALLENGES = { MFA_REQUIRED: 'code', MFA_ENROL_REQUIRED: 'enrol' } as const;

/** The second step a failed first step asks for, if it is a two-factor challenge. */
function mfaChallengeOf(e: unknown, email: string): MfaStep | null {
  if (!isApiRequestError(e) || e.status !== 401) return null;
  const kind = MFA_CHALLENGES[e.data.code as keyof typeof MFA_CHALLENGES];
  return kind && typeof e.data.mfaToken === 'string' ? { kind, mfaToken: e.data.mfaToken, email } : null;
}

function signedIn(res: LoginResponse) {
  saveSession(res);
  clearLock();
  setState({ login: { loading: false, user: res.data, error: null }, logoutFlag: false, mfa: null });
}

export async function signIn(email: string, password: string): Promise<boolean> {
  setState({ login: { ...state.login, loading: true, error: null }, mfa: null });
  try {
    const res = await api.post<unknown>(LOGIN_PATH, { email: email.trim(), password });
    if (!isLoginResponse(res)) throw new Error('login response without token, refreshToken, data and role');
    signedIn(res);
    return true;
  } catch (e) {
    clearCookies();
    const mfa = mfaChallengeOf(e, email.trim());
    setState({ login: { loading: false, user: null, error: mfa ? null : loginErrorMessage(e) }, mfa });
    return false;
  }
}

/** The second step with a code from the app, or with one recovery code. */
export async function completeMfa(answer: { code: string } | { recoveryCode: string }): Promise<boolean> {
  const step = state.mfa;
  if (!step) return false;
  setState({ login: { ...state.login, loading: true, error: null } });
  try {
    const res = await api.post<unknown>('/api/auth/login/mfa', { mfaToken: step.mfaToken, ...answer });
    if (!isLoginResponse(res)) throw new Error('login response without token, refreshToken, data and role');
    signedIn(res);
    return true;
  } catch (e) {
    setState({ login: { loading: false, user: null, error: loginErrorMessage(e) } });
    return false;
  }
}

/** Enrolment at sign-in: the key to scan. */
export async function startMfaEnrolment(): Promise<TwoFactorEnrolment> {
  const step = state.mfa;
  if (!step) throw new Error('no sign-in waiting for enrolment');
  return api.post<TwoFactorEnrolment>('/api/auth/login/mfa/enrol', { mfaToken: step.mfaToken });
}

/** Enrolment at sign-in, proved by a first code: the session waits until the user has seen the recovery codes. */
export async function confirmMfaEnrolment(code: string): Promise<boolean> {
  const step = state.mfa;
  if (!step) return false;
  setState({ login: { ...state.login, loading: true, error: null } });
  try {
    const { recoveryCodes, ...res } = await api.post<LoginEnrolConfirmResponse>('/api/auth/login/mfa/enrol/confirm', { mfaToken: step.mfaToken, code });
    setState({ login: { loading: false, user: null, error: null }, mfa: { ...step, recoveryCodes, pending: res } });
    return true;
  } catch (e) {
    setState({ login: { loading: false, user: null, error: loginErrorMessage(e) } });
    return false;
  }
}

/** The recovery codes were seen: the session kept aside starts. */
export function finishMfaEnrolment(): void {
  const pending = state.mfa?.pending;
  if (pending) signedIn(pending);
}

/** Back to the password step. */
export function cancelMfa(): void {
  setState({ login: { loading: false, user: null, error: null }, mfa: null });
}

interface Credentials {
  token: string;
  refreshToken: string;
}

/** The tokens to revoke with. Logout needs a valid access token, so an expired one is renewed first. */
async function currentCredentials(): Promise<Credentials | null> {
  const token = getAccessToken();
  const refreshToken = getRefreshToken();
  if (!token || !refreshToken) return null;
  if (!isTokenExpired(token, Date.now() + 5_000)) return { token, refreshToken };
  const outcome = await refreshAccessToken(token);
  const renewed = getRefreshToken();
  return outcome.ok && renewed ? { token: outcome.token, refreshToken: renewed } : null;
}

/** Revokes the refresh family on the server. Best effort: the local session goes whatever the answer. */
async function revokeOnServer(creds: Credentials | null): Promise<void> {
  if (!creds) return;
  try {
    await api.post(LOGOUT_PATH, { refreshToken: creds.refreshToken }, { headers: { Authorization: `Bearer ${creds.token}` } });
  } catch {
    // Offline or already revoked: nothing more to do here, the refresh token expires on its own.
  }
}

let signingOut: Promise<void> | null = null;

/** Logout: revoke, clear cookies and stored info and the stored user. The caller goes to /auth/login. */
export function signOut(): Promise<void> {
  signingOut ??= (async () => {
    try {
      await revokeOnServer(await currentCredentials().catch(() => null));
    } finally {
      clearSession();
      clearLock();
      queryClient.clear();
      setState({ login: { loading: false, user: null, error: null }, logoutFlag: true });
      signingOut = null;
    }
  })();
  return signingOut;
}

let locking: Promise<void> | null = null;

/**
 * Locks the console: remembers who is signed in and where, then ends the server session, so a machine left
 * alone holds no valid token. Unlocking is a fresh sign-in with the same e-mail.
 */
export function lock(returnTo: string): Promise<void> {
  if (readLock()) return Promise.resolve();
  const user = getStoredUser();
  if (!user || !getAccessToken()) return Promise.resolve();
  locking ??= (async () => {
    // Written first and synchronously: every tab leaves for the lock screen at once.
    writeLock({
      email: user.email,
      fullName: user.fullName || user.email,
      returnTo: safeReturnTo(returnTo) ?? HOME_AFTER_LOGIN,
      at: Date.now(),
    });
    const creds = await currentCredentials().catch(() => null);
    // Unless the user already unlocked (a new sign-in removed the record), the tokens go now, before the
    // revocation's round trip, so nothing can use them in between.
    if (readLock()) {
      clearSession();
      setState({ login: { loading: false, user: null, error: null } });
    }
    locking = null;
    await revokeOnServer(creds);
  })();
  return locking;
}

/** Signs in again as the locked user; on success the lock record is gone and the caller returns to `returnTo`. */
export async function unlock(password: string): Promise<boolean> {
  const rec = readLock();
  if (!rec) return false;
  return signIn(rec.email, password);
}

// ---------------------------------------------------------------------------------------------------------------

export function useAuth(): AuthApi {
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    user: snap.user,
    role: snap.role,
    // Read live: expiry is a matter of time, and another tab may have rotated the cookie.
    isAuthenticated: isAuthenticated(),
    login: snap.login,
    logoutFlag: snap.logoutFlag,
    locked: snap.locked,
    mfa: snap.mfa,
    signIn,
    mfaPending: () => state.mfa !== null,
    signOut,
    lock,
    unlock,
  };
}
