import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Identity primary key; ids are small numbers so URLs like /customer/123 stay readable. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** Columns every mutable row carries: optimistic-lock version and who/when. */
export const mutable = () => ({
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
