import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, mockFetch, sleep, type FetchCall } from '../test/auth-fixtures';
import { loadMessageCatalog } from '../../shared/i18n/lazy';
import {
  api,
  ApiRequestError,
  errorMessage,
  keepSessionFresh,
  REFRESH_TOKEN_PATH,
  refreshAccessToken,
  UNKNOWN_ERROR_MESSAGE,
} from './api-client';
import { i18n, initI18n } from './i18n';
import { getAccessToken, getRefreshToken, saveTokens } from './session';

const isRefresh = (c: FetchCall) => c.url.endsWith(REFRESH_TOKEN_PATH);

async function rejection(p: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await p;
  } catch (e) {
    return e as ApiRequestError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('requests', () => {
  const token = makeToken({ expiresIn: 600 });
  beforeEach(() => saveTokens(token, 'refresh-1'));

  it('GETs with query parameters and the bearer token, and resolves with the data', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { items: [1, 2] }));
    const data = await api.get('/api/customers', {
      q: 'Nguyễn',
      page: 2,
      status: ['active', 'blocked'],
      empty: '',
      none: undefined,
      from: new Date('2026-01-02T03:04:05.000Z'),
    });
    expect(data).toEqual({ items: [1, 2] });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/customers');
    expect(url.searchParams.get('q')).toBe('Nguyễn');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.getAll('status')).toEqual(['active', 'blocked']);
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.has('none')).toBe(false);
    expect(url.searchParams.get('from')).toBe('2026-01-02T03:04:05.000Z');
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(calls[0]!.method).toBe('GET');
  });

  it('sends JSON with its content type on POST, PATCH and PUT, and extra headers such as If-Match', async () => {
    const { calls } = mockFetch((c) => jsonResponse(200, { method: c.method }));
    await expect(api.post('/api/things', { a: 1 })).resolves.toEqual({ method: 'POST' });
    await expect(api.patch('/api/things/1', { b: 2 }, { headers: { 'If-Match': '"3"' } })).resolves.toEqual({
      method: 'PATCH',
    });
    await expect(api.put('/api/things/1', { c: 3 })).resolves.toEqual({ method: 'PUT' });
    for (const c of calls) expect(c.headers['Content-Type']).toBe('application/json');
    expect(calls.map((c) => c.body)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(calls[1]!.headers['If-Match']).toBe('"3"');
  });

  it('DELETEs with If-Match and resolves with undefined on 204', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/things/1', { headers: { 'If-Match': '"7"' } })).resolves.toBeUndefined();
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.headers['If-Match']).toBe('"7"');
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('posts and patches multipart forms without forcing a content type (the browser adds the boundary)', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, { id: 9 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    await expect(api.postMultipart('/api/import', form)).resolves.toEqual({ id: 9 });
    await expect(api.patchMultipart('/api/things/1/photo', form)).resolves.toEqual({ id: 9 });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PATCH']);
    for (const c of calls) {
      expect(c.body).toBe(form);
      expect(c.headers['Content-Type']).toBeUndefined();
      expect(c.headers.Authorization).toBe(`Bearer ${token}`);
    }
  });

  it('gets a blob, a file name, several GETs at once and a record with its ETag', async () => {
    mockFetch((c) => {
      if (c.url.startsWith('/api/export'))
        return new Response('a;b', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': "attachment; filename=\"x.csv\"; filename*=UTF-8''kh%C3%A1ch-h%C3%A0ng.csv",
          },
        });
      if (c.url === '/api/customers/5') return jsonResponse(200, { id: 5 }, { etag: '"4"' });
      return jsonResponse(200, { url: c.url });
    });
    const blob = await api.getBlob('/api/export');
    // (Node's Blob, which fetch's Response makes, is not jsdom's: compare by behaviour, not class.)
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('a;b');
    const file = await api.getFile('/api/export');
    expect(file.filename).toBe('khách-hàng.csv');
    const [a, b] = await api.getAll<[{ url: string }, { url: string }]>([
      '/api/a',
      { url: '/api/b', params: { page: 1 } },
    ]);
    expect(a.url).toBe('/api/a');
    expect(b.url).toBe('/api/b?page=1');
    await expect(api.getWithEtag('/api/customers/5')).resolves.toEqual({ data: { id: 5 }, etag: '"4"' });
  });

  it('rejects with { status, data } carrying the server error body', async () => {
    const body = { message: 'Dữ liệu không hợp lệ', code: 'VALIDATION_ERROR', details: [{ path: 'email', message: 'x' }] };
    mockFetch(() => jsonResponse(400, body));
    const err = await rejection(api.post('/api/customers', {}));
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err.status).toBe(400);
    expect(err.data).toEqual(body);
  });

  it('gives a body without our error shape words of its own (a proxy page)', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const err = await rejection(api.get('/api/x'));
    expect(err.status).toBe(502);
    expect(err.data.message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(err.data.code).toBe('HTTP_502');
    mockFetch(() => new Response('<html>Too large</html>', { status: 413, headers: { 'content-type': 'text/html' } }));
    const tooLarge = await rejection(api.post('/api/import', {}));
    expect(tooLarge.data.message).toBe('Dữ liệu gửi lên quá lớn');
  });

  it('rejects a network failure with status 0 and "Lỗi không xác định"', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await rejection(api.get('/api/x'));
    expect(err.status).toBe(0);
    expect(err.data.message).toBe('Lỗi không xác định');
  });

  it('never sends the token to another origin', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await api.get('https://elsewhere.example/api/x');
    await api.get(`${window.location.origin}/api/y`);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header without a token', async () => {
    Cookies.remove('access_token', { path: '/' });
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await api.get('/api/health');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });
});

