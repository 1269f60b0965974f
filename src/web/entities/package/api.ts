import { PACKAGE_LIST, type Package, type PackageList, type PackagePatch } from '../../../shared/contracts/packages';
import { defineResourceClient } from '../../components/resource-api';
import { queryKeys } from '../../lib/query-client';

export const packageEventsKey = (id: string | number) => [...queryKeys.Tracking.detail(id), 'events'] as const;
/** A package's estimated freight (entities/package/freight.tsx): a write to the package (weight, route, customer) makes it stale. */
export const packageFreightKey = (id: string | number) => [...queryKeys.Tracking.detail(id), 'freight'] as const;
const packageSearchesKey = [...queryKeys.Tracking.all, 'search'] as const;

/** Packages: /api/packages(/:id); screens under /tracking. A write also makes its timeline and the scanner's searches stale. */
export const packageApi = defineResourceClient<{ record: Package; list: PackageList; patch: Partial<PackagePatch> }>({
  name: 'Tracking',
  path: '/api/packages',
  spec: PACKAGE_LIST,
  route: '/tracking',
  staleOnSave: (p) => [packageEventsKey(p.id), packageFreightKey(p.id), packageSearchesKey],
  staleOnRemove: [packageSearchesKey],
});
