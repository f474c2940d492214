import {
  createOrderResponseSchema,
  type CreateOrderBodyInput,
  type CreateOrderResponse,
} from '@vanya/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

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
  return useMutation({ mutationFn: createOrder });
}