describe('401 with an expired token', () => {
  const expired = makeToken({ expiresIn: -5 });
  const fresh = makeToken({ expiresIn: 900 });

  beforeEach(() => saveTokens(expired, 'refresh-old'));

  /** The server: valid only with the fresh token; the refresh answers after a delay so callers overlap. */
  function server(refresh: (c: FetchCall) => Response) {
    return mockFetch(async (c) => {
      if (isRefresh(c)) {
        await sleep(30);
        return refresh(c);
      }
      if (c.headers.Authorization === `Bearer ${fresh}`) return jsonResponse(200, { ok: c.url });
      return jsonResponse(401, { message: 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ', code: 'TOKEN_INVALID' });
    });
  }

  it('ten concurrent 401s make exactly one refresh, and each request is retried once with the new token', async () => {
    const { calls } = server(() => jsonResponse(200, { token: fresh, refreshToken: 'refresh-new' }));
    const urls = Array.from({ length: 10 }, (_, i) => `/api/items/${i}`);
    const results = await Promise.all(urls.map((u) => api.get(u)));

    expect(results).toEqual(urls.map((u) => ({ ok: u })));
    const refreshes = calls.filter(isRefresh);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.method).toBe('POST');
    expect(refreshes[0]!.body).toEqual({ refreshToken: 'refresh-old' });
    expect(refreshes[0]!.headers.Authorization).toBe(`Bearer ${expired}`);
    for (const u of urls) {
      const tries = calls.filter((c) => c.url === u);
      expect(tries.map((c) => c.headers.Authorization)).toEqual([`Bearer ${expired}`, `Bearer ${fresh}`]);
    }
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('refresh-new');
  });

  it('a 401 arriving after another caller refreshed reuses the new token instead of refreshing again', async () => {
    const { calls } = server(() => jsonResponse(200, { token: fresh, refreshToken: 'refresh-new' }));
    await api.get('/api/first');
    // This request went out with the old token before the refresh landed (simulated by sending it by hand).
    expect(await refreshAccessToken(expired)).toEqual({ ok: true, token: fresh });
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('a failed refresh is logged, the original error rejected, the session cleared', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = server(() => jsonResponse(401, { message: 'Phiên đăng nhập đã hết hạn', code: 'REFRESH_TOKEN_INVALID' }));
    const errors = await Promise.all([rejection(api.get('/api/a')), rejection(api.get('/api/b')), rejection(api.get('/api/c'))]);

    for (const e of errors) {
      expect(e.status).toBe(401);
      expect(e.data.code).toBe('TOKEN_INVALID');
    }
    expect(calls.filter(isRefresh)).toHaveLength(1);
    // No retry after a failed refresh: each original request went out once.
    expect(calls.filter((c) => !isRefresh(c))).toHaveLength(3);
    expect(warn).toHaveBeenCalled();
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('a refresh without a response keeps the session (it may still be good) but still rejects the call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch((c) => {
      if (isRefresh(c)) throw new TypeError('Failed to fetch');
      return jsonResponse(401, { message: 'hết hạn', code: 'TOKEN_INVALID' });
    });
    const err = await rejection(api.get('/api/a'));
    expect(err.status).toBe(401);
    expect(warn).toHaveBeenCalled();
    expect(getRefreshToken()).toBe('refresh-old');
  });

  it('retries only once: a second 401 after the refresh is the caller’s', async () => {
    const { calls } = mockFetch(async (c) => {
      if (isRefresh(c)) return jsonResponse(200, { token: fresh, refreshToken: 'refresh-new' });
      return jsonResponse(401, { message: 'không', code: 'TOKEN_INVALID' });
    });
    const err = await rejection(api.get('/api/a'));
    expect(err.status).toBe(401);
    expect(calls.filter((c) => c.url === '/api/a')).toHaveLength(2);
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('never refreshes for the login call itself', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { message: 'Email hoặc mật khẩu không đúng', code: 'INVALID_CREDENTIALS' }));
    const err = await rejection(api.post('/api/auth/login', { email: 'a@b.vn', password: 'x' }));
    expect(err.data.message).toBe('Email hoặc mật khẩu không đúng');
    expect(calls.filter(isRefresh)).toHaveLength(0);
  });

  it('a 401 for a token that is neither expired nor rejected as a token (e.g. a wrong current password) is passed on', async () => {
    saveTokens(fresh, 'refresh-old');
    const { calls } = mockFetch(() => jsonResponse(401, { message: 'Mật khẩu hiện tại không đúng', code: 'INVALID_CURRENT_PASSWORD' }));
    const err = await rejection(api.post('/api/auth/change-password', {}));
    expect(err.data.code).toBe('INVALID_CURRENT_PASSWORD');
    expect(calls.filter(isRefresh)).toHaveLength(0);
  });

  it('a revoked session (valid-looking token, SESSION_REVOKED) also gets one refresh', async () => {
    saveTokens(makeToken({ expiresIn: 600 }), 'refresh-old');
    const { calls } = server(() => jsonResponse(200, { token: fresh, refreshToken: 'refresh-new' }));
    calls.length = 0;
    await expect(api.get('/api/a')).resolves.toEqual({ ok: '/api/a' });
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('across tabs: under the Web Lock it re-reads the cookie and adopts what another tab got', async () => {
    const otherTabToken = makeToken({ expiresIn: 900 });
    const request = vi.fn(async (_name: string, _opts: unknown, cb: () => Promise<unknown>) => {
      // While this tab waited for the lock, the other tab refreshed and wrote the shared cookies.
      saveTokens(otherTabToken, 'refresh-from-other-tab');
      return cb();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = mockFetch((c) => {
      if (isRefresh(c)) return jsonResponse(200, { token: fresh, refreshToken: 'refresh-new' });
      if (c.headers.Authorization === `Bearer ${otherTabToken}`) return jsonResponse(200, { ok: true });
      return jsonResponse(401, { message: 'hết hạn', code: 'TOKEN_INVALID' });
    });
    await expect(api.get('/api/a')).resolves.toEqual({ ok: true });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toBe('cargo-console:token-refresh');
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(getRefreshToken()).toBe('refresh-from-other-tab');
  });
});

describe('refresh shortly before expiry', () => {
  it('renews the token a minute before a 15-minute token expires, and keeps doing so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const first = makeToken({ expiresIn: 900, lifetime: 900 });
    saveTokens(first, 'r1');
    let n = 0;
    const { calls } = mockFetch(() => {
      n += 1;
      return jsonResponse(200, { token: makeToken({ expiresIn: 900, lifetime: 900 }), refreshToken: `r${n + 1}` });
    });
    const stop = keepSessionFresh();
    await vi.advanceTimersByTimeAsync(839_000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ refreshToken: 'r1' });
    expect(getRefreshToken()).toBe('r2');
    await vi.advanceTimersByTimeAsync(841_000);
    expect(calls).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(2);
  });
});

describe('the UI language', () => {
  const expired = makeToken({ expiresIn: -5 });
  const fresh = makeToken({ expiresIn: 900 });

  beforeEach(async () => {
    await initI18n('vi');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('goes to our API as Accept-Language on every call: plain calls, login, the refresh and its retry', async () => {
    await i18n.changeLanguage('en');
    saveTokens(expired, 'refresh-old');
    const { calls } = mockFetch((c) => {
      if (isRefresh(c)) return jsonResponse(200, { token: fresh, refreshToken: 'refresh-new' });
      if (c.url.endsWith('/api/auth/login')) return jsonResponse(401, { message: 'Incorrect e-mail or password', code: 'INVALID_CREDENTIALS' });
      if (c.headers.Authorization === `Bearer ${fresh}`) return jsonResponse(200, { ok: true });
      return jsonResponse(401, { message: 'Your session has expired or is not valid', code: 'TOKEN_INVALID' });
    });
    await api.get('/api/customers');
    await rejection(api.post('/api/auth/login', { email: 'a@b.c', password: 'x' }));
    expect(calls.map((c) => [c.url.replace(/^https?:\/\/[^/]+/, ''), c.headers['Accept-Language']])).toEqual([
      ['/api/customers', 'en'],
      [REFRESH_TOKEN_PATH, 'en'],
      ['/api/customers', 'en'],
      ['/api/auth/login', 'en'],
    ]);

    await i18n.changeLanguage('vi');
    await api.get('/api/customers');
    expect(calls.at(-1)!.headers['Accept-Language']).toBe('vi');
  });

  it('is not sent to another origin, and a caller may still set its own', async () => {
    saveTokens(fresh, 'refresh-1');
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await api.get('https://elsewhere.example/api/x');
    await api.get('/api/y', undefined, { headers: { 'Accept-Language': 'en' } });
    expect(calls[0]!.headers['Accept-Language']).toBeUndefined();
    expect(calls[1]!.headers['Accept-Language']).toBe('en');
  });

  it("the client's own texts follow it too (the server's arrive in the language already)", async () => {
    await i18n.changeLanguage('en');
    await loadMessageCatalog();
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await rejection(api.get('/api/x'));
    expect(offline.data.message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorMessage(offline)).toBe('Unknown error');
    mockFetch(() => new Response('<html>Too large</html>', { status: 413, headers: { 'content-type': 'text/html' } }));
    expect(errorMessage(await rejection(api.post('/api/import', {})))).toBe('The data sent is too large');
    mockFetch(() => jsonResponse(404, { message: 'Customer not found', code: 'NOT_FOUND' }));
    expect(errorMessage(await rejection(api.get('/api/customers/9')))).toBe('Customer not found');
    await i18n.changeLanguage('vi');
    expect(errorMessage(offline)).toBe('Lỗi không xác định');
  });
});
