import { couponDiscountFor, formatAmountForOrder, priceCart } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { gstExport } from '../admin/gst-export';
import { OrderModel } from './order.model';

const ITEMS = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

/** The checkout form with a coupon and the total the catalogue gives it, as the web sends it. */
function couponBody(code: string, discount: number, state = 'Karnataka') {
  const total = priceCart(ITEMS, { deliveryState: state, couponDiscount: discount }).grandTotal;
  return orderBody(ITEMS, state, { couponCode: code, total_amount: formatAmountForOrder(total) });
}

describe('orders with a coupon', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('prices a 10% coupon to the paisa, lowers the taxable value, and refuses it the second time', async () => {
    await t.services.coupons.create({
      code: 'DIWALI10',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      perCustomerLimit: 1,
      active: true,
    });
    const shopper = await signUpVerified(t, sink);
    const plain = priceCart(ITEMS, { deliveryState: 'Karnataka' });
    // ₹349 x 2 + ₹179 = ₹877; 10% is ₹87.70.
    const discount = couponDiscountFor({ kind: 'percent', value: 10 }, plain.itemsTotal);
    expect(discount).toBe(8770);

    // A total computed without the coupon is refused with the server's figures.
    const stale = await placeOrder(
      t,
      shopper.token,
      orderBody(ITEMS, 'Karnataka', { couponCode: 'DIWALI10' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('TOTAL_MISMATCH');
    expect(stale.body.totals).toMatchObject({ couponDiscount: 8770, grandTotal: 87700 - 8770 });

    const { order } = await placePaidOrder(t, shopper.token, couponBody('diwali10', discount));
    const stored = (await OrderModel.findById(order._id).lean())!;
    expect(stored.coupon).toEqual({ code: 'DIWALI10', discount: 8770 });
    expect(stored.totals.grandTotal).toBe(78930);
    expect(stored.lines.map((l) => l.couponShare)).toEqual([6980, 1790]);
    expect(stored.lines.reduce((sum, l) => sum + l.taxableValue + l.igst, 0)).toBe(78930);
    expect(stored.totals.taxableValue).toBeLessThan(plain.taxableValue);
    expect(stored.totals.taxableValue).toBe(
      priceCart(ITEMS, { deliveryState: 'Karnataka', couponDiscount: 8770 }).taxableValue,
    );

    // The GST return counts the lowered values: its invoice table adds up to what was paid.
    await t.services.idle();
    const invoiced = (await OrderModel.findById(order._id).lean())!;
    // The invoice's day in India, as the return counts days.
    const day = new Date(invoiced.invoiceDate!.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const gst = await gstExport(day, day);
    expect(gst.totals.invoices.value).toBe(78930);
    expect(gst.totals.invoices.taxableValue + gst.totals.invoices.igst).toBe(78930);

    const again = await placeOrder(t, shopper.token, couponBody('DIWALI10', discount));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('COUPON_ALREADY_USED');
    const unknown = await placeOrder(t, shopper.token, couponBody('NOSUCH10', discount));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('COUPON_UNKNOWN');
  });

  it('gives a 5-use coupon to exactly 5 of 20 shoppers ordering at once', async () => {
    await t.services.coupons.create({
      code: 'FIRST5',
      kind: 'flat',
      value: 10_000,
      minOrder: 0,
      usageLimit: 5,
      perCustomerLimit: 1,
      active: true,
    });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUpVerified(t, sink)));
    const results = await Promise.all(
      shoppers.map((s) => placeOrder(t, s.token, couponBody('FIRST5', 10_000))),
    );
    const statuses = results.map((r) => `${r.status} ${r.body.code ?? ''}`.trim());
    expect(statuses.filter((s) => s === '201')).toHaveLength(5);
    expect(statuses.filter((s) => s === '409 COUPON_USED_UP')).toHaveLength(15);
    expect(await OrderModel.countDocuments({ 'coupon.code': 'FIRST5' })).toBe(5);
    expect((await t.services.coupons.get('FIRST5')).used).toBe(5);

    // A shopper who cancels the unpaid order gives the use back for someone else.
    const winner = results.findIndex((r) => r.status === 201);
    const cancelled = await request(t.app)
      .post(`/api/orders/${results[winner]!.body.order._id}/cancel`)
      .set(bearer(shoppers[winner]!.token));
    expect(cancelled.body.status).toBe('cancelled');
    expect((await t.services.coupons.get('FIRST5')).used).toBe(4);
    const loser = results.findIndex((r) => r.status === 409);
    expect((await placeOrder(t, shoppers[loser]!.token, couponBody('FIRST5', 10_000))).status).toBe(
      201,
    );
  });
});
