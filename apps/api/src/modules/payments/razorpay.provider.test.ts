import { priceCart } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { FakeRazorpay } from '../../testing/fake-razorpay';
import { DEFAULT_ITEMS, orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from '../orders/order.model';
import { ORDER_BELOW_MINIMUM_MESSAGE } from '../orders/orders.service';
import { hmacHex, RazorpayProvider } from './payment-provider';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisthekeysecretfortests';
const WEBHOOK_SECRET = 'webhook-secret-for-tests';

describe('payments against a server speaking Razorpay\u2019s protocol', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let razorpay: FakeRazorpay;
  let token: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    razorpay = await new FakeRazorpay(KEY_ID, KEY_SECRET).start();
    t = await startTestApp({
      SMTP_URL: sink.url,
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: razorpay.url,
    });
    ({ token } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await razorpay.stop();
    await sink.stop();
  });

  it('creates the Razorpay order with our amount in paise and order number as receipt, then verifies the checkout signature', async () => {
    const expected = priceCart(DEFAULT_ITEMS, { deliveryState: 'Maharashtra' });
    const placed = await placeOrder(t, token);
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    expect(payment).toMatchObject({
      keyId: KEY_ID,
      amount: expected.grandTotal,
      currency: 'INR',
      testMode: false,
    });
    const sent = razorpay.requests.find((r) => r.method === 'POST' && r.path === '/v1/orders')!;
    expect(sent.body).toMatchObject({
      amount: expected.grandTotal,
      currency: 'INR',
      receipt: order.orderNumber,
    });
    expect(razorpay.orders.get(payment.providerOrderId)?.receipt).toBe(order.orderNumber);

    const paid = razorpay.capture(payment.providerOrderId);
    const signature = hmacHex(KEY_SECRET, `${payment.providerOrderId}|${paid.id}`);
    const verified = await request(t.app).post('/api/payments/verify').send({
      orderId: order._id,
      razorpay_order_id: payment.providerOrderId,
      razorpay_payment_id: paid.id,
      razorpay_signature: signature,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.order).toMatchObject({ status: 'paid', paymentId: paid.id });
  });

  it('refuses a signature made with another secret', async () => {
    const { order, payment } = (await placeOrder(t, token)).body;
    const paid = razorpay.capture(payment.providerOrderId);
    const res = await request(t.app)
      .post('/api/payments/verify')
      .send({
        orderId: order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: paid.id,
        razorpay_signature: hmacHex('wrong-secret', `${payment.providerOrderId}|${paid.id}`),
      });
    expect(res.status).toBe(400);
    expect((await OrderModel.findById(order._id).lean())!.status).toBe('pending_payment');
  });

  it('accepts a webhook signed with the webhook secret and refuses one signed with the key secret', async () => {
    const { order, payment } = (await placeOrder(t, token)).body;
    const paid = razorpay.capture(payment.providerOrderId);
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: {
          entity: {
            id: paid.id,
            order_id: payment.providerOrderId,
            status: 'captured',
            amount: paid.amount,
          },
        },
        order: { entity: { id: payment.providerOrderId, status: 'paid' } },
      },
      created_at: 1,
    });
    const wrong = await request(t.app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(KEY_SECRET, raw))
      .send(raw);
    expect(wrong.status).toBe(400);
    const right = await request(t.app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(WEBHOOK_SECRET, raw))
      .set('X-Razorpay-Event-Id', 'evt_order_paid_1')
      .send(raw);
    expect(right.status).toBe(200);
    expect((await OrderModel.findById(order._id).lean())!.status).toBe('paid');
  });

  it('reconciles a pending order by asking Razorpay for its payments', async () => {
    const { order, payment } = (await placeOrder(t, token)).body;
    const paid = razorpay.capture(payment.providerOrderId);
    await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(
      razorpay.requests.some(
        (r) => r.method === 'GET' && r.path === `/v1/orders/${payment.providerOrderId}/payments`,
      ),
    ).toBe(true);
    expect(await OrderModel.findById(order._id).lean()).toMatchObject({
      status: 'paid',
      paymentId: paid.id,
    });
  });

  it('answers 503 during an outage, keeps the order pending, and completes it on a retry with the same key', async () => {
    const key = `outage-${Date.now()}`;
    razorpay.failNext = 500;
    const during = await placeOrder(t, token, orderBody(), key);
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      msg: 'Payments are unavailable right now. Your order is saved; please try again in a few minutes.',
    });
    const stored = await OrderModel.findOne({ idempotencyKey: key }).lean();
    expect(stored).toMatchObject({ status: 'pending_payment', providerOrderId: null });

    const after = await placeOrder(t, token, orderBody(), key);
    expect(after.status).toBe(200);
    expect(after.body.order._id).toBe(String(stored!._id));
    expect(after.body.payment.providerOrderId).toMatch(/^order_/);
  });

  it('answers 502 when Razorpay refuses the request', async () => {
    razorpay.failNext = 400;
    const res = await placeOrder(t, token);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PROVIDER_REFUSED');
  });

  it('answers 503 when Razorpay cannot be reached at all', async () => {
    const closed = new RazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(
      closed.createOrder({ amount: 34900, receipt: 'VNY-123456', notes: {} }),
    ).rejects.toMatchObject({ status: 503, code: 'PROVIDER_UNAVAILABLE' });
    await expect(closed.fetchOrderPayments('order_x')).rejects.toMatchObject({ status: 503 });
  });

  it('offers no test payment endpoint when real keys are configured', async () => {
    const res = await request(t.app).post('/api/payments/test/complete').send({
      orderId: '0123456789abcdef01234567',
      providerOrderId: 'order_x',
      outcome: 'success',
    });
    expect(res.status).toBe(404);
  });

  it('keeps paid orders visible to their owner only', async () => {
    const other = await signUpVerified(t, sink);
    const { order } = (await placeOrder(t, token)).body;
    expect(
      (await request(t.app).get(`/api/orders/${order._id}`).set(bearer(other.token))).status,
    ).toBe(404);
    expect((await request(t.app).get(`/api/orders/${order._id}`).set(bearer(token))).status).toBe(
      200,
    );
  });

  it('opens no second Razorpay order for a retried checkout: the stored order is found first', async () => {
    const before = razorpay.orders.size;
    const first = await placeOrder(t, token, orderBody(), 'retry-checkout-razorpay-1');
    expect(first.status).toBe(201);
    const retried = await placeOrder(t, token, orderBody(), 'retry-checkout-razorpay-1');
    expect(retried.status).toBe(200);
    expect(retried.body.payment.providerOrderId).toBe(first.body.payment.providerOrderId);
    expect(razorpay.orders.size).toBe(before + 1);
  });
  it('charges shipping on an order a coupon worth more than the cart brings to nothing, and Razorpay takes it; with shipping free for all, such an order is refused first', async () => {
    await t.services.coupons.create({
      code: 'GIFT2000',
      kind: 'flat',
      value: 200_000,
      minOrder: 0,
      perCustomerLimit: 5,
      active: true,
    });
    const soap = [{ productId: 'TanGoneSoap', quantity: 1 }];
    const goods = priceCart(soap).itemsTotal;
    const check = () =>
      request(t.app)
        .post('/api/coupons/check')
        .set(bearer(token))
        .send({ code: 'GIFT2000', items: soap, deliveryState: 'Maharashtra' });
    // The coupon stops at the goods' value; shipping is charged as below the threshold.
    const checked = await check();
    expect(checked.status).toBe(200);
    expect(checked.body.totals).toMatchObject({
      couponDiscount: goods,
      shipping: 4900,
      grandTotal: 4900,
    });
    const body = orderBody(soap, 'Maharashtra', { couponCode: 'GIFT2000', total_amount: '49.00' });
    const placed = await placeOrder(t, token, body);
    expect(placed.status).toBe(201);
    expect(placed.body.payment.amount).toBe(4900);
    expect(razorpay.orders.get(placed.body.payment.providerOrderId)?.amount).toBe(4900);

    // The owner ships everything free: the same cart would come to ₹0.00, which Razorpay refuses.
    const settings = await t.services.shopSettings.read();
    await t.services.shopSettings.update({ ...settings, freeShippingThresholdPaise: 0 });
    try {
      const refused = await check();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'ORDER_BELOW_MINIMUM',
        message: ORDER_BELOW_MINIMUM_MESSAGE,
      });
      const free = orderBody(soap, 'Maharashtra', { couponCode: 'GIFT2000', total_amount: '0.00' });
      const before = razorpay.requests.length;
      const order = await placeOrder(t, token, free);
      expect(order.status).toBe(409);
      expect(order.body.code).toBe('ORDER_BELOW_MINIMUM');
      expect(razorpay.requests.length).toBe(before);
    } finally {
      await t.services.shopSettings.update(settings);
    }
  });
});
