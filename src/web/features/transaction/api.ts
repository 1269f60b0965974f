import { useQuery } from '@tanstack/react-query';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { fetchTransactionTotals, transactionApi } from '../../entities/transaction/api';

/** Totals of the list as filtered now; under Transaction.all, so a new row refreshes them. */
export function useTransactionTotals(query: ListQueryInput) {
  return useQuery({
    queryKey: [...transactionApi.keys.all, 'totals', query],
    queryFn: ({ signal }) => fetchTransactionTotals(query, signal),
  });
}
