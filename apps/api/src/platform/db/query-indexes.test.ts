// Every query the API makes has an index that serves it, judged as MongoDB would judge it: the
// shop is walked through the API (a shopper's day, the owner's day, the background jobs) while
// every query mongoose sends is recorded, and each query's shape is held to the indexes the
// collection has. A new query without an index fails here, naming it.
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, signUpVerified } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

interface Shape {
  collection: string;
  method: string;
  /** The fields the filter constrains (one alternative of an $or each). */
  fields: string[];
  sort: string[];
}

const READS = new Set([
  'find',
  'findOne',
  'findOneAndUpdate',
  'findOneAndDelete',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'countDocuments',
  'aggregate',
  'distinct',
]);

/** The alternatives a filter may be served by: its fields, once per branch of an $or. */
function shapesOf(filter: Record<string, unknown>): string[][] {
  const plain = Object.keys(filter).filter((k) => !k.startsWith('$'));
  const or = filter.$or as Record<string, unknown>[] | undefined;
  if (!or) return [plain];
  return or.flatMap((branch) => shapesOf(branch).map((fields) => [...plain, ...fields]));
}

describe('every query has an index that serves it', () => {
  let t: TestApp;
  let sink: SmtpSink;
  const seen: Shape[] = [];

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, OWNER_EMAILS: 'owner.indexes@vanyanaturals.in' });
    mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
      if (!READS.has(method)) return;
      let filter = (args[0] ?? {}) as Record<string, unknown>;
      let options = (method === 'find' || method === 'findOne' ? args[1] : args[2]) as
        { sort?: Record<string, unknown> } | undefined;
      if (method === 'aggregate') {
        const pipeline = args[0] as Record<string, unknown>[];
        filter = (pipeline[0]?.$match ?? {}) as Record<string, unknown>;
        options = undefined;
      }
      for (const fields of shapesOf(filter))
        seen.push({ collection, method, fields, sort: Object.keys(options?.sort ?? {}) });
    });
  });
  afterAll(async () => {
    mongoose.set('debug', false);
    await t.close();
    await sink.stop();
  });

  it('for a shopper, the owner and the jobs', async () => {
    // A shopper's day.
    const shopper = await signUpVerified(t, sink);
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ email: shopper.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const auth = bearer(shopper.token);
    for (const path of [
      '/api/auth/me',
      '/api/orders',
      '/api/invoices',
      '/api/returns',
      '/api/tickets',
      '/api/wishlist',
      '/api/me/addresses',
      '/api/me/payment-methods',
    ])
      expect((await request(t.app).get(path).set(auth)).status).toBe(200);
    const body = orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email });
    const { order } = await placePaidOrder(t, shopper.token, body);
    await placeOrder(t, shopper.token, body, 'retried-checkout-1');
    await placeOrder(t, shopper.token, body, 'retried-checkout-1');
    await t.services.idle();
    expect((await request(t.app).get(`/api/orders/${order._id}`).set(auth)).status).toBe(200);
    expect(
      (await request(t.app).get('/api/orders').query({ before: order._id, limit: 5 }).set(auth))
        .status,
    ).toBe(200);
    await request(t.app)
      .post('/api/tickets')
      .set(auth)
      .field('subject', 'Where is my parcel?')
      .field('message', 'It has been a week.');
    await request(t.app).post('/api/auth/request-password-reset').send({ email: shopper.email });
    await request(t.app)
      .post('/api/auth/login')
      .send({ email: shopper.email, password: 'wrong-Pass1' });

    // The owner's day.
    const owner = bearer((await signUpVerified(t, sink, 'owner.indexes@vanyanaturals.in')).token);
    for (const query of [
      {},
      { status: 'paid' },
      { q: shopper.email },
      { q: '9822045123' },
      { q: 'Asha' },
    ])
      expect((await request(t.app).get('/api/admin/orders').query(query).set(owner)).status).toBe(
        200,
      );
    for (const path of [
      '/api/admin/summary',
      `/api/admin/orders/${order._id}`,
      '/api/admin/returns',
      '/api/admin/tickets',
      '/api/admin/messages',
      '/api/admin/waitlist',
      '/api/admin/audit',
      '/api/admin/stock',
      '/api/admin/stock/TanGoneSoap/moves',
      '/api/admin/notifications',
      '/api/admin/orders?status=payment_held',
      '/api/admin/returns?status=open',
      '/api/admin/tickets?status=active',
      '/api/admin/messages?status=unread',
    ])
      expect((await request(t.app).get(path).set(owner)).status).toBe(200);
    expect(
      (
        await request(t.app)
          .get('/api/admin/gst')
          .query({ from: '2020-01-01', to: '2099-12-31' })
          .set(owner)
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .post(`/api/admin/orders/${order._id}/status`)
          .set(owner)
          .send({ status: 'cancelled' })
      ).status,
    ).toBe(200);

    await request(t.app).post('/api/admin/notifications/read').set(owner).expect(200);

    // Stock: a receipt, the settings, and a shopper asking to be told.
    for (const [method, path, body] of [
      ['post', '/api/admin/stock/TanGoneSoap', { adjust: 5, reason: 'New batch' }],
      ['put', '/api/admin/stock/TanGoneSoap', { lowStockAt: 120, selling: true }],
    ] as const)
      expect((await request(t.app)[method](path).set(owner).send(body)).status).toBe(200);
    expect(
      (
        await request(t.app)
          .post('/api/products/ScrubClub/notify')
          .send({ email: 'notify.indexes@example.in' })
      ).status,
    ).toBe(201);

    // The courier: a packed order booked (test mode), its scans, and the polling job.
    const parcel = (await placePaidOrder(t, shopper.token, body)).order;
    await request(t.app)
      .post(`/api/admin/orders/${parcel._id}/status`)
      .set(owner)
      .send({ status: 'packed' })
      .expect(200);
    const booked = await request(t.app)
      .post(`/api/admin/orders/${parcel._id}/shipment`)
      .set(owner)
      .expect(200);
    for (const path of [
      `/api/admin/orders/${parcel._id}/shipment`,
      booked.body.labelUrl,
      '/api/admin/labels',
    ])
      expect((await request(t.app).get(path).set(owner)).status).toBe(200);
    for (const status of ['picked_up', 'out_for_delivery', 'delivered'])
      await request(t.app)
        .post('/api/shipping/test/advance')
        .send({ awb: booked.body.awb, status })
        .expect(200);
    await t.services.jobs.runNow('shipping');

    // The jobs.
    await t.services.jobs.runNow('reservation-expiry');
    await t.services.jobs.runNow('stock-wishes');
    await t.services.jobs.runNow('stock-ledger');
    await t.services.payments.reconcile({ minAgeMs: 0 });
    await t.services.refunds.settlePending();
    await t.services.jobs.runNow('sweep');

    const indexes = new Map<string, string[]>();
    const firstKeys = async (collection: string) => {
      if (!indexes.has(collection)) {
        const list = await mongoose.connection.db!.collection(collection).indexes();
        indexes.set(
          collection,
          list.map((i) => Object.keys(i.key)[0]!),
        );
      }
      return indexes.get(collection)!;
    };
    const unserved = new Set<string>();
    for (const shape of seen) {
      const leads = await firstKeys(shape.collection);
      const served =
        shape.fields.length > 0
          ? shape.fields.some((f) => leads.includes(f))
          : shape.sort.length === 0 || leads.includes(shape.sort[0]!);
      if (!served)
        unserved.add(
          `${shape.collection}.${shape.method}({${shape.fields.join(', ')}})${shape.sort.length ? `.sort(${shape.sort.join(', ')})` : ''}`,
        );
    }
    expect(seen.length).toBeGreaterThan(50);
    expect([...unserved]).toEqual([]);
  });
});
