import { z } from 'zod';
import { defineListSpec, filter, listQuerySchema, listResponse, type ListQuery } from './list-query';
import { Timestamp } from './resource';

/**
 * Stores (warehouses and branches): `GET /api/stores` for pickers and `GET /api/stores/:id`.
 * `kind` is `origin` (a receiving warehouse abroad) or `hub` (a Vietnamese warehouse); `country` is ISO 3166-1 alpha-2.
 */

export const STORE_KINDS = ['origin', 'hub'] as const;
export const STORE_STATUSES = ['active', 'inactive'] as const;

export const Store = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  kind: z.enum(STORE_KINDS),
  address: z.string(),
  phone: z.string(),
  status: z.enum(STORE_STATUSES),
  version: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Store = z.infer<typeof Store>;

export const STORE_LIST = defineListSpec({
  sortable: ['code', 'name', 'country', 'kind', 'status', 'createdAt'],
  defaultSort: 'code',
  search: true,
  filters: {
    kind: filter.list(STORE_KINDS),
    country: filter.list(),
    status: filter.list(STORE_STATUSES),
  },
});

export const StoreListQuery = listQuerySchema(STORE_LIST);
export type StoreListQuery = ListQuery<typeof STORE_LIST>;
export const StoreList = listResponse(Store);
export type StoreList = z.infer<typeof StoreList>;
