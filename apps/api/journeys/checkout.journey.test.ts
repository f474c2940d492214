import { formatINR, priceCart } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';
import { orderBody } from '../src/testing/orders';
import type { Items } from '../src/testing/orders';
import { pdfText } from '../src/testing/pdf';
import { hmac, useBuiltApi, verifyBody } from './support/built-api';

// From outside: the built API in production mode, over HTTP only, paid through a server speaking
// Razorpay's protocol. Every check is on what a shopper, the payment provider or the owner's
// mailbox receives; nothing reads the database.

describe('checkout journeys against the built API (production mode, Razorpay protocol)', () => {
  const t = useBuiltApi();

  const place = (token: string, items?: Items, state?: string, extra = {}, key?: string) =>
    t.api.post(
      '/api/orders',
      orderBody(items, state, extra),
      token,
      key ? { 'Idempotency-Key': key } : undefined,
    );

  /** The shopper pays in Razorpay's dialog; the browser then calls verify with what it returned. */
  const payAndVerify = async (token: string, order: { _id: string }, providerOrderId: string) => {
    const paid = t.stack.razorpay.capture(providerOrderId);
    const verified = await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, providerOrderId, paid.id, t.stack.keys.keySecret),
      token,
    );
    return { paid, verified };
  };

  it('takes an order from the form to paid, mails the confirmation and serves the GST invoice', async () => {
    const items = [
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 1 },
    ];
    const expected = priceCart(items, { deliveryState: 'Maharashtra' });

    const tampered = await place(t.asha.token, items, 'Maharashtra', {
      email: t.asha.email,
      total_amount: '1.00',
    });
    expect(tampered.status).toBe(409);
    expect(tampered.body).toMatchObject({
      code: 'TOTAL_MISMATCH',
      totals: { grandTotal: expected.grandTotal },
    });
    const smuggled = await place(t.asha.token, undefined, 'Maharashtra', {
      items: [{ productId: 'Bodybutter', quantity: 1, price: 1 }],
    });
    expect(smuggled.status).toBe(400);
    expect((await t.api.get('/api/orders', t.asha.token)).body).toEqual([]);
    expect(t.stack.razorpay.orders.size).toBe(0);

    const placed = await place(t.asha.token, items, 'Maharashtra', { email: t.asha.email });
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(/^VNY-\d{6}$/),
      status: 'pending_payment',
      supply: 'intra-state',
    });
    expect(order.totals).toMatchObject({
      grandTotal: expected.grandTotal,
      cgst: expected.cgst,
      sgst: expected.sgst,
      igst: 0,
    });
    expect(payment).toEqual({
      keyId: t.stack.keys.keyId,
      providerOrderId: expect.stringMatching(/^order_/),
      amount: expected.grandTotal,
      currency: 'INR',
      name: 'Vanya Naturals',
      description: 'Order Payment',
      prefill: { name: 'Asha Kulkarni', email: t.asha.email, contact: '9822045123' },
      theme: { color: '#2F4F3A' },
      testMode: false,
    });
    // What Razorpay was asked for: the amount in paise, our order number as the receipt.
    expect(t.stack.razorpay.orders.get(payment.providerOrderId)).toMatchObject({
      amount: expected.grandTotal,
      currency: 'INR',
      receipt: order.orderNumber,
    });

    // A signature made with another secret, or for another payment, changes nothing.
    const dialog = t.stack.razorpay.capture(payment.providerOrderId);
    const forged = await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, dialog.id, 'not-the-key-secret'),
      t.asha.token,
    );
    expect(forged.status).toBe(400);
    expect((await t.api.get(`/api/orders/${order._id}`, t.asha.token)).body.status).toBe(
      'pending_payment',
    );

    const verified = await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, dialog.id, t.stack.keys.keySecret),
      t.asha.token,
    );
    expect(verified.status).toBe(200);
    expect(verified.body.order).toMatchObject({
      _id: order._id,
      status: 'paid',
      paymentId: dialog.id,
    });

    const mail = await t.stack.smtp.waitFor(
      t.asha.email,
      new RegExp(`order ${order.orderNumber} is confirmed`),
    );
    expect(mail.text).toContain(formatINR(expected.grandTotal));
    expect(mail.parsed.attachments[0]?.contentType).toBe('application/pdf');

    expect((await t.api.get('/api/orders', t.asha.token)).body).toEqual([
      {
        _id: order._id,
        orderNumber: order.orderNumber,
        status: 'paid',
        createdAt: order.createdAt,
        total: expected.grandTotal,
      },
    ]);
    const invoices = await t.api.get('/api/invoices', t.asha.token);
    expect(invoices.status).toBe(200);
    const invoice = invoices.body.find((i: { orderId: string }) => i.orderId === order._id);
    expect(invoice).toMatchObject({ amount: expected.grandTotal });
    // The link opens in a new tab: no bearer header.
    const pdf = await t.api.get(invoice.downloadUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    for (const needle of [
      'TAX INVOICE',
      invoice.invoiceNumber,
      order.orderNumber,
      'Place of supply: Maharashtra (27)',
      formatINR(expected.taxableValue),
      formatINR(expected.cgst),
      formatINR(expected.sgst),
      formatINR(expected.grandTotal),
    ])
      expect(text).toContain(needle);
    expect(text).not.toContain('IGST');

    // Ravi sees none of it, and a link signed for Asha's invoice opens nothing else.
    expect((await t.api.get(`/api/orders/${order._id}`, t.ravi.token)).status).toBe(404);
    expect((await t.api.get('/api/invoices', t.ravi.token)).body).toEqual([]);
    const forgedLink = invoice.downloadUrl.replace(/sig=([\w-])/, (_: string, c: string) =>
      c === 'A' ? 'sig=B' : 'sig=A',
    );
    expect((await t.api.get(forgedLink)).status).toBe(403);

    // The same signature replayed for another order pays nothing.
    const second = (await place(t.asha.token)).body;
    const replay = await t.api.post(
      '/api/payments/verify',
      verifyBody(second.order._id, payment.providerOrderId, dialog.id, t.stack.keys.keySecret),
      t.asha.token,
    );
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect((await t.api.get(`/api/orders/${second.order._id}`, t.asha.token)).body.status).toBe(
      'pending_payment',
    );
  });

  it('prints IGST, not CGST and SGST, for delivery to another state', async () => {
    const items = [{ productId: 'ExfoliatingScrub', quantity: 3 }];
    const expected = priceCart(items, { deliveryState: 'Karnataka' });
    const { order, payment } = (await place(t.ravi.token, items, 'Karnataka')).body;
    expect(order.supply).toBe('inter-state');
    expect((await payAndVerify(t.ravi.token, order, payment.providerOrderId)).verified.status).toBe(
      200,
    );
    const invoice = (await t.api.get('/api/invoices', t.ravi.token)).body.find(
      (i: { orderId: string }) => i.orderId === order._id,
    );
    const text = await pdfText((await t.api.get(invoice.downloadUrl)).body as Buffer);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain(formatINR(expected.igst));
    expect(text).toContain(formatINR(expected.grandTotal));
    expect(text).not.toMatch(/\bCGST\b/);
  });

  it('pays once when the webhook comes before the browser and is delivered twice', async () => {
    const { order, payment } = (
      await place(t.ravi.token, undefined, undefined, { email: t.ravi.email })
    ).body;
    const paid = t.stack.razorpay.capture(payment.providerOrderId);
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_journeys',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paid.id,
            order_id: payment.providerOrderId,
            status: 'captured',
            amount: paid.amount,
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const deliver = (secret: string) =>
      t.api.postRaw('/api/payments/webhook', raw, {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': hmac(secret, raw),
        'X-Razorpay-Event-Id': `evt_${paid.id}`,
      });
    // Signed with the key secret instead of the webhook secret: refused.
    expect((await deliver(t.stack.keys.keySecret)).status).toBe(400);
    expect((await t.api.get(`/api/orders/${order._id}`, t.ravi.token)).body.status).toBe(
      'pending_payment',
    );
    expect((await deliver(t.stack.keys.webhookSecret)).status).toBe(200);
    expect((await deliver(t.stack.keys.webhookSecret)).status).toBe(200);
    expect((await t.api.get(`/api/orders/${order._id}`, t.ravi.token)).body.status).toBe('paid');

    // The browser's verify arrives last and finds the order paid.
    const late = await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, paid.id, t.stack.keys.keySecret),
      t.ravi.token,
    );
    expect(late.status).toBe(200);
    expect(late.body.order.status).toBe('paid');
    await t.stack.smtp.waitFor(t.ravi.email, new RegExp(`order ${order.orderNumber} is confirmed`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One confirmation to the shopper (the owners' "new order" mail is theirs, not the shopper's).
    const toShopper = t.stack.smtp.received.filter(
      (m) => m.to.includes(t.ravi.email) && m.subject.includes(order.orderNumber),
    );
    expect(toShopper).toHaveLength(1);
  });

  it('makes one order of a request sent twice, and keeps an order made during an outage', async () => {
    const key = `journey-${Date.now()}`;
    const before = (await t.api.get('/api/orders', t.ravi.token)).body.length;
    const first = await place(t.ravi.token, undefined, undefined, {}, key);
    const again = await place(t.ravi.token, undefined, undefined, {}, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.order._id).toBe(first.body.order._id);
    expect(again.body.payment.providerOrderId).toBe(first.body.payment.providerOrderId);
    const other = await place(
      t.ravi.token,
      [{ productId: 'TanGoneSoap', quantity: 4 }],
      undefined,
      {},
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const outageKey = `${key}-outage`;
    t.stack.razorpay.failNext = 503;
    const during = await place(t.ravi.token, undefined, undefined, {}, outageKey);
    expect(during.status).toBe(503);
    expect(during.body.msg).toBe(
      'Payments are unavailable right now. Your order is saved; please try again in a few minutes.',
    );
    const kept = (await t.api.get('/api/orders', t.ravi.token)).body;
    expect(kept).toHaveLength(before + 2);
    expect(kept[0].status).toBe('pending_payment');
    const retried = await place(t.ravi.token, undefined, undefined, {}, outageKey);
    expect(retried.status).toBe(200);
    expect(retried.body.order._id).toBe(kept[0]._id);
    expect(t.stack.razorpay.orders.has(retried.body.payment.providerOrderId)).toBe(true);
    expect((await t.api.get('/api/orders', t.ravi.token)).body).toHaveLength(before + 2);
  });

  it('answers a request without a session, or with a forged one, with 401', async () => {
    expect((await t.api.post('/api/orders', orderBody())).status).toBe(401);
    const [head, body] = t.asha.token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: '0'.repeat(24) })).toString('base64url')}.${t.asha.token.split('.')[2]}`;
    expect((await t.api.get('/api/orders', forged)).status).toBe(401);
  });
});
