import { MAWB_LIST, type Mawb, type MawbCreate, type MawbList, type MawbPatch } from '../../../shared/contracts/mawbs';
import { defineResourceClient } from '../../components/resource-api';
import { queryKeys } from '../../lib/query-client';

export const mawbPackagesKey = (id: string | number) => [...queryKeys.Mawb.detail(id), 'packages'] as const;
export const mawbEventsKey = (id: string | number) => [...queryKeys.Mawb.detail(id), 'events'] as const;

/** Master air waybills: /api/mawbs(/:id); screens under /mawb. A write also makes the MAWB's timeline stale. */
export const mawbApi = defineResourceClient<{ record: Mawb; list: MawbList; create: MawbCreate; patch: MawbPatch }>({
  name: 'Mawb',
  path: '/api/mawbs',
  spec: MAWB_LIST,
  route: '/mawb',
  staleOnSave: (m) => [mawbEventsKey(m.id)],
});
