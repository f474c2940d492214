import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import type { Catalogue } from '@vanya/catalog';

import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { ToastProvider } from '../components/ui/toast';
import { CatalogueProvider } from '../hooks/use-catalogue';
import { createQueryClient } from '../lib/query-client';

/**
 * Everything the pages share: error boundary, data cache, the catalogue and toasts. `catalogue` is
 * the one the page was rendered with (the nine of the code when not given).
 */
export function AppProvider({
  catalogue,
  children,
}: {
  catalogue?: Catalogue;
  children: ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <CatalogueProvider catalogue={catalogue}>
          <ToastProvider>{children}</ToastProvider>
        </CatalogueProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
