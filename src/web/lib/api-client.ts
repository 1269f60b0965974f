import type { AUTH_ERROR_CODES } from '../../shared/contracts/auth';
import { DEFAULT_MESSAGES } from '../../shared/error-messages';
import type { MessageLanguage } from '../../shared/i18n/language';
import { loadMessageCatalog, localizeLoaded } from '../../shared/i18n/lazy';
import { currentLanguage } from './i18n';
import {
  clearSession,
  decodeToken,
  getAccessToken,
  getRefreshToken,
  isTokenExpired,
  notifySessionChanged,
  saveTokens,
  subscribeSession,
  tokenExpiresAt,
} from './session';

/**
 * THE one HTTP client. Every call carries the access token as a bearer, resolves with the response
 * data and rejects with `{ status, data }`. A 401 caused by an expired token triggers one refresh, shared by every
 * request and every tab that hit it, after which the request is retried once.
 *
 * Every call to our API also says the UI language in `Accept-Language` ('vi' or 'en'), so the server answers its
 * messages (errors, field problems, import rows) in that language.
 */

/** The text shown when a call got no response at all. */
export const UNKNOWN_ERROR_MESSAGE = 'Lỗi không xác định';

/** The API's base address comes from configuration (VITE_API_BASE_URL); empty means "the origin that served the app". */
const API_BASE_URL = ((import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '').replace(/\/+$/, '');

export const REFRESH_TOKEN_PATH = '/api/auth/refresh-token';
const NO_REFRESH_PATHS = [
  '/api/auth/login',
  '/api/auth/login/mfa',
  '/api/auth/login/mfa/enrol',
  '/api/auth/login/mfa/enrol/confirm',
  REFRESH_TOKEN_PATH,
  '/api/auth/logout',
];
const REFRESH_LOCK_NAME = 'cargo-console:token-refresh';
/** A client clock may run behind the server's: a token this close to its exp is treated as already expired. */
const CLOCK_SKEW_MS = 30_000;
/** Codes the server's auth hook gives a token it rejects; any of them means "get a new one". */
// Typed against the contract but not imported as a value: that module would pull zod into the entry chunk.
type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];
const TOKEN_REJECTED_CODES: ReadonlySet<string> = new Set<AuthErrorCode>(['TOKEN_INVALID', 'SESSION_REVOKED']);
const REFRESH_TIMEOUT_MS = 20_000;

type ParamValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, ParamValue | readonly ParamValue[]>;

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiErrorData {
  message: string;
  code?: string;
  details?: unknown;
  [key: string]: unknown;
}

/** What every failed call rejects with: the HTTP status (0 = no response) and the response body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly data: ApiErrorData;

  constructor(status: number, data: ApiErrorData) {
    super(data.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.data = data;
  }
}

export function isApiRequestError(e: unknown): e is ApiRequestError {
  return e instanceof ApiRequestError;
}

/**
 * The language our API is asked to answer in: the UI's. In English the message catalog is fetched alongside (a
 * lazy chunk), so the client's own texts below can be shown in English too.
 */
function requestLanguage(): MessageLanguage {
  const lang = currentLanguage();
  if (lang === 'en') void loadMessageCatalog().catch(() => {});
  return lang;
}

/**
 * The message to show for a failed call: the server's `message` (already in the UI language), or the
 * unknown-error text; the client's own texts (no response, a proxy's page) are put into the UI language here.
 */
export function errorMessage(e: unknown): string {
  const message = isApiRequestError(e) ? e.data.message || UNKNOWN_ERROR_MESSAGE : UNKNOWN_ERROR_MESSAGE;
  return localizeLoaded(message, currentLanguage());
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Kind = 'json' | 'blob';

interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  params?: QueryParams;
  body?: unknown;
  kind: Kind;
  opts?: RequestOptions;
}

interface Exchange {
  res: Response;
  data: unknown;
}

export function buildUrl(url: string, params?: QueryParams): string {
  const absolute = /^https?:\/\//i.test(url) ? url : API_BASE_URL + url;
  if (!params) return absolute;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as ParamValue[]) {
      if (v === undefined || v === null || v === '') continue;
      search.append(key, v instanceof Date ? v.toISOString() : String(v));
    }
  }
  const qs = search.toString();
  if (!qs) return absolute;
  return absolute + (absolute.includes('?') ? '&' : '?') + qs;
}

