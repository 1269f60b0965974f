import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../../shared/contracts/errors';
import { QuoteRequest, QuoteResponse, Setting } from '../../../shared/contracts/settings';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { uploadLogo } from './logo';
import { quoteRequest } from './pricing.service';
import { settingsResource } from './settings.resource';

/**
 * /api/settings (list engine, ETag, If-Match, audit: lib/resource) and POST /api/pricing/quote. Admin only, by the
 * global auth hook.
 */
export const settingsRoutes = resourceRoutes(settingsResource, (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/pricing/quote',
    {
      validatorCompiler: namedParamsValidator,
      schema: {
        tags: ['settings'],
        summary: 'Tính cước một kiện theo bảng giá hiệu lực',
        body: QuoteRequest,
        response: { 200: QuoteResponse, 404: ApiError, 422: ApiError },
      },
    },
    async (req) => quoteRequest(app.deps.database.db, req.body),
  );
  app.post(
    '/settings/logo',
    { schema: { tags: ['settings'], summary: 'Tải logo công ty lên (PNG/JPEG/WebP, tối đa 1 MiB)', response: { 200: Setting, 413: ApiError, 415: ApiError } } },
    async (req) => uploadLogo(app, req),
  );
});
