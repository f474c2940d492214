import { webhookEventSchema } from '@vanya/contracts';
import { createHash } from 'node:crypto';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { AppError } from '../../platform/errors/app-error';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { PaymentEventModel, recordPaymentEvent as ledger } from './payment-event.model';
import { hmacHex, signatureMatches } from './payment-provider';
import { report } from './payment-reports';
import type { PaymentsContext } from './payments-context';

const findByProviderOrder = (providerOrderId: string) =>
  withDbRetry(() => OrderModel.findOne({ providerOrderId }).lean<OrderDoc>());

async function handleEvent(
  ctx: PaymentsContext,
  event: ReturnType<typeof webhookEventSchema.parse>,
) {
  const { lifecycle, logger } = ctx;
  const entity = event.payload.payment?.entity;
  const providerOrderId = entity?.order_id ?? event.payload.order?.entity.id;
  if (!providerOrderId) return;
  const order = await findByProviderOrder(providerOrderId);
  if (!order) {
    logger.warn({ event: event.event, providerOrderId }, 'webhook for an unknown order');
    return;
  }
  if ((event.event === 'payment.captured' || event.event === 'order.paid') && entity) {
    // The signed body is the provider's word: its amount is checked like any other report.
    await report(
      ctx,
      order,
      {
        id: entity.id,
        order_id: providerOrderId,
        status: 'captured',
        amount: entity.amount,
        amount_refunded: 0,
      },
      'webhook',
    );
  } else if (event.event === 'payment.failed' && entity) {
    const reason = String(
      (entity as { error_description?: unknown }).error_description ?? 'Payment failed',
    );
    await lifecycle.recordFailure(order, { paymentId: entity.id, reason });
    await ledger(order._id, 'payment_failed', 'webhook', { paymentId: entity.id, note: reason });
  }
}

/**
 * A provider webhook: the raw body's HMAC must match the header; an event id seen before is
 * acknowledged without effect (unless its first delivery failed half-way).
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<'handled' | 'duplicate'> {
  const { provider, now } = ctx;
  if (
    !signature ||
    !provider.webhookSecret ||
    !signatureMatches(hmacHex(provider.webhookSecret, rawBody), signature)
  ) {
    throw new AppError(400, 'INVALID_SIGNATURE', 'Webhook signature does not match.');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  const event = webhookEventSchema.parse(json);
  const eventId = eventIdHeader ?? event.id ?? createHash('sha256').update(rawBody).digest('hex');
  const _id = `webhook:${eventId}`;
  try {
    await withDbRetry(() =>
      PaymentEventModel.create({
        _id,
        type: event.event,
        source: 'webhook',
        paymentId: event.payload.payment?.entity.id ?? null,
        amount: event.payload.payment?.entity.amount ?? null,
      }),
    );
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const seen = await withDbRetry(() => PaymentEventModel.findById(_id).lean());
    if (seen?.processedAt) return 'duplicate';
  }
  await handleEvent(ctx, event);
  await withDbRetry(() =>
    PaymentEventModel.updateOne({ _id }, { $set: { processedAt: new Date(now()) } }),
  );
  return 'handled';
}
