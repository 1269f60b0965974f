import type { FastifyInstance } from 'fastify';

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
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api') && !req.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
  });
}
