import { formatAmountForOrder, priceCart } from '@vanya/catalog';
import type { AdminStock } from '@vanya/contracts';
import { PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, lastSmsCode, PASSWORD, signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from '../orders/order.model';
import type { LogSmsTransport } from './sms-transport';
import { TEXT_REFUSALS } from './text-budget';

const OWNER_EMAIL = 'owner.texts@vanyanaturals.in';
const HOUR = 60 * 60_000;
const ITEMS = [{ productId: 'TanGoneSoap', quantity: 1 }];

/** A number of a prefix of its own (the first five digits), or the `n`th of one prefix. */
const numberOf = (prefix: number, n = 0) => `${98000 + prefix}${String(10000 + n).slice(1)}0`;

describe('the shop’s budget of code texts', () => {
  let t: TestApp;
  let sink: SmtpSink;
  const sms = () => t.services.sms as LogSmsTransport;
  const start = (phone: string, client: string) =>
    request(t.app).post('/api/auth/phone/start').set('X-Forwarded-For', client).send({ phone });

  beforeAll(async () => {
    // Only Date is faked, 5 minutes into an hour: the hourly windows cannot end mid-test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / HOUR) * HOUR + 5 * 60_000);
    sink = await new SmtpSink().start();
    t = await startTestApp({
      SMTP_URL: sink.url,
      OWNER_EMAILS: OWNER_EMAIL,
      RATE_LIMIT_SCALE: '1',
      TRUST_PROXY: '127.0.0.1',
      SMS_CODES_PER_HOUR: '8',
      SMS_CODES_PER_DAY: '100',
      SMS_CODES_PER_PREFIX_PER_HOUR: '3',
    });
    await signUpVerified(t, sink, OWNER_EMAIL);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
    await sink.stop();
  });

  it('texts at most 3 numbers of one prefix an hour, and tells the next to sign in by email', async () => {
    for (let n = 0; n < 3; n += 1)
      expect((await start(numberOf(1, n), `198.51.100.${n + 1}`)).status).toBe(200);
    const refused = await start(numberOf(1, 3), '198.51.100.9');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('SMS_LIMIT_REACHED');
    const wait = Number(refused.headers['retry-after']);
    expect(refused.body.message).toBe(PHONE_SIGN_IN_MESSAGES.numberLimited(Math.ceil(wait / 60)));
    expect(sms().sent.filter((m) => m.to.startsWith(numberOf(1).slice(0, 5)))).toHaveLength(3);
  });

  it('stops at the shop’s hourly budget however many addresses ask for however many numbers, alerts the owners once, and email sign-in and online payment still work', async () => {
    // A shopper with a verified phone, for cash on delivery (its code is one of the budget's texts).
    const shopper = await signUpVerified(t, sink);
    const phone = numberOf(50);
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(shopper.token))
      .send({ phone });
    await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(shopper.token))
      .send({ phone, otp: lastSmsCode(sms(), phone) })
      .expect(200);
    await request(t.app)
      .put('/api/auth/me')
      .set(bearer(shopper.token))
      .send({
        name: 'Asha Kulkarni',
        email: shopper.email,
        phone,
        dob: '1994-08-15',
        gender: 'female',
      })
      .expect(200);
    const sent = sms().sent.length;

    // 12 addresses ask codes for 24 numbers of 24 prefixes at once: 8 texts an hour in all, of
    // which 4 went already (3 to one prefix, 1 to the shopper's phone).
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => start(numberOf(100 + i), `203.0.113.${i % 12}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const spent = answers.filter((a) => a.status === 503);
    expect(spent).toHaveLength(20);
    for (const answer of spent) {
      expect(answer.body).toMatchObject({
        code: 'SMS_BUDGET_EXHAUSTED',
        message: PHONE_SIGN_IN_MESSAGES.textsExhausted,
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(sms().sent.length - sent).toBe(4);

    // The owners hear of it once, whatever else is refused.
    await start(numberOf(200), '203.0.113.99');
    await t.services.idle();
    const alerts = sink.received.filter((m) => /^Code texts paused/.test(m.subject));
    expect(alerts.map((m) => m.subject)).toEqual([
      "Code texts paused: the shop's hourly budget of 8 is spent",
    ]);
    expect(alerts[0]!.to).toEqual([OWNER_EMAIL]);

    // Email sign-in still works.
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ email: shopper.email, password: PASSWORD });
    expect(login.status).toBe(200);

    // Cash on delivery is refused before any order is stored, and its units stay free; paying
    // online still works.
    const soap = async () =>
      (
        (await request(t.app).get('/api/admin/stock').set(bearer(ownerToken))).body as AdminStock
      ).items.find((i) => i.productId === 'TanGoneSoap')!;
    const ownerToken = (
      await request(t.app).post('/api/auth/login').send({ email: OWNER_EMAIL, password: PASSWORD })
    ).body.token as string;
    const before = await soap();
    const total = priceCart(ITEMS, { deliveryState: 'Maharashtra', codFee: 4900 }).grandTotal;
    const cod = await placeOrder(
      t,
      login.body.token,
      orderBody(ITEMS, 'Maharashtra', {
        paymentMethod: 'cod',
        total_amount: formatAmountForOrder(total),
      }),
    );
    expect(cod.status).toBe(503);
    expect(cod.body).toMatchObject({
      code: 'SMS_BUDGET_EXHAUSTED',
      message: TEXT_REFUSALS.cod.exhausted,
    });
    expect(await OrderModel.countDocuments({ paymentMethod: 'cod' })).toBe(0);
    expect((await soap()).reserved).toBe(before.reserved);
    expect((await placeOrder(t, login.body.token, orderBody(ITEMS))).status).toBe(201);
  });
});
