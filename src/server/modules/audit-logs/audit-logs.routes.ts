import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogList, AuditLogListQuery, type AuditLogEntry } from '../../../shared/contracts/audit-logs';
import type { ListQuery } from '../../../shared/contracts/list-query';
import { listPage } from '../../lib/resource/list-engine';
import { namedParamsValidator } from '../../lib/resource/validation';
import { auditLogSource } from './audit-logs.source';

/** GET /api/audit-logs: the History tab (`?entity=customers&entityId=12`) and the global log. Admin only. */
export const auditLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-logs',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['audit-logs'], summary: 'Nhật ký thay đổi', querystring: AuditLogListQuery, response: { 200: AuditLogList } },
    },
    async (req) => listPage<AuditLogEntry>(app.deps.database.db, auditLogSource, req.query as ListQuery),
  );
};
