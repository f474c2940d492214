import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder } from '../../testing/orders';
import { startRestartableDatabase } from '../../testing/restartable-database';
import type { RestartableDatabase } from '../../testing/restartable-database';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import type { TestPaymentProvider } from '../payments/payment-provider';
import { OrderModel } from './order.model';

// The confirmation mail leaves, and the database dies before the shop can write down that it did.
// When the database is back, whoever finishes the order must not mail the shopper a second time.

describe('a confirmation mail sent just as the database dies', () => {
  let db: RestartableDatabase;
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    db = await startRestartableDatabase();
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url }, { mongoUri: db.uri });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
    await db?.dispose();
  });

  it('is not sent again once the database is back', async () => {
    const { token, email } = await signUpVerified(t, sink);
    const { order, payment } = (
      await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }))
    ).body;
    const provider = t.services.provider as TestPaymentProvider;
    const paid = await provider.recordPayment(payment.providerOrderId, payment.amount, 'success');

    sink.beforeAccept = async (mail) => {
      if (mail.subject.includes(order.orderNumber)) await db.kill();
    };
    const verify = await request(t.app)
      .post('/api/payments/verify')
      .send({
        orderId: order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: paid.id,
        razorpay_signature: provider.checkoutSignature(payment.providerOrderId, paid.id),
      });
    // The confirmation goes out after the answer.
    await t.services.idle();
    sink.beforeAccept = undefined;
    expect([200, 503]).toContain(verify.status);
    const confirmations = () => sink.received.filter((m) => m.subject.includes(order.orderNumber));
    expect(confirmations()).toHaveLength(1);
    // Were it ever sent again (a crash between sending and recording), it would be the same mail.
    expect(confirmations()[0]!.messageId).toBe(
      `<order-confirmation.${order._id}@vanyanaturals.in>`,
    );

    await db.start();
    await expect
      .poll(
        async () => {
          await t.services.payments.reconcile({ minAgeMs: 0 }).catch(() => undefined);
          return (await OrderModel.findById(order._id).lean())?.confirmationMailedAt ?? null;
        },
        { timeout: 20_000, interval: 250 },
      )
      .not.toBeNull();
    expect(confirmations()).toHaveLength(1);
  }, 60_000);
});
