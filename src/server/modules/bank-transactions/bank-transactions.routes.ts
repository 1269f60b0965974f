import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BANK_ERROR_CODES,
  BankIntegrationSettings,
  BankIntegrationSettingsPatch,
  BankMatchBody,
  BankReasonBody,
  BankSummary,
  BankSummaryQuery,
  BankTransaction,
  CassoWebhookBody,
  SepayWebhookBody,
  WebhookSuccess,
} from '../../../shared/contracts/bank-transactions';
import { ApiError } from '../../../shared/contracts/errors';
import { IdParams } from '../../../shared/contracts/list-query';
import { BANK_PROVIDER_LABELS, type BankProvider, type NormalizedTransfer } from '../../../shared/domain/bank-transfer';
import { requestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { requireIfMatch, setEtag } from '../../lib/resource/concurrency';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { verifyCassoSignature, verifySepayApiKey, type WebhookAuthResult } from './bank-webhook.auth';
import { fromCasso, fromSepay } from './bank-webhook.providers';
import { bankTransactionsResource } from './bank-transactions.resource';
import {
  bankSummary,
  ignoreByHand,
  integrationSettings,
  matchByHand,
  processTransfer,
  receiveTransfer,
  saveIntegrationSettings,
  undoMatch,
  webhookKey,
} from './bank-transactions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes exactly as received (the bank webhooks' routes only). */
    rawBody?: Buffer;
  }
}

/**
 * Per-IP limit of each webhook: a provider delivering a busy day's transfers, retries included, stays far below;
 * someone guessing keys is slowed down.
 */
const BANK_WEBHOOK_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const E = BANK_ERROR_CODES;

function refusal(provider: BankProvider, r: Exclude<WebhookAuthResult, { ok: true }>): HttpError {
  const name = BANK_PROVIDER_LABELS[provider];
  if (r.reason === 'not_configured') return new HttpError(401, `Chưa cấu hình khoá webhook ${name}`, E.WEBHOOK_NOT_CONFIGURED);
  if (r.reason === 'expired') return new HttpError(401, 'Chữ ký webhook đã quá hạn 5 phút', E.WEBHOOK_SIGNATURE_EXPIRED);
  return new HttpError(401, `Xác thực webhook ${name} không hợp lệ`, E.WEBHOOK_UNAUTHORIZED);
}

/**
 * `POST /api/integrations/sepay/webhook` and `POST /api/integrations/casso/webhook`. Public by route config (no
 * sign-in), authenticated by the provider's key or signature before the body is validated. In this scope the
 * JSON parser keeps the raw bytes: Casso's signature is checked over the body parsed from exactly those bytes, and
 * they are stored as the raw payload. The transfer is stored (committed) first, then matched; a failure of the
 * matching is logged and left to the sweep, and the provider still gets its success (the transfer is safe).
 */
