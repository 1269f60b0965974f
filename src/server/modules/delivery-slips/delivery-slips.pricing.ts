import { divRoundHalfUp } from '../../../shared/domain/money';
import { DELIVERY_ZONES, type DomesticFees } from '../../../shared/domain/slip-charges';
import type { Db } from '../../db/client';
import { settingsInForce } from '../../lib/settings';

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
 * Provisional price list (đồng per kg of chargeable weight, by route origin and customer group), used until
 * the settings' price lists are in place. A package with no weight is charged nothing by weight.
 */
const RATE_PER_KG: Readonly<Record<string, Readonly<Record<CustomerGroup, number>>>> = {
  US: { retail: 250_000, wholesale: 220_000, vip: 200_000 },
  JP: { retail: 200_000, wholesale: 175_000, vip: 160_000 },
};
const DEFAULT_RATE_PER_KG: Readonly<Record<CustomerGroup, number>> = { retail: 250_000, wholesale: 220_000, vip: 200_000 };

/** Freight of each package (đồng, rounded half up once per package), for the customer's group on `day`. */
export async function freightFor(_db: Db, group: CustomerGroup, items: readonly PricedPackage[], _day?: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const p of items) {
    const grams = p.chargeableG ?? p.weightG ?? 0;
    const rate = (RATE_PER_KG[p.originCountry ?? ''] ?? DEFAULT_RATE_PER_KG)[group];
    out.set(p.id, Number(divRoundHalfUp(BigInt(grams) * BigInt(rate), 1000n)));
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
