import { webhookEventSchema } from '@vanya/contracts';
import type {
  TestPaymentCompletionBody,
  TestPaymentCompletionResponse,
  VerifyPaymentBody,
} from '@vanya/contracts';
import { createHash } from 'node:crypto';
import { trusted } from 'mongoose';
import { claimOnce, readClaim, releaseClaim, setClaimValue } from '../../shared/db/claims';
import type { Types } from 'mongoose';
import { AppError, notFound } from '../../shared/errors/app-error';
import type { Logger } from '../../shared/logger';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import type { SellerDetails } from '../invoices/invoice-pdf';
import { nextInvoiceNumber } from '../invoices/invoice-number';
import type { Mailer } from '../mail/mailer';
import { orderConfirmationMail } from '../orders/order-mail';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { PaymentEventModel } from './payment-event.model';
import { hmacHex, signatureMatches, TestPaymentProvider } from './payment-provider';
import type { PaymentProvider } from './payment-provider';
import { isDuplicateKey } from '../../shared/db/duplicate-key';

const PAYABLE: ('pending_payment' | 'payment_failed')[] = ['pending_payment', 'payment_failed'];
const RECONCILE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const TEST_WEBHOOK_DELAY_MS = 300;

export interface PaymentsServiceDeps {
  provider: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  seller: SellerDetails;
  /** Work that outlives a request (test-mode webhooks); tracked so shutdown can wait for it. */
  runInBackground: (task: () => Promise<unknown>) => void;
  now?: () => number;
}

type Source = 'verify' | 'webhook' | 'reconcile';

