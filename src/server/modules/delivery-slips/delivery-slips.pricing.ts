import { businessDate } from '../../../shared/contracts/exchange-rates';
import { DELIVERY_ZONES, type DomesticFees } from '../../../shared/domain/slip-charges';
import type { Db } from '../../db/client';
import { settingsInForce } from '../../lib/settings';
import { pricingData, quoteWith } from '../settings/pricing.service';

/**
 * Where a slip's prices come from: the freight of each package and the domestic fee of each zone. Everything
 * else in the slip's money is shared/domain/slip-charges.ts. This is the ONE place the module reads prices, so
 * switching to the office's pricing rule (price list in force that day for the customer's group and the
 * package's route) is a change here and nowhere else.
 */

export interface PricedPackage {
  id: number;
  /** Chargeable weight (g): max(actual, volumetric) rounded up to the step; null when never weighed. */
  chargeableG: number | null;
  weightG: number | null;
  /** Country of the warehouse it left from (the route's origin). */
  originCountry: string | null;
}

export type CustomerGroup = 'retail' | 'wholesale' | 'vip';

/**
 * Freight of each package (đồng) by the office's pricing rule (shared/domain/pricing.ts): the price list in force
 * on `day` (today in Vietnam by default) for the customer's group, or the default list, on the package's route
 * (origin country → any hub), for its chargeable weight. The freight line plus the line's surcharges; insurance is
 * opt-in per package and not part of a slip's freight. A package on a route without a price line (or never
 * weighed) is charged nothing here, so the slip shows 0 for it rather than a made-up price.
 */
export async function freightFor(db: Db, group: CustomerGroup, items: readonly PricedPackage[], day?: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!items.length) return out;
  const data = await pricingData(db);
  const onDay = day ?? businessDate(Date.now());
  for (const p of items) {
    const grams = p.chargeableG ?? p.weightG ?? 0;
    const r = quoteWith(data, { chargeableWeightG: grams, route: { originCountry: p.originCountry }, group, day: onDay });
    out.set(p.id, r.ok ? r.quote.freight + r.quote.surcharges : 0);
  }
  return out;
}

/** Settings kind and keys of the domestic delivery fee by zone (đồng). */
export const DELIVERY_FEE_SETTINGS = { kind: 'delivery_fees' } as const;
/** Used for a zone that has no fee in settings. */
export const DEFAULT_DOMESTIC_FEES: DomesticFees = { hcm_inner: 30_000, hanoi_inner: 30_000, other_provinces: 45_000 };

/** The domestic fee of every zone in force on `day` (today by default). */
export async function domesticFeesInForce(db: Db, day?: string): Promise<DomesticFees> {
  const rows = await settingsInForce(db, DELIVERY_FEE_SETTINGS.kind, { keys: DELIVERY_ZONES, day });
  const fee = (zone: (typeof DELIVERY_ZONES)[number]) => {
    const v = rows.get(zone)?.value;
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : DEFAULT_DOMESTIC_FEES[zone];
  };
  return { hcm_inner: fee('hcm_inner'), hanoi_inner: fee('hanoi_inner'), other_provinces: fee('other_provinces') };
}
