import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { codeIn } from '../../testing/smtp-sink';
import type { LogSmsTransport } from '../sms/sms-transport';
import { payInTestMode, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from '../orders/order.model';
import { TicketModel } from '../tickets/ticket.model';
import { UserModel } from './user.model';

const login = (t: TestApp, email: string, password = PASSWORD) =>
  request(t.app).post('/api/auth/login').send({ email, password });

describe('signed-in reads: a shopper’s pages and the account by its email', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let asha: { token: string; email: string };
  let ravi: { token: string; email: string };
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    asha = await signUpVerified(t, sink);
    ravi = await signUpVerified(t, sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('lists orders newest first in pages, and answers another user’s order with 404', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 3; i += 1) placed.push((await placeOrder(t, asha.token)).body.order._id);
    const all = await request(t.app).get('/api/orders').set(bearer(asha.token));
    expect(all.status).toBe(200);
    expect(all.body.map((o: { _id: string }) => o._id)).toEqual([...placed].reverse());

    const first = await request(t.app).get('/api/orders?limit=2').set(bearer(asha.token));
    expect(first.body.map((o: { _id: string }) => o._id)).toEqual([placed[2], placed[1]]);
    const rest = await request(t.app)
      .get(`/api/orders?limit=2&before=${placed[1]}`)
      .set(bearer(asha.token));
    expect(rest.body.map((o: { _id: string }) => o._id)).toEqual([placed[0]]);
    const none = await request(t.app)
      .get(`/api/orders?before=${placed[0]}`)
      .set(bearer(asha.token));
    expect(none.body).toEqual([]);
    expect((await request(t.app).get('/api/orders?limit=101').set(bearer(asha.token))).status).toBe(
      400,
    );
    expect((await request(t.app).get('/api/orders?page=2').set(bearer(asha.token))).status).toBe(
      400,
    );

    const own = await request(t.app).get(`/api/orders/${placed[0]}`).set(bearer(asha.token));
    expect(own.status).toBe(200);
    const foreign = await request(t.app).get(`/api/orders/${placed[0]}`).set(bearer(ravi.token));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND');
    const cancel = await request(t.app)
      .post(`/api/orders/${placed[0]}/cancel`)
      .set(bearer(ravi.token));
    expect(cancel.status).toBe(404);
    expect((await request(t.app).get('/api/orders').set(bearer(ravi.token))).body).toEqual([]);
  });

  it('lists invoices and returns, each only for its owner', async () => {
    const { order, payment } = (await placeOrder(t, ravi.token)).body;
    await payInTestMode(t, order, payment.providerOrderId);
    const unpaid = (await placeOrder(t, ravi.token)).body.order;
    const invoices = (await request(t.app).get('/api/invoices').set(bearer(ravi.token))).body;
    expect(invoices.map((i: { orderId: string }) => i.orderId)).toEqual([order._id]);
    expect(invoices.map((i: { orderId: string }) => i.orderId)).not.toContain(unpaid._id);
    const paged = await request(t.app)
      .get(`/api/invoices?limit=1&before=${unpaid._id}`)
      .set(bearer(ravi.token));
    expect(paged.body.map((i: { orderId: string }) => i.orderId)).toEqual([order._id]);
    expect(
      (await request(t.app).get('/api/invoices').set(bearer(asha.token))).body.map(
        (i: { orderId: string }) => i.orderId,
      ),
    ).not.toContain(order._id);

    const foreignReturn = await request(t.app)
      .post('/api/returns')
      .set(bearer(asha.token))
      .send({ orderId: order._id, reason: 'Not mine', method: 'bank_transfer' });
    expect(foreignReturn.status).toBe(404);
    const created = await request(t.app)
      .post('/api/returns')
      .set(bearer(ravi.token))
      .send({ orderId: order._id, reason: 'Damaged', method: 'original_payment' });
    expect(created.status).toBe(201);
    expect(
      (await request(t.app).get('/api/returns').set(bearer(ravi.token))).body.map(
        (r: { _id: string }) => r._id,
      ),
    ).toEqual([created.body._id]);
    expect((await request(t.app).get('/api/returns').set(bearer(asha.token))).body).toEqual([]);
  });

  it('pages through items made in the same millisecond, each once, and answers an unknown cursor with nothing', async () => {
    const user = await UserModel.findOne({ email: asha.email }).lean();
    const at = new Date('2026-03-01T10:00:00.000Z');
    const made = await TicketModel.insertMany(
      Array.from({ length: 5 }, (_, i) => ({
        userId: user!._id,
        message: `Same moment ${i}`,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await request(t.app)
        .get(`/api/tickets?limit=2${before ? `&before=${before}` : ''}`)
        .set(bearer(asha.token));
      expect(page.status).toBe(200);
      seen.push(...page.body.map((x: { id: string }) => x.id));
      if (page.body.length < 2) break;
      before = page.body[1].id;
    }
    const ids = made.map((d) => String(d._id));
    expect(seen).toEqual([...ids].sort().reverse());
    const stranger = new mongoose.Types.ObjectId();
    const none = await request(t.app)
      .get(`/api/tickets?before=${stranger}`)
      .set(bearer(asha.token));
    expect(none.body).toEqual([]);
  });

  it('finds the account by its email on login, before and after an email change', async () => {
    const email = newEmail('keyed');
    const { token } = await signUpVerified(t, sink, email);
    expect((await login(t, email)).status).toBe(200);
    expect((await login(t, email.toUpperCase())).status).toBe(200);

    const moved = newEmail('moved');
    await request(t.app).post('/api/auth/send-email-otp').set(bearer(token)).send({ email: moved });
    const otp = codeIn(await sink.waitFor(moved, /Confirm your new email/));
    const verified = await request(t.app)
      .post('/api/auth/verify-email-otp')
      .set(bearer(token))
      .send({ email: moved, otp });
    expect(verified.status).toBe(200);
    const phone = '9822045177';
    await request(t.app).post('/api/auth/send-phone-otp').set(bearer(token)).send({ phone });
    await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(token))
      .send({ phone, otp: lastSmsCode(t.services.sms as LogSmsTransport, phone) });
    const saved = await request(t.app)
      .put('/api/auth/me')
      .set(bearer(token))
      .send({ name: 'Asha K', email: moved, phone, dob: '1994-08-15', gender: 'female' });
    expect(saved.status).toBe(200);
    expect((await login(t, moved)).status).toBe(200);
    expect((await login(t, email)).status).toBe(401);
  });

  it('never gives two accounts one email, even when registered twice at once', async () => {
    const email = newEmail('twice');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        request(t.app).post('/api/auth/register').send({ name: 'Asha', email, password: PASSWORD }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(await UserModel.countDocuments({ email })).toBe(1);
  });

  it('refuses to move an account to an address another account has, with 409', async () => {
    const { email: taken } = await signUpVerified(t, sink, newEmail('taken'));
    const mover = await signUpVerified(t, sink, newEmail('mover'));
    const user = await UserModel.findOne({ email: mover.email });
    // As if the code for the address had been verified before the other account took it.
    await UserModel.updateOne(
      { _id: user!._id },
      {
        $set: {
          phone: '9822045188',
          phoneVerified: true,
          verifiedEmailChange: { value: taken, verifiedAt: new Date() },
        },
      },
    );
    const saved = await request(t.app).put('/api/auth/me').set(bearer(mover.token)).send({
      name: 'Mover',
      email: taken,
      phone: '9822045188',
      dob: '1994-08-15',
      gender: 'female',
    });
    expect(saved.status).toBe(409);
    expect(saved.body.code).toBe('EMAIL_TAKEN');
    expect(await UserModel.countDocuments({ email: taken })).toBe(1);
  });

  it('answers /auth/me from the user document alone', async () => {
    const me = await request(t.app).get('/api/auth/me').set(bearer(asha.token));
    expect(me.status).toBe(200);
    for (const list of ['orders', 'invoices', 'returns', 'tickets'])
      expect(me.body.data.user).not.toHaveProperty(list);
    expect(await OrderModel.countDocuments({})).toBeGreaterThan(0);
  });
});
