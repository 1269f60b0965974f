import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ExchangeRates } from '../../../shared/contracts/exchange-rates';
import type { Order, OrderCreateInput, OrderPatchInput, OrderStatus } from '../../../shared/contracts/orders';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Orders over the shared client: /api/orders, POST /api/orders/:id/status, GET /api/exchange-rates. */

const BASE = '/api/orders';
export type { Versioned };
export const orderKeys = queryKeys.Order;

export function orderQuery(id: string | number) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getVersioned<Order>(`${BASE}/${id}`, signal),
  });
}

export function useOrder(id: string | number) {
  return useQuery(orderQuery(id));
}

export function createOrder(body: OrderCreateInput): Promise<Order> {
  return api.post<Order>(BASE, body);
}

export function patchOrder(id: number, etag: string, patch: OrderPatchInput): Promise<Order> {
  return api.patch<Order>(`${BASE}/${id}`, patch, ifMatch(etag));
}

export function deleteOrder(id: number, etag: string): Promise<void> {
  return api.delete<void>(`${BASE}/${id}`, ifMatch(etag));
}

/** One lifecycle step; If-Match makes a step based on a stale screen fail (412) instead of skipping ahead. */
export function changeOrderStatus(id: number, etag: string, status: OrderStatus, note: string): Promise<Order> {
  return api.post<Order>(`${BASE}/${id}/status`, { status, note }, ifMatch(etag));
}

/** The rates effective today (Vietnamese time), for the form's preview. */
export function useExchangeRates() {
  return useQuery({
    queryKey: [...queryKeys.Config.all, 'exchange-rates'],
    queryFn: ({ signal }) => api.get<ExchangeRates>('/api/exchange-rates', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Keeps the cache right after a write: the saved order is fresh; lists, History and the customer's tabs are not. */
export function useOrderCache() {
  const qc = useQueryClient();
  const saved = useCallback(
    (o: Order) => {
      qc.setQueryData<Versioned<Order>>(orderKeys.detail(o.id), versioned(o));
      void qc.invalidateQueries({ queryKey: orderKeys.lists() });
      void qc.invalidateQueries({ queryKey: orderKeys.history(o.id) });
    },
    [qc],
  );
  const removed = useCallback(
    (id: number) => {
      qc.removeQueries({ queryKey: orderKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    [qc],
  );
  return { saved, removed };
}
