import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../../shared/contracts/errors';
import { LOCK_IDLE_MINUTES_MAX, LOCK_IDLE_MINUTES_MIN, lockIdleMinutesFrom, SESSION_POLICY_SETTINGS, type SessionPolicy } from '../../../shared/session-policy';
import type { Db } from '../../db/client';
import { settingsInForce } from '../../lib/settings';

const SessionPolicyResponse = z.object({
  lockIdleMinutes: z.number().int().min(LOCK_IDLE_MINUTES_MIN).max(LOCK_IDLE_MINUTES_MAX),
});

/** The session rules in force today (the newest row effective on or before today; none → the defaults). */
async function sessionPolicy(db: Db): Promise<SessionPolicy> {
  const key = SESSION_POLICY_SETTINGS.lockIdleMinutesKey;
  const inForce = await settingsInForce(db, SESSION_POLICY_SETTINGS.kind, { keys: [key] });
  return { lockIdleMinutes: lockIdleMinutesFrom(inForce.get(key)?.value) };
}

/**
 * GET /api/settings/session-policy — what every signed-in console (Staff too) needs to enforce locally: the idle
 * minutes before the lock screen. Editing it belongs to the settings section.
 */
export const sessionPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.get(
    '/settings/session-policy',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['settings'],
        summary: 'Quy định phiên làm việc: số phút không thao tác trước khi khóa màn hình',
        response: { 200: SessionPolicyResponse, 401: ApiError },
      },
    },
    async () => sessionPolicy(db),
  );
};
