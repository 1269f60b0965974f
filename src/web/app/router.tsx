import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { customerRoutes } from '../features/customer/routes';
import { dashboardRoutes } from '../features/dashboards/routes';
import { deliveryslipRoutes } from '../features/deliveryslip/routes';
import { employeeRoutes } from '../features/employee/routes';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RouteErrorScreen } from '../features/errors/route-error';
import { ServerErrorPage } from '../features/errors/server-error-page';
import { mawbRoutes } from '../features/mawb/routes';
import { orderRoutes } from '../features/order/routes';
import { settingRoutes } from '../features/setting/routes';
import { trackingRoutes } from '../features/tracking/routes';
import { transactionRoutes } from '../features/transaction/routes';
import { prefetchLanding } from '../entities/public-tracking/api';
import { storedLanguage } from '../lib/i18n';
import { ProtectedRoute } from '../lib/routing/guards';
import { RouteFallback } from '../lib/routing/page-spinner';
import { RootRoute } from './root-route';
import { lazyScreen, type RouteHandle } from '../lib/routing/route-kit';

const title = (titleKey: string): RouteHandle => ({ titleKey });

/** Every route of the console. Screens and layouts are lazy chunks; this file only wires them. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        index: true,
        handle: title('screens.landing'),
        // The public page's requests start with the route, beside its code, not after it (one round trip).
        loader: ({ request }) => {
          prefetchLanding(new URL(request.url), storedLanguage());
          return null;
        },
        lazy: lazyScreen(() => import('../features/landing/landing-page'), 'LandingPage'),
      },
      {
        path: 'auth',
        lazy: lazyScreen(() => import('../layouts/auth-layout'), 'AuthLayout'),
        // The section has no screen of its own: /auth is the sign-in page.
        children: [{ index: true, element: <Navigate to="/auth/login" replace /> }, ...authRoutes],
      },
      // The error screens are in the entry chunk anyway (the error boundaries need them without a network).
      { path: 'error-404', handle: title('screens.notFound'), Component: NotFoundPage },
      { path: 'error-500', handle: title('screens.serverError'), Component: ServerErrorPage },
      {
        // Everything below needs a signed-in user; sections add their role on top.
        element: (
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        ),
        children: [
          {
            lazy: lazyScreen(() => import('../layouts/app-layout'), 'AppLayout'),
            children: [
              {
                // Errors of a screen show inside the layout, so the menu stays usable.
                errorElement: <RouteErrorScreen inLayout />,
                children: [
                  dashboardRoutes,
                  mawbRoutes,
                  trackingRoutes,
                  deliveryslipRoutes,
                  orderRoutes,
                  customerRoutes,
                  employeeRoutes,
                  transactionRoutes,
                  settingRoutes,
                ],
              },
            ],
          },
        ],
      },
      { path: '*', handle: title('screens.notFound'), Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
