import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../../shared/contracts/errors';
import { PUBLIC_LANGUAGES, PublicTrackingQuery, PublicTrackingResponse } from '../../../shared/contracts/public-tracking';
import { namedParamsValidator } from '../../lib/resource/validation';
import { createPublicTracking } from './public-tracking.service';

/**
 * Per-IP limit of the public lookup: a customer checking a few parcels, or a shop behind one address
 * refreshing now and then, stays far below it; a script walking number ranges is slowed to a crawl.
 */
export const PUBLIC_TRACKING_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
/** Browsers and shared caches may reuse an answer this long; events are minutes apart, not seconds. */
const PUBLIC_TRACKING_MAX_AGE_S = 15;

/** `GET /api/public/tracking`: public (no token), rate-limited, briefly cacheable. See contracts/public-tracking.ts. */
export const publicTrackingRoutes: FastifyPluginAsync = async (app) => {
  const tracking = createPublicTracking(() => app.deps.database.db);

  app.get(
    '/public/tracking',
    {
      validatorCompiler: namedParamsValidator,
      config: { access: 'public', rateLimit: PUBLIC_TRACKING_RATE_LIMIT },
      schema: {
        tags: ['public'],
        summary: 'Tra cứu công khai: tối đa 20 mã vận đơn / mã kiện, hoặc một mã phiếu giao',
        security: [],
        querystring: PublicTrackingQuery,
        response: { 200: PublicTrackingResponse, 400: ApiError, 429: ApiError },
      },
      // `?lang=` (a shared link's language) wins over Accept-Language, for the labels and for error messages
      // alike: it is copied into the header before anything reads the request's language.
      onRequest: async (req) => {
        const lang = (req.query as Record<string, unknown>).lang;
        if (typeof lang === 'string' && (PUBLIC_LANGUAGES as readonly string[]).includes(lang)) req.headers['accept-language'] = lang;
      },
      // Every /api answer is `no-store` (plugins/security.ts, an app-level onSend); this route-level hook runs
      // after it. A lookup's answer depends on the numbers (in the URL) and the language (the header) only, so a
      // success may be shared briefly; refusals (400, 429) stay uncached.
      onSend: async (_req, reply) => {
        if (reply.statusCode === 200) reply.header('cache-control', `public, max-age=${PUBLIC_TRACKING_MAX_AGE_S}`).header('vary', 'Accept-Language');
      },
    },
    async (req) => tracking.track(req.query as PublicTrackingQuery, req.lang),
  );
};
