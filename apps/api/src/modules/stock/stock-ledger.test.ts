import { priceCart, stockUnitsOf } from '@vanya/catalog';
import type { AdminStock, StockMove } from '@vanya/contracts';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from '../orders/order.model';
import { UserModel } from '../users/user.model';
import { ORPHAN_REASON } from './stock.service';
import { StockItemModel, StockMoveModel } from './stock.model';

const OWNER_EMAIL = 'owner.ledger@vanyanaturals.in';
const ITEMS = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];
const SINGLES = ['Bodybutter', 'ExfoliatingScrub', 'TanGoneSoap'];

// RECOVERY_STALE_MS is 100 ms here: what a dead process left is the ledger job's after that.
describe('the stock ledger after crashes and under a crowd', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: Awaited<ReturnType<typeof signUpVerified>>;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({
      SMTP_URL: sink.url,
      OWNER_EMAILS: OWNER_EMAIL,
      STOCK_INITIAL: '1000',
      RECOVERY_STALE_MS: '100',
    });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL)).token;
    shopper = await signUpVerified(t, sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const stock = async () =>
    (await request(t.app).get('/api/admin/stock').set(bearer(owner)).expect(200))
      .body as AdminStock;
  const countOf = async (productId: string) =>
    (await stock()).items.find((i) => i.productId === productId)!;

  /** Every page of a product's ledger as the owner reads it, newest first. */
  async function ledger(productId: string): Promise<StockMove[]> {
    const lines: StockMove[] = [];
    for (let page = 1; ; page += 1) {
      const res = await request(t.app)
        .get(`/api/admin/stock/${productId}/moves?page=${page}`)
        .set(bearer(owner))
        .expect(200);
      lines.push(...(res.body as StockMove[]));
      if (res.body.length < 100) return lines;
    }
  }

  /** The counts are the sums of the ledger's lines, product by product. */
  async function expectCountsAreLedgerSums() {
    for (const item of (await stock()).items) {
      const lines = await ledger(item.productId);
      expect({
        product: item.productId,
        onHand: lines.reduce((sum, l) => sum + l.change, 0),
        reserved: lines.reduce((sum, l) => sum + l.reservedChange, 0),
      }).toEqual({ product: item.productId, onHand: item.onHand, reserved: item.reserved });
    }
  }

  /** Units held: what the orders whose reservation is held hold, product by product. */
  async function heldByOrders(): Promise<Record<string, number>> {
    const held = Object.fromEntries(SINGLES.map((id) => [id, 0]));
    const orders = await OrderModel.find({ 'reservation.state': 'held' }).lean();
    for (const order of orders)
      for (const unit of order.reservation!.items) held[unit.productId]! += unit.quantity;
    return held;
  }
  const reservedCounts = async () =>
    Object.fromEntries((await stock()).items.map((i) => [i.productId, i.reserved]));

  /** Runs the ledger job until `check` holds (what the job finishes waits for RECOVERY_STALE_MS). */
  const afterLedgerJob = (check: () => Promise<void>) =>
    vi.waitFor(
      async () => {
        await t.services.jobs.runNow('stock-ledger');
        await check();
      },
      { timeout: 10_000, interval: 50 },
    );

  it('releases the units of a checkout whose process died before storing its order, and gives its coupon use back', async () => {
    await t.services.coupons.create({
      code: 'CRASH10',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      perCustomerLimit: 1,
      active: true,
    });
    const userId = (await UserModel.findOne({ email: shopper.email }).lean())!._id;
    const before = await reservedCounts();
    // What a checkout killed between its steps leaves: the units held and the coupon's use taken
    // under an order id, and no order stored under it.
    const dead = new Types.ObjectId();
    await t.services.stock.reserve(ITEMS, { _id: dead });
    const goods = priceCart(ITEMS).itemsTotal;
    await t.services.coupons.take('CRASH10', userId, dead, goods);
    expect((await countOf('Bodybutter')).reserved).toBe(before.Bodybutter! + 2);
    expect(await reservedCounts()).not.toEqual(await heldByOrders());

    // The shopper tries again: the coupon is still counted as used until the job gives it back.
    const discount = Math.round(goods / 10);
    const total = priceCart(ITEMS, { deliveryState: 'Maharashtra', couponDiscount: discount });
    const body = orderBody(ITEMS, 'Maharashtra', {
      couponCode: 'CRASH10',
      total_amount: (total.grandTotal / 100).toFixed(2),
    });
    const refused = await placeOrder(t, shopper.token, body);
    expect(refused.body.code).toBe('COUPON_ALREADY_USED');

    await afterLedgerJob(async () => expect(await reservedCounts()).toEqual(await heldByOrders()));
    // The release is in the owner's ledger with its reason, and the coupon can be used again.
    const released = (await ledger('Bodybutter')).find((l) => l.reason === ORPHAN_REASON);
    expect(released).toMatchObject({
      kind: 'released',
      change: 0,
      reservedChange: -2,
      orderNumber: null,
      by: 'system',
    });
    expect((await placeOrder(t, shopper.token, body)).status).toBe(201);
    expect(await reservedCounts()).toEqual(await heldByOrders());
    // Run again, the job releases nothing twice.
    await t.services.jobs.runNow('stock-ledger');
    expect(await reservedCounts()).toEqual(await heldByOrders());
    await expectCountsAreLedgerSums();
  });

  it('sells the units of a paid order whose process died between turning its reservation and moving them', async () => {
    const placed = await placeOrder(t, shopper.token, orderBody(ITEMS));
    expect(placed.status).toBe(201);
    const id = placed.body.order._id as string;
    const before = await countOf('Bodybutter');
    // What a process killed after the reservation's turn leaves: sold on the order, nothing moved.
    await OrderModel.updateOne(
      { _id: id },
      {
        $set: { status: 'paid', paymentId: 'pay_dead', 'reservation.state': 'sold' },
        $push: { 'reservation.unsettled': 'sold' },
      },
    );
    await afterLedgerJob(async () =>
      expect(await countOf('Bodybutter')).toMatchObject({
        onHand: before.onHand - 2,
        reserved: before.reserved - 2,
      }),
    );
    expect((await OrderModel.findById(id).lean())!.reservation!.unsettled).toEqual([]);
    await t.services.jobs.runNow('stock-ledger');
    const sold = (await ledger('Bodybutter')).filter(
      (l) => l.kind === 'sold' && l.orderNumber === placed.body.order.orderNumber,
    );
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({ change: -2, reservedChange: -2, by: 'system' });
    await expectCountsAreLedgerSums();
  });

  it('makes a move once however often it is asked for, and copies a line a dead process left on its count', async () => {
    const order = { _id: new Types.ObjectId() };
    const units = stockUnitsOf(ITEMS);
    const before = await countOf('TanGoneSoap');
    await t.services.stock.reserve(ITEMS, order);
    await Promise.all([
      t.services.stock.release(units, order, 'Cancelled', 'shopper'),
      t.services.stock.release(units, order, 'Cancelled', 'shopper'),
    ]);
    expect((await countOf('TanGoneSoap')).reserved).toBe(before.reserved);
    // A process killed between a count's write and the ledger's copy of its line.
    const key = `${String(order._id)}:released:TanGoneSoap`;
    await StockMoveModel.deleteOne({ _id: key });
    await afterLedgerJob(async () => {
      const item = await StockItemModel.findById('TanGoneSoap').lean();
      expect(item!.moveIds).not.toContain(key);
    });
    expect(await StockMoveModel.countDocuments({ _id: key })).toBe(1);
    expect((await countOf('TanGoneSoap')).reserved).toBe(before.reserved);
    await expectCountsAreLedgerSums();
  });

  it('keeps one line per move through 60 paid checkouts at once: every sale is in the owner’s ledger, and the counts are its sums', async () => {
    const shoppers = [
      shopper,
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => signUpVerified(t, sink)))),
    ];
    const paid = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        placePaidOrder(t, shoppers[i % shoppers.length]!.token, orderBody(ITEMS)),
      ),
    );
    await t.services.idle();
    const sold = new Set(
      (await ledger('Bodybutter')).filter((l) => l.kind === 'sold').map((l) => l.orderNumber),
    );
    expect(paid.filter(({ order }) => !sold.has(order.orderNumber))).toEqual([]);
    expect(await reservedCounts()).toEqual(await heldByOrders());
    await expectCountsAreLedgerSums();
  }, 120_000);
});
