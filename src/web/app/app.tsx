import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { setPreloadRoutes } from '../lib/routing/preload';
import { createAppRouter, routes } from './router';

const router = createAppRouter();
setPreloadRoutes(routes);

export function App() {
  return (
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
