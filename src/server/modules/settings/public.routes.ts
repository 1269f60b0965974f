import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicCompany, PublicLogoQuery, logoVersion } from '../../../shared/contracts/company';
import { ApiError } from '../../../shared/contracts/errors';
import { notFound } from '../../lib/errors';
import { namedParamsValidator } from '../../lib/resource/validation';
import { companyProfile, logoInForce, storedFile } from './company';

const NO_LOGO = 'Công ty chưa có logo';

/**
 * Public routes of the settings section (no sign-in): the company profile printed on slips and shown on the
 * public tracking page, and its logo. Both are read often and change rarely: the profile is cached briefly,
 * the logo for a year under a URL that carries its content hash.
 */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/public/company',
    {
      config: { access: 'public' },
      schema: { tags: ['public'], summary: 'Thông tin công ty (công khai)', response: { 200: PublicCompany } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return companyProfile(db);
    },
  );

  app.get(
    '/public/logo',
    {
      config: { access: 'public' },
      validatorCompiler: namedParamsValidator,
      schema: {
        tags: ['public'],
        summary: 'Logo công ty (ảnh PNG/JPEG/WebP lưu trong cơ sở dữ liệu)',
        querystring: PublicLogoQuery,
        response: { 404: ApiError },
      },
    },
    async (req, typedReply) => {
      // The image is bytes, not a JSON body: the response schema above only documents the 404.
      const reply = typedReply as unknown as FastifyReply;
      const logo = await logoInForce(db);
      const file = logo ? await storedFile(db, logo.fileId) : null;
      if (!logo || !file) throw notFound(NO_LOGO);
      const version = logoVersion(logo.sha256);
      const etag = `"${version}"`;
      // The URL with the current version names these bytes for ever; any other URL must revalidate.
      reply.header('cache-control', req.query.v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache');
      reply.header('etag', etag);
      reply.header('x-content-type-options', 'nosniff');
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.type(file.contentType).send(file.bytes);
    },
  );
};
