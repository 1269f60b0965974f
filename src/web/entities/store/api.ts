import { useQuery } from '@tanstack/react-query';
import type { StoreList } from '../../../shared/contracts/stores';
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
