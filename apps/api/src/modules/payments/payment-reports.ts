import type { CaptureOutcome } from '../orders/order-lifecycle';
import type { OrderDoc } from '../orders/order.model';
import { recordPaymentEvent as ledger } from './payment-event.model';
import type { ProviderPayment } from './payment-provider';
import type { PaymentsContext, Source } from './payments-context';

const LEDGER_TYPE = {
  paid: 'paid',
  held: 'amount_mismatch',
  unwanted: 'unwanted_capture',
} as const;

/**
 * Gives back what is left of a captured payment the order did not take (a second capture, or one
 * for an order cancelled before it was paid). The idempotency key is the payment's, so however
 * many callers get here, the provider refunds it once.
 */
async function refundUnwanted(
  ctx: PaymentsContext,
  order: OrderDoc,
  payment: ProviderPayment,
  source: Source,
) {
  const { provider, logger } = ctx;
  const amount = payment.amount - payment.amount_refunded;
  if (amount <= 0 || payment.status !== 'captured') return;
  const paidWith = order.paymentId;
  const reason = paidWith
    ? `order already paid by ${paidWith}`
    : `order ${order.status} before this payment`;
  try {
    const refund = await provider.refund(payment.id, {
      amount,
      idempotencyKey: `unwanted-${payment.id}`,
      notes: { orderNumber: order.orderNumber, reason },
    });
    await ledger(order._id, 'unwanted_capture_refunded', source, {
      paymentId: payment.id,
      amount: refund.amount,
      note: `${reason}; refund ${refund.id}`,
    });
    logger.warn(
      { orderNumber: order.orderNumber, paymentId: payment.id, refundId: refund.id },
      'unwanted capture refunded',
    );
  } catch (err) {
    // Reconciliation finds the capture again and retries with the same idempotency key.
    logger.error({ err, orderNumber: order.orderNumber }, 'unwanted capture: refund pending');
  }
}

/** The one way a payment reaches an order: lifecycle first, then ledger and any refund. */
export async function report(
  ctx: PaymentsContext,
  order: OrderDoc,
  payment: ProviderPayment,
  source: Source,
): Promise<{ outcome: CaptureOutcome; order: OrderDoc }> {
  const result = await ctx.lifecycle.recordCapture(order, payment);
  if (result.outcome !== 'not_captured')
    await ledger(order._id, LEDGER_TYPE[result.outcome], source, {
      paymentId: payment.id,
      amount: payment.amount,
      ...(result.outcome === 'held'
        ? { note: `expected ${order.totals.grandTotal}, held for the owner` }
        : {}),
    });
  if (result.outcome === 'unwanted') await refundUnwanted(ctx, result.order, payment, source);
  return result;
}
