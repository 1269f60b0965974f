import { sql } from 'drizzle-orm';
import { Store, STORE_LIST, StoreList, StoreListQuery } from '../../../shared/contracts/stores';
import { stores } from '../../db/schema/index';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { foldSql } from '../../lib/resource/fold-sql';

/** Stores are read here (pickers, detail); they change through settings, not this API. */
export const storesResource = defineResource({
  name: 'stores',
  label: 'kho',
  table: stores,
  spec: STORE_LIST,
  schemas: { item: Store, list: StoreList, listQuery: StoreListQuery },
  select: {
    fields: {
      id: stores.id,
      code: stores.code,
      name: stores.name,
      country: stores.country,
      kind: stores.kind,
      address: stores.address,
      phone: stores.phone,
      status: stores.status,
      ...recordStamps(stores),
    },
    toItem: (r): Store => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }),
  },
  sort: {
    code: stores.code,
    name: stores.name,
    country: stores.country,
    kind: stores.kind,
    status: stores.status,
    createdAt: stores.createdAt,
  },
  filters: { kind: stores.kind, country: stores.country, status: stores.status },
  // A handful of rows: folding in SQL beats keeping a search column in step.
  search: foldSql(sql`${stores.code} || ' ' || ${stores.name} || ' ' || ${stores.address}`),
});
