import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './common';
import { customers } from './customers';

/** One message to one customer over one channel (migration 0050). */
export const messages = pgTable('messages', {
  id: id(),
  customerId: bigint('customer_id', { mode: 'number' })
    .notNull()
    .references(() => customers.id),
  event: text('event').notNull(),
  channel: text('channel', { enum: ['zns', 'email'] }).notNull(),
  /** What gathers parcels into one message: 'mawb:<id>', 'slip:<id>', 'tx:<id>', or '' (the batch window alone). */
  groupKey: text('group_key').notNull().default(''),
  state: text('state', { enum: ['queued', 'sent', 'failed', 'skipped'] }).notNull().default('queued'),
  /** The phone (84…) or e-mail it went to, once known. */
  recipient: text('recipient').notNull().default(''),
  packageIds: jsonb('package_ids').$type<number[]>().notNull().default([]),
  /** The event's figures (amounts, flight, codes) the templates read. */
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  /** Sent to the provider as its tracking_id: the same message sent again carries the same id. */
  trackingId: uuid('tracking_id').notNull().defaultRandom(),
  providerAnswer: jsonb('provider_answer'),
  reason: text('reason').notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Resource columns (the list engine's): messages are not edited through the API; a cancel is by state. */
  version: integer('version').notNull().default(1),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const providerTokens = pgTable('provider_tokens', {
  provider: text('provider').primaryKey(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
