import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.customer' });

export const customerRoutes: RouteObject = guardedSection('customer', ADMIN_ONLY, [
  { index: true, handle: handle('screens.customerList'), lazy: lazyScreen(() => import('./customer-list'), 'CustomerListPage') },
  { path: 'create', handle: handle('screens.customerCreate'), lazy: lazyScreen(() => import('./customer-form'), 'CustomerCreatePage') },
  { path: 'infor-user', handle: handle('screens.customerInforUser'), lazy: lazyScreen(() => import('./infor-user'), 'InforUserPage') },
  { path: ':id', handle: handle('screens.customerDetail'), lazy: lazyScreen(() => import('./customer-detail'), 'CustomerDetailPage') },
  { path: 'edit/:id', handle: handle('screens.customerEdit'), lazy: lazyScreen(() => import('./customer-form'), 'CustomerEditPage') },
]);

export const customerMenu: MenuEntry = { id: 'customer', labelKey: 'menu.customer', icon: 'bi-people', to: '/customer', roles: ADMIN_ONLY };
