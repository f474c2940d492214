import { apiRoutes, toExpressPath } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';
import { orderBody } from '../src/testing/orders';
import type { Items } from '../src/testing/orders';
import { OWNER_EMAIL, signUp, useBuiltApi, verifyBody } from './support/built-api';
import type { Shopper } from './support/built-api';

// The owner's day, from outside: the built API in production mode, over HTTP only. The owner is
// whoever signs up with the address in OWNER_EMAILS; shoppers see what the owner does in their
// mail and their profile.

describe('the owner area against the built API', () => {
  const t = useBuiltApi();
  let owner: Shopper;
  const ownerToken = async () => {
    owner ??= await signUp(t.stack, t.api, 'Meera Deshmukh', OWNER_EMAIL);
    return owner.token;
  };

  async function paidOrder(shopper: Shopper, items?: Items, state = 'Maharashtra') {
    const placed = await t.api.post(
      '/api/orders',
      orderBody(items, state, { email: shopper.email }),
      shopper.token,
    );
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    const paid = t.stack.razorpay.capture(payment.providerOrderId);
    const verified = await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, paid.id, t.stack.keys.keySecret),
    );
    expect(verified.body.order.status).toBe('paid');
    return { order: order as { _id: string; orderNumber: string }, paymentId: paid.id };
  }

  it("refuses a customer's token and no token on every admin route", async () => {
    const routes = apiRoutes.filter((r) => r.path.startsWith('/admin/'));
    for (const route of routes) {
      const url = `/api${toExpressPath(route.path).replace(':id', route.path.includes('products') ? 'Bodybutter' : '65f1a2b3c4d5e6f708192a3b')}`;
      const call = (token?: string) =>
        route.method === 'get'
          ? t.api.get(url, token)
          : route.method === 'post'
            ? t.api.post(url, {}, token)
            : fetch(new URL(url, t.stack.baseUrl), {
                method: route.method.toUpperCase(),
                headers: {
                  'Content-Type': 'application/json',
                  ...(token ? { Authorization: `Bearer ${token}` } : {}),
                },
                body: '{}',
              });
      expect([url, (await call()).status]).toEqual([url, 401]);
      expect([url, (await call(t.asha.token)).status]).toEqual([url, 403]);
    }
  });

  it('dispatches a paid order with a tracking number: the shopper gets the shipping mail and sees the timeline', async () => {
    const token = await ownerToken();
    const { order } = await paidOrder(t.asha);
    const move = (body: object) => t.api.post(`/api/admin/orders/${order._id}/status`, body, token);
    expect((await move({ status: 'packed' })).status).toBe(200);
    const shipped = await move({
      status: 'shipped',
      carrier: 'India Post',
      trackingNumber: 'EE998877665IN',
      trackingUrl: 'https://www.indiapost.gov.in/track?id=EE998877665IN',
    });
    expect(shipped.status).toBe(200);
    const mail = await t.stack.smtp.waitFor(
      t.asha.email,
      new RegExp(`${order.orderNumber} has shipped`),
    );
    expect(mail.html).toContain('https://www.indiapost.gov.in/track?id=EE998877665IN');
    const seen = await t.api.get(`/api/orders/${order._id}`, t.asha.token);
    expect(seen.body.events.map((e: { status: string }) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'packed',
      'shipped',
    ]);
    expect(seen.body.events[3]).toMatchObject({ trackingNumber: 'EE998877665IN', by: 'owner' });
  });

  it('refunds a return through the provider and lists it as a credit note in the GST export, whose sums are the invoices', async () => {
    const token = await ownerToken();
    const { order, paymentId } = await paidOrder(
      t.ravi,
      [{ productId: 'Bodybutter', quantity: 2 }],
      'Karnataka',
    );
    for (const status of ['packed', 'shipped', 'delivered'])
      await t.api.post(
        `/api/admin/orders/${order._id}/status`,
        status === 'shipped'
          ? { status, carrier: 'Delhivery', trackingNumber: 'DLV1' }
          : { status },
        token,
      );
    const opened = await t.api.post(
      '/api/returns',
      { orderId: order._id, reason: 'Arrived melted', method: 'original_payment' },
      t.ravi.token,
    );
    expect(opened.status).toBe(201);
    for (const action of ['approve', 'receive'])
      expect(
        (await t.api.post(`/api/admin/returns/${opened.body._id}`, { action }, token)).status,
      ).toBe(200);
    const refunded = await t.api.post(
      `/api/admin/returns/${opened.body._id}`,
      { action: 'refund', refundAmount: 34_900 },
      token,
    );
    expect(refunded.body).toMatchObject({ status: 'refunded', refundedAmount: 34_900 });
    // Razorpay was asked for exactly that refund, on the payment that paid the order.
    expect(t.stack.razorpay.refunds).toContainEqual(
      expect.objectContaining({ payment_id: paymentId, amount: 34_900 }),
    );
    await t.stack.smtp.waitFor(t.ravi.email, /return for order .*: refunded/);

    const gst = await t.api.get('/api/admin/gst?from=2020-01-01&to=2099-12-31', token);
    expect(gst.status).toBe(200);
    const note = gst.body.creditNotes.find(
      (n: { invoiceNumber: string; noteValue: number }) => n.noteValue === 34_900,
    );
    expect(note).toMatchObject({ placeOfSupply: '29-Karnataka', rate: 18, reportedIn: 'b2cs' });
    // The tables add up to the invoices the shoppers can download, less the credit notes (all to
    // unregistered buyers here, netted into Table 7 and Table 12).
    const sum = (rows: { taxableValue: number }[]) => rows.reduce((a, r) => a + r.taxableValue, 0);
    const net = gst.body.totals.invoices.taxableValue - gst.body.totals.creditNotes.taxableValue;
    expect(sum([...gst.body.b2b, ...gst.body.b2cs])).toBe(net);
    expect(sum([...gst.body.hsn.b2b, ...gst.body.hsn.b2c])).toBe(net);
    const invoices = [
      ...(await t.api.get('/api/invoices', t.asha.token)).body,
      ...(await t.api.get('/api/invoices', t.ravi.token)).body,
    ];
    expect(gst.body.totals.invoices.count).toBe(invoices.length);
    expect(gst.body.totals.invoices.value).toBe(
      invoices.reduce((a: number, i: { amount: number }) => a + i.amount, 0),
    );
  });

  it('puts a ticket reply in front of the shopper, and stops orders of a product switched out of stock', async () => {
    const token = await ownerToken();
    const form = new FormData();
    form.set('message', 'Is the scrub safe for sensitive skin?');
    const ticket = await t.api.postForm('/api/tickets', form, t.asha.token);
    expect(ticket.status).toBe(201);
    await t.api.post(
      `/api/admin/tickets/${ticket.body.id}/replies`,
      { message: 'Yes: patch-test it on your wrist first.' },
      token,
    );
    const mail = await t.stack.smtp.waitFor(t.asha.email, /replied to your message/);
    expect(mail.text).toContain('patch-test it on your wrist first');
    expect((await t.api.get(`/api/tickets/${ticket.body.id}`, t.asha.token)).body.replies).toEqual([
      expect.objectContaining({ by: 'owner', message: 'Yes: patch-test it on your wrist first.' }),
    ]);

    const off = await fetch(new URL('/api/admin/products/TanGoneSoap/stock', t.stack.baseUrl), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ inStock: false }),
    });
    expect(off.status).toBe(200);
    expect((await t.api.get('/api/products/TanGoneSoap')).body.inStock).toBe(false);
    const refused = await t.api.post(
      '/api/orders',
      orderBody([{ productId: 'TanGoneSoap', quantity: 1 }], 'Maharashtra', {
        email: t.asha.email,
      }),
      t.asha.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', productId: 'TanGoneSoap' });
  });

  it("names a second owner with the image's owner command, and takes the role back with it", async () => {
    const partner = await signUp(t.stack, t.api, 'Kavya Deshmukh');
    const orders = () => t.api.get('/api/admin/orders', partner.token);
    expect((await orders()).status).toBe(403);

    const granted = await t.stack.command('owner', ['grant', partner.email.toUpperCase()]);
    expect(granted).toEqual({
      code: 0,
      output: `${partner.email} is now an owner: the owner area is at /admin.\n`,
    });
    expect((await orders()).status).toBe(200);

    const revoked = await t.stack.command('owner', ['revoke', partner.email]);
    expect(revoked.code).toBe(0);
    expect(revoked.output).toContain(`${partner.email} is a customer again`);
    expect((await orders()).status).toBe(403);

    const unknown = await t.stack.command('owner', ['grant', 'nobody@example.in']);
    expect(unknown).toEqual({
      code: 1,
      output: 'No account has the email nobody@example.in. Sign up first, then run this again.\n',
    });
  });
});
