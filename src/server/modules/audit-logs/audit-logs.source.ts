import { eq } from 'drizzle-orm';
import { AUDIT_LOG_LIST, type AuditLogEntry } from '../../../shared/contracts/audit-logs';
import { auditLog, users } from '../../db/schema/index';
import { defineListSource } from '../../lib/resource/define';

/** The audit log as a read-only list: append-only rows, the actor's current name from users. */
export const auditLogSource = defineListSource('audit-logs', {
  table: auditLog,
  spec: AUDIT_LOG_LIST,
  select: {
    fields: {
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      actorName: users.fullName,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
      ip: auditLog.ip,
    },
    joins: [{ table: users, on: eq(users.id, auditLog.actorId) }],
    toItem: (r): AuditLogEntry => ({ ...r, actorName: r.actorName ?? null, at: r.at.toISOString() }),
  },
  sort: { at: auditLog.at, id: auditLog.id },
  filters: {
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    action: auditLog.action,
    actorId: auditLog.actorId,
    at: auditLog.at,
  },
});
