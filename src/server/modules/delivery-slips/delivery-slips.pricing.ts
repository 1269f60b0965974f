import { businessDate } from '../../../shared/contracts/exchange-rates';
import { DELIVERY_ZONES, type DomesticFees } from '../../../shared/domain/slip-charges';
import type { Db } from '../../db/client';
import { settingsInForce } from '../../lib/settings';
import { freightWith, pricingData } from '../settings/index';
import type { CustomerGroup, FreightBasis, FreightSubject } from '../../../shared/domain/pricing';

/**
 * Where a slip's prices come from: the freight of each package and the domestic fee of each zone. Everything
 * else in the slip's money is shared/domain/slip-charges.ts. This is the one place the module reads prices.
 */

/**
 * Freight of each package by the one freight quote (shared/domain/pricing.ts quoteFreight, as the package's
 * estimate and the calculator): the price list in force on `day` (today in Vietnam by default) for the customer's
 * group, or the default list, on the package's route (origin store and its country → its destination hub), for its
 * chargeable weight rounded once in the line's unit. The basis is the freight line plus the line's surcharges
 * (insurance is opt-in per package and not part of a slip's freight). A package on a route without a price line
 * (or never weighed) has no basis: the slip charges 0 for it rather than a made-up price.
 */
export async function freightFor(db: Db, group: CustomerGroup, items: ReadonlyArray<FreightSubject & { id: number }>, day?: string): Promise<Map<number, FreightBasis | null>> {
  const out = new Map<number, FreightBasis | null>();
  if (!items.length) return out;
  const data = await pricingData(db);
  const onDay = day ?? businessDate(Date.now());
  for (const p of items) {
    const r = freightWith(data, p, { group, day: onDay });
    out.set(p.id, r.ok ? r.basis : null);
  }
  return out;
}

/** Settings kind and keys of the domestic delivery fee by zone (đồng). */
const DELIVERY_FEE_SETTINGS = { kind: 'delivery_fees' } as const;
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
