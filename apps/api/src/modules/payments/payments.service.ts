import type { TestPaymentCompletionBody, VerifyPaymentBody } from '@vanya/contracts';
import type { OrderDoc } from '../orders/order.model';
import { ensureProviderOrder, verify } from './payment-checkout';
import { reconcile } from './payment-reconcile';
import { handleWebhook } from './payment-webhook';
import { paymentsContext } from './payments-context';
import type { PaymentsServiceDeps } from './payments-context';
import { completeTestPayment } from './test-payments';

export { PAYMENT_HELD_MESSAGE, PAYMENT_UNCONFIRMED_MESSAGE } from './payment-checkout';
export type { PaymentsServiceDeps } from './payments-context';

/**
 * Payments: checks what the provider says (signatures, webhooks, its own records) and reports it
 * to the order lifecycle, which alone decides what happens to the order. Keeps the payment ledger
 * and gives unwanted captures back through the provider.
 *
 * Each operation is a module function of its seam's file, given the context the service shares
 * (payments-context.ts: the provider, the lifecycle, the logger, the background runner, the
 * clock): the checkout (payment-checkout.ts), the provider's webhook (payment-webhook.ts), the
 * self-healing pass (payment-reconcile.ts) and test mode's dialog (test-payments.ts); every
 * capture reaches the order through payment-reports.ts.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const ctx = paymentsContext(deps);
  return {
    provider: ctx.provider,

    ensureProviderOrder: (order: OrderDoc) => ensureProviderOrder(ctx, order),
    verify: (body: VerifyPaymentBody) => verify(ctx, body),
    handleWebhook: (
      rawBody: Buffer,
      signature: string | undefined,
      eventIdHeader: string | undefined,
    ) => handleWebhook(ctx, rawBody, signature, eventIdHeader),
    reconcile: (options: { minAgeMs?: number } = {}) => reconcile(ctx, options),
    completeTestPayment: (body: TestPaymentCompletionBody) => completeTestPayment(ctx, body),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
