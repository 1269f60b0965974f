import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { id, mutable } from './common';

export const stores = pgTable(
  'stores',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    kind: text('kind', { enum: ['origin', 'hub'] }).notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [uniqueIndex('stores_code_uq').on(t.code)],
);

export const employees = pgTable(
  'employees',
  {
    id: id(),
    code: text('code').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email'),
    storeId: bigint('store_id', { mode: 'number' }).references(() => stores.id),
    position: text('position').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('employees_code_uq').on(t.code),
    index('employees_store_idx').on(t.storeId),
    index('employees_status_idx').on(t.status),
    index('employees_created_at_idx').on(t.createdAt),
    index('employees_full_name_idx').on(t.fullName),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['Admin', 'Staff'] }).notNull(),
    fullName: text('full_name').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).references(() => employees.id),
    enabled: boolean('enabled').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused (added by 0002_auth.sql). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_employee_uq').on(t.employeeId),
  ],
);

/** Typed key/value settings grouped by kind; `effective_from` makes exchange rates and price lists dated. */
export const settings = pgTable(
  'settings',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull().default('1970-01-01'),
    description: text('description').notNull().default(''),
    /** A withdrawn scheduled version (0013): kept for the record, ignored by every reader. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    index('settings_kind_key_from_idx').on(t.kind, t.key, t.effectiveFrom, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('settings_kind_idx').on(t.kind, t.key, t.id),
    index('settings_kind_from_idx').on(t.kind, t.effectiveFrom, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** bytea as a Buffer on both drivers (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Files kept in the database (0010_settings.sql): the company logo. Rows are never changed, only added. */
export const storedFiles = pgTable('stored_files', {
  id: id(),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg', 'image/webp'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
});

/**
 * Refresh tokens: only a SHA-256 hash is stored. Every rotation creates a child in the same family;
 * reuse of a rotated token revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The browser and address a family (a sign-in session) started from, on its first row (0049). */
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** One row per mutation or security event; append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/** Mail waiting to be sent, or kept here when no SMTP server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/** Process-wide secrets (the generated JWT key) shared by every server instance on one database. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
