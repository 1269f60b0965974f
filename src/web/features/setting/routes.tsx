import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens: a built screen replaces its placeholder here.
const placeholder = lazyScreen(() => import('../../components/placeholder-page'), 'PlaceholderPage');
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.setting' });

export const settingRoutes: RouteObject = guardedSection('setting', ADMIN_ONLY, [
  { index: true, handle: handle('screens.settingList'), lazy: placeholder },
  { path: ':id', handle: handle('screens.settingDetail'), lazy: placeholder },
  { path: 'edit/:id', handle: handle('screens.settingEdit'), lazy: placeholder },
]);

export const settingMenu: MenuEntry = { id: 'setting', labelKey: 'menu.setting', icon: 'bi-gear', to: '/setting', roles: ADMIN_ONLY };
