import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CustomerList } from '../../../shared/contracts/customers';
import type { OrderList } from '../../../shared/contracts/orders';
import type {
  EventAppendResponse,
  EventCreateInput,
  EventList,
  LabelsResponse,
  Package,
  PackagePatch,
  ReceiveBody,
  ReceiveResponse,
  SearchResponse,
} from '../../../shared/contracts/packages';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/**
 * Packages over the shared client: the /api/packages resource, its events, the scanner search, receiving and
 * labels; plus the customer and order lookups the tracking screens pick from.
 */

const BASE = '/api/packages';
export type { Versioned };
export const trackingKeys = queryKeys.Tracking;

export const eventsKey = (id: string | number) => [...trackingKeys.detail(id), 'events'] as const;
export const labelsKey = (ids: string) => [...trackingKeys.all, 'labels', ids] as const;

export function packageQuery(id: string | number) {
  return queryOptions({
    queryKey: trackingKeys.detail(id),
    queryFn: ({ signal }) => getVersioned<Package>(`${BASE}/${id}`, signal),
  });
}

export function usePackage(id: string | number) {
  return useQuery(packageQuery(id));
}

export function usePackageEvents(id: string | number) {
  return useQuery({
    queryKey: eventsKey(id),
    queryFn: ({ signal }) => api.get<EventList>(`${BASE}/${id}/events`, undefined, { signal }),
  });
}

export function patchPackage(id: number, etag: string, patch: Partial<PackagePatch>): Promise<Package> {
  return api.patch<Package>(`${BASE}/${id}`, patch, ifMatch(etag));
}

export function deletePackage(id: number, etag: string): Promise<void> {
  return api.delete<void>(`${BASE}/${id}`, ifMatch(etag));
}

export function addPackageEvent(id: number, body: EventCreateInput): Promise<EventAppendResponse> {
  return api.post<EventAppendResponse>(`${BASE}/${id}/events`, body);
}

export function receivePackage(body: ReceiveBody): Promise<ReceiveResponse> {
  return api.post<ReceiveResponse>(`${BASE}/receive`, body);
}

/** Past this many characters the numbers go in a POST body: a URL that long is refused by some proxies. */
const SEARCH_GET_MAX = 1800;

/** Looks up cleaned, de-duplicated numbers (one per line). */
export function searchPackages(numbers: string[], signal?: AbortSignal): Promise<SearchResponse> {
  const text = numbers.join('\n');
  return text.length <= SEARCH_GET_MAX
    ? api.get<SearchResponse>(`${BASE}/search`, { numbers: text }, { signal })
    : api.post<SearchResponse>(`${BASE}/search`, { numbers }, { signal });
}

export function searchQuery(numbers: string[]) {
  return queryOptions({
    queryKey: trackingKeys.search(numbers.join('\n')),
    queryFn: ({ signal }) => searchPackages(numbers, signal),
  });
}

export function fetchLabels(ids: number[], signal?: AbortSignal): Promise<LabelsResponse> {
  return api.get<LabelsResponse>(`${BASE}/labels`, { ids: ids.join(',') }, { signal });
}

/** Keeps the cache right after a write: the package is fresh; lists, searches, events and History are not. */
export function useTrackingCache() {
  const qc = useQueryClient();
  const saved = useCallback(
    (p: Package) => {
      qc.setQueryData<Versioned<Package>>(trackingKeys.detail(p.id), versioned(p));
      void qc.invalidateQueries({ queryKey: trackingKeys.lists() });
      void qc.invalidateQueries({ queryKey: trackingKeys.history(p.id) });
      void qc.invalidateQueries({ queryKey: eventsKey(p.id) });
      void qc.invalidateQueries({ queryKey: [...trackingKeys.all, 'search'] });
    },
    [qc],
  );
  const removed = useCallback(
    (id: number) => {
      qc.removeQueries({ queryKey: trackingKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: trackingKeys.lists() });
      void qc.invalidateQueries({ queryKey: [...trackingKeys.all, 'search'] });
    },
    [qc],
  );
  const listsChanged = useCallback(() => void qc.invalidateQueries({ queryKey: trackingKeys.lists() }), [qc]);
  return { saved, removed, listsChanged };
}

// ---- lookups for pickers and filters

export interface RefOption {
  id: number;
  code: string;
  name: string;
}

const PICKER_PAGE = 8;

export async function searchCustomers(q: string, signal?: AbortSignal): Promise<RefOption[]> {
  const res = await api.get<CustomerList>('/api/customers', { q: q || undefined, pageSize: PICKER_PAGE, sort: q ? undefined : 'code' }, { signal });
  return res.items.map((c) => ({ id: c.id, code: c.code, name: `${c.fullName} · ${c.phone}` }));
}

export async function customerRef(id: number, signal?: AbortSignal): Promise<RefOption> {
  const c = await api.get<{ id: number; code: string; fullName: string; phone: string }>(`/api/customers/${id}`, undefined, { signal });
  return { id: c.id, code: c.code, name: `${c.fullName} · ${c.phone}` };
}

export async function searchOrders(q: string, customerId: number | null, signal?: AbortSignal): Promise<RefOption[]> {
  const res = await api.get<OrderList>(
    '/api/orders',
    { q: q || undefined, customerId: customerId ?? undefined, pageSize: PICKER_PAGE },
    { signal },
  );
  return res.items.map((o) => ({ id: o.id, code: o.code, name: `${o.customerCode} · ${o.customerName}` }));
}

export async function orderRef(id: number, signal?: AbortSignal): Promise<RefOption> {
  const o = await api.get<{ id: number; code: string; customerCode: string; customerName: string }>(`/api/orders/${id}`, undefined, { signal });
  return { id: o.id, code: o.code, name: `${o.customerCode} · ${o.customerName}` };
}
