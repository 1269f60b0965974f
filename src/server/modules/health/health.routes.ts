import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';

const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/**
 * A readiness check: `ok` means this instance can serve requests, which it cannot without its database, so it
 * asks the database for one trivial row (`SELECT 1`, a round trip and nothing more). A load balancer or the
 * container runtime then stops sending work to an instance whose database is gone: 503, not a generic 500.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthResponse } } },
    async () => {
      try {
        await app.deps.database.query('SELECT 1');
      } catch {
        throw new HttpError(503, 'Cơ sở dữ liệu không phản hồi', 'DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: app.deps.database.driver, version: app.deps.version };
    },
  );
};
