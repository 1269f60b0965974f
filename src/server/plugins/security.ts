import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The CSP forbids inline script; inline *style* is allowed because
 * React, Bootstrap's JS and react-toastify set element styles, which carry no script-injection risk.
 */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
  });
  // API answers are private and never cached, except what a public route (company profile, logo) marks
  // cacheable itself: those carry nothing about a user.
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/api') || req.url.startsWith('/api/docs')) return;
    const ownCaching = reply.statusCode < 400 && req.routeOptions.config?.access === 'public' && reply.hasHeader('cache-control');
    if (!ownCaching) reply.header('cache-control', 'no-store');
  });
}
