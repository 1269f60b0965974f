import { useQuery } from '@tanstack/react-query';
import { SETTING_LIST, type QuoteRequest, type QuoteResponse, type Setting, type SettingCreate, type SettingList, type SettingPatch } from '../../../shared/contracts/settings';
import { defineResourceClient } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** The company profile the top bar shows (layouts/brand.tsx reads it under this key): a saved setting makes it stale. */
const PUBLIC_COMPANY_KEY = [...queryKeys.Setting.all, 'public-company'] as const;

/** Settings: /api/settings(/:id), every version of every kind/key; screens under /setting. */
export const settingApi = defineResourceClient<{ record: Setting; list: SettingList; create: SettingCreate; patch: SettingPatch }>({
  name: 'Setting',
  path: '/api/settings',
  spec: SETTING_LIST,
  route: '/setting',
  // The office's configuration others read and cache (the order form's exchange rates live under Config): a saved
  // or removed version changes what they must quote at once, not after their cache time.
  staleOnSave: () => [PUBLIC_COMPANY_KEY, queryKeys.Config.all],
  staleOnRemove: [PUBLIC_COMPANY_KEY, queryKeys.Config.all],
});

/** Every live version of one kind/key, newest start day first (a list of the resource, so a save refreshes it). */
export function useVersions(kind: string, key: string) {
  const query = { kind, key, sort: '-effectiveFrom', pageSize: 200 } as const;
  return useQuery({ queryKey: settingApi.keys.list(query), queryFn: ({ signal }) => settingApi.fetchPage(query, signal) });
}

/** The pricing rule on the server: what a parcel on a route costs on a day. */
export function quotePrice(body: QuoteRequest): Promise<QuoteResponse> {
  return api.post<QuoteResponse>('/api/pricing/quote', body);
}

/** The company logo: one image (PNG, JPEG or WebP, at most 1 MiB; the server checks the content). */
export function uploadLogo(file: File): Promise<Setting> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postMultipart<Setting>('/api/settings/logo', form);
}
