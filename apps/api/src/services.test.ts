import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopperApp } from './testing/owner-app';
import type { ShopperApp } from './testing/owner-app';
import { DEFAULT_ITEMS, orderBody, placeOrder } from './testing/orders';

// The shop stops (a deploy sends SIGTERM) just after a shopper paid: the provider's webhook is
// still on its way, and what it starts (the invoice and the confirmation mail) starts later still.

describe('stopping the shop', () => {
  let app: ShopperApp;
  beforeAll(async () => {
    app = await startShopperApp();
  });
  afterAll(() => app?.close());

  it('waits for the work that background work starts, so a paid order is confirmed first', async () => {
    const { t, sink } = app;
    const { token, email } = app.shopper;
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
