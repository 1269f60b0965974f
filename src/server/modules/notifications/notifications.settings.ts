import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_KIND, REMINDER_DAYS_DEFAULT, REMINDER_DAYS_KEY, REMINDER_DAYS_MAX, REMINDER_DAYS_MIN } from '../../../shared/contracts/settings';
import type { Database } from '../../db/client';
import { TODAY_IN_VIETNAM } from '../../lib/settings';

/** The value of a `notifications` setting in force today, or undefined when none is saved. */
export async function notificationSetting(database: Database, key: string): Promise<unknown> {
  const result = await database.db.execute(sql`
    SELECT value FROM settings WHERE kind = ${NOTIFICATIONS_KIND} AND key = ${key} AND deleted_at IS NULL AND effective_from <= ${TODAY_IN_VIETNAM}
    ORDER BY effective_from DESC, id DESC LIMIT 1`);
  return (result as unknown as { rows: Array<{ value: unknown }> }).rows[0]?.value;
}

/** Days a wallet must stay negative before its customer is reminded: Settings' reminder_days, else 7. */
export async function reminderDays(database: Database): Promise<number> {
  const v = await notificationSetting(database, REMINDER_DAYS_KEY);
  return typeof v === 'number' && Number.isInteger(v) && v >= REMINDER_DAYS_MIN && v <= REMINDER_DAYS_MAX ? v : REMINDER_DAYS_DEFAULT;
}