export const bankWebhookRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    req.rawBody = body as Buffer;
    defaultJson(req, (body as Buffer).toString('utf8'), done);
  });
  const db = () => app.deps.database.db;
  const config = () => app.deps.config;

  const authenticate = (provider: BankProvider) => async (req: FastifyRequest) => {
    const key = await webhookKey(db(), config(), provider);
    const header = provider === 'sepay' ? req.headers.authorization : req.headers['x-casso-signature'];
    const result =
      provider === 'sepay'
        ? verifySepayApiKey(typeof header === 'string' ? header : undefined, key)
        : verifyCassoSignature(typeof header === 'string' ? header : undefined, req.rawBody ?? Buffer.alloc(0), key);
    if (!result.ok) {
      req.log.warn({ provider, reason: result.reason }, 'bank webhook refused');
      throw refusal(provider, result);
    }
  };

  const accept = async (req: FastifyRequest, transfer: NormalizedTransfer) => {
    const received = await receiveTransfer(db(), transfer, (req.rawBody ?? Buffer.alloc(0)).toString('utf8'), req.log);
    if (received.outcome === 'stored') {
      try {
        await processTransfer(db(), config(), received.id);
      } catch (err) {
        req.log.error({ err, bankTransactionId: received.id }, 'bank transfer stored; matching failed and is left to the sweep');
      }
    }
    return { success: true as const };
  };

  const route = (provider: BankProvider, body: typeof SepayWebhookBody | typeof CassoWebhookBody, headers: string) => ({
    config: { access: 'public' as const, rateLimit: BANK_WEBHOOK_RATE_LIMIT },
    preValidation: authenticate(provider),
    schema: {
      tags: ['integrations'],
      summary: `Webhook ${BANK_PROVIDER_LABELS[provider]}: giao dịch ngân hàng (${headers})`,
      security: [],
      body,
      response: { 200: WebhookSuccess, 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError },
    },
  });

  app.post('/integrations/sepay/webhook', route('sepay', SepayWebhookBody, 'Authorization: Apikey'), async (req) => accept(req, fromSepay(req.body as SepayWebhookBody)));
  app.post('/integrations/casso/webhook', route('casso', CassoWebhookBody, 'X-Casso-Signature'), async (req) => {
    const body = req.body as CassoWebhookBody;
    // Casso's own error report carries no transaction: acknowledged, nothing stored.
    if (body.error !== 0) return { success: true as const };
    return accept(req, fromCasso(body));
  });
};

/**
 * /api/bank-transactions (Admin): list, export and get from the resource definition, plus the summary, the
 * integration settings, and a clerk's match, ignore and undo (If-Match each).
 */
export const bankTransactionsRoutes = resourceRoutes(bankTransactionsResource, (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['bank-transactions'];
  const validatorCompiler = namedParamsValidator;

  app.get(
    '/bank-transactions/summary',
    { validatorCompiler, schema: { tags, summary: 'Chuyển khoản: số chưa khớp, tiền nhận trong kỳ', querystring: BankSummaryQuery, response: { 200: BankSummary } } },
    async (req) => bankSummary(db(), req.query.from, req.query.to),
  );
  app.get(
    '/bank-transactions/settings',
    { schema: { tags, summary: 'Cấu hình webhook ngân hàng (khoá chỉ hiện 4 ký tự cuối)', response: { 200: BankIntegrationSettings } } },
    async () => integrationSettings(db(), app.deps.config),
  );
  app.put(
    '/bank-transactions/settings',
    { schema: { tags, summary: 'Lưu khoá webhook SePay / Casso và từ khoá nạp ví', body: BankIntegrationSettingsPatch, response: { 200: BankIntegrationSettings } } },
    async (req) => saveIntegrationSettings(db(), app.deps.config, requestMeta(req), req.body),
  );

  const action = (path: string, summary: string, body: typeof BankMatchBody | typeof BankReasonBody, run: (req: FastifyRequest, id: number, ifMatch: number) => Promise<BankTransaction>) =>
    app.post(
      `/bank-transactions/:id/${path}`,
      { validatorCompiler, schema: { tags, summary, params: IdParams, body, response: { 200: BankTransaction, 404: ApiError, 409: ApiError, 412: ApiError, 428: ApiError } } },
      async (req, reply) => {
        const item = await run(req, (req.params as IdParams).id, requireIfMatch(req));
        setEtag(reply, item.version);
        return item;
      },
    );
  action('match', 'Ghép tay với khách hàng / phiếu giao / đơn hàng', BankMatchBody, (req, id, v) => matchByHand(db(), requestMeta(req), id, v, req.body as BankMatchBody));
  action('ignore', 'Bỏ qua (kèm lý do)', BankReasonBody, (req, id, v) => ignoreByHand(db(), requestMeta(req), id, v, (req.body as BankReasonBody).reason));
  action('undo', 'Hoàn tác ghép (bút toán đảo, không xoá)', BankReasonBody, (req, id, v) => undoMatch(db(), requestMeta(req), id, v, (req.body as BankReasonBody).reason));
});
