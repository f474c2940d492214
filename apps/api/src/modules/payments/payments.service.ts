import { AWAITING_PAYMENT, webhookEventSchema } from '@vanya/contracts';
import type { OrderStatus } from '@vanya/contracts';
import type {
  TestPaymentCompletionBody,
  TestPaymentCompletionResponse,
  VerifyPaymentBody,
} from '@vanya/contracts';
import { createHash } from 'node:crypto';
import { trusted } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { forEachOldestFirst } from '../../platform/db/page';
import { withDbRetry } from '../../platform/db/retry';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { CaptureOutcome, OrderLifecycle } from '../orders/order-lifecycle';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { PaymentEventModel, recordPaymentEvent } from './payment-event.model';
import { hmacHex, signatureMatches, TestPaymentProvider } from './payment-provider';
import type { PaymentProvider, ProviderPayment } from './payment-provider';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders are asked about while this young: a payment for an older one is the owner's to handle. */
const RECONCILE_MAX_AGE_MS = 7 * DAY_MS;
/** Paid orders are checked for a second capture (a lost webhook) while this young. */
const SECOND_CAPTURE_WINDOW_MS = 3 * DAY_MS;
/** Settled orders: a capture reported for one of these that did not pay it is unwanted. */
const SETTLED: OrderStatus[] = [
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'rto',
];
const TEST_WEBHOOK_DELAY_MS = 300;

export interface PaymentsServiceDeps {
  provider: PaymentProvider;
  lifecycle: OrderLifecycle;
  logger: Logger;
  /** Work that outlives a request (test-mode webhooks); tracked so shutdown can wait for it. */
  runInBackground: (task: () => Promise<unknown>) => void;
  now?: () => number;
}

type Source = 'verify' | 'webhook' | 'reconcile';

const LEDGER_TYPE = {
  paid: 'paid',
  held: 'amount_mismatch',
  unwanted: 'unwanted_capture',
} as const;

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

