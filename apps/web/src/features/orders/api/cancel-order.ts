import { orderSchema, type Order } from '@vanya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { orderQueryOptions } from './get-order';

/** POST /orders/:id/cancel: allowed until the parcel is packed (409 ORDER_NOT_CANCELLABLE after). */
export async function cancelOrder(orderId: string): Promise<Order> {
  const response = await api.post(`/orders/${encodeURIComponent(orderId)}/cancel`);
  return orderSchema.parse(response.data);
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(orderId).queryKey, order);
      // The profile's lists (orders, invoices) show the new status on their next visit.
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
    onError: () => {
      // Someone else moved the order (the shop packed it): show where it is now.
      void queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey });
    },
  });
}
