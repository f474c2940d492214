import { orderSchema, type Order } from '@vanya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** GET /orders/:id: one of the signed-in user's orders (another user's answers 404). */
export async function getOrder(orderId: string): Promise<Order> {
  const response = await api.get(`/orders/${encodeURIComponent(orderId)}`);
  return orderSchema.parse(response.data);
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['orders', orderId],
    queryFn: () => getOrder(orderId),
  });
}

export function useOrder(orderId: string | null, initialData?: Order) {
  return useQuery({
    ...orderQueryOptions(orderId ?? ''),
    enabled: orderId !== null && initialData === undefined,
    initialData,
  });
}
