import { formatAmountForOrder, priceCart } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, signUpVerified } from '../../testing/accounts';
import { FakeShiprocket } from '../../testing/fake-shiprocket';
import { orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import { pdfText } from '../../testing/pdf';
import { startSmsGateway } from '../../testing/sms-gateway';
import type { SmsGateway } from '../../testing/sms-gateway';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { ORDER_REFUSALS } from '@vanya/contracts';
import { CreditNoteModel } from '../invoices/credit-note.model';

const OWNER_EMAIL = newEmail('owner-shipping');
const SR_EMAIL = 'api-user@vanya.test';
const SR_PASSWORD = 'sr-api-password-1';
const WEBHOOK_TOKEN = 'panel-webhook-token-3f9a1c';
/** One Body Butter and one soap, for cash on delivery: ₹528 of goods and the ₹49 fee. */
const COD_ITEMS = [
  { productId: 'Bodybutter', quantity: 1 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('parcels booked with Shiprocket, and its scans moving the order', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sms: SmsGateway;
  let fake: FakeShiprocket;
  let owner: string;
  let shopper: { token: string; email: string };
  let phones = 9822050100;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    sms = await startSmsGateway();
    fake = await new FakeShiprocket(SR_EMAIL, SR_PASSWORD).start();
    t = await startTestApp({
      SMTP_URL: sink.url,
      SMS_URL: sms.url,
      OWNER_EMAILS: OWNER_EMAIL,
      SHIPROCKET_EMAIL: SR_EMAIL,
      SHIPROCKET_PASSWORD: SR_PASSWORD,
      SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      SHIPROCKET_API_URL: fake.url,
      SHIPROCKET_PICKUP_LOCATION: 'Latur warehouse',
      // The owner's own refusal of cash on delivery holds beside the courier's answer.
      COD_EXCLUDED_PIN_PREFIXES: '5600',
    });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL)).token;
    shopper = await signUpVerified(t, sink);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    await sms.close();
    await sink.stop();
  });

  const packedOrder = async (phone = '9822045123') => {
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email, phone }),
    );
    await move(order._id, { status: 'packed' }).expect(200);
    return order;
  };
  const move = (id: string, body: object) =>
    request(t.app).post(`/api/admin/orders/${id}/status`).set(bearer(owner)).send(body);
  const book = (id: string) =>
    request(t.app).post(`/api/admin/orders/${id}/shipment`).set(bearer(owner));
  const webhook = (body: object, token: string | null = WEBHOOK_TOKEN) => {
    const req = request(t.app).post('/api/shipping/webhook');
    if (token !== null) req.set('x-api-key', token);
    return req.send(body);
  };
  const shopperSees = async (id: string) =>
    (await request(t.app).get(`/api/orders/${id}`).set(bearer(shopper.token))).body as {
      status: string;
      events: {
        status: string;
        by: string;
        scan?: string;
        carrier?: string;
        trackingNumber?: string;
        trackingUrl?: string;
      }[];
    };
  /** The texts about the parcel's journey sent to `phone` (the order's confirmation aside). */
  const textsTo = (phone: string) =>
    sms.received.filter(
      (m) => m.to === `+91${phone}` && /has shipped|out for delivery|was delivered/.test(m.text),
    );

  it('books a packed order once: AWB, courier, label PDF and tracking link; a retry and a double click answer the same; nothing moves', async () => {
    const order = await packedOrder();
    const [first, second] = await Promise.all([book(order._id), book(order._id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const shipment = first.body;
    expect(shipment).toMatchObject({
      awb: expect.stringMatching(/^\d{12}$/),
      courier: 'Delhivery Surface',
      labelUrl: `/api/admin/orders/${order._id}/label`,
      trackingUrl: `https://shiprocket.co/tracking/${shipment.awb}`,
      lastScan: null,
    });
    expect(second.body).toEqual(shipment);
    expect((await book(order._id)).body).toEqual(shipment);
    // One parcel at the courier: one order, one AWB, one pickup, one label.
    const mine = fake.shipments.filter((s) => s.channelOrderId === order.orderNumber);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ awb: shipment.awb, pickupRequested: true });
    expect(mine[0]!.body).toMatchObject({
      payment_method: 'Prepaid',
      pickup_location: 'Latur warehouse',
    });

    const label = await request(t.app)
      .get(shipment.labelUrl)
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(label.body as Buffer);
    expect(text).toContain(shipment.awb);
    expect(text).toContain('PREPAID');

    const read = await request(t.app)
      .get(`/api/admin/orders/${order._id}/shipment`)
      .set(bearer(owner));
    expect(read.body.shipment).toEqual(shipment);
    expect((await shopperSees(order._id)).status).toBe('packed');

    const audit = await request(t.app).get('/api/admin/audit').set(bearer(owner));
    const booked = audit.body.filter(
      (e: { target: string; action: string }) =>
        e.target === order.orderNumber && e.action === 'order.shipment',
    );
    expect(booked).toHaveLength(1);
    expect(booked[0].details).toMatchObject({ awb: shipment.awb, courier: 'Delhivery Surface' });
  });

  it('books only a packed order, and has no label before the booking', async () => {
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    const refused = await book(order._id);
    expect([refused.status, refused.body.code]).toEqual([409, 'ORDER_NOT_PACKED']);
    const label = await request(t.app)
      .get(`/api/admin/orders/${order._id}/label`)
      .set(bearer(owner));
    expect([label.status, label.body.code]).toEqual([404, 'SHIPMENT_NOT_FOUND']);
    const none = await request(t.app)
      .get(`/api/admin/orders/${order._id}/shipment`)
      .set(bearer(owner));
    expect(none.body).toEqual({ shipment: null });
  });

  it('goes on from the step that failed when the courier was away, without a second parcel', async () => {
    const order = await packedOrder();
    fake.failOn = { path: '/courier/assign/awb', status: 503 };
    const failed = await book(order._id);
    expect([failed.status, failed.body.code]).toEqual([503, 'SHIPPING_UNAVAILABLE']);
    expect(fake.shipments.filter((s) => s.channelOrderId === order.orderNumber)).toHaveLength(1);

    const created = fake.calls('/orders/create/adhoc').length;
    const retried = await book(order._id);
    expect(retried.status).toBe(200);
    expect(retried.body.awb).toMatch(/^\d{12}$/);
    // The courier's order made by the first attempt was kept, not asked for again.
    expect(fake.calls('/orders/create/adhoc').length).toBe(created);
    expect(fake.shipments.filter((s) => s.channelOrderId === order.orderNumber)).toHaveLength(1);
  });

  it('refuses a tracking webhook without its token (401) and moves nothing', async () => {
    const order = await packedOrder();
    const { awb } = (await book(order._id)).body;
    fake.scan(awb, 'picked_up');
    const none = await webhook(fake.webhookBody(awb), null);
    expect([none.status, none.body.code]).toEqual([401, 'INVALID_WEBHOOK_TOKEN']);
    expect((await webhook(fake.webhookBody(awb), 'not-the-token')).status).toBe(401);
    expect((await webhook(fake.webhookBody(awb), `${WEBHOOK_TOKEN}x`)).status).toBe(401);
    expect((await shopperSees(order._id)).status).toBe('packed');
  });

  it('acts on the status read back from the courier, never on what the webhook body claims', async () => {
    const order = await packedOrder();
    const { awb } = (await book(order._id)).body;
    // Nothing scanned yet, whatever the body says.
    expect((await webhook(fake.webhookBody(awb, 'delivered'))).body).toEqual({ ok: true });
    expect((await shopperSees(order._id)).status).toBe('packed');
    fake.scan(awb, 'picked_up');
    await webhook(fake.webhookBody(awb, 'delivered')).expect(200);
    expect((await shopperSees(order._id)).status).toBe('shipped');
    // A parcel we never booked is answered 200 and ignored.
    expect((await webhook({ awb: '999999999999', current_status: 'DELIVERED' })).status).toBe(200);
  });

  it('picked up -> shipped with the tracking link mailed and texted; out for delivery once; delivered once, whether the webhook or the poll reports it', async () => {
    const phone = String((phones += 1));
    const order = await packedOrder(phone);
    const { awb, trackingUrl } = (await book(order._id)).body;

    fake.scan(awb, 'picked_up');
    await webhook(fake.webhookBody(awb)).expect(200);
    await t.services.shipping.pollOpenShipments();
    await webhook(fake.webhookBody(awb)).expect(200);
    let seen = await shopperSees(order._id);
    expect(seen.status).toBe('shipped');
    expect(seen.events.filter((e) => e.status === 'shipped')).toEqual([
      expect.objectContaining({
        by: 'system',
        carrier: 'Delhivery Surface',
        trackingNumber: awb,
        trackingUrl,
      }),
    ]);
    const mail = await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} has shipped`));
    expect(mail.text).toContain(awb);
    expect(mail.html).toContain(trackingUrl);
    expect(textsTo(phone).map((m) => m.text)).toEqual([
      `Vanya Naturals: your order ${order.orderNumber} has shipped with Delhivery Surface. Track it at ${trackingUrl}`,
    ]);

    fake.scan(awb, 'in_transit');
    fake.scan(awb, 'out_for_delivery');
    await Promise.all([webhook(fake.webhookBody(awb)), webhook(fake.webhookBody(awb))]);
    await t.services.shipping.pollOpenShipments();
    seen = await shopperSees(order._id);
    expect(seen.status).toBe('shipped');
    expect(seen.events.filter((e) => e.scan === 'out_for_delivery')).toEqual([
      expect.objectContaining({ status: 'shipped', by: 'system' }),
    ]);
    expect(textsTo(phone).filter((m) => /out for delivery/.test(m.text))).toHaveLength(1);

    fake.scan(awb, 'delivered');
    await Promise.all([
      webhook(fake.webhookBody(awb)),
      t.services.shipping.pollOpenShipments(),
      webhook(fake.webhookBody(awb)),
    ]);
    await t.services.shipping.pollOpenShipments();
    seen = await shopperSees(order._id);
    expect(seen.status).toBe('delivered');
    expect(seen.events.map((e) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'packed',
      'shipped',
      'shipped',
      'delivered',
    ]);
    await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} was delivered`));
    await t.services.idle();
    expect(
      sink.received.filter((m) => m.subject.includes(`${order.orderNumber} was delivered`)),
    ).toHaveLength(1);
    expect(
      sink.received.filter((m) => m.subject.includes(`${order.orderNumber} has shipped`)),
    ).toHaveLength(1);
    expect(textsTo(phone).map((m) => m.text.replace(/ Track it at .*/, ''))).toEqual([
      `Vanya Naturals: your order ${order.orderNumber} has shipped with Delhivery Surface.`,
      `Vanya Naturals: your order ${order.orderNumber} is out for delivery today.`,
      `Vanya Naturals: your order ${order.orderNumber} was delivered. Thank you for shopping with us.`,
    ]);
    // Its journey is over: the poll no longer asks about it.
    const asked = fake.calls(`/courier/track/awb/${awb}`).length;
    await t.services.shipping.pollOpenShipments();
    expect(fake.calls(`/courier/track/awb/${awb}`).length).toBe(asked);
  });

  it('moves a parcel whose webhooks were lost when the poll finds it delivered', async () => {
    const order = await packedOrder();
    const { awb } = (await book(order._id)).body;
    fake.scan(awb, 'picked_up');
    fake.scan(awb, 'delivered');
    const result = await t.services.shipping.pollOpenShipments();
    expect(result.failed).toBe(0);
    const seen = await shopperSees(order._id);
    expect(seen.status).toBe('delivered');
    expect(seen.events.map((e) => e.status).slice(-2)).toEqual(['shipped', 'delivered']);
  });

  const detail = async (id: string) =>
    (await request(t.app).get(`/api/admin/orders/${id}`).set(bearer(owner))).body as {
      order: { status: string; nextActions: { action: string; allowed: boolean; why?: string }[] };
    };
  const offered = async (id: string) =>
    (await detail(id)).order.nextActions.filter((a) => a.allowed).map((a) => a.action);

  it('turns a booked order into cancelling its pickup first: no cancel and no shipping by hand while booked', async () => {
    const order = await packedOrder();
    expect(await offered(order._id)).toEqual(['book_shipment', 'ship_by_hand', 'cancel']);
    const { awb } = (await book(order._id)).body;
    const actions = (await detail(order._id)).order.nextActions;
    expect(actions).toEqual([
      { action: 'cancel_pickup', allowed: true },
      {
        action: 'ship_by_hand',
        allowed: false,
        why: ORDER_REFUSALS.booked.message,
        code: 'SHIPMENT_BOOKED',
      },
      {
        action: 'cancel',
        allowed: false,
        why: ORDER_REFUSALS.pickupFirst.message,
        code: 'SHIPMENT_BOOKED',
      },
    ]);

    // The API refuses what the order does not offer, saying what to do.
    for (const body of [
      { status: 'cancelled' },
      { status: 'shipped', carrier: 'India Post', trackingNumber: 'EE1IN' },
    ]) {
      const refused = await move(order._id, body);
      expect([refused.status, refused.body.code]).toEqual([409, 'SHIPMENT_BOOKED']);
    }
    expect(fake.byAwb(awb)?.cancelled).toBeUndefined();
    expect((await shopperSees(order._id)).status).toBe('packed');

    // Cancelling the pickup tells the courier, and the order may be cancelled then.
    const called = await request(t.app)
      .delete(`/api/admin/orders/${order._id}/shipment`)
      .set(bearer(owner));
    expect([called.status, called.body]).toEqual([200, { shipment: null }]);
    expect(fake.byAwb(awb)?.cancelled).toBe(true);
    expect(await offered(order._id)).toEqual(['book_shipment', 'ship_by_hand', 'cancel']);
    const again = await request(t.app)
      .delete(`/api/admin/orders/${order._id}/shipment`)
      .set(bearer(owner));
    expect([again.status, again.body.code]).toEqual([409, 'ORDER_MOVE_NOT_ALLOWED']);
    await move(order._id, { status: 'cancelled' }).expect(200);
    expect(fake.calls('/orders/cancel')).toHaveLength(1);
    // Its journey is over: the poll no longer asks about it.
    const asked = fake.calls(`/courier/track/awb/${awb}`).length;
    await t.services.shipping.pollOpenShipments();
    expect(fake.calls(`/courier/track/awb/${awb}`).length).toBe(asked);
    const audit = await request(t.app).get('/api/admin/audit').set(bearer(owner));
    expect(
      audit.body
        .filter((e: { target: string }) => e.target === order.orderNumber)
        .map((e: { action: string }) => e.action),
    ).toEqual(['order.cancelled', 'order.pickup_cancelled', 'order.shipment', 'order.packed']);
  });

  it('books again after a pickup was cancelled: a new courier order, AWB and label', async () => {
    const order = await packedOrder();
    const first = (await book(order._id)).body;
    await request(t.app)
      .delete(`/api/admin/orders/${order._id}/shipment`)
      .set(bearer(owner))
      .expect(200);
    expect(
      (await request(t.app).get(`/api/admin/orders/${order._id}/shipment`).set(bearer(owner))).body,
    ).toEqual({ shipment: null });
    const second = (await book(order._id)).body;
    expect(second.awb).not.toBe(first.awb);
    expect(fake.shipments.find((s) => s.awb === second.awb)?.channelOrderId).toBe(
      `${order.orderNumber}-2`,
    );
    const label = await request(t.app)
      .get(second.labelUrl)
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(await pdfText(label.body as Buffer)).toContain(second.awb);
    // The first parcel's scans are no longer ours to follow.
    fake.scan(first.awb, 'picked_up');
    await webhook(fake.webhookBody(first.awb)).expect(200);
    expect((await shopperSees(order._id)).status).toBe('packed');
    fake.scan(second.awb, 'picked_up');
    await webhook(fake.webhookBody(second.awb)).expect(200);
    expect((await shopperSees(order._id)).status).toBe('shipped');
  });

  it("prints every booked parcel's label in one PDF, asked of the courier in one call", async () => {
    const [a, b] = [await packedOrder(), await packedOrder()];
    const unbooked = await packedOrder();
    const awbs = [(await book(a._id)).body.awb, (await book(b._id)).body.awb] as string[];
    const labels = await request(t.app)
      .get('/api/admin/labels')
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(labels.status).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(labels.body as Buffer);
    for (const awb of awbs) expect(text).toContain(awb);
    expect(text).not.toContain(unbooked.orderNumber);
    const asked = fake.calls('/courier/generate/label').at(-1)!.body as { shipment_id: number[] };
    expect(asked.shipment_id).toEqual(
      expect.arrayContaining(awbs.map((awb) => fake.byAwb(awb)!.shipmentId)),
    );
  });

  it('calls off at the courier the booking of an order cancelled while it was being booked', async () => {
    const order = await packedOrder();
    const { awb } = (await book(order._id)).body;
    // The owner's cancel and another owner's booking crossed: the order is cancelled, the parcel
    // still booked. The next poll calls the booking off.
    await t.services.lifecycle.move(
      (await t.services.lifecycle.read(order._id))!,
      'cancelled',
      'owner',
    );
    await t.services.shipping.pollOpenShipments();
    expect(fake.byAwb(awb)?.cancelled).toBe(true);
  });

  it('books a cash-on-delivery order with the amount to collect; a parcel refused at the door ends rto with a credit note', async () => {
    const codShopper = await signUpVerified(t, sink);
    const phone = String((phones += 1));
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(codShopper.token))
      .send({ phone });
    await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(codShopper.token))
      .send({ phone, otp: sms.lastCode(phone) })
      .expect(200);
    await request(t.app)
      .put('/api/auth/me')
      .set(bearer(codShopper.token))
      .send({
        name: 'Asha Kulkarni',
        email: codShopper.email,
        phone,
        dob: '1994-08-15',
        gender: 'female',
      })
      .expect(200);
    const total = priceCart(COD_ITEMS, { deliveryState: 'Maharashtra', codFee: 4900 }).grandTotal;
    const placed = await placeOrder(
      t,
      codShopper.token,
      orderBody(COD_ITEMS, 'Maharashtra', {
        paymentMethod: 'cod',
        phone,
        email: codShopper.email,
        total_amount: formatAmountForOrder(total),
      }),
    );
    expect(placed.status, placed.text).toBe(201);
    const order = placed.body.order;
    await request(t.app)
      .post(`/api/orders/${order._id}/confirm-cod`)
      .set(bearer(codShopper.token))
      .send({ code: sms.lastCode(phone) })
      .expect(200);
    await move(order._id, { status: 'packed' }).expect(200);

    const { awb, labelUrl } = (await book(order._id)).body;
    const parcel = fake.byAwb(awb)!;
    expect(parcel.body).toMatchObject({ payment_method: 'COD', sub_total: total / 100 });
    expect(total).toBe(57700);
    const label = await request(t.app).get(labelUrl).set(bearer(owner)).buffer(true).parse(binary);
    expect(await pdfText(label.body as Buffer)).toContain('COD: collect ₹577.00');

    fake.scan(awb, 'picked_up');
    await webhook(fake.webhookBody(awb)).expect(200);
    const shipped = await request(t.app).get(`/api/admin/orders/${order._id}`).set(bearer(owner));
    expect(shipped.body.order.status).toBe('shipped');
    // A cash-on-delivery order's invoice is numbered when it ships.
    expect(shipped.body.invoice?.invoiceNumber).toMatch(/^VNY\//);

    fake.scan(awb, 'out_for_delivery');
    fake.scan(awb, 'rto');
    await webhook(fake.webhookBody(awb)).expect(200);
    const back = await request(t.app).get(`/api/admin/orders/${order._id}`).set(bearer(owner));
    expect(back.body.order.status).toBe('rto');
    expect(back.body.order.cod).toEqual({ status: 'due', amountDue: 57700 });
    const notes = await CreditNoteModel.find({ orderId: order._id }).lean();
    expect(notes.map((n) => n.amount)).toEqual([57700]);
  });

  it("answers a PIN's serviceability and cash on delivery from the courier, kept for a while, and the owner's exclusions still hold", async () => {
    fake.unserviceable.add('7441');
    fake.noCod.add('1900');
    const asked = () => fake.calls('/courier/serviceability').length;
    const before = asked();
    const served = await request(t.app).get('/api/pincodes/411001');
    expect(served.body).toMatchObject({ serviceable: true, cod: true });
    expect((await request(t.app).get('/api/pincodes/411001')).body.cod).toBe(true);
    expect(asked() - before).toBe(1);
    expect((await request(t.app).get('/api/pincodes/190001')).body).toMatchObject({
      serviceable: true,
      cod: false,
    });
    expect((await request(t.app).get('/api/pincodes/744101')).body).toMatchObject({
      serviceable: false,
      cod: false,
    });
    expect((await request(t.app).get('/api/pincodes/560001')).body).toMatchObject({
      serviceable: true,
      cod: false,
    });
  });
});

