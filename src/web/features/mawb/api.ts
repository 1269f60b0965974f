import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AddPackagesResponse, Mawb, MawbEventList, MawbPackageList, MawbStatus, StatusBodyInput } from '../../../shared/contracts/mawbs';
import { ifMatch } from '../../components/resource-api';
import { mawbApi, mawbEventsKey, mawbPackagesKey } from '../../entities/mawb/api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** What the MAWB screens have beyond the MAWB resource (entities/mawb/api.ts): the packages on one, its status moves and its timeline. */

export function useMawbPackages(id: string | number) {
  return useQuery({
    queryKey: mawbPackagesKey(id),
    queryFn: ({ signal }) => api.get<MawbPackageList>(mawbApi.url(id, 'packages'), undefined, { signal }),
  });
}

export function useMawbEvents(id: string | number) {
  return useQuery({
    queryKey: mawbEventsKey(id),
    queryFn: ({ signal }) => api.get<MawbEventList>(mawbApi.url(id, 'events'), undefined, { signal }),
  });
}

/**
 * Puts packages on the MAWB by tracking number or package code. No If-Match: scans arrive one after another
 * and each answer moves the version, while the server's own rules (draft/booked, one open MAWB per package)
 * are what keeps the list right.
 */
export function addPackages(id: number, trackingNumbers: string[], signal?: AbortSignal): Promise<AddPackagesResponse> {
  return api.post<AddPackagesResponse>(mawbApi.url(id, 'packages'), { trackingNumbers }, { signal });
}

export function removePackage(id: number, packageId: number): Promise<Mawb> {
  return api.delete<Mawb>(mawbApi.url(id, 'packages', String(packageId)));
}

/**
 * A status move is confirmed against what the person saw: a MAWB changed meanwhile is a 412, not a blind move.
 * `step`: when it happened (omitted: now), the flight of a departure with no legs, and the confirmation of an
 * ATD far from the ETD (the contract's StatusBody).
 */
export function changeMawbStatus(
  id: number,
  etag: string,
  status: MawbStatus,
  note: string,
  step: Pick<StatusBodyInput, 'at' | 'flightNo' | 'confirm'> = {},
): Promise<Mawb> {
  return api.post<Mawb>(mawbApi.url(id, 'status'), { status, note, ...step }, ifMatch(etag));
}

/**
 * The MAWB cache after a write, plus: unless told the packages did not change, its package list and every
 * package's own screens (each package on it got a tracking event: status, journey and lists moved too).
 */
export function useMawbCache() {
  const qc = useQueryClient();
  const cache = mawbApi.useCache();
  const saved = useCallback(
    (m: Mawb, opts: { packagesChanged?: boolean } = {}) => {
      cache.saved(m);
      if (opts.packagesChanged !== false) {
        void qc.invalidateQueries({ queryKey: mawbPackagesKey(m.id) });
        void qc.invalidateQueries({ queryKey: queryKeys.Tracking.all });
      }
    },
    [qc, cache],
  );
  return useMemo(() => ({ ...cache, saved }), [cache, saved]);
}
