import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  paymentMethodListSchema,
  type AddPaymentMethodBody,
  type PaymentMethod,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** POST /me/payment-methods; the API refuses anything that looks like a card number. */
export async function addPaymentMethod(body: AddPaymentMethodBody): Promise<PaymentMethod[]> {
  const { data } = await api.post('/me/payment-methods', body);
  return paymentMethodListSchema.parse(data);
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: (list) => queryClient.setQueryData(ACCOUNT_KEYS.paymentMethods, list),
  });
}
