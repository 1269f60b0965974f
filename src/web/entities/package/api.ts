import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type { PackageList } from '../../../shared/contracts/packages';
import { api } from '../../lib/api-client';

export function fetchPackagePage(query: ListQueryInput, signal?: AbortSignal): Promise<PackageList> {
  return api.get<PackageList>('/api/packages', query, { signal });
}
