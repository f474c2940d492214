import { verifyPaymentResponseSchema, type Order, type VerifyPaymentBody } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /payments/verify: the server checks the dialog's signature and marks the order paid. */
export async function verifyPayment(body: VerifyPaymentBody): Promise<Order> {
  const response = await api.post('/payments/verify', body);
  return verifyPaymentResponseSchema.parse(response.data).order;
}
