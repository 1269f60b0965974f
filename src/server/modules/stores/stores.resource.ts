import { sql } from 'drizzle-orm';
import { Store, StoreCreate, STORE_LIST, StoreList, StoreListQuery, StorePatch } from '../../../shared/contracts/stores';
import { stores } from '../../db/schema/index';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { foldSql } from '../../lib/resource/fold-sql';
import { createStore, removeStore, updateStore } from './stores.service';

/** Stores: read by pickers and the quote; created, edited, deactivated and (when unused) removed from the settings section. */
export const storesResource = defineResource({
  name: 'stores',
  label: 'kho',
  table: stores,
  deletedAt: stores.deletedAt,
  spec: STORE_LIST,
  schemas: { item: Store, list: StoreList, listQuery: StoreListQuery, create: StoreCreate, patch: StorePatch },
  write: { create: createStore, update: updateStore, remove: removeStore },
  uniqueConstraints: { stores_code_uq: { path: 'code', message: 'Mã kho này đã được dùng' } },
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
