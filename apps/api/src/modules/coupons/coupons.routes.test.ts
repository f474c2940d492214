import { couponDiscountFor, formatINR, priceCart, SHIPPING_FEE_PAISE } from '@vanya/catalog';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, signUpVerified } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { shopSettingsDefaults } from '../settings/shop-settings.service';
import { UserModel } from '../users/user.model';

const OWNER_EMAIL = newEmail('owner');

/** A coupon as the owner's form sends it; `over` changes a field or two. */
const couponInput = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  kind: 'percent',
  value: 10,
  minOrder: 0,
  maxDiscount: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: 1,
  active: true,
  ...over,
});

describe('the coupon routes', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: { token: string; email: string };

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, OWNER_EMAILS: OWNER_EMAIL });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL, undefined, 'Meera Deshmukh')).token;
    shopper = await signUpVerified(t, sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const create = (body: object, token = owner) =>
    request(t.app).post('/api/admin/coupons').set(bearer(token)).send(body);
  const put = (code: string, body: object, token = owner) =>
    request(t.app).put(`/api/admin/coupons/${code}`).set(bearer(token)).send(body);
  const list = async () =>
    (await request(t.app).get('/api/admin/coupons').set(bearer(owner)).expect(200)).body as {
      code: string;
      used: number;
      active: boolean;
    }[];
  const check = (body: object, token?: string) => {
    const req = request(t.app).post('/api/coupons/check');
    if (token) req.set(bearer(token));
    return req.send(body);
  };
  const shopperId = async (email: string) =>
    (await UserModel.findOne({ email }).lean<{ _id: Types.ObjectId }>())!._id;

  /** Takes one use of `code` for a real order of the shopper, as placing an order does. */
  const useFor = async (code: string, who = shopper) => {
    const placed = await placeOrder(t, who.token, orderBody(DEFAULT_ITEMS));
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; orderNumber: string };
    const goods = priceCart(DEFAULT_ITEMS).itemsTotal;
    await t.services.coupons.take(
      code,
      await shopperId(who.email),
      new Types.ObjectId(order._id),
      goods,
    );
    return order;
  };

  it('refuses a shopper who is not an owner with 403, and a guest with 401', async () => {
    const asShopper = await create(couponInput('NOTYOURS'), shopper.token);
    expect([asShopper.status, asShopper.body.code]).toEqual([403, 'FORBIDDEN']);
    const listed = await request(t.app).get('/api/admin/coupons').set(bearer(shopper.token));
    expect(listed.status).toBe(403);
    const uses = await request(t.app)
      .get('/api/admin/coupons/NOTYOURS/uses')
      .set(bearer(shopper.token));
    expect(uses.status).toBe(403);
    expect((await put('NOTYOURS', couponInput('NOTYOURS'), shopper.token)).status).toBe(403);
    expect((await request(t.app).get('/api/admin/coupons')).status).toBe(401);
    // Nothing was created by the refused request.
    expect((await list()).map((c) => c.code)).not.toContain('NOTYOURS');
  });

  it('creates, lists, edits and pauses a coupon, each change in the audit log', async () => {
    const created = await create(
      couponInput(' diwali10 ', { maxDiscount: 30000, minOrder: 50000, usageLimit: 5 }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'DIWALI10',
      kind: 'percent',
      value: 10,
      maxDiscount: 30000,
      minOrder: 50000,
      usageLimit: 5,
      perCustomerLimit: 1,
      active: true,
      used: 0,
    });
    expect((await list()).find((c) => c.code === 'DIWALI10')).toMatchObject({ used: 0 });

    const edited = await put(
      'DIWALI10',
      couponInput('DIWALI10', { value: 15, minOrder: 0, usageLimit: 10 }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      code: 'DIWALI10',
      value: 15,
      usageLimit: 10,
      active: true,
    });

    const paused = await put('DIWALI10', couponInput('DIWALI10', { value: 15, active: false }));
    expect(paused.body.active).toBe(false);
    expect((await list()).find((c) => c.code === 'DIWALI10')?.active).toBe(false);

    const log = (await request(t.app).get('/api/admin/audit').set(bearer(owner))).body as {
      action: string;
      target: string;
      actor: string;
    }[];
    const mine = log.filter((e) => e.target === 'DIWALI10').map((e) => e.action);
    expect(mine.sort()).toEqual(['coupon.create', 'coupon.pause', 'coupon.update']);
    expect(log.find((e) => e.target === 'DIWALI10')?.actor).toBe(OWNER_EMAIL);
  });

  it('refuses a malformed code, a percent over 90, an end before the start and a taken code', async () => {
    for (const code of ['AB1', 'DIWALI-10', 'A'.repeat(21), '']) {
      const res = await create(couponInput(code));
      expect([code, res.status, res.body.code]).toEqual([code, 400, 'VALIDATION_ERROR']);
    }
    const tooMuch = await create(couponInput('HALFPLUS', { value: 91 }));
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body.issues)).toContain('1 to 90 percent');
    const flatBig = await create(couponInput('FLATBIG', { kind: 'flat', value: 50000 }));
    expect(flatBig.status).toBe(201); // 91+ is a percent rule only; a flat value is paise

    const backwards = await create(
      couponInput('BACKWARDS', {
        startsAt: '2026-12-01T00:00:00.000Z',
        endsAt: '2026-11-01T00:00:00.000Z',
      }),
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body.issues)).toContain('must end after it starts');

    expect((await create(couponInput('TWICE'))).status).toBe(201);
    const again = await create(couponInput('twice', { value: 20 }));
    expect([again.status, again.body.code]).toEqual([409, 'COUPON_EXISTS']);
    expect((await list()).filter((c) => c.code === 'TWICE')).toHaveLength(1);
  });

  it('keeps a code on edit: another code in the body is refused, an unknown one is 404', async () => {
    await create(couponInput('KEEPME'));
    const renamed = await put('KEEPME', couponInput('OTHERNAME'));
    expect([renamed.status, renamed.body.code]).toEqual([400, 'COUPON_CODE_MISMATCH']);
    const unknown = await put('NOSUCHONE', couponInput('NOSUCHONE'));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'COUPON_UNKNOWN']);
    const uses = await request(t.app).get('/api/admin/coupons/NOSUCHONE/uses').set(bearer(owner));
    expect([uses.status, uses.body.code]).toEqual([404, 'COUPON_UNKNOWN']);
  });

  it('refuses a usage limit below the uses already taken', async () => {
    await create(couponInput('LOWLIMIT', { usageLimit: 3, perCustomerLimit: 5 })).expect(201);
    await useFor('LOWLIMIT');
    await useFor('LOWLIMIT');
    const lowered = await put('LOWLIMIT', couponInput('LOWLIMIT', { usageLimit: 1 }));
    expect([lowered.status, lowered.body.code]).toEqual([400, 'COUPON_LIMIT_BELOW_USES']);
    const raised = await put('LOWLIMIT', couponInput('LOWLIMIT', { usageLimit: 2 }));
    expect(raised.body).toMatchObject({ usageLimit: 2, used: 2 });
  });

  it('prices a 10% coupon to the paisa, as the order will be priced, for the delivery state', async () => {
    await create(couponInput('TENOFF'));
    const res = await check({ code: 'tenoff', items: DEFAULT_ITEMS, deliveryState: 'Karnataka' });
    expect(res.status).toBe(200);
    // A cart the catalogue refuses (21 of one product over two lines) is the shopper's input: 400.
    const tooMany = await check({
      code: 'TENOFF',
      items: [
        { productId: 'Bodybutter', quantity: 12 },
        { productId: 'Bodybutter', quantity: 9 },
      ],
    });
    expect([tooMany.status, tooMany.body.code, tooMany.body.productId]).toEqual([
      400,
      'QUANTITY_LIMIT',
      'Bodybutter',
    ]);
    const goods = priceCart(DEFAULT_ITEMS).itemsTotal;
    const discount = couponDiscountFor({ kind: 'percent', value: 10 }, goods);
    const expected = priceCart(DEFAULT_ITEMS, {
      deliveryState: 'Karnataka',
      couponDiscount: discount,
    });
    // Two Body Butters at ₹349 and a soap at ₹179: ₹877 of goods, ₹87.70 off.
    expect([goods, discount]).toEqual([87700, 8770]);
    expect(res.body.coupon).toEqual({
      code: 'TENOFF',
      kind: 'percent',
      value: 10,
      maxDiscount: null,
      minOrder: 0,
    });
    expect(res.body.totals).toMatchObject({
      itemsTotal: 87700,
      couponDiscount: 8770,
      grandTotal: expected.grandTotal,
      taxableValue: expected.taxableValue,
      igst: expected.igst,
      cgst: 0,
      sgst: 0,
      taxTotal: expected.taxTotal,
      shipping: expected.shipping,
      codFee: 0,
    });
    expect(res.body.totals.grandTotal).toBe(87700 - 8770 + expected.shipping);
    expect(res.body.supply).toBe('inter-state');
    expect(res.body.lines.map((l: { couponShare: number }) => l.couponShare)).toEqual(
      expected.lines.map((l) => l.couponShare),
    );
    expect(
      res.body.lines.reduce((s: number, l: { couponShare: number }) => s + l.couponShare, 0),
    ).toBe(8770);

    // Without a delivery state yet (the cart page): the same discount, priced intra-state.
    const cartPage = await check({ code: 'TENOFF', items: DEFAULT_ITEMS });
    expect(cartPage.body.totals.couponDiscount).toBe(8770);
    expect(cartPage.body.supply).toBe('intra-state');
  });

  it('caps a percent coupon at its maximum, and a flat coupon takes its paise', async () => {
    await create(couponInput('CAPPED', { value: 50, maxDiscount: 30000 }));
    const capped = await check({ code: 'CAPPED', items: DEFAULT_ITEMS });
    expect(capped.body.totals.couponDiscount).toBe(30000);
    await create(couponInput('HUNDRED', { kind: 'flat', value: 10000 }));
    const flat = await check({ code: 'HUNDRED', items: DEFAULT_ITEMS });
    expect(flat.body.totals).toMatchObject({ couponDiscount: 10000, grandTotal: 77700 });
  });

  it("prices the check's shipping with the owner's free-shipping threshold", async () => {
    await create(couponInput('SHIPTEST', { kind: 'flat', value: 10000 }));
    // ₹877 of goods less ₹100: free by the default ₹149 threshold.
    const before = await check({ code: 'SHIPTEST', items: DEFAULT_ITEMS });
    expect(before.body.totals).toMatchObject({ shipping: 0, grandTotal: 77700 });
    const defaults = shopSettingsDefaults(t.config);
    // The owner raises the threshold to ₹999 (as PUT /admin/settings/shop saves it).
    await t.services.shopSettings.update({ ...defaults, freeShippingThresholdPaise: 99900 });
    try {
      const raised = await check({ code: 'SHIPTEST', items: DEFAULT_ITEMS, deliveryState: 'Goa' });
      expect(raised.status).toBe(200);
      const expected = priceCart(DEFAULT_ITEMS, {
        deliveryState: 'Goa',
        couponDiscount: 10000,
        shippingPolicy: { feePaise: SHIPPING_FEE_PAISE, freeThresholdPaise: 99900 },
      });
      expect(expected.shipping).toBe(SHIPPING_FEE_PAISE);
      expect(raised.body.totals).toMatchObject({
        couponDiscount: 10000,
        shipping: SHIPPING_FEE_PAISE,
        grandTotal: 77700 + SHIPPING_FEE_PAISE,
        taxableValue: expected.taxableValue,
        igst: expected.igst,
        taxTotal: expected.taxTotal,
      });
    } finally {
      await t.services.shopSettings.update(defaults);
    }
  });

  it('answers each reason a coupon does not apply, with its day or amount and what to do', async () => {
    const items = DEFAULT_ITEMS;
    const goods = priceCart(items).itemsTotal;
    const unknown = await check({ code: 'NOSUCHCODE', items });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      404,
      'COUPON_UNKNOWN',
      'There is no such coupon. Check the code for typing mistakes.',
    ]);

    // Midnight in India starts the first day; midnight in India ends the last.
    await create(couponInput('NOTYET', { startsAt: '2099-01-09T18:30:00.000Z' }));
    const notYet = await check({ code: 'NOTYET', items });
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({
      code: 'COUPON_NOT_STARTED',
      startsAt: '2099-01-09T18:30:00.000Z',
      message:
        'This coupon can be used from 10 Jan 2099. Apply it again then, or order without it.',
    });
    await create(
      couponInput('ENDED', {
        startsAt: '2020-01-01T00:00:00.000Z',
        endsAt: '2020-01-31T18:30:00.000Z',
      }),
    );
    const ended = await check({ code: 'ENDED', items });
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({
      code: 'COUPON_EXPIRED',
      endsAt: '2020-01-31T18:30:00.000Z',
      message:
        'This coupon expired: its last day was 31 Jan 2020. Try another code, or order without one.',
    });

    await create(couponInput('BIGBASKET', { minOrder: 100000 }));
    const small = await check({ code: 'BIGBASKET', items });
    expect(small.status).toBe(409);
    expect(small.body).toMatchObject({
      code: 'COUPON_MIN_ORDER',
      minOrder: 100000,
      shortBy: 100000 - goods,
      message: `This coupon needs an order of at least ₹1,000.00. Add ${formatINR(100000 - goods)} more to use it.`,
    });
    const enough = await check({
      code: 'BIGBASKET',
      items: [{ productId: 'Bodybutter', quantity: 3 }],
    });
    expect(enough.status).toBe(200);

    await create(couponInput('ONLYONE', { usageLimit: 1, perCustomerLimit: 1 }));
    const other = await signUpVerified(t, sink);
    await useFor('ONLYONE', other);
    const usedUp = await check({ code: 'ONLYONE', items }, shopper.token);
    expect([usedUp.status, usedUp.body.code, usedUp.body.message]).toEqual([
      409,
      'COUPON_USED_UP',
      'This coupon has been used up. Try another code, or order without one.',
    ]);

    await create(couponInput('ONCEEACH', { perCustomerLimit: 1 }));
    await useFor('ONCEEACH');
    const mine = await check({ code: 'ONCEEACH', items }, shopper.token);
    expect([mine.status, mine.body.code, mine.body.message]).toEqual([
      409,
      'COUPON_ALREADY_USED',
      'You have already used this coupon as often as it allows. Try another code, or order without one.',
    ]);
    // A guest cannot be told that; another shopper may still use it.
    expect((await check({ code: 'ONCEEACH', items })).status).toBe(200);
    expect((await check({ code: 'ONCEEACH', items }, other.token)).status).toBe(200);
    // A token that is not ours is ignored, as for a guest.
    expect((await check({ code: 'ONCEEACH', items }, 'not.a.token')).status).toBe(200);
  });

  it('answers COUPON_PAUSED once the owner pauses a coupon, and applies it again when resumed', async () => {
    await create(couponInput('PAUSEME'));
    expect((await check({ code: 'PAUSEME', items: DEFAULT_ITEMS })).status).toBe(200);
    await put('PAUSEME', couponInput('PAUSEME', { active: false })).expect(200);
    const paused = await check({ code: 'PAUSEME', items: DEFAULT_ITEMS });
    expect([paused.status, paused.body.code, paused.body.message]).toEqual([
      409,
      'COUPON_PAUSED',
      'This coupon is paused by the shop for now. Try another code, or order without one.',
    ]);
    await put('PAUSEME', couponInput('PAUSEME', { active: true })).expect(200);
    expect((await check({ code: 'PAUSEME', items: DEFAULT_ITEMS })).status).toBe(200);
  });

  it('refuses a malformed code or cart with 400', async () => {
    const bad = [
      { code: 'no!', items: DEFAULT_ITEMS },
      { code: 'AB', items: DEFAULT_ITEMS },
      { code: 'TENOFF', items: [] },
      { code: 'TENOFF', items: [{ productId: 'Nothing', quantity: 1 }] },
      { code: 'TENOFF', items: [{ productId: 'Bodybutter', quantity: 0 }] },
      { code: 'TENOFF', items: DEFAULT_ITEMS, deliveryState: 'Atlantis' },
      { code: 'TENOFF', items: DEFAULT_ITEMS, total: 1 },
    ];
    for (const body of bad) {
      const res = await check(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await check({ code: 'no!', items: DEFAULT_ITEMS })).body.message).toBeTruthy();
  });

  it("lists a coupon's uses newest first with each order's number and status, and the uses count", async () => {
    await create(couponInput('USEDTWICE', { perCustomerLimit: 5, usageLimit: 5 }));
    const first = await useFor('USEDTWICE');
    const second = await useFor('USEDTWICE');
    const res = await request(t.app).get('/api/admin/coupons/usedtwice/uses').set(bearer(owner));
    expect(res.status).toBe(200);
    const discount = couponDiscountFor(
      { kind: 'percent', value: 10 },
      priceCart(DEFAULT_ITEMS).itemsTotal,
    );
    expect(res.body).toHaveLength(2);
    expect(res.body.map((u: { orderNumber: string }) => u.orderNumber).sort()).toEqual(
      [first.orderNumber, second.orderNumber].sort(),
    );
    expect(res.body[0]).toMatchObject({
      status: 'pending_payment',
      discount,
      givenBackAt: null,
    });
    // Newest first: the later use is not older than the one after it.
    expect(Date.parse(res.body[0].at)).toBeGreaterThanOrEqual(Date.parse(res.body[1].at));
    expect((await list()).find((c) => c.code === 'USEDTWICE')?.used).toBe(2);

    // A use given back (an order never paid) stays listed, marked, and no longer counts.
    await t.services.coupons.giveBack(new Types.ObjectId(first._id));
    const after = await request(t.app).get('/api/admin/coupons/USEDTWICE/uses').set(bearer(owner));
    const given = after.body.find((u: { orderId: string }) => u.orderId === first._id);
    expect(given.givenBackAt).toEqual(expect.any(String));
    expect((await list()).find((c) => c.code === 'USEDTWICE')?.used).toBe(1);
  });
});

describe('the coupon check under a guessing client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('answers 429 after 20 checks a minute from one client, so codes cannot be guessed', async () => {
    // 41 checks span at most two one-minute windows, so one window holds more than 20.
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) {
      const res = await request(t.app)
        .post('/api/coupons/check')
        .send({ code: `GUESS${String(i).padStart(3, '0')}`, items: DEFAULT_ITEMS });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(40);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(20);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
  });
});
