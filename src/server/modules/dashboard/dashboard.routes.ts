import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsDashboard, DashboardQuery, EcommerceDashboard } from '../../../shared/contracts/dashboard';
import { ApiError } from '../../../shared/contracts/errors';
import { contentDisposition, XLSX_CONTENT_TYPE } from '../../lib/resource/export';
import { namedParamsValidator } from '../../lib/resource/validation';
import { analyticsWorkbook, ecommerceWorkbook, reportFileName } from './dashboard.export';
import { analyticsDashboard, ecommerceDashboard } from './dashboard.service';

/**
 * GET /api/dashboard/ecommerce and /api/dashboard/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD — the two dashboards,
 * the only screens every role may open, so any signed-in user may read them (Staff included).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.deps.database;
  app.get(
    '/dashboard/ecommerce',
    {
      config: { access: 'authenticated', readCache: true },
      validatorCompiler: namedParamsValidator,
      schema: {
        tags: ['dashboard'],
        summary: 'Bảng điều khiển kinh doanh: doanh thu, tiền thu, khách mới, đơn hàng, công nợ',
        querystring: DashboardQuery,
        response: { 200: EcommerceDashboard, 400: ApiError, 401: ApiError },
      },
    },
    async (req) => ecommerceDashboard(database, req.query),
  );
  app.get(
    '/dashboard/analytics',
    {
      config: { access: 'authenticated', readCache: true },
      validatorCompiler: namedParamsValidator,
      schema: {
        tags: ['dashboard'],
        summary: 'Bảng điều khiển vận hành: luồng kiện, trọng lượng bay, thời gian vận chuyển, tồn đọng, giao hàng',
        querystring: DashboardQuery,
        response: { 200: AnalyticsDashboard, 400: ApiError, 401: ApiError },
      },
    },
    async (req) => analyticsDashboard(database, req.query),
  );
  // The same figures as a workbook (the spec's Report), for the same people.
  app.get(
    '/dashboard/ecommerce/export',
    {
      config: { access: 'authenticated' },
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['dashboard'], summary: 'Xuất số liệu bảng điều khiển kinh doanh ra XLSX', querystring: DashboardQuery },
    },
    async (req, reply) => {
      const file = await ecommerceWorkbook(await ecommerceDashboard(database, req.query));
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(reportFileName('ecommerce', req.query)))
        .send(file);
    },
  );
  app.get(
    '/dashboard/analytics/export',
    {
      config: { access: 'authenticated' },
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['dashboard'], summary: 'Xuất số liệu bảng điều khiển vận hành ra XLSX', querystring: DashboardQuery },
    },
    async (req, reply) => {
      const file = await analyticsWorkbook(await analyticsDashboard(database, req.query));
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(reportFileName('analytics', req.query)))
        .send(file);
    },
  );
};
