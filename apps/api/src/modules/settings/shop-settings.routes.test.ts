import {
  DEFAULT_SHOP_SETTINGS,
  deliveryEstimate,
  formatAmountForOrder,
  formatINR,
  preOrderNotice,
  priceCart,
  SHIPPING_FEE_PAISE,
  shippingPolicyOf,
} from '@vanya/catalog';
import { SHOP_SETTINGS_MESSAGES, shopSettingsSchema } from '@vanya/contracts';
import type { ShopSettings } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { AuditModel } from '../../platform/audit/audit.model';
import type { LogSmsTransport } from '../sms/sms-transport';

const OWNER_EMAIL = 'owner.settings@vanyanaturals.in';
/** The checkout form's email (orderBody's): where the order's mails go. */
const ORDER_EMAIL = 'asha@example.in';
/** One Body Butter and one soap to Latur: ₹349 + ₹179 of goods. */
const ITEMS = [
  { productId: 'Bodybutter', quantity: 1 },
  { productId: 'TanGoneSoap', quantity: 1 },
];
const GOODS = 34900 + 17900;
const LATUR = { state: 'Maharashtra', district: 'Latur' } as const;

/** The owner's new values: a ₹59 fee, a ₹5,000 cap, free shipping only from ₹999. */
const CHANGED: ShopSettings = {
  preOrder: {
    on: true,
    // Far ahead, so the estimate starts from it whatever today is.
    dispatchFrom: '2099-03-16',
    text: 'Dispatch starts in the middle of March.',
  },
  codFeePaise: 5900,
  codMaxGoodsPaise: 500000,
  freeShippingThresholdPaise: 99900,
};