/**
 * Payments: checks what the provider says (signatures, webhooks, its own records) and reports it
 * to the order lifecycle, which alone decides what happens to the order. Keeps the payment ledger
 * and gives unwanted captures back through the provider.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { provider, lifecycle, logger } = deps;
  const now = deps.now ?? Date.now;

  const ledger = recordPaymentEvent;

  /**
   * Gives back what is left of a captured payment the order did not take (a second capture, or one
   * for an order cancelled before it was paid). The idempotency key is the payment's, so however
   * many callers get here, the provider refunds it once.
   */
  async function refundUnwanted(order: OrderDoc, payment: ProviderPayment, source: Source) {
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
  async function report(
    order: OrderDoc,
    payment: ProviderPayment,
    source: Source,
  ): Promise<{ outcome: CaptureOutcome; order: OrderDoc }> {
    const result = await lifecycle.recordCapture(order, payment);
    if (result.outcome !== 'not_captured')
      await ledger(order._id, LEDGER_TYPE[result.outcome], source, {
        paymentId: payment.id,
        amount: payment.amount,
        ...(result.outcome === 'held'
          ? { note: `expected ${order.totals.grandTotal}, held for the owner` }
          : {}),
      });
    if (result.outcome === 'unwanted') await refundUnwanted(result.order, payment, source);
    return result;
  }

  const findByProviderOrder = (providerOrderId: string) =>
    withDbRetry(() => OrderModel.findOne({ providerOrderId }).lean<OrderDoc>());

  async function handleEvent(event: ReturnType<typeof webhookEventSchema.parse>) {
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

  const service = {
    provider,

    /** Creates the provider's order for ours if it has none yet (a retry after an outage lands here). */
    async ensureProviderOrder(order: OrderDoc): Promise<OrderDoc> {
      if (order.providerOrderId) return order;
      const created = await provider.createOrder({
        amount: order.totals.grandTotal,
        receipt: order.orderNumber,
        notes: { orderNumber: order.orderNumber, orderId: String(order._id) },
      });
      return lifecycle.attachProviderOrder(order, created.id);
    },

    /**
     * The checkout dialog's success: HMAC-SHA256(stored provider order id | payment id), compared
     * in constant time; then the provider is asked what was captured, since the signature says
     * nothing of the amount.
     */
    async verify(body: VerifyPaymentBody): Promise<OrderDoc> {
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
      const result = await report(order, payment, 'verify');
      if (result.outcome === 'held') throw new AppError(409, 'PAYMENT_HELD', PAYMENT_HELD_MESSAGE);
      return result.order;
    },

    /**
     * A provider webhook: the raw body's HMAC must match the header; an event id seen before is
     * acknowledged without effect (unless its first delivery failed half-way).
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventIdHeader: string | undefined,
    ): Promise<'handled' | 'duplicate'> {
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
      const eventId =
        eventIdHeader ?? event.id ?? createHash('sha256').update(rawBody).digest('hex');
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
      await handleEvent(event);
      await withDbRetry(() =>
        PaymentEventModel.updateOne({ _id }, { $set: { processedAt: new Date(now()) } }),
      );
      return 'handled';
    },

    /**
     * The self-healing pass (every few minutes, see jobs), oldest first and however many there
     * are: asks the provider about orders still waiting for payment (the browser closed, a webhook
     * was lost, the process died) and reports every capture; looks at recently settled orders for
     * captures they did not take (a double charge whose webhook was lost) and refunds them; and
     * finishes every paid order whose invoice or confirmation is still missing.
     */
    async reconcile(
      options: { minAgeMs?: number } = {},
    ): Promise<{ checked: number; paid: number; refunded: number; finished: number }> {
      const counts = { checked: 0, paid: 0, refunded: 0, finished: 0 };
      const at = now();
      const askProvider = async (order: OrderDoc) => {
        if (!order.providerOrderId) return;
        try {
          counts.checked += 1;
          const payments = await provider.fetchOrderPayments(order.providerOrderId);
          let current = order;
          for (const payment of payments) {
            if (payment.status !== 'captured' || payment.id === current.paymentId) continue;
            // A payment held for the owner stays held: reported again, it would only log again.
            if (payment.id === current.paymentHold?.paymentId) continue;
            const result = await report(current, payment, 'reconcile');
            if (result.outcome === 'paid') counts.paid += 1;
            if (result.outcome === 'unwanted') counts.refunded += 1;
            current = result.order;
          }
        } catch (err) {
          logger.warn({ err, orderNumber: order.orderNumber }, 'reconciliation: order skipped');
        }
      };
      const createdBetween = (maxAgeMs: number, minAgeMs: number) =>
        trusted({ $gte: new Date(at - maxAgeMs), $lte: new Date(at - minAgeMs) });
      await forEachOldestFirst<OrderDoc>(
        OrderModel,
        {
          status: trusted({ $in: [...AWAITING_PAYMENT] }),
          createdAt: createdBetween(RECONCILE_MAX_AGE_MS, options.minAgeMs ?? 60_000),
        },
        askProvider,
      );
      await forEachOldestFirst<OrderDoc>(
        OrderModel,
        {
          status: trusted({ $in: SETTLED }),
          createdAt: createdBetween(SECOND_CAPTURE_WINDOW_MS, 0),
        },
        askProvider,
      );
      await forEachOldestFirst<OrderDoc>(
        OrderModel,
        { confirmationMailedAt: null, paymentId: trusted({ $ne: null }) },
        async (order) => {
          try {
            const done = await lifecycle.finish(order);
            if (done.invoiceNumber && done.confirmationMailedAt) counts.finished += 1;
          } catch (err) {
            logger.warn({ err, orderNumber: order.orderNumber }, 'invoice or confirmation pending');
          }
        },
      );
      return counts;
    },

    /**
     * Test mode only: what the provider does when the shopper presses Pay or Fail in the labelled
     * test dialog. Answers what the real dialog hands its callback and, like the provider, sends the
     * signed webhook afterwards.
     */
    async completeTestPayment(
      body: TestPaymentCompletionBody,
    ): Promise<TestPaymentCompletionResponse> {
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
      deps.runInBackground(async () => {
        await new Promise((r) => setTimeout(r, TEST_WEBHOOK_DELAY_MS));
        await service.handleWebhook(raw, signature, `evt_test_${payment.id}`);
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
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
