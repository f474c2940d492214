import { createHmac } from 'node:crypto';
import { formatINR, priceCart } from '@vanya/catalog';
import { PDFParse } from 'pdf-parse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderBody } from '../src/testing/orders';
import type { Items } from '../src/testing/orders';
import { client, signUp, startBuiltApi } from './support/built-api';
import type { BuiltApi, Client } from './support/built-api';

// From outside: the built API in production mode, over HTTP only, paid through a server speaking
// Razorpay's protocol. Every check is on what a shopper, the payment provider or the owner's
// mailbox receives; nothing reads the database.

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('checkout journeys against the built API (production mode, Razorpay protocol)', () => {
  let stack: BuiltApi;
  let api: Client;
  let asha: { email: string; token: string };
  let ravi: { email: string; token: string };

  beforeAll(async () => {
    stack = await startBuiltApi();
    api = client(stack.baseUrl);
    asha = await signUp(stack, api, 'Asha Kulkarni');
    ravi = await signUp(stack, api, 'Ravi Shetty');
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(stack.output().slice(-4000));
  });

  const place = (token: string, items?: Items, state?: string, extra = {}, key?: string) =>
    api.post(
      '/api/orders',
      orderBody(items, state, extra),
      token,
      key ? { 'Idempotency-Key': key } : undefined,
    );

  /** The shopper pays in Razorpay's dialog; the browser then calls verify with what it returned. */
  const payAndVerify = async (token: string, order: { _id: string }, providerOrderId: string) => {
    const paid = stack.razorpay.capture(providerOrderId);
    const verified = await api.post(
      '/api/payments/verify',
      {
        orderId: order._id,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paid.id,
        razorpay_signature: hmac(stack.keys.keySecret, `${providerOrderId}|${paid.id}`),
      },
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

    const tampered = await place(asha.token, items, 'Maharashtra', {
      email: asha.email,
      total_amount: '1.00',
    });
    expect(tampered.status).toBe(409);
    expect(tampered.body).toMatchObject({
      code: 'TOTAL_MISMATCH',
      totals: { grandTotal: expected.grandTotal },
    });
    const smuggled = await place(asha.token, undefined, 'Maharashtra', {
      items: [{ productId: 'Bodybutter', quantity: 1, price: 1 }],
    });
    expect(smuggled.status).toBe(400);
    expect((await api.get('/api/orders', asha.token)).body).toEqual([]);
    expect(stack.razorpay.orders.size).toBe(0);

    const placed = await place(asha.token, items, 'Maharashtra', { email: asha.email });
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
      keyId: stack.keys.keyId,
      providerOrderId: expect.stringMatching(/^order_/),
      amount: expected.grandTotal,
      currency: 'INR',
      name: 'Vanya Naturals',
      description: 'Order Payment',
      prefill: { name: 'Asha Kulkarni', email: asha.email, contact: '9822045123' },
      theme: { color: '#2F4F3A' },
      testMode: false,
    });
    // What Razorpay was asked for: the amount in paise, our order number as the receipt.
    expect(stack.razorpay.orders.get(payment.providerOrderId)).toMatchObject({
      amount: expected.grandTotal,
      currency: 'INR',
      receipt: order.orderNumber,
    });

    // A signature made with another secret, or for another payment, changes nothing.
    const dialog = stack.razorpay.capture(payment.providerOrderId);
    const forged = await api.post(
      '/api/payments/verify',
      {
        orderId: order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: dialog.id,
        razorpay_signature: hmac('not-the-key-secret', `${payment.providerOrderId}|${dialog.id}`),
      },
      asha.token,
    );
    expect(forged.status).toBe(400);
    expect((await api.get(`/api/orders/${order._id}`, asha.token)).body.status).toBe(
      'pending_payment',
    );

    const verified = await api.post(
      '/api/payments/verify',
      {
        orderId: order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: dialog.id,
        razorpay_signature: hmac(stack.keys.keySecret, `${payment.providerOrderId}|${dialog.id}`),
      },
      asha.token,
    );
    expect(verified.status).toBe(200);
    expect(verified.body.order).toMatchObject({
      _id: order._id,
      status: 'paid',
      paymentId: dialog.id,
    });

    const mail = await stack.smtp.waitFor(
      asha.email,
      new RegExp(`order ${order.orderNumber} is confirmed`),
    );
    expect(mail.text).toContain(formatINR(expected.grandTotal));
    expect(mail.parsed.attachments[0]?.contentType).toBe('application/pdf');

    expect((await api.get('/api/orders', asha.token)).body).toEqual([
      {
        _id: order._id,
        orderNumber: order.orderNumber,
        status: 'paid',
        createdAt: order.createdAt,
        total: expected.grandTotal,
      },
    ]);
    const invoices = await api.get('/api/invoices', asha.token);
    expect(invoices.status).toBe(200);
    const invoice = invoices.body.find((i: { orderId: string }) => i.orderId === order._id);
    expect(invoice).toMatchObject({ amount: expected.grandTotal });
    // The link opens in a new tab: no bearer header.
    const pdf = await api.get(invoice.downloadUrl);
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
    expect((await api.get(`/api/orders/${order._id}`, ravi.token)).status).toBe(404);
    expect((await api.get('/api/invoices', ravi.token)).body).toEqual([]);
    const forgedLink = invoice.downloadUrl.replace(/sig=([\w-])/, (_: string, c: string) =>
      c === 'A' ? 'sig=B' : 'sig=A',
    );
    expect((await api.get(forgedLink)).status).toBe(403);

    // The same signature replayed for another order pays nothing.
    const second = (await place(asha.token)).body;
    const replay = await api.post(
      '/api/payments/verify',
      {
        orderId: second.order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: dialog.id,
        razorpay_signature: hmac(stack.keys.keySecret, `${payment.providerOrderId}|${dialog.id}`),
      },
      asha.token,
    );
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect((await api.get(`/api/orders/${second.order._id}`, asha.token)).body.status).toBe(
      'pending_payment',
    );
  });

  it('prints IGST, not CGST and SGST, for delivery to another state', async () => {
    const items = [{ productId: 'ExfoliatingScrub', quantity: 3 }];
    const expected = priceCart(items, { deliveryState: 'Karnataka' });
    const { order, payment } = (await place(ravi.token, items, 'Karnataka')).body;
    expect(order.supply).toBe('inter-state');
    expect((await payAndVerify(ravi.token, order, payment.providerOrderId)).verified.status).toBe(
      200,
    );
    const invoice = (await api.get('/api/invoices', ravi.token)).body.find(
      (i: { orderId: string }) => i.orderId === order._id,
    );
    const text = await pdfText((await api.get(invoice.downloadUrl)).body as Buffer);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain(formatINR(expected.igst));
    expect(text).toContain(formatINR(expected.grandTotal));
    expect(text).not.toMatch(/\bCGST\b/);
  });

  it('pays once when the webhook comes before the browser and is delivered twice', async () => {
    const { order, payment } = (
      await place(ravi.token, undefined, undefined, { email: ravi.email })
    ).body;
    const paid = stack.razorpay.capture(payment.providerOrderId);
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
      api.postRaw('/api/payments/webhook', raw, {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': hmac(secret, raw),
        'X-Razorpay-Event-Id': `evt_${paid.id}`,
      });
    // Signed with the key secret instead of the webhook secret: refused.
    expect((await deliver(stack.keys.keySecret)).status).toBe(400);
    expect((await api.get(`/api/orders/${order._id}`, ravi.token)).body.status).toBe(
      'pending_payment',
    );
    expect((await deliver(stack.keys.webhookSecret)).status).toBe(200);
    expect((await deliver(stack.keys.webhookSecret)).status).toBe(200);
    expect((await api.get(`/api/orders/${order._id}`, ravi.token)).body.status).toBe('paid');

    // The browser's verify arrives last and finds the order paid.
    const late = await api.post(
      '/api/payments/verify',
      {
        orderId: order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: paid.id,
        razorpay_signature: hmac(stack.keys.keySecret, `${payment.providerOrderId}|${paid.id}`),
      },
      ravi.token,
    );
    expect(late.status).toBe(200);
    expect(late.body.order.status).toBe('paid');
    await stack.smtp.waitFor(ravi.email, new RegExp(`order ${order.orderNumber} is confirmed`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stack.smtp.received.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(
      1,
    );
  });

  it('makes one order of a request sent twice, and keeps an order made during an outage', async () => {
    const key = `journey-${Date.now()}`;
    const before = (await api.get('/api/orders', ravi.token)).body.length;
    const first = await place(ravi.token, undefined, undefined, {}, key);
    const again = await place(ravi.token, undefined, undefined, {}, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.order._id).toBe(first.body.order._id);
    expect(again.body.payment.providerOrderId).toBe(first.body.payment.providerOrderId);
    const other = await place(
      ravi.token,
      [{ productId: 'TanGoneSoap', quantity: 4 }],
      undefined,
      {},
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const outageKey = `${key}-outage`;
    stack.razorpay.failNext = 503;
    const during = await place(ravi.token, undefined, undefined, {}, outageKey);
    expect(during.status).toBe(503);
    expect(during.body.msg).toBe(
      'Payments are unavailable right now. Your order is saved; please try again in a few minutes.',
    );
    const kept = (await api.get('/api/orders', ravi.token)).body;
    expect(kept).toHaveLength(before + 2);
    expect(kept[0].status).toBe('pending_payment');
    const retried = await place(ravi.token, undefined, undefined, {}, outageKey);
    expect(retried.status).toBe(200);
    expect(retried.body.order._id).toBe(kept[0]._id);
    expect(stack.razorpay.orders.has(retried.body.payment.providerOrderId)).toBe(true);
    expect((await api.get('/api/orders', ravi.token)).body).toHaveLength(before + 2);
  });

  it('answers a request without a session, or with a forged one, with 401', async () => {
    expect((await api.post('/api/orders', orderBody())).status).toBe(401);
    const [head, body] = asha.token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: '0'.repeat(24) })).toString('base64url')}.${asha.token.split('.')[2]}`;
    expect((await api.get('/api/orders', forged)).status).toBe(401);
  });
});
