import { CONTACT_SUBJECT_VALUES } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import {
  DEFAULT_ITEMS,
  orderBody,
  placeOrder,
  placePaidOrder,
  verifyTestPayment,
} from '../../testing/orders';
import { startOwnerApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';
import type { TestPaymentProvider } from '../payments/payment-provider';

// Each tile of the owner's dashboard opens exactly what it counts: the list its tile opens (the
// same query the web sends) holds as many items as the tile says, and only those.

describe("the dashboard's tiles", () => {
  let t: TestApp;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, owner, shopper, close } = await startOwnerApp(newEmail('owner-tiles')));
  });
  afterAll(() => close());

  const get = async (path: string, query: object = {}) =>
    (await request(t.app).get(path).query(query).set(bearer(owner)).expect(200)).body;
  const body = () => orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email });

  it('open the held payments, the orders to dispatch, the open returns and the active tickets they count', async () => {
    // To dispatch: two paid orders, one of them packed.
    const paid = await placePaidOrder(t, shopper.token, body());
    const packed = await placePaidOrder(t, shopper.token, body());
    await request(t.app)
      .post(`/api/admin/orders/${packed.order._id}/status`)
      .set(bearer(owner))
      .send({ status: 'packed' })
      .expect(200);
    // Unpaid: one merely waiting, one whose payment of the wrong amount is held.
    await placeOrder(t, shopper.token, body(), 'unpaid-order-1');
    const held = (await placeOrder(t, shopper.token, body(), 'held-order-1')).body;
    const provider = t.services.provider as TestPaymentProvider;
    const short = await provider.recordPayment(held.payment.providerOrderId, 100, 'success');
    const answer = await verifyTestPayment(
      t,
      held.order._id,
      held.payment.providerOrderId,
      short.id,
    );
    expect(answer.body.code).toBe('PAYMENT_HELD');
    // Returns: one requested (open), one rejected (closed).
    const returned = [];
    for (const order of [paid.order, (await placePaidOrder(t, shopper.token, body())).order])
      returned.push(
        (
          await request(t.app)
            .post('/api/returns')
            .set(bearer(shopper.token))
            .send({ orderId: order._id, reason: 'Not for me', method: 'original_payment' })
            .expect(201)
        ).body._id as string,
      );
    await request(t.app)
      .post(`/api/admin/returns/${returned[1]}`)
      .set(bearer(owner))
      .send({ action: 'reject' })
      .expect(200);
    // Tickets: one open, one in progress (answered), one closed.
    const tickets: string[] = [];
    for (const message of ['Where is my parcel?', 'Is the soap vegan?', 'Thanks, all good.'])
      tickets.push(
        (
          await request(t.app)
            .post('/api/tickets')
            .set(bearer(shopper.token))
            .field('message', message)
            .expect(201)
        ).body.id as string,
      );
    await request(t.app)
      .post(`/api/admin/tickets/${tickets[1]}/replies`)
      .set(bearer(owner))
      .send({ message: 'Yes, it is.' })
      .expect(201);
    await request(t.app)
      .post(`/api/admin/tickets/${tickets[2]}/status`)
      .set(bearer(owner))
      .send({ status: 'closed' })
      .expect(200);

    const summary = await get('/api/admin/summary');
    const heldList = await get('/api/admin/orders', { status: 'payment_held' });
    expect([summary.paymentsHeld, heldList.total]).toEqual([1, 1]);
    expect(heldList.items.map((o: { _id: string }) => o._id)).toEqual([held.order._id]);
    expect(heldList.items[0].paymentHeld).toBe(true);

    const dispatch = await get('/api/admin/orders', { status: 'to_dispatch' });
    expect([summary.ordersToDispatch, dispatch.total]).toEqual([3, 3]);

    const open = await get('/api/admin/returns', { status: 'open' });
    expect([summary.openReturns, open.length]).toEqual([1, 1]);
    expect(open[0]._id).toBe(returned[0]);
    expect(await get('/api/admin/returns')).toHaveLength(2);

    const active = await get('/api/admin/tickets', { status: 'active' });
    expect([summary.openTickets, active.length]).toEqual([2, 2]);
    expect(active.map((x: { id: string }) => x.id).sort()).toEqual(tickets.slice(0, 2).sort());
  });

  it('opens the unread messages it counts, once each', async () => {
    const write = (message: string) =>
      request(t.app)
        .post('/api/contact')
        .send({
          name: 'Kavya',
          email: 'kavya@example.in',
          subject: CONTACT_SUBJECT_VALUES[0],
          message,
        })
        .expect(201);
    await write('Do you make hampers for weddings?');
    expect((await get('/api/admin/messages')).map((m: { unread: boolean }) => m.unread)).toEqual([
      true,
    ]);
    await write('And for birthdays?');
    await write('Both, please.');
    const { unreadMessages } = await get('/api/admin/summary');
    const unread = await get('/api/admin/messages', { status: 'unread' });
    expect([unreadMessages, unread.length]).toEqual([2, 2]);
    expect(unread.map((m: { message: string }) => m.message)).toEqual([
      'Both, please.',
      'And for birthdays?',
    ]);
    expect(await get('/api/admin/messages', { status: 'unread' })).toEqual([]);
    expect(await get('/api/admin/messages')).toHaveLength(3);
  });
});
