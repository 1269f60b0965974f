import type { FastifyPluginAsync } from 'fastify';
import { auditLogsRoutes } from './audit-logs/audit-logs.routes';
import { authRoutes } from './auth/auth.routes';
import { customersRoutes } from './customers/customers.routes';
import { deliverySlipsRoutes } from './delivery-slips/delivery-slips.routes';
import { employeesRoutes } from './employees/employees.routes';
import { healthRoutes } from './health/health.routes';
import { mawbsRoutes } from './mawbs/mawbs.routes';
import { ordersRoutes } from './orders/orders.routes';
import { packagesRoutes } from './packages/packages.routes';
import { publicSettingsRoutes } from './settings/public.routes';
import { publicTrackingRoutes } from './public-tracking/public-tracking.routes';
import { sessionPolicyRoutes } from './settings/session-policy.routes';
import { settingsRoutes } from './settings/settings.routes';
import { storesRoutes } from './stores/stores.routes';
import { transactionsRoutes } from './transactions/transactions.routes';

/** Every API module, mounted under /api. A new section adds one line here. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(customersRoutes);
  await app.register(employeesRoutes);
  await app.register(storesRoutes);
  await app.register(auditLogsRoutes);
  await app.register(ordersRoutes);
  await app.register(transactionsRoutes);
  await app.register(packagesRoutes);
  await app.register(mawbsRoutes);
  await app.register(sessionPolicyRoutes);
  await app.register(settingsRoutes);
  await app.register(deliverySlipsRoutes);
  await app.register(publicSettingsRoutes);
  await app.register(publicTrackingRoutes);
};
