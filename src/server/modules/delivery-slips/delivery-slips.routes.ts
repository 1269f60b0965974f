import { z } from 'zod';
import { ApiError } from '../../../shared/contracts/errors';
import { IDEMPOTENCY_HEADER } from '../../../shared/contracts/idempotency';
import {
  CodByCarrier,
  CustomerFeedbackList,
  DeliverySlip,
  DeliverySlipCreate,
  ReadyPackages,
  ReadyPackagesQuery,
  SlipBulkBody,
  SlipBulkResult,
  SlipBulkStatusBody,
  SlipBulkStatusResult,
  SlipCodeParams,
  SlipFeedbackQuery,
  SlipConfirmBody,
  SlipStatusBody,
  SlipItems,
  SlipPrintBody,
  SlipQuote,
  SlipQuoteQuery,
  SlipReconcileBody,
} from '../../../shared/contracts/delivery-slips';
import { IdParams } from '../../../shared/contracts/list-query';
import { requestMeta } from '../../lib/audit';
import { idempotencyKeyOf, markReplay, withIdempotency } from '../../lib/idempotency';
import { setEtag } from '../../lib/resource/concurrency';
import { recordCommand } from '../../lib/resource/write';
import { runWrite } from '../../lib/write-context';
import { bulkChangeSlipStatus, changeSlipStatus, confirmSlip } from './delivery-slips.lifecycle';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { bulkCreate, codByCarrier, customerFeedback, findSlipByCode, readyPackages, recordPrints, reconcile } from './delivery-slips.actions';
import { deliverySlipsResource } from './delivery-slips.resource';
import { quoteSlip } from './delivery-slips.service';

/**
 * /api/delivery-slips from the resource definition (list with totals, export, get, create, PATCH) plus the
 * slip's own routes (shared/contracts/delivery-slips.ts lists them with their shapes). Admin only.
 */
