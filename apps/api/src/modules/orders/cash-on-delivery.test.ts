import { formatAmountForOrder, priceCart } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import { createLogger } from '../../platform/logger';
import type { TestApp } from '../../testing/test-app';
import { CreditNoteModel } from '../invoices/credit-note.model';
import type { LogSmsTransport } from '../sms/sms-transport';
import { createCashOnDelivery } from './cash-on-delivery';
import { UserModel } from '../users/user.model';
import { OrderModel } from './order.model';

const OWNER_EMAIL = 'owner.cod@vanyanaturals.in';
const MINUTE = 60 * 1000;
/** The checkout form's email (orderBody's): where the order's mails go. */
const ORDER_EMAIL = 'asha@example.in';
/** One Body Butter and one soap: ₹349 + ₹179 of goods, well under the cash-on-delivery cap. */
const ITEMS = [
  { productId: 'Bodybutter', quantity: 1 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

/** The checkout form for cash on delivery, its total with the ₹49 fee. */
function codBody(items = ITEMS, overrides: Record<string, unknown> = {}) {
  const total = priceCart(items, { deliveryState: 'Maharashtra', codFee: 4900 }).grandTotal;
  return orderBody(items, 'Maharashtra', {
    paymentMethod: 'cod',
    total_amount: formatAmountForOrder(total),
    ...overrides,
  });
}

describe('cash on delivery', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let phones = 9822040100;
  const sms = () => t.services.sms as LogSmsTransport;

  /** A shopper whose account has a verified phone, as cash on delivery needs. */
  async function shopperWithPhone() {
    const shopper = await signUpVerified(t, sink);
    const phone = String((phones += 1));
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(shopper.token))
      .send({ phone });
    const verified = await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(shopper.token))
      .send({ phone, otp: lastSmsCode(sms(), phone) });
    expect(verified.status).toBe(200);
    const saved = await request(t.app).put('/api/auth/me').set(bearer(shopper.token)).send({
      name: 'Asha Kulkarni',
      email: shopper.email,
      phone,
      dob: '1994-08-15',
      gender: 'female',
    });
    expect(saved.status).toBe(200);
    return { ...shopper, phone };
  }

  const confirm = (token: string, id: string, code: string) =>
    request(t.app).post(`/api/orders/${id}/confirm-cod`).set(bearer(token)).send({ code });
  const ownerMove = (id: string, body: Record<string, unknown>) =>
    request(t.app).post(`/api/admin/orders/${id}/status`).set(bearer(owner)).send(body);

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({
      SMTP_URL: sink.url,
      OWNER_EMAILS: OWNER_EMAIL,
      COD_EXCLUDED_PIN_PREFIXES: '744',
    });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('places an order with the fee as a taxed line, refuses a wrong code, confirms with the right one', async () => {
    const shopper = await shopperWithPhone();
    const placed = await placeOrder(t, shopper.token, codBody());
    expect(placed.status).toBe(201);
    const { order, payment, codConfirmation } = placed.body;
    expect(payment).toBeNull();
    expect(codConfirmation).toEqual({
      sentTo: `${shopper.phone.slice(0, 2)}xxxxxx${shopper.phone.slice(-2)}`,
      retryAfterSeconds: 30,
    });
    expect(order.status).toBe('pending_confirmation');
    expect(order.cod).toEqual({ status: 'due', amountDue: 34900 + 17900 + 4900 });
    expect(order.totals).toMatchObject({ codFee: 4900, grandTotal: 57700 });
    // The fee is part of the value of the supply, taxed at the cart's highest rate (18%).
    const stored = await OrderModel.findById(order._id).lean();
    expect(stored?.codFeeTax).toMatchObject({ amount: 4900, rate: 18, taxableValue: 4153 });
    expect(order.totals.taxableValue).toBe(
      priceCart(ITEMS, { deliveryState: 'Maharashtra', codFee: 4900 }).taxableValue,
    );

    const code = lastSmsCode(sms(), shopper.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await confirm(shopper.token, order._id, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_OTP');

    const confirmed = await confirm(shopper.token, order._id, code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    // The same right code again answers the order as it is.
    expect((await confirm(shopper.token, order._id, code)).body.status).toBe('confirmed');
    await t.services.idle();
    const mail = await sink.waitFor(ORDER_EMAIL, new RegExp(`${order.orderNumber} is confirmed`));
    expect(mail.text).toContain('you pay on delivery');
    expect(mail.text).toContain('Cash on delivery fee');
    expect(mail.parsed.attachments).toHaveLength(0);
    // And by SMS, once: what is due at the door.
    const texts = () =>
      sms().sent.filter((m) => m.to === order.phone && m.text.includes(order.orderNumber));
    expect(texts().filter((m) => m.text.includes('is confirmed'))).toHaveLength(1);
    expect(texts().find((m) => m.text.includes('is confirmed'))?.text).toContain('on delivery');

    // The owner's "to dispatch" list holds it.
    const toDispatch = await request(t.app)
      .get('/api/admin/orders?status=to_dispatch&payment=cod')
      .set(bearer(owner));
    expect(toDispatch.body.items.map((o: { _id: string }) => o._id)).toContain(order._id);
  });

  it('invoices at dispatch, collects on delivery, and refunds by the owner’s transfer with a credit note', async () => {
    const shopper = await shopperWithPhone();
    const { order } = (await placeOrder(t, shopper.token, codBody())).body;
    await confirm(shopper.token, order._id, lastSmsCode(sms(), shopper.phone));
    expect((await ownerMove(order._id, { status: 'packed' })).status).toBe(200);
    const packed = await OrderModel.findById(order._id).lean();
    expect(packed?.invoiceNumber).toBeNull();

    const shipped = await ownerMove(order._id, {
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DL123456789IN',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.invoice?.invoiceNumber).toMatch(/^VNY\/\d{2}-\d{2}\/\d{6}$/);
    expect(shipped.body.order.cod).toEqual({ status: 'due', amountDue: 57700 });

    const delivered = await ownerMove(order._id, { status: 'delivered' });
    expect(delivered.body.order.cod).toEqual({ status: 'collected', amountDue: 0 });
    const mine = await request(t.app).get(`/api/orders/${order._id}`).set(bearer(shopper.token));
    expect(mine.body.cod).toEqual({ status: 'collected', amountDue: 0 });

    // Cash has no payment to refund: the owner says how it went back.
    const noDetails = await ownerMove(order._id, { status: 'refunded' });
    expect(noDetails.status).toBe(400);
    expect(noDetails.body.code).toBe('REFUND_DETAILS_REQUIRED');
    const refunded = await ownerMove(order._id, {
      status: 'refunded',
      refundMethod: 'upi',
      refundReference: 'UPI4455667788',
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.order.status).toBe('refunded');
    // The owner sees what the shopper was told, and how.
    await t.services.idle();
    const detail = await request(t.app).get(`/api/admin/orders/${order._id}`).set(bearer(owner));
    const told = (detail.body.messages as { channel: string; about: string }[]).map(
      (m) => `${m.channel} ${m.about}`,
    );
    expect(told).toEqual(
      expect.arrayContaining([
        'mail confirmation',
        'sms confirmed',
        'mail shipped',
        'sms shipped',
        'mail delivered',
        'mail refund',
        'sms refund',
      ]),
    );
    const notes = await CreditNoteModel.find({ orderId: order._id }).lean();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ amount: 57700 });
    const mail = await sink.waitFor(ORDER_EMAIL, new RegExp(`${order.orderNumber} is refunded`));
    expect(mail.text).toContain('by UPI (reference UPI4455667788)');
    expect(
      sms().sent.filter((m) =>
        m.text.includes(`refunded ₹577.00 on your order ${order.orderNumber}`),
      ),
    ).toHaveLength(1);
  });

  it('ends a parcel refused at the door as rto, with a credit note for its invoice', async () => {
    const shopper = await shopperWithPhone();
    const { order } = (await placeOrder(t, shopper.token, codBody())).body;
    await confirm(shopper.token, order._id, lastSmsCode(sms(), shopper.phone));
    await ownerMove(order._id, { status: 'packed' });
    await ownerMove(order._id, { status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL9' });
    const rto = await ownerMove(order._id, { status: 'rto' });
    expect(rto.status).toBe(200);
    expect(rto.body.order.status).toBe('rto');
    const notes = await CreditNoteModel.find({ orderId: order._id }).lean();
    expect(notes.map((n) => n.amount)).toEqual([57700]);
  });

  it('refuses cash on delivery above the cap, without a verified phone, for an excluded PIN and past two open orders', async () => {
    const shopper = await shopperWithPhone();
    const reasonOf = async (body: ReturnType<typeof codBody>, token = shopper.token) => {
      const res = await placeOrder(t, token, body);
      return `${res.status} ${res.body.code} ${res.body.reason}`;
    };
    // 9 Body Butters: ₹3,141 of goods, above the ₹3,000 cap.
    expect(await reasonOf(codBody([{ productId: 'Bodybutter', quantity: 9 }]))).toBe(
      '409 COD_UNAVAILABLE TOTAL',
    );
    const noPhone = await signUpVerified(t, sink);
    expect(await reasonOf(codBody(), noPhone.token)).toBe('409 COD_UNAVAILABLE PHONE');
    expect(await reasonOf(codBody(ITEMS, { pinCode: '744101' }))).toBe('409 COD_UNAVAILABLE PIN');

    for (let i = 0; i < 2; i++)
      expect((await placeOrder(t, shopper.token, codBody())).status).toBe(201);
    expect(await reasonOf(codBody())).toBe('409 COD_UNAVAILABLE OPEN_ORDERS');
  });

  it('leaves no more than two open when five cash-on-delivery checkouts race, and gives the refused ones’ units back', async () => {
    const shopper = await shopperWithPhone();
    const soap = async () =>
      (await request(t.app).get('/api/admin/stock').set(bearer(owner))).body.items.find(
        (item: { productId: string }) => item.productId === 'TanGoneSoap',
      ) as { reserved: number };
    const reservedBefore = (await soap()).reserved;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t, shopper.token, codBody())),
    );
    const placed = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    for (const res of refused)
      expect(`${res.status} ${res.body.code} ${res.body.reason}`).toBe(
        '409 COD_UNAVAILABLE OPEN_ORDERS',
      );
    // Racing, every checkout may give way; none past the second ever stays.
    expect(placed.length).toBeLessThanOrEqual(2);
    const account = await UserModel.findOne({ email: shopper.email }).lean();
    const stored = await OrderModel.find({ userId: account!._id }).lean();
    expect(stored.map((o) => String(o._id)).sort()).toEqual(
      placed.map((res) => res.body.order._id).sort(),
    );
    // Each placed order holds its soap; a refused one holds none.
    expect((await soap()).reserved - reservedBefore).toBe(placed.length);
    // Each placed order got its code by text; a refused one sent none.
    expect(
      sms().sent.filter((m) => m.to === shopper.phone && /to confirm/.test(m.text)),
    ).toHaveLength(placed.length);
  });

  it('cancels an order left unconfirmed for 30 minutes, and gives its coupon use back', async () => {
    await t.services.coupons.create({
      code: 'CODTEN',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      usageLimit: 1,
      perCustomerLimit: 1,
      active: true,
    });
    const shopper = await shopperWithPhone();
    const discount = Math.round((34900 + 17900) / 10);
    const total = priceCart(ITEMS, {
      deliveryState: 'Maharashtra',
      codFee: 4900,
      couponDiscount: discount,
    }).grandTotal;
    const placed = await placeOrder(
      t,
      shopper.token,
      codBody(ITEMS, { couponCode: 'CODTEN', total_amount: formatAmountForOrder(total) }),
    );
    expect(placed.status).toBe(201);
    expect((await t.services.coupons.get('CODTEN')).used).toBe(1);

    const at = (ms: number) =>
      createCashOnDelivery({
        pincodes: t.services.pincodes,
        sms: t.services.sms,
        texts: t.services.texts,
        lifecycle: t.services.lifecycle,
        secret: t.config.secrets.codes,
        logger: createLogger(t.config),
        now: () => Date.now() + ms,
      });
    expect(await at(29 * MINUTE).cancelUnconfirmed()).toBe(0);
    expect(await at(31 * MINUTE).cancelUnconfirmed()).toBeGreaterThanOrEqual(1);
    const after = await request(t.app)
      .get(`/api/orders/${placed.body.order._id}`)
      .set(bearer(shopper.token));
    expect(after.body.status).toBe('cancelled');
    expect(after.body.events.at(-1)).toMatchObject({ status: 'cancelled', by: 'system' });
    expect((await t.services.coupons.get('CODTEN')).used).toBe(0);
    // A code for a cancelled order confirms nothing.
    const late = await confirm(
      shopper.token,
      placed.body.order._id,
      lastSmsCode(sms(), shopper.phone),
    );
    expect(late.status).toBe(409);
  });
});
