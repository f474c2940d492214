import { formatINR, PRE_ORDER, priceCart } from '@vanya/catalog';
import { trusted } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, payInTestMode, placeOrder } from '../../testing/orders';
import { pdfText } from '../../testing/pdf';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { PaymentEventModel } from '../payments/payment-event.model';
import type { TestPaymentProvider } from '../payments/payment-provider';
import { hmacHex } from '../payments/payment-provider';
import { OrderModel } from './order.model';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

// Waits for what the API does after answering (the test-mode webhook), generously: on a busy machine
// it can take seconds, and only a condition never met should fail a test.
async function until<T>(
  probe: () => Promise<T | undefined | null>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('orders and payments in test mode', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let email: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    ({ token, email } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('takes an order from the form to paid, with the invoice and the confirmation mail', async () => {
    const expected = priceCart(DEFAULT_ITEMS, { deliveryState: 'Maharashtra' });
    const placed = await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }));
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    expect(order.orderNumber).toMatch(/^VNY-\d{6}$/);
    expect(order).toMatchObject({
      status: 'pending_payment',
      supply: 'intra-state',
      deliveryState: 'Maharashtra',
    });
    expect(order.totals).toEqual({
      itemsTotal: expected.itemsTotal,
      mrpTotal: expected.mrpTotal,
      discount: expected.discount,
      couponDiscount: 0,
      shipping: expected.shipping,
      codFee: 0,
      grandTotal: expected.grandTotal,
      taxableValue: expected.taxableValue,
      cgst: expected.cgst,
      sgst: expected.sgst,
      igst: 0,
      taxTotal: expected.taxTotal,
    });
    expect(
      order.lines.map((l: { productId: string; hsn: string; gstRate: number }) => [
        l.productId,
        l.hsn,
        l.gstRate,
      ]),
    ).toEqual([
      ['Bodybutter', '3304', 18],
      ['TanGoneSoap', '3401', 5],
    ]);
    expect(payment).toEqual({
      keyId: 'rzp_test_vanya_local',
      providerOrderId: expect.stringMatching(/^order_test_[0-9a-f]{14}$/),
      amount: expected.grandTotal,
      currency: 'INR',
      name: 'Vanya Naturals',
      description: 'Order Payment',
      prefill: { name: 'Asha Kulkarni', email, contact: '9822045123' },
      theme: { color: '#2F4F3A' },
      testMode: true,
    });

    const { verified } = await payInTestMode(t, order, payment.providerOrderId);
    expect(verified.status).toBe(200);
    expect(verified.body.order).toMatchObject({
      _id: order._id,
      status: 'paid',
      paymentId: expect.stringMatching(/^pay_test_/),
    });

    const mail = await sink.waitFor(email, new RegExp(`order ${order.orderNumber} is confirmed`));
    expect(mail.text).toContain(formatINR(expected.grandTotal));
    // No pre-orders are taken: the mail promises the shipping confirmation, no dispatch day.
    expect(mail.text).toContain(PRE_ORDER.shippingConfirmationNote);
    expect(mail.text).not.toContain('First dispatch');
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const mailedInvoice = await pdfText(attachment.content);
    expect(mailedInvoice).toContain(order.orderNumber);

    // The test-mode webhook follows the verify call; it must not pay twice or mail twice.
    await until(() =>
      PaymentEventModel.findOne({
        _id: /^webhook:/,
        orderId: null,
        type: 'payment.captured',
        processedAt: trusted({ $ne: null }),
      }).lean(),
    );
    expect(await PaymentEventModel.countDocuments({ orderId: order._id, type: 'paid' })).toBe(1);

    const list = await request(t.app).get('/api/orders').set(bearer(token));
    expect(list.body[0]).toEqual({
      _id: order._id,
      orderNumber: order.orderNumber,
      status: 'paid',
      createdAt: order.createdAt,
      total: expected.grandTotal,
    });
    const invoices = await request(t.app).get('/api/invoices').set(bearer(token));
    expect(invoices.body[0]).toMatchObject({
      orderId: order._id,
      amount: expected.grandTotal,
    });
    const me = await request(t.app).get('/api/auth/me').set(bearer(token));
    expect(me.body.data.user).not.toHaveProperty('orders');
  });

  it('prints an intra-state GST invoice whose figures are those of priceCart, behind a signed link', async () => {
    const items = [
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 1 },
      { productId: 'FestiveHamper', quantity: 1 },
    ];
    const expected = priceCart(items, { deliveryState: 'Maharashtra' });
    const { order, payment } = (
      await placeOrder(t, token, orderBody(items, 'Maharashtra', { gstNumber: '27AAPFU0939F1ZV' }))
    ).body;
    await payInTestMode(t, order, payment.providerOrderId);

    const invoices = await request(t.app).get('/api/invoices').set(bearer(token));
    const invoice = invoices.body.find((i: { orderId: string }) => i.orderId === order._id);
    expect(invoice.downloadUrl).toMatch(
      new RegExp(`^/api/invoices/${order._id}/pdf\\?exp=\\d+&sig=[\\w-]+$`),
    );
    const pdf = await request(t.app).get(invoice.downloadUrl).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);

    const stored = await OrderModel.findById(order._id).lean();
    expect(stored!.invoiceNumber).toMatch(/^VNY\/\d{2}-\d{2}\/\d{6}$/);
    expect(stored!.invoiceNumber!.length).toBeLessThanOrEqual(16);
    for (const needle of [
      'TAX INVOICE',
      'Vanya Naturals',
      'GSTIN 27AAJCV4821K1ZY',
      stored!.invoiceNumber!,
      order.orderNumber,
      'Place of supply: Maharashtra (27)',
      'Buyer GSTIN 27AAPFU0939F1ZV',
      'CGST',
      'SGST',
      '3304',
      '3401',
    ]) {
      expect(text).toContain(needle);
    }
    expect(text).not.toContain('IGST');
    for (const line of expected.lines) {
      expect(text).toContain(formatINR(line.taxableValue));
      expect(text).toContain(formatINR(line.cgst));
      expect(text).toContain(formatINR(line.amount));
    }
    for (const figure of [
      expected.taxableValue,
      expected.cgst,
      expected.sgst,
      expected.taxTotal,
      expected.grandTotal,
    ]) {
      expect(text).toContain(formatINR(figure));
    }
    // The printed lines add up to the printed totals to the paisa.
    expect(expected.lines.reduce((s, l) => s + l.taxableValue + l.tax, 0)).toBe(
      expected.grandTotal,
    );

    const tampered = invoice.downloadUrl.replace(
      /sig=([\w-])/,
      (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await request(t.app).get(tampered)).status).toBe(403);
    const expiredExp = Math.floor(Date.now() / 1000) - 10;
    const expiredSig = createLinkSignature(t.config.secrets.invoiceLinks, order._id, expiredExp);
    const expired = await request(t.app).get(
      `/api/invoices/${order._id}/pdf?exp=${expiredExp}&sig=${expiredSig}`,
    );
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe('LINK_EXPIRED');
  });

  it('prints IGST and no CGST/SGST for delivery to another state', async () => {
    const items = [{ productId: 'ExfoliatingScrub', quantity: 3 }];
    const expected = priceCart(items, { deliveryState: 'Karnataka' });
    const placed = await placeOrder(t, token, orderBody(items, 'Karnataka'));
    const { order, payment } = placed.body;
    expect(order.supply).toBe('inter-state');
    expect(order.totals).toMatchObject({ cgst: 0, sgst: 0, igst: expected.igst });
    await payInTestMode(t, order, payment.providerOrderId);
    const invoice = (await request(t.app).get('/api/invoices').set(bearer(token))).body.find(
      (i: { orderId: string }) => i.orderId === order._id,
    );
    const text = await pdfText(
      (await request(t.app).get(invoice.downloadUrl).buffer(true).parse(binary)).body as Buffer,
    );
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('IGST');
    expect(text).not.toMatch(/\bCGST\b/);
    expect(text).toContain(formatINR(expected.igst));
    expect(text).toContain(formatINR(expected.grandTotal));
  });

  it('refuses a total that does not match the catalogue with 409 and the server totals, storing nothing', async () => {
    const before = await OrderModel.countDocuments();
    const body = orderBody();
    body.data.total_amount = '1.00';
    const res = await placeOrder(t, token, body);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TOTAL_MISMATCH');
    expect(res.body.totals.grandTotal).toBe(
      priceCart(DEFAULT_ITEMS, { deliveryState: 'Maharashtra' }).grandTotal,
    );
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  it('refuses prices, unknown products and quantities smuggled into the items', async () => {
    const before = await OrderModel.countDocuments();
    const withPrice = orderBody();
    (withPrice.data.items as unknown as Record<string, unknown>[])[0]!.price = 1;
    expect((await placeOrder(t, token, withPrice)).status).toBe(400);
    const unknown = orderBody();
    unknown.data.items = [{ productId: 'rose-scrub', quantity: 1 }];
    expect((await placeOrder(t, token, unknown)).status).toBe(400);
    const tooMany = orderBody([{ productId: 'Bodybutter', quantity: 1 }]);
    tooMany.data.items = [{ productId: 'Bodybutter', quantity: 21 }];
    expect((await placeOrder(t, token, tooMany)).status).toBe(400);
    const merged = orderBody();
    merged.data.items = [
      { productId: 'Bodybutter', quantity: 12 },
      { productId: 'Bodybutter', quantity: 9 },
    ];
    const mergedRes = await placeOrder(t, token, merged);
    expect(mergedRes.status).toBe(400);
    expect(mergedRes.body.code).toBe('QUANTITY_LIMIT');
    expect(
      (
        await placeOrder(
          t,
          token,
          orderBody(DEFAULT_ITEMS, 'Maharashtra', { gstNumber: '27AAPFU0939F1ZX' }),
        )
      ).status,
    ).toBe(400);
    expect((await request(t.app).post('/api/orders').send(orderBody())).status).toBe(401);
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  it('creates one order for the same request sent twice with an Idempotency-Key', async () => {
    const key = `checkout-${Date.now()}`;
    const first = await placeOrder(t, token, orderBody(), key);
    const second = await placeOrder(t, token, orderBody(), key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.order._id).toBe(first.body.order._id);
    expect(second.body.payment.providerOrderId).toBe(first.body.payment.providerOrderId);
    expect(await OrderModel.countDocuments({ idempotencyKey: key })).toBe(1);
    const different = await placeOrder(
      t,
      token,
      orderBody([{ productId: 'Hamper', quantity: 1 }]),
      key,
    );
    expect(different.status).toBe(409);
    expect(different.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('makes one order when the same request arrives five times at once', async () => {
    const key = `burst-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t, token, orderBody(), key)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.order._id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.order.orderNumber)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.payment.providerOrderId)).size).toBe(1);
    expect(await OrderModel.countDocuments({ idempotencyKey: key })).toBe(1);
  });

  it('keeps idempotency keys per shopper: the same key from another shopper is another order', async () => {
    const other = await signUpVerified(t, sink);
    const key = `shared-${Date.now()}`;
    const mine = await placeOrder(t, token, orderBody(), key);
    const theirs = await placeOrder(t, other.token, orderBody(), key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.order._id).not.toBe(mine.body.order._id);
    // And neither can read the other's.
    const peek = await request(t.app)
      .get(`/api/orders/${mine.body.order._id}`)
      .set(bearer(other.token));
    expect(peek.status).toBe(404);
  });

  it('refuses a forged signature and a signature replayed from another order, leaving the order unpaid', async () => {
    const a = (await placeOrder(t, token)).body;
    const b = (await placeOrder(t, token)).body;
    const forged = await request(t.app)
      .post('/api/payments/verify')
      .send({
        orderId: a.order._id,
        razorpay_order_id: a.payment.providerOrderId,
        razorpay_payment_id: 'pay_forged123',
        razorpay_signature: 'a'.repeat(64),
      });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('INVALID_SIGNATURE');

    const paidB = await payInTestMode(t, b.order, b.payment.providerOrderId);
    const replay = await request(t.app)
      .post('/api/payments/verify')
      .send({ ...paidB.completed, orderId: a.order._id, outcome: undefined });
    expect(replay.status).toBe(400);
    expect((await OrderModel.findById(a.order._id).lean())!.status).toBe('pending_payment');

    // Verifying the same payment again is harmless: still paid, one 'paid' event.
    const again = await request(t.app).post('/api/payments/verify').send({
      orderId: b.order._id,
      razorpay_order_id: paidB.completed.razorpay_order_id,
      razorpay_payment_id: paidB.completed.razorpay_payment_id,
      razorpay_signature: paidB.completed.razorpay_signature,
    });
    expect(again.status).toBe(200);
    expect(again.body.order.status).toBe('paid');
    expect(await PaymentEventModel.countDocuments({ orderId: b.order._id, type: 'paid' })).toBe(1);
  });

  describe('webhooks', () => {
    const provider = () => t.services.provider as TestPaymentProvider;
    const deliver = (event: object, id: string, secret = provider().webhookSecret) => {
      const raw = JSON.stringify(event);
      return request(t.app)
        .post('/api/payments/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hmacHex(secret, raw))
        .set('X-Razorpay-Event-Id', id)
        .send(raw);
    };
    const captured = (providerOrderId: string, paymentId: string, amount: number) => ({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: paymentId, order_id: providerOrderId, status: 'captured', amount },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });

    it('pays the order when the webhook arrives before the browser verifies, once, however often it is delivered', async () => {
      const { order, payment } = (
        await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }))
      ).body;
      const paymentRecord = await provider().recordPayment(
        payment.providerOrderId,
        payment.amount,
        'success',
      );
      const event = captured(payment.providerOrderId, paymentRecord.id, payment.amount);
      const eventId = `evt_${paymentRecord.id}`;
      expect((await deliver(event, eventId)).status).toBe(200);
      expect((await deliver(event, eventId)).status).toBe(200);
      expect((await OrderModel.findById(order._id).lean())!.status).toBe('paid');
      // The browser's verify arrives late and finds the order paid.
      const verify = await request(t.app)
        .post('/api/payments/verify')
        .send({
          orderId: order._id,
          razorpay_order_id: payment.providerOrderId,
          razorpay_payment_id: paymentRecord.id,
          razorpay_signature: provider().checkoutSignature(
            payment.providerOrderId,
            paymentRecord.id,
          ),
        });
      expect(verify.body.order.status).toBe('paid');
      expect(await PaymentEventModel.countDocuments({ orderId: order._id, type: 'paid' })).toBe(1);
      await sink.waitFor(email, new RegExp(order.orderNumber));
      await new Promise((r) => setTimeout(r, 100));
      expect(sink.received.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
    });

    it('never moves a paid order backwards when a failure event arrives out of order', async () => {
      const { order, payment } = (await placeOrder(t, token)).body;
      const ok = await provider().recordPayment(payment.providerOrderId, payment.amount, 'success');
      await deliver(
        captured(payment.providerOrderId, ok.id, payment.amount),
        `evt_ok_${ok.id}`,
      ).expect(200);
      const failed = {
        entity: 'event',
        event: 'payment.failed',
        payload: {
          payment: {
            entity: {
              id: 'pay_failedearlier',
              order_id: payment.providerOrderId,
              status: 'failed',
              amount: payment.amount,
            },
          },
        },
        created_at: 1,
      };
      await deliver(failed, 'evt_failed_late').expect(200);
      expect((await OrderModel.findById(order._id).lean())!.status).toBe('paid');
    });

    it('marks a pending order failed on payment.failed, and a later capture still pays it', async () => {
      const { order, payment } = (await placeOrder(t, token)).body;
      await deliver(
        {
          entity: 'event',
          event: 'payment.failed',
          payload: {
            payment: {
              entity: {
                id: 'pay_declined1',
                order_id: payment.providerOrderId,
                status: 'failed',
                amount: payment.amount,
                error_description: 'Card declined',
              },
            },
          },
          created_at: 1,
        },
        'evt_declined',
      ).expect(200);
      expect(await OrderModel.findById(order._id).lean()).toMatchObject({
        status: 'payment_failed',
        failureReason: 'Card declined',
      });
      await deliver(
        captured(payment.providerOrderId, 'pay_retry1', payment.amount),
        'evt_retry',
      ).expect(200);
      expect((await OrderModel.findById(order._id).lean())!.status).toBe('paid');
    });

    it('refuses a webhook with a wrong signature and changes nothing', async () => {
      const { order, payment } = (await placeOrder(t, token)).body;
      const res = await deliver(
        captured(payment.providerOrderId, 'pay_fake', payment.amount),
        'evt_fake',
        'not-the-secret',
      );
      expect(res.status).toBe(400);
      expect((await OrderModel.findById(order._id).lean())!.status).toBe('pending_payment');
    });

    it('records but does not accept a payment for the wrong amount', async () => {
      const { order, payment } = (await placeOrder(t, token)).body;
      await deliver(captured(payment.providerOrderId, 'pay_short', 100), 'evt_short').expect(200);
      expect((await OrderModel.findById(order._id).lean())!.status).toBe('pending_payment');
      expect(
        await PaymentEventModel.countDocuments({ orderId: order._id, type: 'amount_mismatch' }),
      ).toBe(1);
    });
  });

  it('reconciles an order whose payment was captured but never reported', async () => {
    const { order, payment } = (await placeOrder(t, token)).body;
    await (t.services.provider as TestPaymentProvider).recordPayment(
      payment.providerOrderId,
      payment.amount,
      'success',
    );
    expect((await OrderModel.findById(order._id).lean())!.status).toBe('pending_payment');
    const result = await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(result.paid).toBeGreaterThanOrEqual(1);
    const stored = await OrderModel.findById(order._id).lean();
    expect(stored).toMatchObject({ status: 'paid' });
    expect(stored!.invoiceNumber).toMatch(/^VNY\//);
  });

  it('pays once, numbers once and mails once when verify and webhook race in a burst', async () => {
    const { order, payment } = (
      await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }))
    ).body;
    const provider = t.services.provider as TestPaymentProvider;
    const paid = await provider.recordPayment(payment.providerOrderId, payment.amount, 'success');
    const signature = provider.checkoutSignature(payment.providerOrderId, paid.id);
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paid.id,
            order_id: payment.providerOrderId,
            status: 'captured',
            amount: payment.amount,
          },
        },
      },
      created_at: 1,
    });
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        request(t.app).post('/api/payments/verify').send({
          orderId: order._id,
          razorpay_order_id: payment.providerOrderId,
          razorpay_payment_id: paid.id,
          razorpay_signature: signature,
        }),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        request(t.app)
          .post('/api/payments/webhook')
          .set('Content-Type', 'application/json')
          .set('X-Razorpay-Signature', hmacHex(provider.webhookSecret, raw))
          .set('X-Razorpay-Event-Id', `evt_burst_${i}`)
          .send(raw),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const r of results.slice(0, 5)) expect(r.body.order.status).toBe('paid');
    expect(await PaymentEventModel.countDocuments({ orderId: order._id, type: 'paid' })).toBe(1);
    await sink.waitFor(email, new RegExp(order.orderNumber));
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
  });

  it('gives orders paid at the same moment distinct consecutive invoice numbers', async () => {
    const placed = await Promise.all(Array.from({ length: 4 }, () => placeOrder(t, token)));
    await Promise.all(
      placed.map((p) => payInTestMode(t, p.body.order, p.body.payment.providerOrderId)),
    );
    const numbers = await Promise.all(
      placed.map(async (p) => (await OrderModel.findById(p.body.order._id).lean())!.invoiceNumber!),
    );
    const seqs = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(4);
    expect(seqs[3]! - seqs[0]!).toBe(3);
  });

  it('numbers invoices consecutively', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { order, payment } = (await placeOrder(t, token)).body;
      await payInTestMode(t, order, payment.providerOrderId);
      numbers.push(
        Number((await OrderModel.findById(order._id).lean())!.invoiceNumber!.split('/')[2]),
      );
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
  });
});

import { createHmac } from 'node:crypto';
function createLinkSignature(secret: string, orderId: string, exp: number) {
  return createHmac('sha256', secret).update(`invoice:${orderId}:${exp}`).digest('base64url');
}
