import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { ToastProvider } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';

/** Everything the pages share: error boundary, data cache and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