const invalidSignature = () =>
  new AppError(
    400,
    'INVALID_SIGNATURE',
    'Payment verification failed. If money left your account, it will be matched to your order automatically.',
  );

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { provider, mailer, logger, seller } = deps;
  const now = deps.now ?? Date.now;

  async function record(
    orderId: Types.ObjectId | null,
    type: string,
    source: Source | 'test',
    fields: { paymentId?: string; amount?: number; note?: string } = {},
  ) {
    await PaymentEventModel.create({
      _id: `${source}:${type}:${createHash('sha256').update(`${orderId}:${fields.paymentId}:${now()}:${Math.random()}`).digest('hex').slice(0, 24)}`,
      orderId,
      type,
      source,
      paymentId: fields.paymentId ?? null,
      amount: fields.amount ?? null,
      note: fields.note ?? '',
    });
  }

  /** Gives a paid order its invoice number (once) and mails the confirmation with the invoice (once). */
  async function afterPaid(order: OrderDoc): Promise<OrderDoc> {
    let current = order;
    const id = String(current._id);
    if (!current.invoiceNumber) {
      const key = `order-invoice:${id}`;
      const invoiceDate = current.paidAt ?? new Date(now());
      if (await claimOnce(key)) {
        const number = await nextInvoiceNumber(invoiceDate);
        await setClaimValue(key, number);
        await OrderModel.updateOne(
          { _id: current._id },
          { $set: { invoiceNumber: number, invoiceDate } },
        );
      } else {
        // Another request numbered it (or is numbering it): take its number when there is one.
        const claimed = await readClaim(key);
        if (!claimed?.value) return current;
        await OrderModel.updateOne(
          { _id: current._id },
          { $set: { invoiceNumber: claimed.value, invoiceDate } },
        );
      }
      current = (await OrderModel.findById(current._id).lean<OrderDoc>()) as OrderDoc;
    }
    const mailKey = `order-mail:${id}`;
    if (!current.confirmationMailedAt && (await claimOnce(mailKey))) {
      try {
        const pdf = await renderInvoicePdf(current, seller);
        await mailer.send({
          to: current.email,
          ...orderConfirmationMail(current),
          attachments: [
            {
              filename: `Invoice-${current.invoiceNumber?.replaceAll('/', '-')}.pdf`,
              content: pdf,
              contentType: 'application/pdf',
            },
          ],
        });
      } catch (err) {
        await releaseClaim(mailKey);
        throw err;
      }
      await OrderModel.updateOne(
        { _id: current._id },
        { $set: { confirmationMailedAt: new Date(now()) } },
      );
    }
    return current;
  }

  /**
   * Moves a payable order to paid exactly once: the request that wins the `order-paid` claim records
   * it. A payment for the wrong amount is recorded and refused; a second, different payment for an
   * already paid order is recorded for a refund. Never moves an order backwards.
   */
  async function markPaid(
    order: OrderDoc,
    payment: { paymentId: string; amount?: number; source: Source },
  ): Promise<OrderDoc> {
    if (payment.amount !== undefined && payment.amount !== order.totals.grandTotal) {
      await record(order._id, 'amount_mismatch', payment.source, {
        paymentId: payment.paymentId,
        amount: payment.amount,
        note: `expected ${order.totals.grandTotal}`,
      });
      logger.error(
        { orderNumber: order.orderNumber, paid: payment.amount, expected: order.totals.grandTotal },
        'payment amount does not match the order',
      );
      return order;
    }
    if (await claimOnce(`order-paid:${String(order._id)}`, payment.paymentId)) {
      const paidAt = new Date(now());
      const updated = (await OrderModel.findOneAndUpdate(
        { _id: order._id },
        { $set: { status: 'paid', paymentId: payment.paymentId, paidAt, failureReason: null } },
        { returnDocument: 'after' },
      ).lean<OrderDoc>()) as OrderDoc;
      await record(order._id, 'paid', payment.source, {
        paymentId: payment.paymentId,
        amount: updated.totals.grandTotal,
      });
      logger.info(
        { orderNumber: updated.orderNumber, paymentId: payment.paymentId, source: payment.source },
        'order paid',
      );
      try {
        return await afterPaid(updated);
      } catch (err) {
        // The payment is recorded; the invoice or mail is retried by reconciliation.
        logger.error(
          { err, orderNumber: updated.orderNumber },
          'invoice or confirmation mail pending',
        );
        return (await OrderModel.findById(order._id).lean<OrderDoc>()) ?? updated;
      }
    }
    const winner = await readClaim(`order-paid:${String(order._id)}`);
    if (winner?.value && winner.value !== payment.paymentId) {
      await record(order._id, 'duplicate_payment', payment.source, {
        paymentId: payment.paymentId,
        note: `order already paid by ${winner.value}: refund this one`,
      });
      logger.error(
        { orderNumber: order.orderNumber, paymentId: payment.paymentId },
        'second payment for a paid order: refund it',
      );
    }
    // The same payment reported twice at once (verify and webhook): the winner is writing; answer
    // with its result rather than a stale 'pending'.
    const deadline = now() + 3000;
    for (;;) {
      const current = (await OrderModel.findById(order._id).lean<OrderDoc>()) as OrderDoc;
      if (current.status !== 'pending_payment' && current.status !== 'payment_failed')
        return current;
      if (now() > deadline) return current;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function markFailed(
    order: OrderDoc,
    payment: { paymentId: string; reason: string; source: Source },
  ) {
    const paidKey = `order-paid:${String(order._id)}`;
    if (await readClaim(paidKey)) return;
    await OrderModel.updateOne(
      { _id: order._id, status: 'pending_payment' },
      { $set: { status: 'payment_failed', failureReason: payment.reason } },
    );
    // A capture may have won in between: paid always stands.
    const paid = await readClaim(paidKey);
    if (paid)
      await OrderModel.updateOne(
        { _id: order._id },
        { $set: { status: 'paid', paymentId: paid.value, failureReason: null } },
      );
    await record(order._id, 'payment_failed', payment.source, {
      paymentId: payment.paymentId,
      note: payment.reason,
    });
  }

  const findByProviderOrder = (providerOrderId: string) =>
    OrderModel.findOne({ providerOrderId }).lean<OrderDoc>();

  async function handleEvent(event: ReturnType<typeof webhookEventSchema.parse>) {
    const payment = event.payload.payment?.entity;
    const providerOrderId = payment?.order_id ?? event.payload.order?.entity.id;
    if (!providerOrderId) return;
    const order = await findByProviderOrder(providerOrderId);
    if (!order) {
      logger.warn({ event: event.event, providerOrderId }, 'webhook for an unknown order');
      return;
    }
    if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment) {
      await markPaid(order, { paymentId: payment.id, amount: payment.amount, source: 'webhook' });
    } else if (event.event === 'payment.failed' && payment) {
      const reason = String(
        (payment as { error_description?: unknown }).error_description ?? 'Payment failed',
      );
      await markFailed(order, { paymentId: payment.id, reason, source: 'webhook' });
    }
  }

  const service = {
    provider,

    /** Creates the provider's order for ours if it has none yet (a retry after an outage lands here). */
    async ensureProviderOrder(order: OrderDoc): Promise<OrderDoc> {
      if (order.providerOrderId) return order;
      const created = await provider.createOrder({
        amount: order.totals.grandTotal ?? 0,
        receipt: order.orderNumber,
        notes: { orderNumber: order.orderNumber, orderId: String(order._id) },
      });
      const updated = await OrderModel.findOneAndUpdate(
        { _id: order._id, providerOrderId: null },
        { $set: { providerOrderId: created.id } },
        { returnDocument: 'after' },
      ).lean<OrderDoc>();
      return updated ?? ((await OrderModel.findById(order._id).lean<OrderDoc>()) as OrderDoc);
    },

    /** The checkout dialog's success: HMAC-SHA256(stored provider order id | payment id), compared in constant time. */
    async verify(body: VerifyPaymentBody): Promise<OrderDoc> {
      const order = await OrderModel.findById(body.orderId).lean<OrderDoc>();
      if (!order) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
      if (!order.providerOrderId || order.providerOrderId !== body.razorpay_order_id)
        throw invalidSignature();
      const expected = hmacHex(
        provider.keySecret,
        `${order.providerOrderId}|${body.razorpay_payment_id}`,
      );
      if (!signatureMatches(expected, body.razorpay_signature)) {
        await record(order._id, 'forged_signature', 'verify', {
          paymentId: body.razorpay_payment_id,
        });
        throw invalidSignature();
      }
      return markPaid(order, { paymentId: body.razorpay_payment_id, source: 'verify' });
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
        await PaymentEventModel.create({
          _id,
          type: event.event,
          source: 'webhook',
          paymentId: event.payload.payment?.entity.id ?? null,
          amount: event.payload.payment?.entity.amount ?? null,
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const seen = await PaymentEventModel.findById(_id).lean();
        if (seen?.processedAt) return 'duplicate';
      }
      await handleEvent(event);
      await PaymentEventModel.updateOne({ _id }, { $set: { processedAt: new Date(now()) } });
      return 'handled';
    },

    /**
     * Asks the provider about orders still waiting for payment (the browser closed, a webhook was
     * lost) and finishes paid orders whose invoice or confirmation mail is pending.
     */
    async reconcile(
      options: { minAgeMs?: number } = {},
    ): Promise<{ checked: number; paid: number; finished: number }> {
      const at = now();
      const pending = await OrderModel.find({
        status: trusted({ $in: PAYABLE }),
        providerOrderId: trusted({ $ne: null }),
        createdAt: trusted({
          $lte: new Date(at - (options.minAgeMs ?? 60_000)),
          $gte: new Date(at - RECONCILE_MAX_AGE_MS),
        }),
      })
        .limit(200)
        .lean<OrderDoc[]>();
      let paid = 0;
      for (const order of pending) {
        try {
          const payments = await provider.fetchOrderPayments(order.providerOrderId!);
          const captured = payments.find((p) => p.status === 'captured');
          if (captured) {
            const result = await markPaid(order, {
              paymentId: captured.id,
              amount: captured.amount,
              source: 'reconcile',
            });
            if (result.status === 'paid') paid += 1;
          } else if (await readClaim(`order-paid:${String(order._id)}`)) {
            // Paid, but the status write was lost (a crash between claim and write): repair it.
            const claim = await readClaim(`order-paid:${String(order._id)}`);
            await OrderModel.updateOne(
              { _id: order._id },
              { $set: { status: 'paid', paymentId: claim!.value } },
            );
          }
        } catch (err) {
          logger.warn(
            { err, orderNumber: order.orderNumber },
            'reconciliation could not reach the provider',
          );
        }
      }
      const unfinished = await OrderModel.find({
        status: 'paid',
        $or: [{ invoiceNumber: null }, { confirmationMailedAt: null }],
      })
        .limit(200)
        .lean<OrderDoc[]>();
      let finished = 0;
      for (const order of unfinished) {
        try {
          // A numbering claim left without a number for 5 minutes belongs to a request that died.
          const claim = await readClaim(`order-invoice:${String(order._id)}`);
          if (
            !order.invoiceNumber &&
            claim &&
            !claim.value &&
            at - claim.createdAt.getTime() > 5 * 60_000
          ) {
            await releaseClaim(`order-invoice:${String(order._id)}`);
          }
          await afterPaid(order);
          finished += 1;
        } catch (err) {
          logger.warn(
            { err, orderNumber: order.orderNumber },
            'invoice or confirmation still pending',
          );
        }
      }
      return { checked: pending.length, paid, finished };
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
      const order = await OrderModel.findById(body.orderId).lean<OrderDoc>();
      if (!order || order.providerOrderId !== body.providerOrderId)
        throw notFound('Order not found.', 'ORDER_NOT_FOUND');
      const payment = await provider.recordPayment(
        body.providerOrderId,
        order.totals.grandTotal ?? 0,
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

    markPaid,
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
