import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueueStatus } from '../../../shared/contracts/messages';
import { HttpError } from '../../lib/errors';
import { queueStats } from '../../lib/queue';

const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** The job queue: jobs due and waiting, the age of the oldest (seconds), jobs failed for good in the last hour. */
  queue: QueueStatus,
});

/**
 * A readiness check: `ok` means this instance can serve requests, which it cannot without its database, so it
 * asks the database for one trivial row (`SELECT 1`), then for the job queue's figures (a read of pg-boss's job tables). A load balancer or the
 * container runtime then stops sending work to an instance whose database is gone: 503, not a generic 500.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthResponse } } },
    async () => {
      let queue;
      try {
        await app.deps.database.query('SELECT 1');
        queue = await queueStats(app.deps.database);
      } catch {
        throw new HttpError(503, 'Cơ sở dữ liệu không phản hồi', 'DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: app.deps.database.driver, version: app.deps.version, queue };
    },
  );
};
