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
import { EmailKeyModel, findUserByEmail } from './email-keys';
import { itemIds, LegacyProfileIndexModel, ProfileListModel, rememberItem } from './profile-index';
import { UserModel } from './user.model';

const login = (t: TestApp, email: string, password = PASSWORD) =>
  request(t.app).post('/api/auth/login').send({ email, password });

describe('signed-in reads by _id: the profile index and the email keys', () => {
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

  it('lists invoices and returns through the index, each only for its owner', async () => {
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

  it('skips an id whose item was never written (a crash between the two writes) or is another user’s', async () => {
    const before = (await request(t.app).get('/api/orders').set(bearer(asha.token))).body;
    const ashaId = (await findUserByEmail(asha.email))!._id;
    await rememberItem(ashaId, 'orders', new mongoose.Types.ObjectId());
    const raviOrder = (await request(t.app).get('/api/orders').set(bearer(ravi.token))).body[0];
    await rememberItem(ashaId, 'orders', new mongoose.Types.ObjectId(raviOrder._id as string));
    const after = (await request(t.app).get('/api/orders').set(bearer(asha.token))).body;
    expect(after).toEqual(before);
  });

  it('adds an id once however often it is remembered, and keeps ids added at once', async () => {
    const userId = new mongoose.Types.ObjectId();
    const ids = Array.from({ length: 8 }, () => new mongoose.Types.ObjectId());
    await Promise.all(ids.map((id) => rememberItem(userId, 'tickets', id)));
    await rememberItem(userId, 'tickets', ids[0]!);
    expect((await itemIds(userId, 'tickets')).map(String).sort()).toEqual(ids.map(String).sort());
    // Every addition appended a snapshot (the repeated one none), each built on the one before;
    // the latest holds the list, the superseded ones were emptied.
    const snapshots = await ProfileListModel.find({ userId }).lean();
    expect(snapshots.map((s) => s._id).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `${String(userId)}:tickets#${i + 1}`).sort(),
    );
    const latest = snapshots.find((s) => s._id.endsWith('#8'))!;
    expect(latest.ids.map(String).sort()).toEqual(ids.map(String).sort());
    const superseded = snapshots.filter((s) => s !== latest);
    expect(superseded.map((s) => [s.ids.length, s.superseded])).toEqual(Array(7).fill([0, true]));
  });

  it('starts a list from the one kept in the per-shopper document before', async () => {
    const userId = new mongoose.Types.ObjectId();
    const [older, newer] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
    await LegacyProfileIndexModel.create({ _id: userId, orders: [older] });
    expect(await itemIds(userId, 'orders')).toEqual([older]);
    await rememberItem(userId, 'orders', newer);
    await rememberItem(userId, 'orders', older);
    expect(await itemIds(userId, 'orders')).toEqual([newer, older]);
  });

  it('keeps the email key in step on register, login and email change', async () => {
    const email = newEmail('keyed');
    const { token } = await signUpVerified(t, sink, email);
    const user = await UserModel.findOne({ email }).lean();
    const key = await EmailKeyModel.findById(email).lean();
    expect(String(key!.userId)).toBe(String(user!._id));
    expect((await login(t, email)).status).toBe(200);
    expect((await login(t, email.toUpperCase())).status).toBe(200);

    // Change the email: the new address's key points at the user, the old one is gone.
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
    expect(String((await EmailKeyModel.findById(moved).lean())!.userId)).toBe(String(user!._id));
    expect(await EmailKeyModel.findById(email).lean()).toBeNull();
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
    const user = await findUserByEmail(email);
    expect(String((await EmailKeyModel.findById(email).lean())!.userId)).toBe(String(user!._id));
  });

  it('survives a crash between the key and the user: the address can still register and log in', async () => {
    // The key was written, the process died before the user was: a key naming nobody.
    const email = newEmail('crashed');
    await EmailKeyModel.create({ _id: email, userId: new mongoose.Types.ObjectId() });
    expect((await login(t, email)).status).toBe(401);
    const { token } = await signUpVerified(t, sink, email);
    expect(token).toBeTruthy();
    const user = await UserModel.findOne({ email }).lean();
    expect(String((await EmailKeyModel.findById(email).lean())!.userId)).toBe(String(user!._id));
    expect((await login(t, email)).status).toBe(200);
  });

  it('mends a missing or stale key from the email index (accounts made before keys, or a crash mid-change)', async () => {
    const { email } = await signUpVerified(t, sink, newEmail('legacy'));
    const user = await UserModel.findOne({ email }).lean();
    await EmailKeyModel.deleteOne({ _id: email });
    expect((await login(t, email)).status).toBe(200);
    expect(String((await EmailKeyModel.findById(email).lean())!.userId)).toBe(String(user!._id));

    // A key pointing at another account (its email changed and the old key stayed behind).
    await EmailKeyModel.updateOne(
      { _id: email },
      { $set: { userId: new mongoose.Types.ObjectId() } },
    );
    expect((await login(t, email)).status).toBe(200);
    expect(String((await EmailKeyModel.findById(email).lean())!.userId)).toBe(String(user!._id));

    // Registering the address again is told apart from a new one: still one account.
    await EmailKeyModel.deleteOne({ _id: email });
    const again = await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Someone', email, password: PASSWORD });
    expect(again.status).toBe(201);
    expect(await UserModel.countDocuments({ email })).toBe(1);
  });

  it('answers /auth/me from the user document alone', async () => {
    const me = await request(t.app).get('/api/auth/me').set(bearer(asha.token));
    expect(me.status).toBe(200);
    for (const list of ['orders', 'invoices', 'returns', 'tickets'])
      expect(me.body.data.user).not.toHaveProperty(list);
    expect(await OrderModel.countDocuments({})).toBeGreaterThan(0);
  });
});
