import { z } from 'zod';
import { defineListSpec, filter, listQuerySchema, listResponse, type ListQuery } from './list-query';
import { Timestamp } from './resource';

/**
 * Audit log (the spec's "Logs"): `GET /api/audit-logs` (Admin only), newest first by default.
 * A detail screen's History tab asks `?entity=customers&entityId=12`; `entity` is the resource name
 * (`customers`, `employees`, …; `auth` / `users` for sign-in events). `before` / `after` are the record
 * as the API shows it, before and after the change (null for a create's before and a delete's after).
 */

export const AuditLogEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AUDIT_LOG_LIST = defineListSpec({
  sortable: ['at', 'id'],
  defaultSort: '-at,-id',
  search: false,
  filters: {
    entity: filter.list(),
    entityId: filter.text(),
    action: filter.list(),
    actorId: filter.ids(),
    at: filter.dateRange(),
  },
});

export const AuditLogListQuery = listQuerySchema(AUDIT_LOG_LIST);
export type AuditLogListQuery = ListQuery<typeof AUDIT_LOG_LIST>;
export const AuditLogList = listResponse(AuditLogEntry);
export type AuditLogList = z.infer<typeof AuditLogList>;
