import { webhookEventSchema } from '@vanya/contracts';
import type { OrderStatus } from '@vanya/contracts';
import type {
  TestPaymentCompletionBody,
  TestPaymentCompletionResponse,
  VerifyPaymentBody,
} from '@vanya/contracts';
import { createHash } from 'node:crypto';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { CaptureOutcome, OrderLifecycle } from '../orders/order-lifecycle';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { AWAITING_PAYMENT } from '../orders/order-states';
import { PaymentEventModel } from './payment-event.model';
import { hmacHex, signatureMatches, TestPaymentProvider } from './payment-provider';
import type { PaymentProvider, ProviderPayment } from './payment-provider';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders are asked about while this young: a payment for an older one is the owner's to handle. */
const RECONCILE_MAX_AGE_MS = 7 * DAY_MS;
/** Paid orders are checked for a second capture (a lost webhook) while this young. */
const SECOND_CAPTURE_WINDOW_MS = 3 * DAY_MS;
const RECONCILE_BATCH = 200;
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
type Refunder = 'owner' | 'shopper' | 'reconcile';

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

  /** One ledger line per (what, payment): a repeated report adds nothing. */
  async function ledger(
    orderId: Types.ObjectId | null,
    type: string,
    source: Source | Refunder | 'test',
    fields: { paymentId?: string; amount?: number; note?: string } = {},
  ) {
    const key =
      fields.paymentId ?? createHash('sha256').update(`${orderId}:${now()}`).digest('hex');
    try {
      await withDbRetry(() =>
        PaymentEventModel.create({
          _id: `${type}:${key}`,
          orderId,
          type,
          source,
          paymentId: fields.paymentId ?? null,
          amount: fields.amount ?? null,
          note: fields.note ?? '',
        }),
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Gives back what is left of a captured payment the order did not take (a second capture, or one
   * for an order cancelled before it was paid). The idempotency key is the payment's, so however
   * many callers get here, the provider refunds it once.
   */
  async function refundUnwanted(order: OrderDoc, payment: ProviderPayment, source: Source) {
    const amount = payment.amount - payment.amount_refunded;
    if (amount <= 0 || payment.status !== 'captured') return;
    const paidWith = await lifecycle.paidBy(order);
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

  /** Orders in the given states created inside the window (index: status, createdAt). */
  const ordersIn = (statuses: readonly OrderStatus[], maxAgeMs: number, minAgeMs = 0) =>
    withDbRetry(() =>
      OrderModel.find({
        status: trusted({ $in: statuses }),
        createdAt: trusted({
          $lte: new Date(now() - minAgeMs),
          $gte: new Date(now() - maxAgeMs),
        }),
      })
        .limit(RECONCILE_BATCH)
        .lean<OrderDoc[]>(),
    );

  /**
   * Gives back what is left of the payment that paid the order (a cancelled or refunded order), or
   * `amount` of it (a return), never more than was paid and not yet refunded. `key` makes the
   * provider refund once however often it is asked; the refund is recorded in the ledger.
   */
  async function refundPaid(
    order: OrderDoc,
    by: Refunder,
    options: { key: string; amount?: number; reason: string },
  ): Promise<{ refundId: string | null; amount: number }> {
    if (!order.paymentId)
      throw new AppError(409, 'NOT_PAID', 'This order has no payment to refund.');
    const payment = await provider.fetchPayment(order.paymentId);
    const left = payment.amount - payment.amount_refunded;
    const amount = Math.min(options.amount ?? left, left);
    if (amount <= 0) return { refundId: null, amount: 0 };
    const refund = await provider.refund(order.paymentId, {
      amount,
      idempotencyKey: options.key,
      notes: { orderNumber: order.orderNumber, reason: options.reason },
    });
    await ledger(order._id, 'refund', by, {
      paymentId: refund.id,
      amount: refund.amount,
      note: `${options.reason} (payment ${order.paymentId})`,
    });
    logger.info(
      { orderNumber: order.orderNumber, refundId: refund.id, amount: refund.amount, by },
      'refund made',
    );
    try {
      await lifecycle.creditNote(order, {
        key: options.key,
        amount: refund.amount,
        reason: options.reason,
      });
    } catch (err) {
      logger.error({ err, orderNumber: order.orderNumber }, 'credit note not issued');
    }
    return { refundId: refund.id, amount: refund.amount };
  }

  const service = {
    provider,
    refundPaid,

    /** A whole cancelled or refunded order: everything left of its payment goes back, once. */
    refundOrder: (order: OrderDoc, by: Refunder) =>
      refundPaid(order, by, {
        key: `order-refund-${String(order._id)}`,
        reason: `order ${order.status}`,
      }),

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
      const order = await lifecycle.read(body.orderId);
      if (!order) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
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
     * The self-healing pass (every few minutes, see jobs): asks the provider about orders still
     * waiting for payment (the browser closed, a webhook was lost, the process died) and reports
     * every capture; looks at recently paid or cancelled orders for captures they did not take
     * (a double charge whose webhook was lost) and refunds them; and finishes every paid order whose
     * invoice or confirmation is still missing.
     */
    async reconcile(
      options: { minAgeMs?: number } = {},
    ): Promise<{ checked: number; paid: number; refunded: number; finished: number }> {
      const counts = { checked: 0, paid: 0, refunded: 0, finished: 0 };
      const waiting = await ordersIn(
        AWAITING_PAYMENT,
        RECONCILE_MAX_AGE_MS,
        options.minAgeMs ?? 60_000,
      );
      const settled = await ordersIn(
        ['paid', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'],
        SECOND_CAPTURE_WINDOW_MS,
      );
      for (const order of [...waiting, ...settled]) {
        if (!order.providerOrderId) continue;
        try {
          counts.checked += 1;
          const awaiting = AWAITING_PAYMENT.includes(order.status as OrderStatus);
          const payments = await provider.fetchOrderPayments(order.providerOrderId);
          const captured = payments.filter(
            (p) => p.status === 'captured' && p.id !== order.paymentId,
          );
          // A cancelled or refunded order whose refund did not go through (the provider was away).
          const owed = payments.find(
            (p) =>
              p.id === order.paymentId && p.status === 'captured' && p.amount_refunded < p.amount,
          );
          if (owed && (order.status === 'cancelled' || order.status === 'refunded')) {
            await service.refundOrder(order, 'reconcile');
            counts.refunded += 1;
          }
          // A settled order with nothing new at the provider costs no database read.
          if (!awaiting && captured.length === 0) continue;
          let current = await lifecycle.sync(order);
          const paidWith = await lifecycle.paidBy(current);
          for (const payment of captured) {
            if (payment.id === paidWith) continue;
            const result = await report(current, payment, 'reconcile');
            if (result.outcome === 'paid') counts.paid += 1;
            if (result.outcome === 'unwanted') counts.refunded += 1;
            current = result.order;
          }
        } catch (err) {
          logger.warn({ err, orderNumber: order.orderNumber }, 'reconciliation: order skipped');
        }
      }
      const unfinished = await withDbRetry(() =>
        OrderModel.find({
          paymentId: trusted({ $ne: null }),
          $or: [{ invoiceNumber: null }, { confirmationMailedAt: null }],
        })
          .limit(RECONCILE_BATCH)
          .lean<OrderDoc[]>(),
      );
      for (const order of unfinished) {
        try {
          const done = await lifecycle.finish(order);
          if (done.invoiceNumber && done.confirmationMailedAt) counts.finished += 1;
        } catch (err) {
          logger.warn({ err, orderNumber: order.orderNumber }, 'invoice or confirmation pending');
        }
      }
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
