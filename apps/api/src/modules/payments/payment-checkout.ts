import type { VerifyPaymentBody } from '@vanya/contracts';
import { AppError } from '../../platform/errors/app-error';
import type { OrderDoc } from '../orders/order.model';
import { recordPaymentEvent as ledger } from './payment-event.model';
import { hmacHex, signatureMatches } from './payment-provider';
import type { ProviderPayment } from './payment-provider';
import { report } from './payment-reports';
import type { PaymentsContext } from './payments-context';

const invalidSignature = () =>
  new AppError(
    400,
    'INVALID_SIGNATURE',
    'Payment verification failed. If money left your account, it will be matched to your order automatically.',
  );
export const PAYMENT_HELD_MESSAGE =
  'The amount paid does not match this order, so it was not accepted. Your money is safe: we will contact you to refund or complete it.';
export const PAYMENT_UNCONFIRMED_MESSAGE =
  'We could not confirm your payment with the provider just now. If money left your account, your order will be confirmed automatically within a few minutes.';

/** Creates the provider's order for ours if it has none yet (a retry after an outage lands here). */
export async function ensureProviderOrder(
  ctx: PaymentsContext,
  order: OrderDoc,
): Promise<OrderDoc> {
  if (order.providerOrderId) return order;
  const created = await ctx.provider.createOrder({
    amount: order.totals.grandTotal,
    receipt: order.orderNumber,
    notes: { orderNumber: order.orderNumber, orderId: String(order._id) },
  });
  return ctx.lifecycle.attachProviderOrder(order, created.id);
}

/**
 * The checkout dialog's success: HMAC-SHA256(stored provider order id | payment id), compared
 * in constant time; then the provider is asked what was captured, since the signature says
 * nothing of the amount.
 */
export async function verify(ctx: PaymentsContext, body: VerifyPaymentBody): Promise<OrderDoc> {
  const { provider, lifecycle, logger } = ctx;
  const order = await lifecycle.load(body.orderId);
  if (!order.providerOrderId || order.providerOrderId !== body.razorpay_order_id)
    throw invalidSignature();
  const expected = hmacHex(
    provider.keySecret,
    `${order.providerOrderId}|${body.razorpay_payment_id}`,
  );
  if (!signatureMatches(expected, body.razorpay_signature)) {
    await ledger(order._id, 'forged_signature', 'verify', {
      paymentId: body.razorpay_payment_id,
    });
    throw invalidSignature();
  }
  let payment: ProviderPayment;
  try {
    payment = await provider.fetchPayment(body.razorpay_payment_id);
  } catch (err) {
    logger.warn({ err, orderNumber: order.orderNumber }, 'verify: provider unreachable');
    throw new AppError(503, 'PAYMENT_UNCONFIRMED', PAYMENT_UNCONFIRMED_MESSAGE);
  }
  if (payment.order_id !== order.providerOrderId) throw invalidSignature();
  const result = await report(ctx, order, payment, 'verify');
  if (result.outcome === 'held') throw new AppError(409, 'PAYMENT_HELD', PAYMENT_HELD_MESSAGE);
  return result.order;
}