describe('the shop settings', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: { token: string; phone: string };
  const sms = () => t.services.sms as LogSmsTransport;

  const put = (token: string | undefined, body: unknown) => {
    const req = request(t.app).put('/api/admin/settings/shop');
    if (token) req.set(bearer(token));
    return req.send(body as object);
  };
  const read = () => request(t.app).get('/api/shop-settings');

  /** A shopper whose account has a verified phone, as cash on delivery needs. */
  async function shopperWithPhone() {
    const signedUp = await signUpVerified(t, sink);
    const phone = '9822040777';
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(signedUp.token))
      .send({ phone });
    const verified = await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(signedUp.token))
      .send({ phone, otp: lastSmsCode(sms(), phone) });
    expect(verified.status).toBe(200);
    const saved = await request(t.app).put('/api/auth/me').set(bearer(signedUp.token)).send({
      name: 'Asha Kulkarni',
      email: signedUp.email,
      phone,
      dob: '1994-08-15',
      gender: 'female',
    });
    expect(saved.status).toBe(200);
    return { token: signedUp.token, phone };
  }

  /** The checkout form for `items` to Latur, its total as the shopper's screen prices it. */
  function body(paymentMethod: 'upi' | 'cod', total: number) {
    return orderBody(ITEMS, 'Maharashtra', {
      paymentMethod,
      total_amount: formatAmountForOrder(total),
    });
  }

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    // The env's cash-on-delivery values are the defaults until the owner saves others.
    t = await startTestApp({
      SMTP_URL: sink.url,
      OWNER_EMAILS: OWNER_EMAIL,
      COD_FEE_RUPEES: '39',
      COD_MAX_RUPEES: '2500',
    });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL)).token;
    shopper = await shopperWithPhone();
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('answer today’s values before the owner saves any, revalidated on each load', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...DEFAULT_SHOP_SETTINGS,
      codFeePaise: 3900,
      codMaxGoodsPaise: 250000,
    });
    expect(shopSettingsSchema.parse(res.body)).toEqual(res.body);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    const again = await request(t.app)
      .get('/api/shop-settings')
      .set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('are changed by the owner only: 401 without a session, 403 for a shopper', async () => {
    expect((await put(undefined, CHANGED)).status).toBe(401);
    const refused = await put(shopper.token, CHANGED);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await read()).body.codFeePaise).toBe(3900);
  });

  it('refuse bad values with 400 and the words of the form, saving nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { ...CHANGED, preOrder: { ...CHANGED.preOrder, dispatchFrom: '2026-02-30' } },
        SHOP_SETTINGS_MESSAGES.dispatchFrom,
      ],
      [
        { ...CHANGED, preOrder: { ...CHANGED.preOrder, dispatchFrom: '16/03/2099' } },
        SHOP_SETTINGS_MESSAGES.dispatchFrom,
      ],
      [
        { ...CHANGED, preOrder: { ...CHANGED.preOrder, text: '   ' } },
        SHOP_SETTINGS_MESSAGES.textRequired,
      ],
      [
        { ...CHANGED, preOrder: { ...CHANGED.preOrder, text: 'x'.repeat(201) } },
        SHOP_SETTINGS_MESSAGES.textTooLong,
      ],
      [{ ...CHANGED, codFeePaise: -100 }, SHOP_SETTINGS_MESSAGES.codFee],
      [{ ...CHANGED, codFeePaise: 49.5 }, SHOP_SETTINGS_MESSAGES.codFee],
      [{ ...CHANGED, codMaxGoodsPaise: 0 }, SHOP_SETTINGS_MESSAGES.codMaxGoods],
      [
        { ...CHANGED, freeShippingThresholdPaise: 10_000_001 },
        SHOP_SETTINGS_MESSAGES.freeShippingThreshold,
      ],
    ];
    for (const [value, message] of cases) {
      const res = await put(owner, value);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await read()).body.preOrder).toEqual(DEFAULT_SHOP_SETTINGS.preOrder);
  });

  it('refuse pre-orders whose first dispatch day has passed, saying which day and what to do', async () => {
    const past = { ...CHANGED, preOrder: { ...CHANGED.preOrder, dispatchFrom: '2026-08-08' } };
    const res = await put(owner, past);
    const message = SHOP_SETTINGS_MESSAGES.dispatchFromPast('2026-08-08');
    expect(message).toBe(
      'The first dispatch day, Sat, 8 Aug, has passed. Choose today or a later day, or switch pre-orders off.',
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'DISPATCH_DAY_PAST',
      message,
      issues: [{ path: ['preOrder', 'dispatchFrom'], message }],
    });
    expect((await read()).body.preOrder).toEqual(DEFAULT_SHOP_SETTINGS.preOrder);
    // Switched off, a past day is only kept for the next time.
    const off = await put(owner, { ...past, preOrder: { ...past.preOrder, on: false } });
    expect(off.status).toBe(200);
    expect(
      (await put(owner, { ...CHANGED, preOrder: DEFAULT_SHOP_SETTINGS.preOrder })).status,
    ).toBe(200);
  });

  it('price a checkout on the server with the owner’s cash-on-delivery fee and free-shipping threshold, to the paisa', async () => {
    const saved = await put(owner, CHANGED);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(CHANGED);
    expect((await read()).body).toEqual(CHANGED);

    // Goods of ₹528 are now below free shipping: the ₹49 shipping and the ₹59 fee are charged.
    const expected = priceCart(ITEMS, {
      deliveryState: 'Maharashtra',
      codFee: 5900,
      shippingPolicy: shippingPolicyOf(CHANGED),
    });
    expect(expected.grandTotal).toBe(GOODS + SHIPPING_FEE_PAISE + 5900);

    // The total the screen showed under the old values is refused, with the server's figures.
    const old = priceCart(ITEMS, { deliveryState: 'Maharashtra', codFee: 3900 }).grandTotal;
    const stale = await placeOrder(t, shopper.token, body('cod', old));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('TOTAL_MISMATCH');
    expect(stale.body.totals).toMatchObject({
      shipping: SHIPPING_FEE_PAISE,
      codFee: 5900,
      grandTotal: expected.grandTotal,
    });

    const placed = await placeOrder(t, shopper.token, body('cod', expected.grandTotal));
    expect(placed.status, placed.text).toBe(201);
    const { order } = placed.body;
    expect(order.totals).toMatchObject({
      itemsTotal: GOODS,
      shipping: SHIPPING_FEE_PAISE,
      codFee: 5900,
      grandTotal: GOODS + SHIPPING_FEE_PAISE + 5900,
      taxableValue: expected.taxableValue,
    });

    // A prepaid order pays the shipping but no fee.
    const prepaid = priceCart(ITEMS, {
      deliveryState: 'Maharashtra',
      shippingPolicy: shippingPolicyOf(CHANGED),
    }).grandTotal;
    const paid = await placeOrder(t, shopper.token, body('upi', prepaid));
    expect(paid.status).toBe(201);
    expect(paid.body.order.totals).toMatchObject({ shipping: SHIPPING_FEE_PAISE, codFee: 0 });

    // The confirmation mail carries the owner's pre-order text.
    const confirmed = await request(t.app)
      .post(`/api/orders/${order._id}/confirm-cod`)
      .set(bearer(shopper.token))
      .send({ code: lastSmsCode(sms(), shopper.phone) });
    expect(confirmed.status).toBe(200);
    await t.services.idle();
    const mail = await sink.waitFor(ORDER_EMAIL, new RegExp(`${order.orderNumber} is confirmed`));
    expect(mail.text).toContain(preOrderNotice(CHANGED.preOrder));
    expect(preOrderNotice(CHANGED.preOrder)).toMatch(/First dispatch: \w{3}, 16 Mar\.$/);
    expect(mail.text).not.toContain(DEFAULT_SHOP_SETTINGS.preOrder.text);
  });

  it('refuse cash on delivery above the owner’s cap, naming it', async () => {
    expect((await put(owner, { ...CHANGED, codMaxGoodsPaise: 50000 })).status).toBe(200);
    const total = priceCart(ITEMS, {
      deliveryState: 'Maharashtra',
      codFee: 5900,
      shippingPolicy: shippingPolicyOf(CHANGED),
    }).grandTotal;
    const refused = await placeOrder(t, shopper.token, body('cod', total));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'COD_UNAVAILABLE', reason: 'TOTAL' });
    expect(refused.body.message).toContain(formatINR(50000));
  });

  it('date the PIN look-up from the owner’s dispatch day while pre-orders are on, and answer the fee and cap', async () => {
    const expected = deliveryEstimate({
      today: '2000-01-01',
      destination: LATUR,
      dispatchFrom: CHANGED.preOrder.dispatchFrom,
    });
    expect((await put(owner, CHANGED)).status).toBe(200);
    const on = await request(t.app).get('/api/pincodes/413512');
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      codFee: 5900,
      codMaxGoods: 500000,
      estimate: { from: expected.from, to: expected.to },
    });

    // Pre-orders off: parcels leave from today, long before that day.
    expect(
      (await put(owner, { ...CHANGED, preOrder: { ...CHANGED.preOrder, on: false } })).status,
    ).toBe(200);
    const off = await request(t.app).get('/api/pincodes/413512');
    expect(off.body.estimate.from < CHANGED.preOrder.dispatchFrom).toBe(true);
    expect((await read()).body.preOrder.on).toBe(false);
  });

  it('audit every change with the values before and after', async () => {
    const entries = await AuditModel.find({ action: 'settings.shop' })
      .sort({ createdAt: 1 })
      .lean<
        { actor: string; target: string; details: { before: ShopSettings; after: ShopSettings } }[]
      >();
    // The refused saves left no entry; the six saved did.
    expect(entries).toHaveLength(6);
    expect(entries[0]).toMatchObject({
      actor: OWNER_EMAIL,
      target: 'shop',
      details: { before: { codFeePaise: 3900 }, after: { preOrder: { on: false } } },
    });
    expect(entries[2]).toMatchObject({ details: { after: CHANGED } });
    const listed = await request(t.app).get('/api/admin/audit?area=settings').set(bearer(owner));
    expect(listed.body.map((e: { action: string }) => e.action)).toContain('settings.shop');
  });

  it('take an order with no pre-order agreement in it, pre-orders on or off (the checkout asks for it only while on)', async () => {
    for (const on of [true, false]) {
      const settings = { ...CHANGED, preOrder: { ...CHANGED.preOrder, on } };
      expect((await put(owner, settings)).status).toBe(200);
      const total = priceCart(ITEMS, {
        deliveryState: 'Maharashtra',
        shippingPolicy: shippingPolicyOf(settings),
      }).grandTotal;
      const placed = await placeOrder(t, shopper.token, body('upi', total));
      expect(placed.status, `pre-orders ${on ? 'on' : 'off'}: ${placed.text}`).toBe(201);
      expect(placed.body.order.status).toBe('pending_payment');
    }
  });
});
