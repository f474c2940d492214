import { invoiceListSchema, type Invoice } from '@vanya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** GET /invoices, narrowed to one order: its GST invoice with a signed download link, if any. */
export async function getOrderInvoice(orderId: string): Promise<Invoice | null> {
  const { data } = await api.get('/invoices');
  return invoiceListSchema.parse(data).find((invoice) => invoice.orderId === orderId) ?? null;
}

export function orderInvoiceQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['orders', orderId, 'invoice'],
    queryFn: () => getOrderInvoice(orderId),
    // Signed links live for half an hour; fetch fresh ones whenever the page is opened again.
    staleTime: 0,
  });
}

export function useOrderInvoice(orderId: string, enabled: boolean) {
  return useQuery({ ...orderInvoiceQueryOptions(orderId), enabled });
}
