import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomerAddress } from '../../../shared/contracts/customers';
import { id, mutable } from './common';

/** "KH" + 6 digits; the sequence stops at 999999 rather than let lpad() truncate into a duplicate. */
export const customerCodeSeq = pgSequence('customer_code_seq', { startWith: 1, maxValue: 999_999 });

export const customers = pgTable(
  'customers',
  {
    id: id(),
    code: text('code')
      .notNull()
      .default(sql`('KH' || lpad(nextval('customer_code_seq')::text, 6, '0'))`),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    addresses: jsonb('addresses').$type<CustomerAddress[]>().notNull().default([]),
    province: text('province').notNull().default(''),
    group: text('customer_group', { enum: ['retail', 'wholesale', 'vip'] }).notNull().default('retail'),
    suiteCode: text('suite_code'),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** foldVietnamese(code, name, phone, e-mail, suite code, province, addresses): what `q` searches, via trigrams. */
    /** Whether the customer gets Zalo (ZNS) / e-mail notifications, and the language of their e-mail. */
    notifyZns: boolean('notify_zns').notNull().default(true),
    notifyEmail: boolean('notify_email').notNull().default(true),
    language: text('language', { enum: ['vi', 'en'] }).notNull().default('vi'),
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...mutable(),
  },
  (t) => [
    uniqueIndex('customers_code_uq').on(t.code),
    uniqueIndex('customers_email_uq').on(t.email).where(sql`${t.deletedAt} IS NULL AND ${t.email} IS NOT NULL`),
    uniqueIndex('customers_suite_code_uq').on(t.suiteCode).where(sql`${t.suiteCode} IS NOT NULL`),
    index('customers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // List pages filter on deleted_at IS NULL and break sort ties by id: (column, id) partial indexes serve both.
    index('customers_full_name_idx').on(t.fullName, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('customers_phone_idx').on(t.phone, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('customers_province_idx').on(t.province, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('customers_group_idx').on(t.group, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('customers_status_idx').on(t.status, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('customers_created_at_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('customers_balance_idx').on(t.balance, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);
