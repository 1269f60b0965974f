import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { AppToastContainer } from '../lib/toast';

/** App-wide providers: server-state cache and toasts. i18n is global (initReactI18next); layout state is a module store. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToastContainer />
    </QueryClientProvider>
  );
}
