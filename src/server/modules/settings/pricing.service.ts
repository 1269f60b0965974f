import { and, eq, inArray, isNull } from 'drizzle-orm';
import { businessDate, EXCHANGE_RATE_KIND } from '../../../shared/contracts/exchange-rates';
import { PRICE_LIST_KIND, PriceListValueSchema, type QuoteRequest, type QuoteResponse } from '../../../shared/contracts/settings';
import { isCurrency } from '../../../shared/domain/money';
import { formatRateWire, formatScaled, parseRateWire } from '../../../shared/domain/money-input';
import { quoteFreight, type CustomerGroup, type FreightQuote, type FreightSubject, type PriceListVersion, type RateVersion } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { customers, settings, stores } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';

/**
 * The server side of the pricing rule (shared/domain/pricing.ts): it reads every live price-list version and
 * exchange rate (a few dozen rows) and lets the pure rule pick what is in force on the quote day, so the quote,
 * the slips and the price-list screen's calculator all price the same way.
 */

export interface PricingData {
  priceLists: PriceListVersion[];
  rates: RateVersion[];
}

export async function pricingData(db: Db): Promise<PricingData> {
  const rows = await db
    .select({ id: settings.id, kind: settings.kind, key: settings.key, value: settings.value, effectiveFrom: settings.effectiveFrom })
    .from(settings)
    .where(and(inArray(settings.kind, [PRICE_LIST_KIND, EXCHANGE_RATE_KIND]), isNull(settings.deletedAt)))
    .orderBy(settings.effectiveFrom, settings.id);
  const priceLists: PriceListVersion[] = [];
  const rates: RateVersion[] = [];
  for (const r of rows) {
    if (r.kind === PRICE_LIST_KIND) {
      // Every version was checked by the same contract when written; a row that no longer reads is skipped.
      const v = PriceListValueSchema.safeParse(r.value);
      if (v.success) priceLists.push({ id: r.id, key: r.key, effectiveFrom: r.effectiveFrom, value: v.data });
    } else {
      const x100 = r.value && typeof r.value === 'object' ? parseRateWire((r.value as { rate?: unknown }).rate) : null;
      if (x100 !== null && isCurrency(r.key)) rates.push({ currency: r.key, rateX100: x100, effectiveFrom: r.effectiveFrom });
    }
  }
  return { priceLists, rates };
}

/** The one freight quote (shared/domain/pricing.ts quoteFreight) on the price lists and rates read by pricingData. */
export function freightWith(
  data: PricingData,
  subject: FreightSubject,
  opts: { group: CustomerGroup | null; day: string; declaredValue?: number; insured?: boolean },
): FreightQuote {
  return quoteFreight(subject, { ...opts, priceLists: data.priceLists, rates: data.rates });
}

/** Thousandths of the unit in the plain written form: 2650 → "2.65" (the one writer, formatScaled). */
const milliText = (milli: number) => formatScaled(milli, 3, { trimZeros: true });

/** POST /api/pricing/quote: the quote of one parcel on a route, for a customer (or a group) on a day. */
export async function quoteRequest(db: Db, req: QuoteRequest): Promise<QuoteResponse> {
  const storeRows = await db.select({ id: stores.id, country: stores.country, kind: stores.kind }).from(stores).where(inArray(stores.id, [req.originStoreId, req.destinationStoreId]));
  const origin = storeRows.find((s) => s.id === req.originStoreId);
  const destination = storeRows.find((s) => s.id === req.destinationStoreId);
  if (!origin) throw new HttpError(404, 'Không tìm thấy kho đi', undefined, [{ path: 'originStoreId', message: 'Không tìm thấy kho đi' }]);
  if (!destination) throw new HttpError(404, 'Không tìm thấy kho đến', undefined, [{ path: 'destinationStoreId', message: 'Không tìm thấy kho đến' }]);
  let group: CustomerGroup | null = req.customerGroup ?? null;
  if (req.customerId !== undefined) {
    const [c] = await db.select({ group: customers.group }).from(customers).where(and(eq(customers.id, req.customerId), isNull(customers.deletedAt)));
    if (!c) throw new HttpError(404, 'Không tìm thấy khách hàng', undefined, [{ path: 'customerId', message: 'Không tìm thấy khách hàng' }]);
    group = c.group;
  }
  const day = req.day ?? businessDate(Date.now());
  const result = freightWith(
    await pricingData(db),
    { chargeableG: req.chargeableWeightG, originStoreId: origin.id, originCountry: origin.country, destinationStoreId: destination.id },
    { group, day, declaredValue: req.declaredValue, insured: req.insured },
  );
  if (!result.ok) {
    throw result.missing === 'no_rate'
      ? new HttpError(422, `Chưa có tỷ giá ${result.currency} hiệu lực vào ngày ${day}`)
      : new HttpError(422, 'Chưa có bảng giá cho tuyến này vào ngày đã chọn');
  }
  const q = result.quote;
  return {
    total: q.total,
    currency: 'VND',
    priceListId: q.priceListId,
    priceListName: q.priceListName,
    day,
    group,
    unit: q.unit,
    lineCurrency: q.currency,
    rate: q.currency === 'VND' ? null : formatRateWire(q.rateX100),
    unitsBilled: milliText(q.unitsMilli),
    basis: result.basis,
    bracketRate: q.rate,
    minimumApplied: q.minimumApplied,
    lines: q.lines.map((l) => ({ label: l.label, amount: l.amount })),
  };
}
