import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.tracking' });

export const trackingRoutes: RouteObject = guardedSection('tracking', ADMIN_ONLY, [
  { index: true, handle: handle('screens.trackingList'), lazy: lazyScreen(() => import('./package-list'), 'PackageListPage') },
  { path: 'search', handle: handle('screens.trackingSearch'), lazy: lazyScreen(() => import('./package-search'), 'PackageSearchPage') },
  { path: 'labels', handle: handle('screens.trackingLabels'), lazy: lazyScreen(() => import('./labels-page'), 'LabelsPage') },
  { path: ':id', handle: handle('screens.trackingDetail'), lazy: lazyScreen(() => import('./package-detail'), 'PackageDetailPage') },
  { path: 'edit/:id', handle: handle('screens.trackingEdit'), lazy: lazyScreen(() => import('./package-form'), 'PackageEditPage') },
]);

export const trackingMenu: MenuEntry = {
  id: 'tracking',
  labelKey: 'menu.tracking',
  icon: 'bi-box-seam',
  roles: ADMIN_ONLY,
  children: [
    { id: 'tracking-list', labelKey: 'menu.trackingList', to: '/tracking', end: true },
    { id: 'tracking-search', labelKey: 'menu.trackingSearch', to: '/tracking/search' },
  ],
};
