import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { setPreloadRoutes } from '../lib/routing/preload';
import { releaseStaticLoginOffTheLoginPage } from '../lib/static-login';
import { createAppRouter, routes } from './router';

const router = createAppRouter();
setPreloadRoutes(routes);
// The server's static sign-in card (a document load of /auth/login) stays only while the sign-in page is the screen.
releaseStaticLoginOffTheLoginPage(router);

export function App() {
  return (
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
