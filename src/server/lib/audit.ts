import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** For events without a signed-in actor (login failures): who it was about. */
  actorEmail?: string | null;
  actorId?: number | null;
  /** When it happened, for changes recorded after the fact (the seed's history); default: now(). */
  at?: Date;
}

/** Who did it, from where: taken from the request so services do not pass it around by hand. */
export interface RequestMeta {
  actorId: number | null;
  actorEmail: string | null;
  requestId: string | null;
  ip: string | null;
  /** The client's User-Agent (first 300 characters), for the sessions a user sees; not written to the audit log. */
  userAgent?: string | null;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  const ua = req.headers['user-agent'];
  return {
    actorId: req.user?.id ?? null,
    actorEmail: req.user?.email ?? null,
    requestId: req.id,
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
  };
}

/**
 * Writes one audit row. Call it with the transaction that made the change, so the row and the change
 * commit or roll back together.
 */
export async function writeAudit(db: Db, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId !== undefined ? entry.actorId : meta.actorId,
    actorEmail: entry.actorEmail !== undefined ? entry.actorEmail : meta.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: meta.requestId,
    ip: meta.ip,
    ...(entry.at ? { at: entry.at } : {}),
  });
}