describe('the courier test mode (no Shiprocket credentials)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: { token: string; email: string };
  const OWNER = newEmail('owner-test-courier');

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, OWNER_EMAILS: OWNER });
    owner = (await signUpVerified(t, sink, OWNER)).token;
    shopper = await signUpVerified(t, sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('books locally and plays the courier’s scans through the webhook’s path', async () => {
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    await request(t.app)
      .post(`/api/admin/orders/${order._id}/status`)
      .set(bearer(owner))
      .send({ status: 'packed' })
      .expect(200);
    const booked = await request(t.app)
      .post(`/api/admin/orders/${order._id}/shipment`)
      .set(bearer(owner));
    expect(booked.status).toBe(200);
    const { awb, courier, labelUrl } = booked.body;
    expect(awb).toMatch(/^TEST\d{13}$/);
    expect(courier).toBe('Test courier (test mode)');
    const label = await request(t.app).get(labelUrl).set(bearer(owner)).buffer(true).parse(binary);
    expect(await pdfText(label.body as Buffer)).toContain('TEST LABEL');

    const advance = (status: string) =>
      request(t.app).post('/api/shipping/test/advance').send({ awb, status });
    expect((await advance('picked_up')).body).toEqual({ awb, status: 'shipped' });
    expect((await advance('out_for_delivery')).body).toEqual({ awb, status: 'shipped' });
    expect((await advance('delivered')).body).toEqual({ awb, status: 'delivered' });
    const unknown = await request(t.app)
      .post('/api/shipping/test/advance')
      .send({ awb: 'TEST0000000000000', status: 'delivered' });
    expect(unknown.status).toBe(404);

    // The webhook's token in test mode is the test courier's own.
    const res = await request(t.app)
      .post('/api/shipping/webhook')
      .set('x-api-key', t.services.shipping.provider.webhookToken)
      .send({ awb });
    expect(res.body).toEqual({ ok: true });
  });
});