export const deliverySlipsRoutes = resourceRoutes(deliverySlipsResource, (app) => {
  const tags = ['delivery-slips'];
  const validatorCompiler = namedParamsValidator;
  const db = () => app.deps.database.db;

  app.get(
    '/delivery-slips/by-code/:code',
    { validatorCompiler, schema: { tags, summary: 'Phiếu giao theo mã (quét mã vạch)', params: SlipCodeParams, response: { 200: DeliverySlip } } },
    async (req, reply) => {
      const slip = await findSlipByCode(db(), (req.params as { code: string }).code);
      setEtag(reply, slip.version);
      return slip;
    },
  );

  app.get(
    '/delivery-slips/ready-packages',
    { validatorCompiler, schema: { tags, summary: 'Kiện sẵn sàng giao của khách hàng, theo kho', querystring: ReadyPackagesQuery, response: { 200: ReadyPackages } } },
    async (req) => readyPackages(db(), (req.query as { customerId: number }).customerId),
  );

  app.get(
    '/delivery-slips/feedback',
    { validatorCompiler, schema: { tags, summary: 'Đánh giá của khách hàng khi nhận hàng (mới nhất trước)', querystring: SlipFeedbackQuery, response: { 200: CustomerFeedbackList } } },
    async (req) => customerFeedback(db(), (req.query as { customerId: number }).customerId),
  );

  app.get(
    '/delivery-slips/cod-by-carrier',
    { validatorCompiler, schema: { tags, summary: 'Tiền thu hộ đơn vị vận chuyển còn nợ (chưa đối soát), theo đơn vị', response: { 200: CodByCarrier } } },
    async () => codByCarrier(db()),
  );

  app.post(
    '/delivery-slips/quote',
    { validatorCompiler, schema: { tags, summary: 'Tính tiền phiếu giao (không lưu)', querystring: SlipQuoteQuery, body: DeliverySlipCreate, response: { 200: SlipQuote } } },
    async (req) => quoteSlip(db(), req.body as DeliverySlipCreate, (req.query as SlipQuoteQuery).slipId),
  );

  app.post(
    '/delivery-slips/:id/print',
    { validatorCompiler, schema: { tags, summary: 'Ghi nhận một lần in phiếu giao', params: IdParams, response: { 200: DeliverySlip } } },
    async (req, reply) => {
      const [slip] = await recordPrints(app, req, [(req.params as IdParams).id]);
      setEtag(reply, slip!.version);
      return slip;
    },
  );

  app.post(
    '/delivery-slips/print',
    { validatorCompiler, schema: { tags, summary: 'Ghi nhận một lần in của nhiều phiếu giao', body: SlipPrintBody, response: { 200: SlipItems } } },
    async (req) => ({ items: await recordPrints(app, req, (req.body as SlipPrintBody).ids) }),
  );

  app.post(
    '/delivery-slips/:id/status',
    { validatorCompiler, schema: { tags, summary: 'Chuyển trạng thái phiếu giao (sẵn sàng, đang giao, giao thất bại, hủy)', params: IdParams, body: SlipStatusBody, response: { 200: DeliverySlip } } },
    recordCommand(app, deliverySlipsResource, (ctx, id, body: SlipStatusBody, ifMatch) => changeSlipStatus(ctx, id, body, ifMatch)),
  );

  app.post(
    '/delivery-slips/:id/confirm',
    {
      validatorCompiler,
      schema: {
        tags,
        summary: 'Xác nhận giao hàng và thu tiền (cần Idempotency-Key)',
        // Optional here so that a missing key gets its own 400 (IDEMPOTENCY_KEY_REQUIRED) below.
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional().describe('Khóa duy nhất cho mỗi lần xác nhận, VD một UUID') }),
        params: IdParams,
        body: SlipConfirmBody,
        // Decided answers are stored with the key and replayed as they were: the slip, or the refusal.
        response: { 200: DeliverySlip, 404: ApiError, 409: ApiError },
      },
    },
    async (req, reply) => {
      const key = idempotencyKeyOf(req);
      const id = (req.params as IdParams).id;
      const body = req.body as SlipConfirmBody;
      const answer = await runWrite(app.deps.database.db, requestMeta(req), (ctx) =>
        withIdempotency<DeliverySlip>(ctx, { key, method: 'POST', path: `/api/delivery-slips/${id}/confirm`, body }, async (inner) => ({
          status: 200,
          body: await confirmSlip(inner, id, body),
        })),
      );
      markReplay(reply, answer);
      if (answer.status === 200) setEtag(reply, (answer.body as DeliverySlip).version);
      return reply.status(answer.status as 200 | 404 | 409).send(answer.body as DeliverySlip);
    },
  );

  app.post(
    '/delivery-slips/bulk',
    { validatorCompiler, schema: { tags, summary: 'Lập phiếu giao hàng loạt (xem trước hoặc tạo tất cả)', body: SlipBulkBody, response: { 200: SlipBulkResult, 201: SlipBulkResult } } },
    async (req, reply) => {
      const body = req.body as SlipBulkBody;
      const result = await bulkCreate(app, req, body);
      return reply.status(body.preview ? 200 : 201).send(result);
    },
  );

  app.post(
    '/delivery-slips/bulk-status',
    { validatorCompiler, schema: { tags, summary: 'Chuyển trạng thái nhiều phiếu giao (chốt, đang giao, hủy), báo kết quả từng phiếu', body: SlipBulkStatusBody, response: { 200: SlipBulkStatusResult } } },
    async (req) => bulkChangeSlipStatus(app, req, req.body as SlipBulkStatusBody),
  );

  app.post(
    '/delivery-slips/reconcile',
    { validatorCompiler, schema: { tags, summary: 'Đối soát tiền thu hộ của đơn vị vận chuyển', body: SlipReconcileBody, response: { 200: SlipItems } } },
    async (req) => ({ items: await reconcile(app, req, req.body as SlipReconcileBody) }),
  );
});
