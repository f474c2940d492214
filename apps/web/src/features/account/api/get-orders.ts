import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSummaryListSchema, type OrderSummary } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /orders: the user's orders, newest first. */
export async function getOrders(): Promise<OrderSummary[]> {
  const { data } = await api.get('/orders');
  return orderSummaryListSchema.parse(data);
}

export function ordersQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_KEYS.orders, queryFn: getOrders });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
