import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './common';
import { users } from './platform';

/**
 * Password-reset links: only the SHA-256 of the token is kept, so a database dump cannot reset anyone's
 * password. Single use (`used_at`), valid for one hour.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    requestedIp: text('requested_ip'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Failed sign-ins per e-mail (lower-cased, whether or not an account has it), counted over a sliding
 * window for the per-account lockout. Kept in the database so every server instance sees the same count.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    emailKey: text('email_key').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_email_at_idx').on(t.emailKey, t.at), index('auth_failures_at_idx').on(t.at)],
);

/**
 * A user's TOTP authenticator (migration 0048). `secretEnc` is the secret encrypted with a key derived from the JWT
 * key; `confirmedAt` null means enrolment was started and not yet proved by a code. `lastStep` is the newest spent
 * 30-second step (that one and every earlier one are refused: replay protection).
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, argon2id-hashed like passwords; `usedAt` marks the single use. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);
