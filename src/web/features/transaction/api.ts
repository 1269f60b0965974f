import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type { Transaction, TransactionPatch } from '../../../shared/contracts/transactions';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { fetchTransactionTotals } from '../../entities/transaction/api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** The wallet ledger over the shared client: GET /api/transactions(/:id), PATCH note/reference, the totals. */

const BASE = '/api/transactions';
export type { Versioned };
export const transactionKeys = queryKeys.Transaction;

export function transactionQuery(id: string | number) {
  return queryOptions({
    queryKey: transactionKeys.detail(id),
    queryFn: ({ signal }) => getVersioned<Transaction>(`${BASE}/${id}`, signal),
  });
}

export function useTransaction(id: string | number) {
  return useQuery(transactionQuery(id));
}

export function patchTransaction(id: number, etag: string, patch: TransactionPatch): Promise<Transaction> {
  return api.patch<Transaction>(`${BASE}/${id}`, patch, ifMatch(etag));
}

/** Totals of the list as filtered now; under Transaction.all, so a new row refreshes them. */
export function useTransactionTotals(query: ListQueryInput) {
  return useQuery({
    queryKey: [...transactionKeys.all, 'totals', query],
    queryFn: ({ signal }) => fetchTransactionTotals(query, signal),
  });
}

export function useTransactionCache() {
  const qc = useQueryClient();
  return useCallback(
    (row: Transaction) => {
      qc.setQueryData<Versioned<Transaction>>(transactionKeys.detail(row.id), versioned(row));
      void qc.invalidateQueries({ queryKey: transactionKeys.lists() });
      void qc.invalidateQueries({ queryKey: transactionKeys.history(row.id) });
    },
    [qc],
  );
}
