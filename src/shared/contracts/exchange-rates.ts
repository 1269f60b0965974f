import { z } from 'zod';
import { FOREIGN_CURRENCIES } from '../domain/money';
import { formatRateWire, parseRateWire } from '../domain/money-input';

/**
 * Exchange rates: rows of the `settings` table with kind 'exchange_rate', key = the currency code
 * (USD, JPY, KRW, EUR), value `{ rate }` and `effective_from` (a date). The rate of a currency on a day is
 * the row with the latest `effective_from` on or before that day. An order snapshots the rate effective on
 * its date (Asia/Ho_Chi_Minh) and keeps it: a later rate never changes an existing order.
 *
 * `rate` is đồng per major unit as text with at most 2 decimals ("25400", "18.5"); read and written by shared/domain/money-input.ts
 * parseRateWire / formatRateWire.
 *
 * `GET /api/exchange-rates?date=YYYY-MM-DD` (Admin; date defaults to today in Vietnam) answers the rates
 * effective that day, for the order form to preview totals. Rates are managed by the settings section.
 */

export const EXCHANGE_RATE_KIND = 'exchange_rate';

const RATE_INVALID_MESSAGE = 'Tỷ giá phải là số dương, tối đa 2 chữ số thập phân (VD: 25400 hoặc 18.5)';

/** A rate as typed: an integer, or a decimal string with at most 2 decimals; normalised to its shortest text. */
const RateInput = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const x100 = parseRateWire(v);
  if (x100 === null) {
    ctx.addIssue({ code: 'custom', message: RATE_INVALID_MESSAGE });
    return z.NEVER;
  }
  return formatRateWire(x100);
});

/** The `value` column of an exchange-rate setting. */
export const ExchangeRateValue = z.object({ rate: RateInput });
export type ExchangeRateValue = z.output<typeof ExchangeRateValue>;

/** The calendar day (YYYY-MM-DD) of an instant in Vietnam, where rates and orders are dated. */
export function businessDate(instant: Date | string | number): string {
  const t = new Date(instant).getTime() + 7 * 3_600_000;
  return new Date(t).toISOString().slice(0, 10);
}

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Ngày phải có dạng YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'Ngày không tồn tại',
  });

export const ExchangeRate = z.object({
  currency: z.enum(FOREIGN_CURRENCIES),
  /** đồng per major unit, e.g. "25400" or "18.5". */
  rate: z.string(),
  /** The day this rate took effect (YYYY-MM-DD). */
  effectiveFrom: z.string(),
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

export const ExchangeRatesQuery = z.strictObject({ date: IsoDate.optional() });
export type ExchangeRatesQuery = z.infer<typeof ExchangeRatesQuery>;

/** The rates effective on `date`; a currency without any rate on or before that day is absent. */
export const ExchangeRates = z.object({ date: z.string(), rates: z.array(ExchangeRate) });
export type ExchangeRates = z.infer<typeof ExchangeRates>;
