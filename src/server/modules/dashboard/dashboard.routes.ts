import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsDashboard, DashboardQuery, EcommerceDashboard } from '../../../shared/contracts/dashboard';
import { ApiError } from '../../../shared/contracts/errors';
import { namedParamsValidator } from '../../lib/resource/validation';
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
      config: { access: 'authenticated' },
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
      config: { access: 'authenticated' },
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
};
