import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import {
  IDEMPOTENCY_HEADER,
  TRANSACTION_LIST,
  type Transaction,
  type TransactionPatch,
  type TransactionCreateInput,
  type TransactionList,
  type TransactionTotals,
  type TransactionReferenceType,
} from '../../../shared/contracts/transactions';
import { defineResourceClient } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { customerPickKeys } from '../customer/api';

/** The wallet ledger: GET /api/transactions(/:id), PATCH of note and reference; screens under /transaction. */
export const transactionApi = defineResourceClient<{ record: Transaction; list: TransactionList; patch: TransactionPatch }>({
  name: 'Transaction',
  path: '/api/transactions',
  spec: TRANSACTION_LIST,
  route: '/transaction',
});

/** Σ in / out / net of every row the same query selects (paging and sort are ignored by the server). */
export function fetchTransactionTotals(query: ListQueryInput, signal?: AbortSignal): Promise<TransactionTotals> {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = query;
  return api.get<TransactionTotals>('/api/transactions/totals', filters, { signal });
}

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost); the console is
 * also served over plain HTTP on a warehouse LAN, where `getRandomValues` still is, so a v4 UUID is built from it.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** POST /api/transactions with its Idempotency-Key: the same key and body always give the same answer. */
export function postTransaction(body: TransactionCreateInput, idempotencyKey: string): Promise<Transaction> {
  return api.post<Transaction>('/api/transactions', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** The cache of each kind of record a wallet row may refer to (its paid/due figures change with the row). */
const REFERENCE_QUERY_KEYS: Partial<Record<TransactionReferenceType, { detail(id: number): readonly unknown[]; lists(): readonly unknown[] }>> = {
  order: queryKeys.Order,
};

/**
 * What a new wallet row makes stale: the customer (balance), lists of customers (balance column), every
 * transaction list and total, and the order it pays (paid, due, payments).
 */
export function useWalletInvalidation() {
  const qc = useQueryClient();
  return useCallback(
    (row: Pick<Transaction, 'customerId' | 'referenceType' | 'referenceId'>) => {
      void qc.invalidateQueries({ queryKey: queryKeys.Customer.detail(row.customerId) });
      void qc.invalidateQueries({ queryKey: queryKeys.Customer.lists() });
      // The pickers' chips and search results show balances too.
      void qc.invalidateQueries({ queryKey: customerPickKeys.all });
      void qc.invalidateQueries({ queryKey: queryKeys.Transaction.all });
      const keys = row.referenceType ? REFERENCE_QUERY_KEYS[row.referenceType] : undefined;
      if (keys && row.referenceId !== null) {
        void qc.invalidateQueries({ queryKey: keys.detail(row.referenceId) });
        void qc.invalidateQueries({ queryKey: keys.lists() });
      }
    },
    [qc],
  );
}
