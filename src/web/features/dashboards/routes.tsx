import { Navigate, type RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.dashboards' });

/** Dashboards need a signed-in user of any role; the app layout's guard already ensures that. */
export const dashboardRoutes: RouteObject = {
  path: 'dashboard',
  children: [
    { index: true, element: <Navigate to="/dashboard/ecommerce" replace /> },
    { path: 'ecommerce', handle: handle('screens.dashboardEcommerce'), lazy: lazyScreen(() => import('./dashboard-page'), 'EcommerceDashboard') },
    { path: 'analytics', handle: handle('screens.dashboardAnalytics'), lazy: lazyScreen(() => import('./dashboard-page'), 'AnalyticsDashboard') },
  ],
};

export const dashboardMenu: MenuEntry = {
  id: 'dashboards',
  labelKey: 'menu.dashboards',
  icon: 'bi-speedometer2',
  children: [
    { id: 'dashboard-ecommerce', labelKey: 'menu.ecommerce', to: '/dashboard/ecommerce' },
    { id: 'dashboard-analytics', labelKey: 'menu.analytics', to: '/dashboard/analytics' },
  ],
};
