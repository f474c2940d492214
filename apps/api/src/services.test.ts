import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder } from './testing/orders';
import { SmtpSink } from './testing/smtp-sink';
import { startTestApp } from './testing/test-app';
import type { TestApp } from './testing/test-app';

// The shop stops (a deploy sends SIGTERM) just after a shopper paid: the provider's webhook is
// still on its way, and what it starts (the invoice and the confirmation mail) starts later still.

describe('stopping the shop', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('waits for the work that background work starts, so a paid order is confirmed first', async () => {
    const { token, email } = await signUpVerified(t, sink);
    const placed = await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }));
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body as {
      order: { _id: string; orderNumber: string };
      payment: { providerOrderId: string };
    };
    // The shopper pays in the dialog and closes the tab: only the webhook will tell the shop.
    const paid = await request(t.app)
      .post('/api/payments/test/complete')
      .send({ orderId: order._id, providerOrderId: payment.providerOrderId, outcome: 'success' });
    expect(paid.status).toBe(200);

    await t.services.close();

    const confirmations = sink.received.filter((m) => m.subject.includes(order.orderNumber));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.parsed.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Invoice-.*\.pdf$/),
    ]);
  });
});
