import { EXCHANGE_RATE_KIND, type ExchangeRate } from '../../../shared/contracts/exchange-rates';
import { FOREIGN_CURRENCIES, VND_RATE_X100, type Currency, type ForeignCurrency } from '../../../shared/domain/money';
import { formatRateWire, parseRateWire } from '../../../shared/domain/money-input';
import type { Db } from '../../db/client';
import { settingsInForce } from '../../lib/settings';

/** Exchange rates live in `settings` (kind 'exchange_rate', key = currency, value { rate }, effective_from). */

export interface RateSnapshot {
  rateX100: number;
  /** effective_from of the row used; null for VND. */
  rateDate: string | null;
}

function rateOf(value: unknown): number | null {
  return value && typeof value === 'object' ? parseRateWire((value as { rate?: unknown }).rate) : null;
}

/** The rate of `currency` effective on `day` (YYYY-MM-DD): the newest row on or before it, or null. */
export async function rateOn(db: Db, currency: Currency, day: string): Promise<RateSnapshot | null> {
  if (currency === 'VND') return { rateX100: VND_RATE_X100, rateDate: null };
  const row = (await settingsInForce(db, EXCHANGE_RATE_KIND, { keys: [currency], day })).get(currency);
  const x100 = row ? rateOf(row.value) : null;
  return row && x100 !== null ? { rateX100: x100, rateDate: row.effectiveFrom } : null;
}

/** Every foreign currency's rate effective on `day` (currencies without one are left out). */
export async function ratesOn(db: Db, day: string): Promise<ExchangeRate[]> {
  const inForce = await settingsInForce(db, EXCHANGE_RATE_KIND, { day });
  const out: ExchangeRate[] = [];
  for (const currency of FOREIGN_CURRENCIES) {
    const row = inForce.get(currency);
    const x100 = row ? rateOf(row.value) : null;
    if (row && x100 !== null) out.push({ currency: currency as ForeignCurrency, rate: formatRateWire(x100), effectiveFrom: row.effectiveFrom });
  }
  return out;
}
