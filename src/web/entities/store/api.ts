import { useQuery } from '@tanstack/react-query';
import { STORE_LIST, type Store, type StoreCreateInput, type StoreList, type StorePatch } from '../../../shared/contracts/stores';
import { defineResourceClient } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Every store, for pickers and filters (a business has tens of them, not thousands). */
const STORE_PICKER_QUERY = { pageSize: 200, sort: 'code' } as const;

export function useStores() {
  return useQuery({
    queryKey: queryKeys.Store.list(STORE_PICKER_QUERY),
    queryFn: ({ signal }) => api.get<StoreList>('/api/stores', STORE_PICKER_QUERY, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Stores as a resource: /api/stores(/:id); managed under the settings section at /setting/stores. */
export const storeApi = defineResourceClient<{ record: Store; list: StoreList; create: StoreCreateInput; patch: StorePatch }>({
  name: 'Store',
  path: '/api/stores',
  spec: STORE_LIST,
  route: '/setting/stores',
});