/** The bearer token goes to our API only, never to an absolute URL elsewhere that a caller happened to pass. */
function isOwnApi(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return true;
  const origin = new URL(url).origin;
  const own = typeof window !== 'undefined' ? window.location.origin : undefined;
  const base = /^https?:\/\//i.test(API_BASE_URL) ? new URL(API_BASE_URL).origin : own;
  return origin === own || origin === base;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function send(req: ApiRequest, token: string | undefined): Promise<Exchange> {
  const headers: Record<string, string> = { Accept: req.kind === 'json' ? 'application/json' : '*/*' };
  let body: BodyInit | undefined;
  if (req.body !== undefined) {
    if (isRawBody(req.body)) body = req.body;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
  }
  const url = buildUrl(req.url, req.params);
  const ownApi = isOwnApi(url);
  if (token && ownApi) headers.Authorization = `Bearer ${token}`;
  if (ownApi) headers['Accept-Language'] = requestLanguage();
  Object.assign(headers, req.opts?.headers);

  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method,
      headers,
      body,
      signal: req.opts?.signal,
      credentials: 'same-origin',
    });
  } catch {
    if (req.opts?.signal?.aborted) throw new ApiRequestError(0, { message: 'Yêu cầu đã bị hủy', code: 'ABORTED' });
    throw new ApiRequestError(0, { message: UNKNOWN_ERROR_MESSAGE, code: 'NETWORK_ERROR' });
  }
  return { res, data: await readBody(res, req.kind) };
}

async function readBody(res: Response, kind: Kind): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  if (kind === 'blob' && res.ok) return res.blob();
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (/\bjson\b/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch {
      if (res.ok) throw new ApiRequestError(res.status, { message: UNKNOWN_ERROR_MESSAGE, code: 'INVALID_RESPONSE' });
      return undefined;
    }
  }
  return text;
}

/** The Vietnamese words for a bare status (a zod-free module, so the entry chunk stays small). */
function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? UNKNOWN_ERROR_MESSAGE;
}

async function toError(res: Response, data: unknown): Promise<ApiRequestError> {
  if (data && typeof data === 'object' && typeof (data as ApiErrorData).message === 'string') {
    return new ApiRequestError(res.status, data as ApiErrorData);
  }
  // A body without our error shape (a proxy's HTML page, an empty 502): give it words and a stable code.
  return new ApiRequestError(res.status, {
    message: defaultMessage(res.status),
    code: `HTTP_${res.status}`,
    ...(data === undefined ? {} : { body: data }),
  });
}

function errorCode(data: unknown): string | undefined {
  return data && typeof data === 'object' ? ((data as { code?: unknown }).code as string | undefined) : undefined;
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url;
  }
}

function tokenNeedsRefresh(token: string, data: unknown): boolean {
  const code = errorCode(data);
  return isTokenExpired(token, Date.now() + CLOCK_SKEW_MS) || (!!code && TOKEN_REJECTED_CODES.has(code));
}

async function execute(req: ApiRequest): Promise<Exchange> {
  const token = getAccessToken();
  let exchange = await send(req, token);
  if (
    exchange.res.status === 401 &&
    token &&
    getRefreshToken() &&
    isOwnApi(buildUrl(req.url)) &&
    !NO_REFRESH_PATHS.includes(pathOf(req.url)) &&
    tokenNeedsRefresh(token, exchange.data)
  ) {
    const outcome = await refreshAccessToken(token);
    if (outcome.ok) {
      exchange = await send(req, outcome.token);
    } else {
      // A failed refresh is only logged; the original error goes to the caller. The guards see the session change and send
      // the user to /auth/login, remembering the page.
      notifySessionChanged();
    }
  }
  if (!exchange.res.ok) throw await toError(exchange.res, exchange.data);
  return exchange;
}

// ---------------------------------------------------------------------------------------------------------------
// Token refresh: single-flight in this tab (one shared promise) and across tabs (Web Locks)

export type RefreshOutcome = { ok: true; token: string } | { ok: false; status: number; definitive: boolean };

let inflight: Promise<RefreshOutcome> | null = null;
const failedFor = new Set<string>();

