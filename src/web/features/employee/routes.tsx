import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.employee' });

export const employeeRoutes: RouteObject = guardedSection('employee', ADMIN_ONLY, [
  { index: true, handle: handle('screens.employeeList'), lazy: lazyScreen(() => import('./employee-list'), 'EmployeeListPage') },
  { path: 'create', handle: handle('screens.employeeCreate'), lazy: lazyScreen(() => import('./employee-form'), 'EmployeeCreatePage') },
  { path: ':id', handle: handle('screens.employeeDetail'), lazy: lazyScreen(() => import('./employee-detail'), 'EmployeeDetailPage') },
  { path: 'edit/:id', handle: handle('screens.employeeEdit'), lazy: lazyScreen(() => import('./employee-form'), 'EmployeeEditPage') },
]);

export const employeeMenu: MenuEntry = { id: 'employee', labelKey: 'menu.employee', icon: 'bi-person-badge', to: '/employee', roles: ADMIN_ONLY };
