import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.setting' });

export const settingRoutes: RouteObject = guardedSection('setting', ADMIN_ONLY, [
  { index: true, handle: handle('screens.settingList'), lazy: lazyScreen(() => import('./setting-list'), 'SettingListPage') },
  { path: ':id', handle: handle('screens.settingDetail'), lazy: lazyScreen(() => import('./setting-detail'), 'SettingDetailPage') },
  { path: 'edit/:id', handle: handle('screens.settingEdit'), lazy: lazyScreen(() => import('./setting-form'), 'SettingEditPage') },
]);

export const settingMenu: MenuEntry = { id: 'setting', labelKey: 'menu.setting', icon: 'bi-gear', to: '/setting', roles: ADMIN_ONLY };