/** A token other than `stale` that is still good, i.e. someone (this tab or another) has refreshed already. */
function refreshedAlready(stale: string | undefined): string | null {
  const current = getAccessToken();
  return current && current !== stale && !isTokenExpired(current) ? current : null;
}

/** True when a refresh that started from this access token has failed: the guards then stop trying. */
export function refreshFailedFor(accessToken: string | undefined): boolean {
  return !!accessToken && failedFor.has(accessToken);
}

/**
 * Gets a new access token unless one newer than `staleToken` is already in the cookie. Concurrent callers share
 * one request; other tabs wait on the same Web Lock and, once they hold it, re-read the cookie first.
 */
export function refreshAccessToken(staleToken: string | undefined): Promise<RefreshOutcome> {
  const ready = refreshedAlready(staleToken);
  if (ready) return Promise.resolve({ ok: true, token: ready });
  if (!inflight) {
    inflight = withRefreshLock(async () => refreshedAlready(staleToken) ?? (await postRefresh()))
      .then((r): RefreshOutcome => (typeof r === 'string' ? { ok: true, token: r } : r))
      .then((outcome) => {
        if (!outcome.ok && staleToken) failedFor.add(staleToken);
        return outcome;
      })
      .finally(() => {
        inflight = null;
      });
  }
  return inflight;
}

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return fn();
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REFRESH_TIMEOUT_MS) : undefined;
  try {
    return await locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive', signal }, fn);
  } catch (e) {
    // A tab frozen while holding the lock must not freeze this one: go ahead without it (the server gives a retry
    // within its grace window the same successor, so a rare double refresh is harmless).
    if ((e as { name?: string })?.name === 'AbortError' || (e as { name?: string })?.name === 'TimeoutError') return fn();
    throw e;
  }
}

async function postRefresh(): Promise<string | RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return { ok: false, status: 401, definitive: true };
  const bearer = getAccessToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': requestLanguage(),
  };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  let res: Response;
  try {
    res = await fetch(buildUrl(REFRESH_TOKEN_PATH), {
      method: 'POST',
      headers,
      body: JSON.stringify({ refreshToken }),
      credentials: 'same-origin',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REFRESH_TIMEOUT_MS) : undefined,
    });
  } catch (e) {
    console.warn('[auth] token refresh failed: no response', e);
    return { ok: false, status: 0, definitive: false };
  }
  const data = (await res.json().catch(() => null)) as { token?: unknown; refreshToken?: unknown } | null;
  if (res.ok && typeof data?.token === 'string' && typeof data.refreshToken === 'string') {
    saveTokens(data.token, data.refreshToken);
    return data.token;
  }
  console.warn(`[auth] token refresh failed: HTTP ${res.status}`, data);
  // Without Web Locks another tab may have rotated the pair meanwhile; its tokens are still good.
  if (getRefreshToken() !== refreshToken) {
    const other = refreshedAlready(bearer);
    if (other) return other;
  }
  const definitive = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
  // The server refused the refresh token: the session is over in every tab.
  if (definitive) clearSession();
  return { ok: false, status: res.status, definitive };
}

// ---------------------------------------------------------------------------------------------------------------
// Refresh shortly before expiry while the app is open, so an active user is never thrown out

const RETRY_AFTER_FAILURE_MS = 5_000;
let keepAliveUsers = 0;
let keepAliveTimer: ReturnType<typeof setTimeout> | undefined;
let stopKeepAliveListeners: (() => void) | undefined;

/** How long before exp to refresh: a fifth of the token's lifetime, between 1 s and 60 s. */
function refreshLeadMs(token: string): number {
  const claims = decodeToken(token);
  if (!claims) return 0;
  const lifetime = claims.iat ? (claims.exp - claims.iat) * 1000 : 15 * 60_000;
  return Math.min(60_000, Math.max(1_000, lifetime / 5));
}

function scheduleKeepAlive(delayOverride?: number) {
  clearTimeout(keepAliveTimer);
  keepAliveTimer = undefined;
  const token = getAccessToken();
  const exp = tokenExpiresAt(token);
  if (!token || exp === null || !getRefreshToken() || exp <= Date.now()) return;
  const due = delayOverride ?? Math.max(0, exp - refreshLeadMs(token) - Date.now());
  keepAliveTimer = setTimeout(() => void keepAliveTick(token), due);
}

