import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../../shared/contracts/errors';
import { IdParams } from '../../../shared/contracts/list-query';
import { Message } from '../../../shared/contracts/messages';
import { requestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { enqueue, QUEUES } from '../../lib/queue';
import { runWrite } from '../../lib/write-context';
import { messagesResource } from './messages.resource';

/**
 * /api/messages (Admin): the notification log (list with filters customerId, event, channel, state; get), and a
 * staff member's resend (a new message with the same content, sent now) and cancel (a queued message is skipped).
 */
export const messagesRoutes = resourceRoutes(messagesResource, (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const validatorCompiler = namedParamsValidator;
  const db = () => app.deps.database.db;
  const answer = async (id: number) => (await findItem<Message>(db(), messagesResource, id))!;

  app.post(
    '/messages/:id/resend',
    { validatorCompiler, schema: { tags, summary: 'Gửi lại tin nhắn (một tin mới cùng nội dung)', params: IdParams, response: { 201: Message, 404: ApiError, 409: ApiError } } },
    async (req, reply) => {
      const { id } = req.params as IdParams;
      const newId = await runWrite(db(), requestMeta(req), async ({ tx }) => {
        // A new row (its own tracking_id, so the provider takes it as a new message) with the same content; a
        // message of the same group still waiting makes a resend pointless, so it is refused.
        const result = await tx.execute(sql`
          INSERT INTO messages (customer_id, event, channel, group_key, package_ids, params, attempts, reason)
          SELECT customer_id, event, channel, group_key, package_ids, params, 0, ${`resent from #${id}`}
          FROM messages WHERE id = ${id}
          ON CONFLICT (customer_id, event, channel, group_key) WHERE state = 'queued' AND attempts = 0 DO NOTHING
          RETURNING id`);
        const row = (result as unknown as { rows: Array<{ id: number }> }).rows[0];
        if (!row) {
          const exists = await tx.execute(sql`SELECT 1 FROM messages WHERE id = ${id}`);
          if (!(exists as unknown as { rows: unknown[] }).rows.length) throw new HttpError(404, 'Không tìm thấy tin nhắn');
          throw new HttpError(409, 'Tin nhắn cùng loại của khách hàng này đang chờ gửi', 'MESSAGE_ALREADY_QUEUED');
        }
        await enqueue(tx, QUEUES.notify, { messageId: Number(row.id) }, { key: `message:${row.id}` });
        return Number(row.id);
      });
      return reply.status(201).send(await answer(newId));
    },
  );

  app.post(
    '/messages/:id/cancel',
    { validatorCompiler, schema: { tags, summary: 'Hủy tin nhắn đang chờ gửi', params: IdParams, response: { 200: Message, 404: ApiError, 409: ApiError } } },
    async (req) => {
      const { id } = req.params as IdParams;
      const who = requestMeta(req).actorEmail ?? 'staff';
      const result = await db().execute(sql`
        UPDATE messages SET state = 'skipped', reason = ${`cancelled by ${who}`}, updated_at = now()
        WHERE id = ${id} AND state = 'queued' RETURNING id`);
      if (!(result as unknown as { rows: unknown[] }).rows.length) {
        const item = await findItem<Message>(db(), messagesResource, id);
        if (!item) throw new HttpError(404, 'Không tìm thấy tin nhắn');
        throw new HttpError(409, 'Chỉ hủy được tin nhắn đang chờ gửi', 'MESSAGE_NOT_QUEUED');
      }
      return answer(id);
    },
  );
});
