import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