async function keepAliveTick(token: string) {
  if (getAccessToken() !== token) return scheduleKeepAlive(); // another tab refreshed: follow its token
  const outcome = await refreshAccessToken(token);
  // Success re-arms through the session subscription; a transient failure tries again while the token lasts.
  if (!outcome.ok && !outcome.definitive) scheduleKeepAlive(RETRY_AFTER_FAILURE_MS);
}

function onVisibility() {
  // Background tabs' timers are throttled: re-plan the moment the tab is seen again.
  if (document.visibilityState === 'visible') scheduleKeepAlive();
}

/** Starts the before-expiry refresh (reference counted: guards nest). Returns the function that stops it. */
export function keepSessionFresh(): () => void {
  keepAliveUsers += 1;
  if (keepAliveUsers === 1) {
    const unsubscribe = subscribeSession(() => scheduleKeepAlive());
    document.addEventListener('visibilitychange', onVisibility);
    stopKeepAliveListeners = () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
    };
    scheduleKeepAlive();
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    keepAliveUsers -= 1;
    if (keepAliveUsers === 0) {
      clearTimeout(keepAliveTimer);
      keepAliveTimer = undefined;
      stopKeepAliveListeners?.();
      stopKeepAliveListeners = undefined;
    }
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The public surface

export type GetRequest = string | { url: string; params?: QueryParams; opts?: RequestOptions };

function contentDispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {}
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim();
}

export const api = {
  async get<T = unknown>(url: string, params?: QueryParams, opts?: RequestOptions): Promise<T> {
    return (await execute({ method: 'GET', url, params, kind: 'json', opts })).data as T;
  },

  /** A file (export, print PDF, photo) as a Blob. */
  async getBlob(url: string, params?: QueryParams, opts?: RequestOptions): Promise<Blob> {
    return (await execute({ method: 'GET', url, params, kind: 'blob', opts })).data as Blob;
  },

  /** A file with the name the server suggests in Content-Disposition. */
  async getFile(url: string, params?: QueryParams, opts?: RequestOptions): Promise<{ blob: Blob; filename?: string }> {
    const { res, data } = await execute({ method: 'GET', url, params, kind: 'blob', opts });
    return { blob: data as Blob, filename: contentDispositionFilename(res.headers.get('content-disposition')) };
  },

  /** Several GETs at once; resolves with their data in order, rejects with the first failure. */
  getAll<T extends unknown[] = unknown[]>(requests: { [K in keyof T]: GetRequest }): Promise<T> {
    return Promise.all(
      (requests as GetRequest[]).map((r) => (typeof r === 'string' ? api.get(r) : api.get(r.url, r.params, r.opts))),
    ) as Promise<T>;
  },

  /** A record with its ETag, which the edit screens send back as If-Match. */
  async getWithEtag<T = unknown>(
    url: string,
    params?: QueryParams,
    opts?: RequestOptions,
  ): Promise<{ data: T; etag: string | null }> {
    const { res, data } = await execute({ method: 'GET', url, params, kind: 'json', opts });
    return { data: data as T, etag: res.headers.get('etag') };
  },

  async post<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return (await execute({ method: 'POST', url, body, kind: 'json', opts })).data as T;
  },

  async patch<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return (await execute({ method: 'PATCH', url, body, kind: 'json', opts })).data as T;
  },

  async put<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return (await execute({ method: 'PUT', url, body, kind: 'json', opts })).data as T;
  },

  async delete<T = unknown>(url: string, opts?: RequestOptions & { body?: unknown; params?: QueryParams }): Promise<T> {
    return (await execute({ method: 'DELETE', url, body: opts?.body, params: opts?.params, kind: 'json', opts })).data as T;
  },

  async postMultipart<T = unknown>(url: string, form: FormData, opts?: RequestOptions): Promise<T> {
    return (await execute({ method: 'POST', url, body: form, kind: 'json', opts })).data as T;
  },

  async patchMultipart<T = unknown>(url: string, form: FormData, opts?: RequestOptions): Promise<T> {
    return (await execute({ method: 'PATCH', url, body: form, kind: 'json', opts })).data as T;
  },
};
