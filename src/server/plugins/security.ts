import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors';

/** %XX encoding a letter, digit, '-', '.', '_' or '~' (RFC 3986 unreserved: never needs encoding). */
const NON_CANONICAL = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])/;

/** RFC 2046: 1–70 characters, quoted or not. */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[0-9A-Za-z'()+_,\-./:=?]{1,70})\s*(?:;|$)/i;

/** The dotted path of the first string (value or key) holding U+0000, or undefined. */
function nulPath(value: unknown, path: string[], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = nulPath(value[i], [...path, String(i)], depth + 1);
      if (at) return at;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...path, k.replaceAll('\u0000', '\\u0000')].join('.');
    const at = nulPath(v, [...path, k], depth + 1);
    if (at) return at;
  }
  return undefined;
}

/**
 * Security headers on every response. The CSP forbids inline script; inline *style* is allowed because
 * React, Bootstrap's JS and react-toastify set element styles, which carry no script-injection risk.
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'worker-src': ["'self'", 'blob:'],
};

/**
 * The headers helmet would set with this configuration (cross-origin-embedder-policy off, HSTS a year with
 * subdomains, same-origin referrer). They never vary by request, so they are computed once at start-up instead of
 * rebuilding helmet's middleware on each request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export async function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  // One spelling per path: a percent-encoded unreserved character (`/%61pi/…`) is refused before routing. No
  // browser or client of ours writes one, and a second spelling of a path only serves to slip past checks on text.
  app.addHook('onRequest', async (req) => {
    const q = req.url.indexOf('?');
    const path = q === -1 ? req.url : req.url.slice(0, q);
    if (NON_CANONICAL.test(path)) throw new HttpError(400, 'Đường dẫn không hợp lệ', 'NON_CANONICAL_PATH');
  });
  // One rule for every string a client sends (JSON body at any depth, query string, path parameters): no NUL.
  // PostgreSQL cannot store U+0000 in text and refuses the whole statement, so it is a 400 naming the field.
  app.addHook('preValidation', async (req) => {
    // A multipart body without a usable boundary cannot be read: refused before any handler tries.
    const type = req.headers['content-type'];
    if (type && /^\s*multipart\//i.test(type) && !MULTIPART_BOUNDARY.test(type)) {
      throw new HttpError(415, 'Tệp tải lên không đúng định dạng multipart/form-data');
    }
    const parts = [['body', req.body], ['querystring', req.query], ['params', req.params]] as const;
    for (const [part, value] of parts) {
      const at = nulPath(value, [part]);
      if (at) {
        const message = `${at} chứa ký tự NUL (\\u0000), không được phép`;
        throw new HttpError(400, message, undefined, [{ path: at, message }]);
      }
    }
  });
  // Decided by the matched route, as access is: only a route marked cacheable (static files, API docs) or an
  // answer that chose its own policy (the SPA shell) escapes no-store.
  app.addHook('onSend', async (req, reply) => {
    if (req.routeOptions.config?.cacheable) return;
    if (req.routeOptions.url === undefined && reply.hasHeader('cache-control')) return;
    // A public route (company profile, logo) may choose its own caching for a success: it carries nothing about a user.
    const own = req.routeOptions.config?.access === 'public' && reply.statusCode < 400 && reply.hasHeader('cache-control');
    if (own) return;
    reply.header('cache-control', 'no-store');
  });
}
