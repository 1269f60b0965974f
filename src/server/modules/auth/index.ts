/** The auth module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { AUTH_RATE_LIMITS, authRoutes } from './auth.routes';
export { requestPasswordReset, revokeUserSessions } from './auth.service';
export { endSession, listSessions } from './sessions.service';
