import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodListSchema, type PaymentMethod } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** DELETE /me/payment-methods/:id; answers the whole list. */
export async function deletePaymentMethod(id: string): Promise<PaymentMethod[]> {
  const { data } = await api.delete(`/me/payment-methods/${encodeURIComponent(id)}`);
  return paymentMethodListSchema.parse(data);
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: (list) => queryClient.setQueryData(ACCOUNT_KEYS.paymentMethods, list),
  });
}
