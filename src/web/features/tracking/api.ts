import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '../../../shared/contracts/customers';
import type { OrderList } from '../../../shared/contracts/orders';
import type { EventAppendResponse, EventCreateInput, EventList, LabelsResponse, ReceiveBody, ReceiveResponse, SearchResponse } from '../../../shared/contracts/packages';
import { packageApi, packageEventsKey } from '../../entities/package/api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/**
 * What the tracking screens have beyond the package resource (entities/package/api.ts): its events, the scanner
 * search, receiving and labels; plus the customer and order lookups the tracking screens pick from.
 */

export const labelsKey = (ids: string) => [...queryKeys.Tracking.all, 'labels', ids] as const;

export function usePackageEvents(id: string | number) {
  return useQuery({
    queryKey: packageEventsKey(id),
    queryFn: ({ signal }) => api.get<EventList>(packageApi.url(id, 'events'), undefined, { signal }),
  });
}

export function addPackageEvent(id: number, body: EventCreateInput): Promise<EventAppendResponse> {
  return api.post<EventAppendResponse>(packageApi.url(id, 'events'), body);
}

export function receivePackage(body: ReceiveBody): Promise<ReceiveResponse> {
  return api.post<ReceiveResponse>(packageApi.url('receive'), body);
}

/** Past this many characters the numbers go in a POST body: a URL that long is refused by some proxies. */
const SEARCH_GET_MAX = 1800;

/** Looks up cleaned, de-duplicated numbers (one per line). */
export function searchPackages(numbers: string[], signal?: AbortSignal): Promise<SearchResponse> {
  const text = numbers.join('\n');
  return text.length <= SEARCH_GET_MAX
    ? api.get<SearchResponse>(`${packageApi.path}/search`, { numbers: text }, { signal })
    : api.post<SearchResponse>(`${packageApi.path}/search`, { numbers }, { signal });
}

export function searchQuery(numbers: string[]) {
  return queryOptions({
    queryKey: queryKeys.Tracking.search(numbers.join('\n')),
    queryFn: ({ signal }) => searchPackages(numbers, signal),
  });
}

export function fetchLabels(ids: number[], signal?: AbortSignal): Promise<LabelsResponse> {
  return api.get<LabelsResponse>(`${packageApi.path}/labels`, { ids: ids.join(',') }, { signal });
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
