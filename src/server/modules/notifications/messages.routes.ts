import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../../shared/contracts/errors';
import { IdParams } from '../../../shared/contracts/list-query';
import { Message, MessageTestRequest, MessageTestResult, QueueStatus } from '../../../shared/contracts/messages';
import { znsTemplateData } from '../../../shared/domain/notifications';
import { toZaloPhone } from '../../../shared/domain/phone';
import { requestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { enqueue, QUEUES, queueStats } from '../../lib/queue';
import { runWrite } from '../../lib/write-context';
import { messagesResource } from './messages.resource';
import { ZNS_TEST_SAMPLE } from './notifications.samples';
import { znsTemplateFor } from './notifications.send';
import { sendZns } from './zns';

/**
 * /api/messages (Admin): the notification log (list with filters customerId, event, channel, state; get), a
 * staff member's resend (a new message with the same content, sent now) and cancel (a queued message is skipped),
 * a test send of an event kind's Zalo template, and the job queue's figures.
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

  app.post(
    '/messages/test',
    {
      schema: {
        tags,
        summary: 'Gửi thử một tin ZNS của mẫu một loại sự kiện, với dữ liệu mẫu, tới một số điện thoại',
        body: MessageTestRequest,
        response: { 200: MessageTestResult, 400: ApiError, 409: ApiError },
      },
    },
    async (req) => {
      const { event, phone: input } = req.body as MessageTestRequest;
      const phone = toZaloPhone(input);
      if (!phone) throw new HttpError(400, 'Zalo chỉ gửi tới số di động Việt Nam', undefined, [{ path: 'phone', message: 'Zalo chỉ gửi tới số di động Việt Nam' }]);
      const { database, config } = app.deps;
      const template = await znsTemplateFor(database, config, event);
      if (!template) throw new HttpError(409, 'Loại sự kiện này chưa có mẫu ZNS (Cài đặt hoặc ZNS_TEMPLATES)', 'NO_ZNS_TEMPLATE');
      const templateData = znsTemplateData(event, template.params, ZNS_TEST_SAMPLE[event]);
      // Its own tracking id: a test is never taken by the provider as a repeat of a customer's message.
      const outcome = await sendZns(database, config, { phone, templateId: template.templateId, templateData, trackingId: `test-${randomUUID()}` });
      req.log.info({ event, templateId: template.templateId, outcome: outcome.kind }, 'ZNS test send');
      return {
        outcome: outcome.kind,
        phone,
        templateId: template.templateId,
        templateData,
        answer: outcome.answer ?? null,
        reason: outcome.kind === 'sent' ? '' : outcome.reason,
      };
    },
  );

  app.get(
    '/messages/queue',
    { schema: { tags, summary: 'Hàng đợi công việc: số việc đang chờ, việc chờ lâu nhất, việc lỗi trong một giờ qua', response: { 200: QueueStatus } } },
    async (_req, reply) => {
      void reply.header('cache-control', 'no-store');
      return queueStats(app.deps.database);
    },
  );
});
