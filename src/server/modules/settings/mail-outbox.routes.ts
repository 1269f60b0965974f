import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../shared/contracts/errors';
import { MAIL_OUTBOX_LIMIT, MailOutbox } from '../../../shared/contracts/mail-outbox';
import { mailOutbox } from '../../db/schema/index';

/**
 * GET /api/mail-outbox — Admin only (the default for a route): the newest mail kept in `mail_outbox`. Without
 * SMTP_URL that is where "forgot password" puts its link, so an Admin reads it here (Settings → Mail outbox).
 */
export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  app.get(
    '/mail-outbox',
    {
      schema: {
        tags: ['settings'],
        summary: 'Thư chưa gửi (không có máy chủ thư): thư mới nhất trong mail_outbox',
        response: { 200: MailOutbox, 401: ApiError, 403: ApiError },
      },
    },
    async (_req, reply) => {
      const rows = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(MAIL_OUTBOX_LIMIT);
      const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      // One-time links: never kept by a browser or a proxy.
      void reply.header('cache-control', 'no-store');
      return {
        mode: config.SMTP_URL ? ('smtp' as const) : ('outbox' as const),
        pickupDir: Boolean(config.MAIL_PICKUP_DIR),
        total: n,
        items: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt ? r.sentAt.toISOString() : null,
        })),
      };
    },
  );
};
