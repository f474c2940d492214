import { formatAmountForOrder, getProduct, priceCart } from '@vanya/catalog';
import type { AdminStock, StockMove } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder, placePaidOrder, verifyTestPayment } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from '../orders/order.model';
import type { TestPaymentProvider } from '../payments/payment-provider';
import type { LogSmsTransport } from '../sms/sms-transport';
import { createReservationExpiry } from './reservation-expiry';

const OWNER_EMAIL = 'owner.stock@vanyanaturals.in';
const MINUTE = 60 * 1000;
const BUTTER = getProduct('Bodybutter')!;
const SCRUB = getProduct('ExfoliatingScrub')!;

describe('stock counts through orders', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: string;
  let phones = 9822050100;
  const ownerAuth = () => bearer(owner);

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, OWNER_EMAILS: OWNER_EMAIL });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL)).token;
    shopper = (await signUpVerified(t, sink)).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  async function stockOf(productId: string) {
    const res = await request(t.app).get('/api/admin/stock').set(ownerAuth());
    expect(res.status).toBe(200);
    const body = res.body as AdminStock;
    return (body.items.find((i) => i.productId === productId) ??
      body.bundles.find((b) => b.productId === productId)!) as AdminStock['items'][number];
  }

  const adjust = (productId: string, by: number, reason = 'Counted the shelf') =>
    request(t.app)
      .post(`/api/admin/stock/${productId}`)
      .set(ownerAuth())
      .send({ adjust: by, reason });

  /** Brings a product to exactly `n` available, as the owner would by a receipt or an adjustment. */
  async function makeAvailable(productId: string, n: number) {
    const { available } = await stockOf(productId);
    if (available !== n) expect((await adjust(productId, n - available)).status).toBe(200);
    expect((await stockOf(productId)).available).toBe(n);
  }

  const moves = async (productId: string) =>
    (await request(t.app).get(`/api/admin/stock/${productId}/moves`).set(ownerAuth()))
      .body as StockMove[];

  /** The order's units left the shelf: on hand and held both fell, with a 'sold' ledger line. */
  async function expectSold(
    productId: string,
    before: { onHand: number; reserved: number; available: number },
    quantity: number,
    orderNumber: string,
  ) {
    expect(await stockOf(productId)).toMatchObject({
      onHand: before.onHand - quantity,
      reserved: before.reserved,
      available: before.available - quantity,
    });
    expect((await moves(productId))[0]).toMatchObject({
      kind: 'sold',
      change: -quantity,
      reservedChange: -quantity,
      orderNumber,
    });
  }

  const shopperProduct = async (productId: string) =>
    (await request(t.app).get(`/api/products/${productId}`)).body as {
      inStock: boolean;
      available: number | null;
    };

  it('starts each single product at STOCK_INITIAL, with its first line in the ledger', async () => {
    const butter = await stockOf('Bodybutter');
    expect(butter).toMatchObject({
      onHand: 100,
      reserved: 0,
      available: 100,
      lowStockAt: 10,
      low: false,
      selling: true,
    });
    expect((await moves('Bodybutter')).at(-1)).toMatchObject({
      kind: 'initial',
      change: 100,
      by: 'system',
    });
    // Plenty left: shoppers are not told how many.
    expect(await shopperProduct('Bodybutter')).toMatchObject({ inStock: true, available: null });
  });

  it('places exactly 5 of 12 simultaneous orders for 5 units; the rest hear which product ran out', async () => {
    await makeAvailable('Bodybutter', 5);
    const before = await stockOf('Bodybutter');
    const body = orderBody([{ productId: 'Bodybutter', quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(t, shopper, body)),
    );
    const statuses = results.map((r) => `${r.status} ${r.body.code ?? ''}`.trim());
    expect(statuses.filter((s) => s === '201')).toHaveLength(5);
    expect(statuses.filter((s) => s === '409 OUT_OF_STOCK')).toHaveLength(7);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.productId).toBe('Bodybutter');
      expect(refused.body.message).toBe(
        `Sorry, ${BUTTER.name} is out of stock. Please remove it from your cart to place the order.`,
      );
    }
    const after = await stockOf('Bodybutter');
    expect(after).toMatchObject({
      onHand: before.onHand,
      reserved: before.reserved + 5,
      available: 0,
    });
    expect(await shopperProduct('Bodybutter')).toMatchObject({ inStock: false, available: 0 });
    // A Magic Skin Duo holds a body butter: it cannot be had either.
    expect((await shopperProduct('MagicSkinDuo')).inStock).toBe(false);

    // The placed orders are cancelled: their units are free again, and the count is whole.
    for (const placed of results.filter((r) => r.status === 201))
      expect(
        (
          await request(t.app)
            .post(`/api/orders/${placed.body.order._id}/cancel`)
            .set(bearer(shopper))
        ).body.status,
      ).toBe('cancelled');
    expect(await stockOf('Bodybutter')).toMatchObject({
      onHand: before.onHand,
      reserved: before.reserved,
      available: 5,
    });
    const ledger = await moves('Bodybutter');
    expect(ledger.filter((m) => m.kind === 'reserved')).toHaveLength(5);
    expect(ledger.filter((m) => m.kind === 'released')).toHaveLength(5);
    expect(ledger[0]).toMatchObject({ kind: 'released', reservedChange: -1, by: 'shopper' });
    expect(ledger[0]!.orderNumber).toMatch(/^VNY-\d{6}$/);
  });

  it('takes three soaps for a Tan-Free Trio, and refuses a trio when fewer than three are left', async () => {
    await makeAvailable('TanGoneSoap', 5);
    expect(await shopperProduct('TanFreeTrio')).toMatchObject({ inStock: true, available: 1 });
    const trio = orderBody([{ productId: 'TanFreeTrio', quantity: 1 }]);
    expect((await placeOrder(t, shopper, trio)).status).toBe(201);
    expect(await stockOf('TanGoneSoap')).toMatchObject({ reserved: 3, available: 2 });
    expect(await shopperProduct('TanGoneSoap')).toMatchObject({ inStock: true, available: 2 });
    expect(await shopperProduct('TanFreeTrio')).toMatchObject({ inStock: false, available: 0 });

    const refused = await placeOrder(t, shopper, trio);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', productId: 'TanFreeTrio' });
    expect((await stockOf('TanGoneSoap')).reserved).toBe(3);

    // All or nothing: a cart of a scrub and a trio takes no scrub when the soaps are short.
    const scrubBefore = await stockOf('ExfoliatingScrub');
    const mixed = await placeOrder(
      t,
      shopper,
      orderBody([
        { productId: 'ExfoliatingScrub', quantity: 1 },
        { productId: 'TanFreeTrio', quantity: 1 },
      ]),
    );
    expect(mixed.status).toBe(409);
    expect(await stockOf('ExfoliatingScrub')).toMatchObject({
      reserved: scrubBefore.reserved,
      available: scrubBefore.available,
    });
  });

  it('gives a cancelled paid order’s units back to the shelf', async () => {
    await makeAvailable('ExfoliatingScrub', 20);
    const before = await stockOf('ExfoliatingScrub');
    const { order } = await placePaidOrder(
      t,
      shopper,
      orderBody([{ productId: 'ExfoliatingScrub', quantity: 2 }]),
    );
    // Paid: the units left the shelf for good.
    await expectSold('ExfoliatingScrub', before, 2, order.orderNumber);

    const cancelled = await request(t.app)
      .post(`/api/admin/orders/${order._id}/status`)
      .set(ownerAuth())
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await stockOf('ExfoliatingScrub')).toMatchObject({
      onHand: before.onHand,
      available: before.available,
    });
    expect((await moves('ExfoliatingScrub'))[0]).toMatchObject({
      kind: 'restocked',
      change: 2,
      orderNumber: order.orderNumber,
    });
    // Once: refunding it again is refused and changes no count.
    await request(t.app)
      .post(`/api/admin/orders/${order._id}/status`)
      .set(ownerAuth())
      .send({ status: 'cancelled' });
    expect((await stockOf('ExfoliatingScrub')).onHand).toBe(before.onHand);
  });

  it('sells the units of an order whose process died between its payment and the sale, when the payment is reported again', async () => {
    await makeAvailable('ExfoliatingScrub', 20);
    const before = await stockOf('ExfoliatingScrub');
    const placed = await placeOrder(
      t,
      shopper,
      orderBody([{ productId: 'ExfoliatingScrub', quantity: 2 }]),
    );
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    const provider = t.services.provider as TestPaymentProvider;
    const paid = await provider.recordPayment(payment.providerOrderId, payment.amount, 'success');
    // The order's move to paid was written; the process died before the units were sold.
    await OrderModel.updateOne(
      { _id: order._id },
      { $set: { status: 'paid', paymentId: paid.id, paidAt: new Date() } },
    );
    expect(await stockOf('ExfoliatingScrub')).toMatchObject({ reserved: before.reserved + 2 });

    const verified = await verifyTestPayment(t, order._id, payment.providerOrderId, paid.id);
    expect(verified.status).toBe(200);
    expect(verified.body.order).toMatchObject({ status: 'paid' });
    await expectSold('ExfoliatingScrub', before, 2, order.orderNumber);
  });

  it('releases an order left unpaid past RESERVATION_MINUTES, gives its coupon back, and refunds a late payment', async () => {
    await t.services.coupons.create({
      code: 'LATE10',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      perCustomerLimit: 5,
      active: true,
    });
    await makeAvailable('TanGoneSoap', 10);
    const items = [{ productId: 'TanGoneSoap', quantity: 2 }];
    const goods = priceCart(items, { deliveryState: 'Maharashtra' }).itemsTotal;
    const total = priceCart(items, {
      deliveryState: 'Maharashtra',
      couponDiscount: Math.round(goods / 10),
    }).grandTotal;
    const placed = await placeOrder(
      t,
      shopper,
      orderBody(items, 'Maharashtra', {
        couponCode: 'LATE10',
        total_amount: formatAmountForOrder(total),
      }),
    );
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    const held = await stockOf('TanGoneSoap');
    expect(held.available).toBe(8);
    expect((await t.services.coupons.get('LATE10')).used).toBe(1);

    const at = (ms: number) =>
      createReservationExpiry({
        lifecycle: t.services.lifecycle,
        minutes: t.config.stock.reservationMinutes,
        now: () => Date.now() + ms,
      });
    expect(await at(29 * MINUTE).cancelExpired()).toBe(0);
    expect((await stockOf('TanGoneSoap')).available).toBe(8);
    expect(await at(31 * MINUTE).cancelExpired()).toBeGreaterThanOrEqual(1);

    const expired = await request(t.app).get(`/api/orders/${order._id}`).set(bearer(shopper));
    expect(expired.body.status).toBe('cancelled');
    expect(expired.body.events.at(-1)).toMatchObject({
      status: 'cancelled',
      by: 'system',
      note: 'Not paid within 30 minutes',
    });
    // Every order left unpaid as long (the earlier tests' too) gave its units back.
    expect(await stockOf('TanGoneSoap')).toMatchObject({
      onHand: held.onHand,
      reserved: 0,
      available: held.onHand,
    });
    expect((await t.services.coupons.get('LATE10')).used).toBe(0);

    // The shopper's payment arrives after all: it is refunded, and the order stays cancelled.
    const provider = t.services.provider as TestPaymentProvider;
    const late = await provider.recordPayment(payment.providerOrderId, payment.amount, 'success');
    await verifyTestPayment(t, order._id, payment.providerOrderId, late.id);
    const detail = await request(t.app).get(`/api/admin/orders/${order._id}`).set(ownerAuth());
    expect(detail.body.order.status).toBe('cancelled');
    expect(detail.body.paymentEvents).toContainEqual(
      expect.objectContaining({
        type: 'unwanted_capture_refunded',
        paymentId: late.id,
        amount: payment.amount,
      }),
    );
    // No units moved for it.
    expect(await stockOf('TanGoneSoap')).toMatchObject({
      onHand: held.onHand,
      reserved: 0,
      available: held.onHand,
    });
  });

  it('sells a cash-on-delivery order when it is confirmed, and takes the units back when the parcel is refused', async () => {
    const cod = await signUpVerified(t, sink);
    const phone = String((phones += 1));
    const sms = t.services.sms as LogSmsTransport;
    await request(t.app).post('/api/auth/send-phone-otp').set(bearer(cod.token)).send({ phone });
    expect(
      (
        await request(t.app)
          .post('/api/auth/verify-phone-otp')
          .set(bearer(cod.token))
          .send({ phone, otp: lastSmsCode(sms, phone) })
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app).put('/api/auth/me').set(bearer(cod.token)).send({
          name: 'Asha Kulkarni',
          email: cod.email,
          phone,
          dob: '1994-08-15',
          gender: 'female',
        })
      ).status,
    ).toBe(200);

    await makeAvailable('Bodybutter', 30);
    const before = await stockOf('Bodybutter');
    const items = [{ productId: 'Bodybutter', quantity: 1 }];
    const total = priceCart(items, { deliveryState: 'Maharashtra', codFee: 4900 }).grandTotal;
    const placed = await placeOrder(
      t,
      cod.token,
      orderBody(items, 'Maharashtra', {
        paymentMethod: 'cod',
        total_amount: formatAmountForOrder(total),
      }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.order._id;
    expect(await stockOf('Bodybutter')).toMatchObject({ onHand: before.onHand, reserved: 1 });

    const confirmed = await request(t.app)
      .post(`/api/orders/${id}/confirm-cod`)
      .set(bearer(cod.token))
      .send({ code: lastSmsCode(sms, phone) });
    expect(confirmed.body.status).toBe('confirmed');
    expect(await stockOf('Bodybutter')).toMatchObject({
      onHand: before.onHand - 1,
      reserved: 0,
      available: before.available - 1,
    });

    const move = (body: Record<string, unknown>) =>
      request(t.app).post(`/api/admin/orders/${id}/status`).set(ownerAuth()).send(body);
    expect((await move({ status: 'packed' })).status).toBe(200);
    expect(
      (await move({ status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL99887766IN' }))
        .status,
    ).toBe(200);
    expect((await stockOf('Bodybutter')).onHand).toBe(before.onHand - 1);
    expect((await move({ status: 'rto' })).status).toBe(200);
    expect(await stockOf('Bodybutter')).toMatchObject({
      onHand: before.onHand,
      available: before.available,
    });
    expect((await moves('Bodybutter'))[0]).toMatchObject({
      kind: 'restocked',
      change: 1,
      reason: 'Refused at the door',
    });
  });

  it('puts a received return back into stock only when the owner marks it restockable', async () => {
    await makeAvailable('TanGoneSoap', 10);
    const ship = async () => {
      const { order } = await placePaidOrder(
        t,
        shopper,
        orderBody([{ productId: 'TanGoneSoap', quantity: 1 }]),
      );
      const move = (body: Record<string, unknown>) =>
        request(t.app).post(`/api/admin/orders/${order._id}/status`).set(ownerAuth()).send(body);
      await move({ status: 'packed' });
      await move({ status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL12312312IN' });
      expect((await move({ status: 'delivered' })).status).toBe(200);
      const ret = await request(t.app)
        .post('/api/returns')
        .set(bearer(shopper))
        .send({ orderId: order._id, reason: 'Not for my skin', method: 'original_payment' });
      expect(ret.status).toBe(201);
      const act = (body: Record<string, unknown>) =>
        request(t.app).post(`/api/admin/returns/${ret.body._id}`).set(ownerAuth()).send(body);
      expect((await act({ action: 'approve' })).status).toBe(200);
      return act;
    };

    // Opened and used: received, not restocked.
    const used = await ship();
    expect((await used({ action: 'receive' })).body.status).toBe('received');
    expect((await stockOf('TanGoneSoap')).onHand).toBe(9);

    // Sealed: received as restockable, and a second press changes nothing.
    const sealed = await ship();
    expect((await stockOf('TanGoneSoap')).onHand).toBe(8);
    expect((await sealed({ action: 'receive', restock: true })).body.status).toBe('received');
    expect(await stockOf('TanGoneSoap')).toMatchObject({ onHand: 9, available: 9 });
    expect((await moves('TanGoneSoap'))[0]).toMatchObject({
      kind: 'restocked',
      change: 1,
      reason: 'Returned, fit to sell',
    });
    expect((await sealed({ action: 'refund', restock: true })).body.status).toBe('refunded');
    expect((await stockOf('TanGoneSoap')).onHand).toBe(9);
    const audit = await request(t.app).get('/api/admin/audit').set(ownerAuth());
    expect(audit.body).toContainEqual(
      expect.objectContaining({
        action: 'return.receive',
        details: expect.objectContaining({ restock: true }),
      }),
    );
  });

  it('mails the owners once when a product falls to its low-stock level, and again only after it rose', async () => {
    await makeAvailable('ExfoliatingScrub', 20);
    const settings = await request(t.app)
      .put('/api/admin/stock/ExfoliatingScrub')
      .set(ownerAuth())
      .send({ lowStockAt: 12 });
    expect(settings.body).toMatchObject({ lowStockAt: 12, low: false });
    const lowMails = () =>
      sink.received.filter(
        (m) => m.to.includes(OWNER_EMAIL) && /^Low stock: Exfoliating/.test(m.subject),
      );
    const before = lowMails().length;

    expect((await adjust('ExfoliatingScrub', -8, 'Damaged in the rain')).body).toMatchObject({
      available: 12,
      low: true,
    });
    await t.services.idle();
    const mail = await sink.waitFor(OWNER_EMAIL, /^Low stock: Exfoliating/);
    expect(mail.subject).toBe(`Low stock: ${SCRUB.name} (12 left)`);
    expect(mail.text).toContain('/admin?tab=stock');
    // Falling further is the same crossing: no second mail.
    await adjust('ExfoliatingScrub', -2, 'Damaged in the rain');
    await placeOrder(t, shopper, orderBody([{ productId: 'ExfoliatingScrub', quantity: 1 }]));
    await t.services.idle();
    expect(lowMails()).toHaveLength(before + 1);
    const summary = await request(t.app).get('/api/admin/summary').set(ownerAuth());
    expect(summary.body.lowStock).toContainEqual({
      productId: 'ExfoliatingScrub',
      name: SCRUB.name,
      available: 9,
    });

    // A batch arrives, then it runs low again: a new crossing, a new mail.
    await adjust('ExfoliatingScrub', 20, 'New batch');
    await t.services.idle();
    expect(lowMails()).toHaveLength(before + 1);
    await adjust('ExfoliatingScrub', -20, 'Counted short');
    await t.services.idle();
    await sink.waitFor(OWNER_EMAIL, /^Low stock: Exfoliating/);
    expect(lowMails()).toHaveLength(before + 2);
  });

  it('never takes off units held for orders', async () => {
    await makeAvailable('TanGoneSoap', 2);
    expect(
      (await placeOrder(t, shopper, orderBody([{ productId: 'TanGoneSoap', quantity: 2 }]))).status,
    ).toBe(201);
    const item = await stockOf('TanGoneSoap');
    const refused = await adjust('TanGoneSoap', -1, 'Damaged');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('STOCK_BELOW_RESERVED');
    expect(await stockOf('TanGoneSoap')).toEqual(item);
    expect((await adjust('TanFreeTrio', 3, 'A bundle')).status).toBe(404);
  });

  it('mails a shopper who asked once, when the product can be bought again', async () => {
    await makeAvailable('ExfoliatingScrub', 0);
    expect(await shopperProduct('ScrubClub')).toMatchObject({ inStock: false, available: 0 });
    const email = 'waiting.for.scrub@example.in';
    const ask = (productId: string, address = email) =>
      request(t.app).post(`/api/products/${productId}/notify`).send({ email: address });
    expect((await ask('ScrubClub')).status).toBe(201);
    const again = await ask('ScrubClub', ' Waiting.For.Scrub@example.in ');
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("We'll email you once, as soon as it is back in stock.");
    expect((await ask('Candle')).status).toBe(404);

    // One scrub is not a Scrub Club: nobody is mailed yet.
    await adjust('ExfoliatingScrub', 1, 'Found one');
    await t.services.idle();
    const backMails = () => sink.received.filter((m) => m.to.includes(email));
    expect(backMails()).toHaveLength(0);

    await adjust('ExfoliatingScrub', 30, 'New batch');
    await t.services.idle();
    const mail = await sink.waitFor(email, /back in stock/);
    expect(mail.subject).toBe('The Scrub Club is back in stock');
    expect(mail.text).toContain('/products/ScrubClub');
    // Once: more units, or the job, send nothing more.
    await adjust('ExfoliatingScrub', 5, 'Another box');
    await t.services.jobs.runNow('stock-wishes');
    await t.services.idle();
    expect(backMails()).toHaveLength(1);
  });

  it('refuses an order for a product the owner stopped selling, whatever the counts', async () => {
    const off = await request(t.app)
      .put('/api/admin/stock/Bodybutter')
      .set(ownerAuth())
      .send({ selling: false });
    expect(off.body).toMatchObject({ selling: false });
    try {
      expect(await shopperProduct('Bodybutter')).toMatchObject({ inStock: false, available: 0 });
      const refused = await placeOrder(
        t,
        shopper,
        orderBody([{ productId: 'Bodybutter', quantity: 1 }]),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('OUT_OF_STOCK');
    } finally {
      await request(t.app)
        .put('/api/admin/stock/Bodybutter')
        .set(ownerAuth())
        .send({ selling: true });
    }
    const audit = await request(t.app).get('/api/admin/audit').set(ownerAuth());
    expect(audit.body.map((e: { action: string }) => e.action)).toContain('stock.settings');
  });
});
