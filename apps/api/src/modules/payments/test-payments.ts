import type { TestPaymentCompletionBody, TestPaymentCompletionResponse } from '@vanya/contracts';
import { notFound } from '../../platform/errors/app-error';
import { hmacHex, TestPaymentProvider } from './payment-provider';
import { handleWebhook } from './payment-webhook';
import type { PaymentsContext } from './payments-context';

const TEST_WEBHOOK_DELAY_MS = 300;

/**
 * Test mode only: what the provider does when the shopper presses Pay or Fail in the labelled
 * test dialog. Answers what the real dialog hands its callback and, like the provider, sends the
 * signed webhook afterwards.
 */
export async function completeTestPayment(
  ctx: PaymentsContext,
  body: TestPaymentCompletionBody,
): Promise<TestPaymentCompletionResponse> {
  const { provider, lifecycle, now } = ctx;
  if (!(provider instanceof TestPaymentProvider))
    throw notFound('Test payments are off.', 'NOT_FOUND');
  const order = await lifecycle.read(body.orderId);
  if (!order || order.providerOrderId !== body.providerOrderId)
    throw notFound('Order not found.', 'ORDER_NOT_FOUND');
  const payment = await provider.recordPayment(
    body.providerOrderId,
    order.totals.grandTotal,
    body.outcome,
  );
  const event = {
    entity: 'event',
    event: body.outcome === 'success' ? 'payment.captured' : 'payment.failed',
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          order_id: payment.order_id,
          status: payment.status,
          amount: payment.amount,
          currency: 'INR',
          ...(body.outcome === 'failure'
            ? { error_description: 'Payment failed in test mode.' }
            : {}),
        },
      },
    },
    created_at: Math.floor(now() / 1000),
  };
  const raw = Buffer.from(JSON.stringify(event));
  const signature = hmacHex(provider.webhookSecret, raw);
  // Like the provider, the webhook follows the dialog's callback shortly after.
  ctx.runInBackground(async () => {
    await new Promise((r) => setTimeout(r, TEST_WEBHOOK_DELAY_MS));
    await handleWebhook(ctx, raw, signature, `evt_test_${payment.id}`);
  });
  if (body.outcome === 'failure') {
    return {
      outcome: 'failure',
      error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed in test mode.' },
    };
  }
  return {
    outcome: 'success',
    razorpay_order_id: payment.order_id,
    razorpay_payment_id: payment.id,
    razorpay_signature: provider.checkoutSignature(payment.order_id, payment.id),
  };
}
