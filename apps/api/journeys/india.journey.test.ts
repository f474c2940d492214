import { couponDiscountFor, formatAmountForOrder, priceCart } from '@vanya/catalog';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderBody } from '../src/testing/orders';
import type { SmsGateway } from '../src/testing/sms-gateway';
import { client, OWNER_EMAIL, signUp, startBuiltApi, verifyBody } from './support/built-api';
import type { BuiltApi, Client } from './support/built-api';

// Checkout for India, from outside: the built API in production mode over HTTP, SMS through a
// local server speaking the gateway's protocol, payments through one speaking Razorpay's. PIN
// answers, sign-in by phone, cash on delivery confirmed by the SMS code, and coupons whose limits
// hold when shoppers race.

const ITEMS = [
  { productId: 'Bodybutter', quantity: 1 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

describe('checkout for India against the built API', () => {
  let stack: BuiltApi;
  let api: Client;
  let sms: SmsGateway;
  let owner: string;
  let phones = 9_700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

  beforeAll(async () => {
    stack = await startBuiltApi({ COD_EXCLUDED_PIN_PREFIXES: '744' });
    sms = stack.sms;
    api = client(stack.baseUrl);
    owner = (await signUp(stack, api, 'Meera Owner', OWNER_EMAIL)).token;
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(stack.output().slice(-4000));
  });

  /** Signs in by phone as a new shopper would: the code from the SMS, and a name. */
  async function phoneShopper(name = 'Kavya Deshmukh') {
    const phone = String((phones += 1));
    const started = await api.post('/api/auth/phone/start', { phone });
    expect(started.status).toBe(200);
    const verified = await api.post('/api/auth/phone/verify', {
      phone,
      code: sms.lastCode(phone),
      name,
    });
    expect(verified.status).toBe(200);
    return { phone, token: verified.body.token as string, user: verified.body.user };
  }

  const codBody = (items = ITEMS, extra: Record<string, unknown> = {}) =>
    orderBody(items, 'Maharashtra', {
      paymentMethod: 'cod',
      total_amount: formatAmountForOrder(
        priceCart(items, { deliveryState: 'Maharashtra', codFee: 4900 }).grandTotal,
      ),
      ...extra,
    });

  it('answers PINs with their place, cash on delivery and dates; refuses unknown and malformed ones', async () => {
    const places: [string, string, boolean][] = [
      ['160017', 'Chandigarh', true],
      ['413512', 'Maharashtra', true],
      ['744101', 'Andaman and Nicobar Islands', false],
      ['682555', 'Lakshadweep', true],
      ['396230', 'Dadra and Nagar Haveli and Daman and Diu', true],
    ];
    for (const [pin, state, cod] of places) {
      const answer = await api.get(`/api/pincodes/${pin}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ pin, state, serviceable: true, cod, codFee: 4900 });
      expect(answer.body.estimate.from <= answer.body.estimate.to).toBe(true);
    }
    expect((await api.get('/api/pincodes/999999')).body.code).toBe('UNKNOWN_PIN');
    expect((await api.get('/api/pincodes/999999')).status).toBe(404);
    expect((await api.get('/api/pincodes/12345')).status).toBe(400);
  });

  it('signs in by phone: a new account with a name, the same one the next time, known and unknown numbers answered alike', async () => {
    const known = await phoneShopper('Meera Iyer');
    const toUnknown = await api.post('/api/auth/phone/start', { phone: String((phones += 1)) });
    // The known number asks again once the resend cooldown allows, as its shopper would.
    const codesTo = (phone: string) => sms.received.filter((m) => m.to === `+91${phone}`).length;
    const before = codesTo(known.phone);
    let toKnown = await api.post('/api/auth/phone/start', { phone: known.phone });
    if (codesTo(known.phone) === before) {
      await new Promise((resolve) => setTimeout(resolve, toKnown.body.retryAfterSeconds * 1000));
      toKnown = await api.post('/api/auth/phone/start', { phone: known.phone });
    }
    expect(codesTo(known.phone)).toBe(before + 1);
    expect(toKnown.status).toBe(200);
    expect(toUnknown.status).toBe(200);
    expect(Object.keys(toKnown.body).sort()).toEqual(Object.keys(toUnknown.body).sort());
    expect(toKnown.body.sent).toBe(true);

    // Signing in again: the code, no name, the same account.
    const back = await api.post('/api/auth/phone/verify', {
      phone: known.phone,
      code: sms.lastCode(known.phone),
    });
    expect(back.status).toBe(200);
    expect(back.body.created).toBe(false);
    expect((await api.get('/api/auth/me', back.body.token)).body).toEqual(
      (await api.get('/api/auth/me', known.token)).body,
    );
  }, 90_000);

  it('places a cash-on-delivery order, refuses a wrong code, confirms with the SMS code; refuses above the cap and without a verified phone', async () => {
    const shopper = await phoneShopper();
    const placed = await api.post('/api/orders', codBody(), shopper.token);
    expect(placed.status).toBe(201);
    const { order } = placed.body;
    expect(order).toMatchObject({ status: 'pending_confirmation', totals: { codFee: 4900 } });
    expect(placed.body.payment).toBeNull();
    const message = sms.received.findLast((m) => m.to === `+91${shopper.phone}`)!;
    expect(message).toMatchObject({ to: `+91${shopper.phone}`, channel: 'sms' });
    expect(message.authorization).toBe('Bearer journey-gateway-key');
    expect(message.text).toContain(order.orderNumber);

    const code = sms.lastCode(shopper.phone);
    const wrong = await api.post(
      `/api/orders/${order._id}/confirm-cod`,
      { code: code === '999999' ? '111111' : '999999' },
      shopper.token,
    );
    expect(wrong.status).toBe(400);
    const right = await api.post(`/api/orders/${order._id}/confirm-cod`, { code }, shopper.token);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ status: 'confirmed', cod: { status: 'due' } });

    const overCap = await api.post(
      '/api/orders',
      codBody([{ productId: 'Bodybutter', quantity: 9 }]),
      shopper.token,
    );
    expect(overCap.status).toBe(409);
    expect(overCap.body).toMatchObject({ code: 'COD_UNAVAILABLE', reason: 'TOTAL' });
    const islands = await api.post(
      '/api/orders',
      codBody(ITEMS, { pinCode: '744101' }),
      shopper.token,
    );
    expect(islands.body).toMatchObject({ code: 'COD_UNAVAILABLE', reason: 'PIN' });

    const emailOnly = await signUp(stack, api, 'Ravi Shetty');
    const noPhone = await api.post('/api/orders', codBody(), emailOnly.token);
    expect(noPhone.status).toBe(409);
    expect(noPhone.body).toMatchObject({ code: 'COD_UNAVAILABLE', reason: 'PHONE' });
  });

  it('prices a 10% coupon to the paisa, lowers the taxable value, and refuses it the second time', async () => {
    const created = await api.post(
      '/api/admin/coupons',
      { code: 'DIWALI10', kind: 'percent', value: 10, minOrder: 0, perCustomerLimit: 1 },
      owner,
    );
    expect(created.status).toBe(201);
    const shopper = await signUp(stack, api, 'Asha Kulkarni');
    const plain = priceCart(ITEMS, { deliveryState: 'Karnataka' });
    const discount = couponDiscountFor({ kind: 'percent', value: 10 }, plain.itemsTotal);
    const expected = priceCart(ITEMS, { deliveryState: 'Karnataka', couponDiscount: discount });

    const checked = await api.post(
      '/api/coupons/check',
      { code: 'diwali10', items: ITEMS, deliveryState: 'Karnataka' },
      shopper.token,
    );
    expect(checked.status).toBe(200);
    expect(checked.body.totals).toMatchObject({
      couponDiscount: discount,
      grandTotal: expected.grandTotal,
      taxableValue: expected.taxableValue,
    });
    expect(expected.taxableValue).toBeLessThan(plain.taxableValue);

    const body = orderBody(ITEMS, 'Karnataka', {
      couponCode: 'DIWALI10',
      total_amount: formatAmountForOrder(expected.grandTotal),
    });
    const placed = await api.post('/api/orders', body, shopper.token);
    expect(placed.status).toBe(201);
    expect(placed.body.order.totals).toMatchObject({
      couponDiscount: discount,
      grandTotal: expected.grandTotal,
    });
    const { order, payment } = placed.body;
    expect(payment.amount).toBe(expected.grandTotal);
    const paid = stack.razorpay.capture(payment.providerOrderId);
    const verified = await api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, paid.id, stack.keys.keySecret),
      shopper.token,
    );
    expect(verified.status).toBe(200);

    const again = await api.post('/api/orders', body, shopper.token, {
      'Idempotency-Key': 'second-diwali-order',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('COUPON_ALREADY_USED');
  });

  it('gives a 5-use coupon to exactly 5 of 20 shoppers ordering at once', async () => {
    const made = await api.post(
      '/api/admin/coupons',
      { code: 'FIRST5', kind: 'flat', value: 10_000, minOrder: 0, usageLimit: 5 },
      owner,
    );
    expect(made.status).toBe(201);

    const shoppers = await Promise.all(Array.from({ length: 20 }, () => phoneShopper()));
    const total = priceCart(ITEMS, { deliveryState: 'Maharashtra', couponDiscount: 10_000 });
    const body = orderBody(ITEMS, 'Maharashtra', {
      couponCode: 'FIRST5',
      total_amount: formatAmountForOrder(total.grandTotal),
    });
    const answers = await Promise.all(shoppers.map((s) => api.post('/api/orders', body, s.token)));
    const outcomes = answers.map((a) => (a.status === 201 ? 'placed' : String(a.body.code)));
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'COUPON_USED_UP')).toHaveLength(15);
    const coupons = await api.get('/api/admin/coupons', owner);
    expect(coupons.body.find((c: { code: string }) => c.code === 'FIRST5')).toMatchObject({
      used: 5,
      usageLimit: 5,
    });
  });
});
