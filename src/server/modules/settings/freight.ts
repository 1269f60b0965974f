import { and, eq, inArray, isNull } from 'drizzle-orm';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import type { FreightResponse, PackageFreight } from '../../../shared/contracts/packages';
import type { Db } from '../../db/client';
import { customers, packages, stores } from '../../db/schema/index';
import { freightWith, pricingData } from './pricing.service';

/**
 * A package's estimated freight, for the detail screen and the list's optional column alike (a page of ids at a
 * time): the one freight quote (shared/domain/pricing.ts quoteFreight, as slips and the calculator) with the price
 * lists and rates in force today, for the customer's group (or the default list), on the package's route (origin
 * store and its country → destination hub), for its chargeable weight. Freight plus the line's surcharges, as a
 * delivery slip charges it; insurance is opt-in per package and left out. One primary-key read of the page's
 * packages and one read of the live price-list and rate versions: the list query itself is untouched.
 */
export async function estimateFreight(db: Db, ids: readonly number[], day = businessDate(Date.now())): Promise<FreightResponse> {
  const rows = await db
    .select({
      id: packages.id,
      chargeableG: packages.chargeableG,
      storeId: packages.storeId,
      destinationStoreId: packages.destinationStoreId,
      originCountry: stores.country,
      group: customers.group,
    })
    .from(packages)
    .leftJoin(stores, eq(stores.id, packages.storeId))
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .where(and(inArray(packages.id, [...ids]), isNull(packages.deletedAt)));
  const data = await pricingData(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: PackageFreight[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) continue;
    const r = freightWith(
      data,
      { chargeableG: p.chargeableG, originStoreId: p.storeId, originCountry: p.originCountry, destinationStoreId: p.destinationStoreId },
      { group: p.group ?? null, day },
    );
    items.push(
      r.ok
        ? { id, total: r.basis.amount, missing: null, priceListId: r.basis.priceListId, priceListName: r.basis.priceListName, basis: r.basis }
        : { id, total: null, missing: r.missing, priceListId: null, priceListName: null, basis: null },
    );
  }
  return { day, items };
}
