import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type {
  AddPackagesResponse,
  Mawb,
  MawbCreate,
  MawbEventList,
  MawbList,
  MawbPackageList,
  MawbPatch,
  MawbStatus,
} from '../../../shared/contracts/mawbs';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/**
 * Master air waybills over the shared client: the /api/mawbs resource, the packages on one, its status moves
 * and its timeline.
 */

const BASE = '/api/mawbs';
export type { Versioned };
export const mawbKeys = queryKeys.Mawb;

export const packagesKey = (id: string | number) => [...mawbKeys.detail(id), 'packages'] as const;
export const eventsKey = (id: string | number) => [...mawbKeys.detail(id), 'events'] as const;

export function fetchMawbPage(query: ListQueryInput, signal?: AbortSignal): Promise<MawbList> {
  return api.get<MawbList>(BASE, query, { signal });
}

export function mawbQuery(id: string | number) {
  return queryOptions({
    queryKey: mawbKeys.detail(id),
    queryFn: ({ signal }) => getVersioned<Mawb>(`${BASE}/${id}`, signal),
  });
}

export function useMawb(id: string | number) {
  return useQuery(mawbQuery(id));
}

export function useMawbPackages(id: string | number) {
  return useQuery({
    queryKey: packagesKey(id),
    queryFn: ({ signal }) => api.get<MawbPackageList>(`${BASE}/${id}/packages`, undefined, { signal }),
  });
}

export function useMawbEvents(id: string | number) {
  return useQuery({
    queryKey: eventsKey(id),
    queryFn: ({ signal }) => api.get<MawbEventList>(`${BASE}/${id}/events`, undefined, { signal }),
  });
}

export function createMawb(body: MawbCreate): Promise<Mawb> {
  return api.post<Mawb>(BASE, body);
}

export function patchMawb(id: number, etag: string, patch: MawbPatch): Promise<Mawb> {
  return api.patch<Mawb>(`${BASE}/${id}`, patch, ifMatch(etag));
}

export function deleteMawb(id: number, etag: string): Promise<void> {
  return api.delete<void>(`${BASE}/${id}`, ifMatch(etag));
}

/**
 * Puts packages on the MAWB by tracking number or package code. No If-Match: scans arrive one after another
 * and each answer moves the version, while the server's own rules (draft/booked, one open MAWB per package)
 * are what keeps the list right.
 */
export function addPackages(id: number, trackingNumbers: string[], signal?: AbortSignal): Promise<AddPackagesResponse> {
  return api.post<AddPackagesResponse>(`${BASE}/${id}/packages`, { trackingNumbers }, { signal });
}

export function removePackage(id: number, packageId: number): Promise<Mawb> {
  return api.delete<Mawb>(`${BASE}/${id}/packages/${packageId}`);
}

/** A status move is confirmed against what the person saw: a MAWB changed meanwhile is a 412, not a blind move. */
export function changeMawbStatus(id: number, etag: string, status: MawbStatus, note: string): Promise<Mawb> {
  return api.post<Mawb>(`${BASE}/${id}/status`, { status, note }, ifMatch(etag));
}

/** Keeps the cache right after a write: the MAWB is fresh; lists, its packages, timeline, History and the packages' own screens are not. */
export function useMawbCache() {
  const qc = useQueryClient();
  const saved = useCallback(
    (m: Mawb, opts: { packagesChanged?: boolean } = {}) => {
      qc.setQueryData<Versioned<Mawb>>(mawbKeys.detail(m.id), versioned(m));
      void qc.invalidateQueries({ queryKey: mawbKeys.lists() });
      void qc.invalidateQueries({ queryKey: mawbKeys.history(m.id) });
      void qc.invalidateQueries({ queryKey: eventsKey(m.id) });
      if (opts.packagesChanged !== false) {
        void qc.invalidateQueries({ queryKey: packagesKey(m.id) });
        // Every package on it got a tracking event: their status, journey and lists moved too.
        void qc.invalidateQueries({ queryKey: queryKeys.Tracking.all });
      }
    },
    [qc],
  );
  const removed = useCallback(
    (id: number) => {
      qc.removeQueries({ queryKey: mawbKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: mawbKeys.lists() });
    },
    [qc],
  );
  const refresh = useCallback((id: number) => void qc.invalidateQueries({ queryKey: mawbKeys.detail(id) }), [qc]);
  return { saved, removed, refresh };
}
