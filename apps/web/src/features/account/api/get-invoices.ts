import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceListSchema, type Invoice } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /invoices: each with a signed download link that lives for half an hour. */
export async function getInvoices(): Promise<Invoice[]> {
  const { data } = await api.get('/invoices');
  return invoiceListSchema.parse(data);
}

export function invoicesQueryOptions() {
  return queryOptions({
    queryKey: ACCOUNT_KEYS.invoices,
    queryFn: getInvoices,
    // Fresh links whenever the tab is opened again, well within their lifetime.
    staleTime: 0,
    refetchInterval: 10 * 60 * 1000,
  });
}

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
