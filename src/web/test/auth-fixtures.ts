import { vi } from 'vitest';
import type { Role } from '../../shared/auth';
import type { AuthUser } from '../../shared/contracts/auth';

function base64url(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT the browser can decode (the signature is never checked client-side). `expiresIn` in seconds, may be < 0. */
export function makeToken(opts: { expiresIn: number; role?: Role; email?: string; sub?: string; lifetime?: number }): string {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + opts.expiresIn;
  const payload = {
    sub: opts.sub ?? '1',
    role: opts.role ?? 'Admin',
    email: opts.email ?? 'admin@cargo.test',
    iat: exp - (opts.lifetime ?? 900),
    exp,
    jti: Math.random().toString(36).slice(2),
  };
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

export function makeUser(role: Role = 'Admin', overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: role === 'Admin' ? 1 : 2,
    email: role === 'Admin' ? 'admin@cargo.test' : 'staff@cargo.test',
    fullName: role === 'Admin' ? 'Nguyễn Văn Quản' : 'Trần Thị Nhân',
    role,
    employee: null,
    store: null,
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces global fetch with `handler`, recording every call with its parsed headers and body. */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {}
    }
    const call: FetchCall = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
