import { Navigate, type RouteObject } from 'react-router';
import { i18n } from '../../lib/i18n';
import type { MenuEntry } from '../../lib/routing/menu';
import { lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.dashboards' });

/** The dashboards' strings and the status names they show, loaded before the screen commits (no bare keys). */
function withDashboardStrings<T>(load: () => Promise<T>) {
  return async () => {
    const [screen] = await Promise.all([load(), i18n.loadNamespaces(['dashboard', 'order', 'transaction', 'mawb'])]);
    return screen;
  };
}

/** Dashboards need a signed-in user of any role; the app layout's guard already ensures that. */
export const dashboardRoutes: RouteObject = {
  path: 'dashboard',
  children: [
    { index: true, element: <Navigate to="/dashboard/ecommerce" replace /> },
    {
      path: 'ecommerce',
      handle: handle('screens.dashboardEcommerce'),
      lazy: withDashboardStrings(lazyScreen(() => import('./ecommerce-page'), 'EcommerceDashboardPage')),
    },
    {
      path: 'analytics',
      handle: handle('screens.dashboardAnalytics'),
      lazy: withDashboardStrings(lazyScreen(() => import('./analytics-page'), 'AnalyticsDashboardPage')),
    },
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
