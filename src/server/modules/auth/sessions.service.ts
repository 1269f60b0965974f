import { and, eq, isNull } from 'drizzle-orm';
import type { SessionInfo } from '../../../shared/contracts/auth';
import { deviceName } from '../../../shared/user-agent';
import type { Database, Db } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';
import { writeAudit, type RequestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { forgetFamilyState } from '../../plugins/auth';

interface SessionRow {
  family_id: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  user_agent: string | null;
  ip: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * A user's open sessions: refresh-token families none of whose rows is revoked (an ended family is revoked whole),
 * within their absolute lifetime and with a token still unexpired. Newest activity first.
 */
export async function listSessions(database: Database, userId: number, currentFamily?: string): Promise<SessionInfo[]> {
  const rows = await database.query<SessionRow>(
    `SELECT family_id::text AS family_id, min(created_at) AS created_at, max(created_at) AS last_seen_at,
            max(user_agent) AS user_agent, max(ip) AS ip
       FROM refresh_tokens
      WHERE user_id = $1
      GROUP BY family_id
     HAVING bool_and(revoked_at IS NULL) AND min(family_expires_at) > now() AND max(expires_at) > now()
      ORDER BY max(created_at) DESC, family_id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.family_id,
    ...deviceName(r.user_agent),
    userAgent: r.user_agent,
    ip: r.ip,
    createdAt: iso(r.created_at),
    lastSeenAt: iso(r.last_seen_at),
    current: r.family_id === currentFamily,
  }));
}

/**
 * Ends one session of `userId`: its family is revoked whole, so its refresh token stops at once and its access
 * tokens within SESSION_CACHE_MS on every instance (at once on this one). Audited; 404 for a session that is not
 * the user's or has already ended.
 */
export async function endSession(
  database: Database,
  userId: number,
  familyId: string,
  meta: RequestMeta,
  by: 'self' | 'admin',
): Promise<void> {
  const ended = await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const rows = await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(), revokedReason: by === 'self' ? 'session_ended' : 'session_ended_by_admin' })
      .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (rows.length === 0) return false;
    await writeAudit(db, meta, { action: 'session_ended', entity: 'users', entityId: userId, after: { familyId, by } });
    return true;
  });
  if (!ended) throw new HttpError(404, 'Không tìm thấy phiên đăng nhập (có thể đã kết thúc)');
  forgetFamilyState(familyId);
}
