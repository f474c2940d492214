import {
  testPaymentCompletionResponseSchema,
  type TestPaymentCompletionBody,
  type TestPaymentCompletionResponse,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/**
 * POST /payments/test/complete (test mode only): pays or fails the order as the provider's dialog
 * would, answering what its success callback would receive, or its error.
 */
export async function completeTestPayment(
  body: TestPaymentCompletionBody,
): Promise<TestPaymentCompletionResponse> {
  const response = await api.post('/payments/test/complete', body);
  const data: unknown = response.data;
  // Tolerate an answer without the `outcome` tag: the signed fields alone mean success.
  if (
    typeof data === 'object' &&
    data !== null &&
    !('outcome' in data) &&
    'razorpay_payment_id' in data
  ) {
    return testPaymentCompletionResponseSchema.parse({ outcome: 'success', ...data });
  }
  return testPaymentCompletionResponseSchema.parse(data);
}
