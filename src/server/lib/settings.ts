import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema/index';

export interface SettingInForce {
  key: string;
  value: unknown;
  /** YYYY-MM-DD */
  effectiveFrom: string;
}

/**
 * Today as the business counts days (Asia/Ho_Chi_Minh), in SQL: a setting is in force from the start of its day in
 * Vietnam. The database's `current_date` is the day of its own time zone (UTC on PGlite and on most servers), which
 * put a setting saved after 17:00 UTC a day late.
 */
export const TODAY_IN_VIETNAM = sql`(now() AT TIME ZONE 'Asia/Ho_Chi_Minh')::date`;

/**
 * Settings are effective-dated rows (kind, key, value, effective_from). The row in force for a key on a day is the
 * newest live (not withdrawn) one whose effective_from is on or before that day; of two on the same day the later row wins. One query
 * for every key asked (all keys of the kind when `keys` is left out); `day` is YYYY-MM-DD, today by default.
 */
export async function settingsInForce(
  db: Db,
  kind: string,
  opts: { keys?: readonly string[]; day?: string } = {},
): Promise<Map<string, SettingInForce>> {
  const rows = await db
    .selectDistinctOn([settings.key], { key: settings.key, value: settings.value, effectiveFrom: settings.effectiveFrom })
    .from(settings)
    .where(
      and(
        eq(settings.kind, kind),
        isNull(settings.deletedAt),
        opts.keys ? inArray(settings.key, [...opts.keys]) : undefined,
        opts.day ? lte(settings.effectiveFrom, opts.day) : sql`${settings.effectiveFrom} <= ${TODAY_IN_VIETNAM}`,
      ),
    )
    .orderBy(settings.key, desc(settings.effectiveFrom), desc(settings.id));
  return new Map(rows.map((r) => [r.key, r]));
}
