import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodListSchema, type PaymentMethod } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /me/payment-methods: labels such as a UPI id, never card numbers. */
export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  const { data } = await api.get('/me/payment-methods');
  return paymentMethodListSchema.parse(data);
}

export function paymentMethodsQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_KEYS.paymentMethods, queryFn: getPaymentMethods });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
