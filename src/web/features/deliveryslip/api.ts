import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type { DeliverySlip, DeliverySlipList, SlipConfirmBodyInput, SlipStatusBodyInput } from '../../../shared/contracts/delivery-slips';
import { IDEMPOTENCY_HEADER } from '../../../shared/contracts/idempotency';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { newIdempotencyKey } from '../../entities/transaction/api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Delivery slips over the shared client: list (with totals), one slip, its status steps, the confirmation. */

const BASE = '/api/delivery-slips';
export type { Versioned };
export const slipKeys = queryKeys.DeliverySlip;

export function fetchSlipPage(query: ListQueryInput, signal?: AbortSignal): Promise<DeliverySlipList> {
  return api.get<DeliverySlipList>(BASE, query, { signal });
}

export function slipQuery(id: string | number) {
  return queryOptions({ queryKey: slipKeys.detail(id), queryFn: ({ signal }) => getVersioned<DeliverySlip>(`${BASE}/${id}`, signal) });
}

export function useSlip(id: string | number) {
  return useQuery(slipQuery(id));
}

export function fetchSlipByCode(code: string, signal?: AbortSignal): Promise<DeliverySlip> {
  return api.get<DeliverySlip>(`${BASE}/by-code/${encodeURIComponent(code)}`, undefined, { signal });
}

/** A status step, based on the version the screen shows (a stale one is a 412). */
export function changeSlipStatus(id: number, etag: string | null, body: SlipStatusBodyInput): Promise<DeliverySlip> {
  return api.post<DeliverySlip>(`${BASE}/${id}/status`, body, etag ? ifMatch(etag) : undefined);
}

/** The hand-over; `key` is made once per attempt on the screen, so a retry of the same attempt is not posted twice. */
export function confirmSlip(id: number, key: string, body: SlipConfirmBodyInput): Promise<DeliverySlip> {
  return api.post<DeliverySlip>(`${BASE}/${id}/confirm`, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

export { newIdempotencyKey };

/** Puts a slip the server answered into the cache and refreshes the lists (and wallets, and packages). */
export function useSlipCache() {
  const qc = useQueryClient();
  return useCallback(
    (row: DeliverySlip) => {
      qc.setQueryData<Versioned<DeliverySlip>>(slipKeys.detail(row.id), versioned(row));
      void qc.invalidateQueries({ queryKey: slipKeys.lists() });
      void qc.invalidateQueries({ queryKey: slipKeys.history(row.id) });
      void qc.invalidateQueries({ queryKey: queryKeys.Transaction.all });
      void qc.invalidateQueries({ queryKey: queryKeys.Customer.all });
    },
    [qc],
  );
}
