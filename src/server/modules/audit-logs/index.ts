/** The audit-logs module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { auditLogsRoutes } from './audit-logs.routes';
