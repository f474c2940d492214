import {
  codConfirmationSchema,
  orderSchema,
  type CodConfirmation,
  type Order,
} from '@vanya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { orderQueryOptions } from './get-order';

/** POST /orders/:id/confirm-cod: the 6-digit code from the SMS confirms a cash-on-delivery order. */
export async function confirmCod(orderId: string, code: string): Promise<Order> {
  const response = await api.post(`/orders/${encodeURIComponent(orderId)}/confirm-cod`, { code });
  return orderSchema.parse(response.data);
}

/** POST /orders/:id/cod-code: a new code to the verified phone (after the resend cooldown). */
export async function resendCodCode(orderId: string): Promise<CodConfirmation> {
  const response = await api.post(`/orders/${encodeURIComponent(orderId)}/cod-code`);
  return codConfirmationSchema.parse(response.data);
}

export function useConfirmCod(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmCod(orderId, code),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(orderId).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
