import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type { QuoteRequest, QuoteResponse, Setting, SettingCreate, SettingList, SettingPatch } from '../../../shared/contracts/settings';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Settings over the shared client: versions of every kind/key, and the pricing calculator. */

const BASE = '/api/settings';
export type { Versioned };
export const settingKeys = queryKeys.Setting;

export function fetchSettingPage(query: ListQueryInput, signal?: AbortSignal): Promise<SettingList> {
  return api.get<SettingList>(BASE, query, { signal });
}

export function settingQuery(id: string | number) {
  return queryOptions({ queryKey: settingKeys.detail(id), queryFn: ({ signal }) => getVersioned<Setting>(`${BASE}/${id}`, signal) });
}

export function useSetting(id: string | number) {
  return useQuery(settingQuery(id));
}

/** Every live version of one kind/key, newest start day first. */
export function useVersions(kind: string, key: string) {
  const query = { kind, key, sort: '-effectiveFrom', pageSize: 200 } as const;
  return useQuery({ queryKey: settingKeys.list(query), queryFn: ({ signal }) => api.get<SettingList>(BASE, query, { signal }) });
}

export function createSetting(body: SettingCreate): Promise<Setting> {
  return api.post<Setting>(BASE, body);
}

export function patchSetting(id: number, etag: string, patch: SettingPatch): Promise<Setting> {
  return api.patch<Setting>(`${BASE}/${id}`, patch, ifMatch(etag));
}

export function deleteSetting(id: number, etag: string): Promise<void> {
  return api.delete<void>(`${BASE}/${id}`, ifMatch(etag));
}

export function quotePrice(body: QuoteRequest): Promise<QuoteResponse> {
  return api.post<QuoteResponse>('/api/pricing/quote', body);
}

export function useSettingCache() {
  const qc = useQueryClient();
  const saved = useCallback(
    (s: Setting) => {
      qc.setQueryData<Versioned<Setting>>(settingKeys.detail(s.id), versioned(s));
      // Lists, versions, the company profile in the top bar: everything under the group.
      void qc.invalidateQueries({ queryKey: settingKeys.all });
    },
    [qc],
  );
  const removed = useCallback(
    (id: number) => {
      qc.removeQueries({ queryKey: settingKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: settingKeys.all });
    },
    [qc],
  );
  return { saved, removed };
}
