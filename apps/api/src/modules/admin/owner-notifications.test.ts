import type { OwnerNotificationList } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import { orderBody, placePaidOrder } from '../../testing/orders';
import { startOwnerApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';

// The notices to the owner are listed in the owner area too: each stored once, newest first,
// linked to its order, return, ticket or product, with an unread count the owner brings down.

describe("the owner area's notifications", () => {
  let t: TestApp;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, owner, shopper, close } = await startOwnerApp(newEmail('owner-notifications')));
  });
  afterAll(() => close());

  const list = async (query: object = {}) =>
    (
      await request(t.app)
        .get('/api/admin/notifications')
        .query(query)
        .set(bearer(owner))
        .expect(200)
    ).body as OwnerNotificationList;

  it('lists each notice once, newest first, linked to what it is about; marks them read', async () => {
    expect(await list()).toEqual({ items: [], unread: 0 });
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    await t.services.idle();
    // Finishing the order again (a retried webhook) notices nothing new.
    await t.services.lifecycle.finish((await t.services.lifecycle.read(order._id))!);
    await t.services.idle();
    const ret = (
      await request(t.app)
        .post('/api/returns')
        .set(bearer(shopper.token))
        .send({ orderId: order._id, reason: 'Arrived melted', method: 'original_payment' })
        .expect(201)
    ).body;
    await t.services.idle();
    const ticket = (
      await request(t.app)
        .post('/api/tickets')
        .set(bearer(shopper.token))
        .field('message', 'Where is my parcel?')
        .expect(201)
    ).body;
    await t.services.idle();
    // A product falling to its low-stock level (the level raised above what is left).
    await request(t.app)
      .put('/api/admin/stock/TanGoneSoap')
      .set(bearer(owner))
      .send({ lowStockAt: 100_000 })
      .expect(200);
    await request(t.app)
      .post('/api/admin/stock/TanGoneSoap')
      .set(bearer(owner))
      .send({ adjust: -1, reason: 'Cracked' })
      .expect(200);
    await t.services.idle();

    const all = await list();
    expect(all.unread).toBe(4);
    expect(all.items.map((n) => [n.kind, n.path, n.read])).toEqual([
      ['lowStock', '/admin?tab=stock&product=TanGoneSoap', false],
      ['ticket', `/admin?tab=tickets&ticket=${ticket.id}`, false],
      ['returnRequest', `/admin?tab=returns&return=${ret._id}`, false],
      ['newOrder', `/admin?tab=orders&order=${order._id}`, false],
    ]);
    expect(all.items[3]!.title).toMatch(new RegExp(`^New order ${order.orderNumber}: ₹`));
    expect(all.items[2]!.title).toBe(`Return requested for order ${order.orderNumber}`);
    expect((await list({ limit: 2 })).items.map((n) => n.kind)).toEqual(['lowStock', 'ticket']);

    const opened = await request(t.app)
      .post(`/api/admin/notifications/${all.items[3]!.id}/read`)
      .set(bearer(owner));
    expect([opened.status, opened.body.read]).toEqual([200, true]);
    expect((await list()).unread).toBe(3);
    const everything = await request(t.app)
      .post('/api/admin/notifications/read')
      .set(bearer(owner))
      .expect(200);
    expect(everything.body.unread).toBe(0);
    expect(everything.body.items.every((n: { read: boolean }) => n.read)).toBe(true);

    await request(t.app)
      .post('/api/admin/notifications/65f1a2b3c4d5e6f708192a3b/read')
      .set(bearer(owner))
      .expect(404);
    await request(t.app).get('/api/admin/notifications').set(bearer(shopper.token)).expect(403);
  });
});
