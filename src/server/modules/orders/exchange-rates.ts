import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { EXCHANGE_RATE_KIND, type ExchangeRate } from '../../../shared/contracts/exchange-rates';
import { FOREIGN_CURRENCIES, formatRate, parseRate, VND_RATE_X100, type Currency, type ForeignCurrency } from '../../../shared/domain/money';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/index';

/** Exchange rates live in `settings` (kind 'exchange_rate', key = currency, value { rate }, effective_from). */

export interface RateSnapshot {
  rateX100: number;
  /** effective_from of the row used; null for VND. */
  rateDate: string | null;
}

function rateOf(value: unknown): number | null {
  return value && typeof value === 'object' ? parseRate((value as { rate?: unknown }).rate) : null;
}

/** The rate of `currency` effective on `day` (YYYY-MM-DD): the newest row on or before it, or null. */
export async function rateOn(db: Db, currency: Currency, day: string): Promise<RateSnapshot | null> {
  if (currency === 'VND') return { rateX100: VND_RATE_X100, rateDate: null };
  const rows = await db
    .select({ value: settings.value, effectiveFrom: settings.effectiveFrom })
    .from(settings)
    .where(and(eq(settings.kind, EXCHANGE_RATE_KIND), eq(settings.key, currency), lte(settings.effectiveFrom, day)))
    .orderBy(desc(settings.effectiveFrom))
    .limit(1);
  const row = rows[0];
  const x100 = row ? rateOf(row.value) : null;
  return row && x100 !== null ? { rateX100: x100, rateDate: row.effectiveFrom } : null;
}

/** Every foreign currency's rate effective on `day` (currencies without one are left out). */
export async function ratesOn(db: Db, day: string): Promise<ExchangeRate[]> {
  const rows = await db.execute<{ key: string; value: unknown; effective_from: string }>(sql`
    SELECT DISTINCT ON (${settings.key}) ${settings.key} AS key, ${settings.value} AS value, ${settings.effectiveFrom}::text AS effective_from
    FROM ${settings}
    WHERE ${settings.kind} = ${EXCHANGE_RATE_KIND} AND ${settings.effectiveFrom} <= ${day}
    ORDER BY ${settings.key}, ${settings.effectiveFrom} DESC`);
  const list = ((rows as unknown as { rows?: typeof rows }).rows ?? rows) as unknown as Array<{ key: string; value: unknown; effective_from: string }>;
  const out: ExchangeRate[] = [];
  for (const currency of FOREIGN_CURRENCIES) {
    const row = list.find((r) => r.key === currency);
    const x100 = row ? rateOf(row.value) : null;
    if (row && x100 !== null) out.push({ currency: currency as ForeignCurrency, rate: formatRate(x100), effectiveFrom: row.effective_from });
  }
  return out;
}
