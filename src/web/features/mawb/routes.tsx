import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';
import { i18n } from '../../lib/i18n';

// The only place that knows this section's screens.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.mawb' });

/**
 * /mawb/create and /mawb/:id/manifest are beyond the fixed routes (the list, the detail and the edit screen;
 * creating and printing a manifest were added later). Their titles live in this section's namespace,
 * loaded before the route commits so the heading, tab title and breadcrumb never show a bare key.
 */
function withMawbStrings<T>(load: () => Promise<T>) {
  return async () => {
    const [screen] = await Promise.all([load(), i18n.loadNamespaces('mawb')]);
    return screen;
  };
}

export const mawbRoutes: RouteObject = guardedSection('mawb', ADMIN_ONLY, [
  { index: true, handle: handle('screens.mawbList'), lazy: lazyScreen(() => import('./mawb-list'), 'MawbListPage') },
  { path: 'create', handle: handle('mawb:screens.create'), lazy: withMawbStrings(lazyScreen(() => import('./mawb-form'), 'MawbCreatePage')) },
  { path: ':id', handle: handle('screens.mawbDetail'), lazy: lazyScreen(() => import('./mawb-detail'), 'MawbDetailPage') },
  { path: ':id/manifest', handle: handle('mawb:screens.manifest'), lazy: withMawbStrings(lazyScreen(() => import('./manifest-page'), 'ManifestPage')) },
  { path: 'edit/:id', handle: handle('screens.mawbEdit'), lazy: lazyScreen(() => import('./mawb-form'), 'MawbEditPage') },
]);

export const mawbMenu: MenuEntry = { id: 'mawb', labelKey: 'menu.mawb', icon: 'bi-airplane', to: '/mawb', roles: ADMIN_ONLY };
