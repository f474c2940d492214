import { ORDER_REFUSALS } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import { startOwnerApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';

// Every order answer carries what its viewer may do next, and the API refuses what it does not
// offer, with the same words.

type Action = { action: string; allowed: boolean; why?: string; code?: string };

describe("an order's next actions", () => {
  let t: TestApp;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, owner, shopper, close } = await startOwnerApp(newEmail('owner-actions')));
  });
  afterAll(() => close());

  const paidOrder = async () =>
    (
      await placePaidOrder(
        t,
        shopper.token,
        orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
      )
    ).order;
  const shopperSees = async (id: string) =>
    (await request(t.app).get(`/api/orders/${id}`).set(bearer(shopper.token)).expect(200)).body
      .nextActions as Action[];
  const ownerSees = async (id: string) =>
    (await request(t.app).get(`/api/admin/orders/${id}`).set(bearer(owner)).expect(200)).body.order
      .nextActions as Action[];
  const move = (id: string, body: object) =>
    request(t.app).post(`/api/admin/orders/${id}/status`).set(bearer(owner)).send(body);
  const allowed = (actions: Action[]) => actions.filter((a) => a.allowed).map((a) => a.action);

  it('differ by viewer: the shopper may cancel a paid order, the owner pack or cancel it', async () => {
    const placed = await placeOrder(
      t,
      shopper.token,
      orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
    );
    expect(placed.body.order.nextActions).toEqual([{ action: 'cancel', allowed: true }]);
    const order = await paidOrder();
    expect(await shopperSees(order._id)).toEqual([{ action: 'cancel', allowed: true }]);
    expect(allowed(await ownerSees(order._id))).toEqual(['pack', 'cancel']);
    const list = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: order.orderNumber })
      .set(bearer(owner))
      .expect(200);
    expect(allowed(list.body.items[0].nextActions)).toEqual(['pack', 'cancel']);
  });

  it("refuse the shopper's cancel once packed with the answer's own why", async () => {
    const order = await paidOrder();
    await move(order._id, { status: 'packed' }).expect(200);
    const offered = await shopperSees(order._id);
    expect(offered).toEqual([
      {
        action: 'cancel',
        allowed: false,
        why: ORDER_REFUSALS.notCancellable.message,
        code: 'ORDER_NOT_CANCELLABLE',
      },
    ]);
    const refused = await request(t.app)
      .post(`/api/orders/${order._id}/cancel`)
      .set(bearer(shopper.token));
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'ORDER_NOT_CANCELLABLE',
      offered[0]!.why,
    ]);
  });

  it('refuse a cancelled order anything, saying it is cancelled', async () => {
    const order = await paidOrder();
    await request(t.app)
      .post(`/api/orders/${order._id}/cancel`)
      .set(bearer(shopper.token))
      .expect(200);
    expect(await shopperSees(order._id)).toEqual([]);
    expect(await ownerSees(order._id)).toEqual([]);
    const again = await request(t.app)
      .post(`/api/orders/${order._id}/cancel`)
      .set(bearer(shopper.token));
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      'ORDER_NOT_CANCELLABLE',
      'This order is cancelled, so it can no longer be cancelled.',
    ]);
  });

  it("give the owner delivery, refusal at the door and refund after shipping, and refuse a move they don't offer", async () => {
    const order = await paidOrder();
    // A paid order is cancelled (and refunded), not refunded as such.
    const refund = await move(order._id, { status: 'refunded' });
    expect([refund.status, refund.body.code]).toEqual([409, 'ORDER_MOVE_NOT_ALLOWED']);
    await move(order._id, { status: 'packed' }).expect(200);
    const shipped = await move(order._id, {
      status: 'shipped',
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    }).expect(200);
    expect(allowed(shipped.body.order.nextActions)).toEqual([
      'mark_delivered',
      'mark_rto',
      'refund',
    ]);
    expect(await shopperSees(order._id)).toEqual([
      {
        action: 'cancel',
        allowed: false,
        why: ORDER_REFUSALS.notCancellable.message,
        code: 'ORDER_NOT_CANCELLABLE',
      },
    ]);
  });
});
