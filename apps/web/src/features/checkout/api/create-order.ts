import {
  createOrderResponseSchema,
  type CreateOrderBodyInput,
  type CreateOrderResponse,
} from '@vanya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { stockQueryOptions } from '../../../hooks/use-stock';
import { api, isApiError } from '../../../lib/api-client';

export type CreateOrderInput = { body: CreateOrderBodyInput; idempotencyKey: string };

/**
 * POST /orders: the server prices the order from the catalogue, stores it and answers with the
 * options of the payment dialog. The same Idempotency-Key answers the same order again.
 */
export async function createOrder({
  body,
  idempotencyKey,
}: CreateOrderInput): Promise<CreateOrderResponse> {
  const response = await api.post('/orders', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return createOrderResponseSchema.parse(response.data);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onError: (error) => {
      // The shop switched an item off since the stock was read: the cart marks it on the way back.
      if (isApiError(error) && error.code === 'OUT_OF_STOCK') {
        void queryClient.invalidateQueries({ queryKey: stockQueryOptions().queryKey });
      }
    },
  });
}
