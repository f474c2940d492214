import { apiRoutes, CONTACT_SUBJECT_VALUES, toExpressPath } from '@vanya/contracts';
import { trusted } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, signUpVerified } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import type { Items } from '../../testing/orders';
import { startOwnerApp, startShopperApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import { pdfText } from '../../testing/pdf';
import type { SmtpSink } from '../../testing/smtp-sink';
import type { TestApp } from '../../testing/test-app';
import type { TestPaymentProvider } from '../payments/payment-provider';
import { CreditNoteModel } from '../invoices/credit-note.model';
import { OrderModel } from '../orders/order.model';
import { setOwner } from './owners';

const OWNER_EMAIL = newEmail('owner');
const SAMPLE_ID = '65f1a2b3c4d5e6f708192a3b';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('the owner area', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const provider = () => t.services.provider as TestPaymentProvider;

  beforeAll(async () => {
    ({ t, sink, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL, {
      ownerName: 'Meera Deshmukh',
      // Read trimmed and in any case.
      env: { OWNER_EMAILS: ` ${OWNER_EMAIL.toUpperCase()} ` },
    }));
  });
  afterAll(() => close());

  /** A placed and paid order of the shopper (through verify, as the browser pays). */
  const paidOrder = (items = DEFAULT_ITEMS) =>
    placePaidOrder(t, shopper.token, orderBody(items, 'Maharashtra', { email: shopper.email }));

  const move = (id: string, body: object, token = owner) =>
    request(t.app).post(`/api/admin/orders/${id}/status`).set(bearer(token)).send(body);

  it('answers 401 without a session and 403 to a customer on every admin route', async () => {
    const adminRoutes = apiRoutes.filter((r) => r.path.startsWith('/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of adminRoutes) {
      const url = `/api${toExpressPath(route.path).replace(':id', route.path.includes('products') ? 'Bodybutter' : SAMPLE_ID)}`;
      const anonymous = await request(t.app)[route.method](url).send({});
      expect([route.method, url, anonymous.status]).toEqual([route.method, url, 401]);
      const customer = await request(t.app)[route.method](url).set(bearer(shopper.token)).send({});
      expect([route.method, url, customer.status, customer.body.code]).toEqual([
        route.method,
        url,
        403,
        'FORBIDDEN',
      ]);
    }
  });

  it('lets in an account granted with owner:grant, and no longer once revoked', async () => {
    const granted = await signUpVerified(t, sink);
    expect(await setOwner(granted.email, true)).toMatch(/is now an owner/);
    await request(t.app).get('/api/admin/summary').set(bearer(granted.token)).expect(200);
    // The account page learns from /auth/me whether to offer the way into the owner area.
    const me = (token: string) => request(t.app).get('/api/auth/me').set(bearer(token));
    expect((await me(granted.token)).body.data.owner).toBe(true);
    expect((await me(owner)).body.data.owner).toBe(true);
    expect(await setOwner(granted.email, false)).toMatch(/customer again/);
    await request(t.app).get('/api/admin/summary').set(bearer(granted.token)).expect(403);
    expect((await me(granted.token)).body.data.owner).toBe(false);
    await expect(setOwner('nobody@example.in', true)).rejects.toThrow(/No account/);
  });

  it('dispatches a paid order: packed, shipped with tracking, delivered; the shopper is mailed and sees the timeline', async () => {
    const { order } = await paidOrder();
    expect((await move(order._id, { status: 'packed' })).body.order.status).toBe('packed');

    const untracked = await move(order._id, { status: 'shipped', carrier: 'India Post' });
    expect(untracked.status).toBe(400);
    expect((await OrderModel.findById(order._id).lean())!.status).toBe('packed');

    const shipped = await move(order._id, {
      status: 'shipped',
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
      trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN',
    });
    expect(shipped.status).toBe(200);
    const mail = await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} has shipped`));
    expect(mail.text).toContain('EE123456789IN');
    expect(mail.html).toContain('https://www.indiapost.gov.in/track?id=EE123456789IN');

    await move(order._id, { status: 'delivered' }).expect(200);
    await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} was delivered`));

    const seen = await request(t.app).get(`/api/orders/${order._id}`).set(bearer(shopper.token));
    expect(seen.body.status).toBe('delivered');
    expect(seen.body.events.map((e: { status: string }) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'packed',
      'shipped',
      'delivered',
    ]);
    expect(seen.body.events[3]).toMatchObject({
      by: 'owner',
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });

    const audit = await request(t.app).get('/api/admin/audit').set(bearer(owner));
    expect(
      audit.body
        .filter((e: { target: string }) => e.target === order.orderNumber)
        .map((e: { action: string; actor: string }) => [e.action, e.actor]),
    ).toEqual([
      ['order.delivered', OWNER_EMAIL.toLowerCase()],
      ['order.shipped', OWNER_EMAIL.toLowerCase()],
      ['order.packed', OWNER_EMAIL.toLowerCase()],
    ]);
  });

  it('refuses a move the lifecycle does not allow with 409 and changes nothing', async () => {
    const { order } = await paidOrder();
    const res = await move(order._id, { status: 'delivered' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ORDER_MOVE_NOT_ALLOWED');
    expect((await OrderModel.findById(order._id).lean())!.status).toBe('paid');
  });

  it('cancels a paid order by refunding it whole through the provider, and tells the shopper', async () => {
    const { order, paymentId } = await paidOrder();
    const res = await move(order._id, { status: 'cancelled', note: 'Out of kokum butter' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
    const payment = await provider().fetchPayment(paymentId);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: payment.amount });
    expect(res.body.refunded).toBe(payment.amount);
    expect(res.body.paymentEvents.map((e: { type: string }) => e.type)).toContain('refund');
    const mail = await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} is cancelled`));
    expect(mail.text).toContain('on its way back');
    // Running reconciliation afterwards refunds nothing more.
    const run = await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(run.refunded).toBe(0);
  });

  it('lists orders by status and by search, a page at a time, and shows one with its payment events and invoice', async () => {
    const { order } = await paidOrder();
    const byNumber = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: order.orderNumber })
      .set(bearer(owner));
    expect(byNumber.body.items.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    const byEmail = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: shopper.email.toUpperCase(), limit: 2, page: 1 })
      .set(bearer(owner));
    expect(byEmail.body.items).toHaveLength(2);
    expect(byEmail.body.total).toBeGreaterThan(2);
    const page2 = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: shopper.email, limit: 2, page: 2 })
      .set(bearer(owner));
    expect(page2.body.items[0]._id).not.toBe(byEmail.body.items[0]._id);
    const paidOnly = await request(t.app)
      .get('/api/admin/orders')
      .query({ status: 'paid', limit: 100 })
      .set(bearer(owner));
    expect(paidOnly.body.items.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect(paidOnly.body.items.map((o: { _id: string }) => o._id)).toContain(order._id);
    await request(t.app)
      .get('/api/admin/orders')
      .query({ status: 'lost' })
      .set(bearer(owner))
      .expect(400);

    const detail = await request(t.app).get(`/api/admin/orders/${order._id}`).set(bearer(owner));
    expect(detail.body.order.orderNumber).toBe(order.orderNumber);
    expect(detail.body.paymentEvents.map((e: { type: string }) => e.type)).toContain('paid');
    expect(detail.body.invoice.invoiceNumber).toMatch(/^VNY\//);
  });

  it('reads the audit log by kind of action and by days', async () => {
    const { order } = await paidOrder();
    await move(order._id, { status: 'packed' }).expect(200);
    await request(t.app)
      .put('/api/admin/products/Bodybutter/stock')
      .set(bearer(owner))
      .send({ inStock: true })
      .expect(200);
    const log = (query: Record<string, string>) =>
      request(t.app).get('/api/admin/audit').query(query).set(bearer(owner));
    const orders = (await log({ area: 'order' })).body as { action: string; target: string }[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((e) => e.action.startsWith('order.'))).toBe(true);
    expect(orders[0]).toMatchObject({ action: 'order.packed', target: order.orderNumber });
    const stock = (await log({ area: 'stock' })).body as { action: string }[];
    expect(stock.map((e) => e.action)).toContain('stock.in');
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await log({ from: today, to: today })).body.length).toBeGreaterThan(0);
    expect((await log({ from: '2020-01-01', to: '2020-01-31' })).body).toEqual([]);
    expect((await log({ area: 'everything' })).status).toBe(400);
  });

  it('prints a packing slip with the address and the quantities, without prices', async () => {
    const { order } = await paidOrder();
    const res = await request(t.app)
      .get(`/api/admin/orders/${order._id}/packing-slip`)
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Shivaji Nagar');
    expect(text).toContain('2 NOS');
    expect(text).not.toContain('₹');
  });

  it('prints every slip to pack in one PDF, and packs several orders at once', async () => {
    // Whatever earlier tests left to pack is packed first, so the figures are this test's.
    const waiting = await request(t.app)
      .get('/api/admin/orders')
      .query({ status: 'paid', limit: 100 })
      .set(bearer(owner));
    const earlier = (waiting.body.items as { _id: string }[]).map((o) => o._id);
    if (earlier.length > 0)
      await request(t.app).post('/api/admin/packing').set(bearer(owner)).send({ ids: earlier });
    await request(t.app).get('/api/admin/packing-slips').set(bearer(owner)).expect(404);

    const first = (await paidOrder()).order;
    const second = (await paidOrder()).order;
    const unpaid = await placeOrder(t, shopper.token, orderBody(DEFAULT_ITEMS, 'Maharashtra'));
    const slips = await request(t.app)
      .get('/api/admin/packing-slips')
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(slips.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(slips.body as Buffer);
    expect(text).toContain(first.orderNumber);
    expect(text).toContain(second.orderNumber);
    expect(text).not.toContain(unpaid.body.order.orderNumber);

    const packed = await request(t.app)
      .post('/api/admin/packing')
      .set(bearer(owner))
      .send({ ids: [first._id, second._id, unpaid.body.order._id] });
    expect(packed.status).toBe(200);
    expect(packed.body.packed).toEqual([first.orderNumber, second.orderNumber]);
    expect(packed.body.refused).toEqual([
      { id: unpaid.body.order._id, message: expect.stringMatching(/cannot become packed/) },
    ]);
    await request(t.app).get('/api/admin/packing-slips').set(bearer(owner)).expect(404);
  });

  it('switches a product out of stock: the catalogue says so and orders with it are refused, until it is back', async () => {
    await request(t.app)
      .put('/api/admin/products/Bodybutter/stock')
      .set(bearer(owner))
      .send({ inStock: false })
      .expect(200);
    const product = await request(t.app).get('/api/products/Bodybutter');
    expect(product.body.inStock).toBe(false);
    const list = await request(t.app).get('/api/products');
    expect(list.body.find((p: { id: string }) => p.id === 'Bodybutter').inStock).toBe(false);
    const refused = await placeOrder(t, shopper.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', productId: 'Bodybutter' });
    expect(refused.body.message).toMatch(/out of stock/);

    await request(t.app)
      .put('/api/admin/products/Bodybutter/stock')
      .set(bearer(owner))
      .send({ inStock: true })
      .expect(200);
    expect((await placeOrder(t, shopper.token)).status).toBe(201);
    await request(t.app)
      .put('/api/admin/products/NoSuchThing/stock')
      .set(bearer(owner))
      .send({ inStock: false })
      .expect(404);
  });

  it('sums the day for the dashboard and lists contact messages, read once listed', async () => {
    await request(t.app)
      .post('/api/contact')
      .send({
        name: 'Kavya',
        email: 'kavya@example.in',
        subject: CONTACT_SUBJECT_VALUES[0],
        message: 'Do you make hampers for weddings?',
      })
      .expect(201);
    const before = await request(t.app).get('/api/admin/summary').set(bearer(owner));
    expect(before.body.unreadMessages).toBeGreaterThanOrEqual(1);
    expect(before.body.sales.today).toBeGreaterThan(0);
    expect(before.body.sales.last7Days).toBeGreaterThanOrEqual(before.body.sales.today);
    const messages = await request(t.app).get('/api/admin/messages').set(bearer(owner));
    expect(messages.body[0]).toMatchObject({
      subject: CONTACT_SUBJECT_VALUES[0],
      message: 'Do you make hampers for weddings?',
      unread: true,
    });
    const after = await request(t.app).get('/api/admin/summary').set(bearer(owner));
    expect(after.body.unreadMessages).toBe(0);
  });

  it('lists the waitlist signups to the owner, newest first, with the email, name and date', async () => {
    const first = newEmail('waitlist-first');
    const second = newEmail('waitlist-second');
    for (const [email, name] of [
      [first, 'Kavya Rao'],
      [second, 'Nikhil Joshi'],
    ] as const) {
      // Each answer comes after the confirmation is mailed, so the second joined later.
      await request(t.app).post('/api/waitlist').send({ name, email }).expect(201);
    }

    const res = await request(t.app).get('/api/admin/waitlist').set(bearer(owner));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ours = (res.body as { email: string; name: string; createdAt: string }[]).filter((e) =>
      [first, second].includes(e.email),
    );
    expect(ours.map((e) => [e.email, e.name])).toEqual([
      [second, 'Nikhil Joshi'],
      [first, 'Kavya Rao'],
    ]);
    expect(Object.keys(ours[0]!).sort()).toEqual(['createdAt', 'email', 'name']);
    expect(Date.parse(ours[0]!.createdAt)).toBeGreaterThan(Date.parse(ours[1]!.createdAt));
    const dates = (res.body as { createdAt: string }[]).map((e) => Date.parse(e.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    await request(t.app).get('/api/admin/waitlist').set(bearer(shopper.token)).expect(403);
  });
});

describe("the shopper's cancel", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sink, shopper, close } = await startShopperApp());
  });
  afterAll(() => close());

  it('cancels a paid order before it is packed and refunds it; refuses once packed', async () => {
    const provider = t.services.provider as TestPaymentProvider;
    const place = async () => {
      const { order, paymentId } = await placePaidOrder(
        t,
        shopper.token,
        orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
      );
      return { id: order._id, paymentId };
    };

    const first = await place();
    const cancelled = await request(t.app)
      .post(`/api/orders/${first.id}/cancel`)
      .set(bearer(shopper.token));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.events.at(-1)).toMatchObject({ status: 'cancelled', by: 'shopper' });
    expect((await provider.fetchPayment(first.paymentId)).status).toBe('refunded');

    const second = await place();
    const order = (await OrderModel.findById(second.id).lean())!;
    await t.services.lifecycle.move(order, 'packed', 'owner');
    const late = await request(t.app)
      .post(`/api/orders/${second.id}/cancel`)
      .set(bearer(shopper.token));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ORDER_NOT_CANCELLABLE');
    expect((await provider.fetchPayment(second.paymentId)).status).toBe('captured');

    const stranger = await signUpVerified(t, sink);
    await request(t.app)
      .post(`/api/orders/${second.id}/cancel`)
      .set(bearer(stranger.token))
      .expect(404);
  });
});

describe('the GST export', () => {
  let t: TestApp;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const istDay = (offsetDays: number) =>
    new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    ({ t, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL));
  });
  afterAll(() => close());

  const paid = async (items: Items, state: string, gstNumber = '') =>
    (
      await placePaidOrder(
        t,
        shopper.token,
        orderBody(items, state, { email: shopper.email, gstNumber }),
      )
    ).order._id;

  it('gives GSTR-1 tables whose every figure is the sum of the invoices and credit notes in the range', async () => {
    await paid(
      [
        { productId: 'Bodybutter', quantity: 2 },
        { productId: 'TanGoneSoap', quantity: 3 },
      ],
      'Maharashtra',
    );
    await paid([{ productId: 'Bodybutter', quantity: 1 }], 'Karnataka');
    await paid([{ productId: 'TanGoneSoap', quantity: 4 }], 'Maharashtra', '27AAPFU0939F1ZV');
    const cancelledId = await paid([{ productId: 'Bodybutter', quantity: 3 }], 'Gujarat');
    await request(t.app)
      .post(`/api/admin/orders/${cancelledId}/status`)
      .set(bearer(owner))
      .send({ status: 'cancelled' })
      .expect(200);

    const res = await request(t.app)
      .get('/api/admin/gst')
      .query({ from: istDay(-1), to: istDay(1) })
      .set(bearer(owner));
    expect(res.status).toBe(200);
    const report = res.body;

    // Independently: every invoiced order's stored lines, summed here.
    const orders = await OrderModel.find({ invoiceNumber: trusted({ $ne: null }) }).lean();
    expect(orders).toHaveLength(4);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const lines = orders.flatMap((o) => o.lines);
    const expected = {
      taxableValue: sum(lines.map((l) => l.taxableValue)),
      igst: sum(lines.map((l) => l.igst)),
      cgst: sum(lines.map((l) => l.cgst)),
      sgst: sum(lines.map((l) => l.sgst)),
    };
    expect(report.totals.invoices).toEqual({
      count: 4,
      value: sum(orders.map((o) => o.totals.grandTotal)),
      ...expected,
    });
    const of = (rows: Record<string, number>[]) => ({
      taxableValue: sum(rows.map((r) => r.taxableValue!)),
      igst: sum(rows.map((r) => r.igst!)),
      cgst: sum(rows.map((r) => r.cgst!)),
      sgst: sum(rows.map((r) => r.sgst!)),
    });
    // Tables 4A and 7 and Table 12 are net of the credit notes (all to unregistered buyers on B2C
    // small invoices here, so netted into Table 7), the notes' own figures summed independently.
    const notes = await CreditNoteModel.find().lean();
    const noteLines = notes.flatMap((n) => n.lines);
    const net = {
      taxableValue: expected.taxableValue - sum(noteLines.map((l) => l.taxableValue)),
      igst: expected.igst - sum(noteLines.map((l) => l.igst)),
      cgst: expected.cgst - sum(noteLines.map((l) => l.cgst)),
      sgst: expected.sgst - sum(noteLines.map((l) => l.sgst)),
    };
    expect(of([...report.b2b, ...report.b2cs])).toEqual(net);
    expect(of([...report.hsn.b2b, ...report.hsn.b2c])).toEqual(net);
    expect(of(report.hsn.b2b)).toEqual(of(report.b2b));
    expect(
      sum([...report.hsn.b2b, ...report.hsn.b2c].map((r: { quantity: number }) => r.quantity)),
    ).toBe(sum(lines.map((l) => l.quantity)) - sum(noteLines.map((l) => l.quantity)));
    expect(
      report.hsn.b2c.map(
        (r: { hsn: string; rate: number; description: string }) =>
          `${r.hsn}@${r.rate} ${r.description}`,
      ),
    ).toEqual(['3304@18 Preparations for the care of the skin', '3401@5 Soap']);
    expect(report.hsn.b2b.map((r: { hsn: string }) => r.hsn)).toEqual(['3401']);
    // Table 13: the invoices and the credit note issued, first to last.
    const numbers = orders.map((o) => o.invoiceNumber!).sort();
    expect(report.documents).toEqual([
      {
        kind: 'Invoices for outward supply',
        from: numbers[0],
        to: numbers.at(-1),
        total: 4,
        cancelled: 0,
      },
      expect.objectContaining({ kind: 'Credit Note', total: 1, cancelled: 0 }),
    ]);

    // The registered buyer's invoice is B2B; the others are B2C small, by place of supply.
    const b2bOrder = orders.find((o) => o.gstNumber)!;
    expect(report.b2b).toEqual([
      expect.objectContaining({
        gstin: '27AAPFU0939F1ZV',
        invoiceNumber: b2bOrder.invoiceNumber,
        placeOfSupply: '27-Maharashtra',
        rate: 5,
        taxableValue: b2bOrder.totals.taxableValue,
        cgst: b2bOrder.totals.cgst,
        sgst: b2bOrder.totals.sgst,
      }),
    ]);
    expect(
      report.b2cs.map(
        (r: { placeOfSupply: string; rate: number }) => `${r.placeOfSupply}@${r.rate}`,
      ),
    ).toEqual(['24-Gujarat@18', '27-Maharashtra@5', '27-Maharashtra@18', '29-Karnataka@18']);
    // The Gujarat order was refunded whole: its Table 7 row nets to nothing.
    expect(report.b2cs[0]).toMatchObject({ taxableValue: 0, igst: 0 });

    // The cancelled order's refund is a credit note of the whole invoice.
    const cancelled = orders.find((o) => String(o._id) === cancelledId)!;
    expect(report.creditNotes).toEqual([
      expect.objectContaining({
        noteNumber: expect.stringMatching(/^CN\/\d\d-\d\d\/000001$/),
        invoiceNumber: cancelled.invoiceNumber,
        noteValue: cancelled.totals.grandTotal,
        reportedIn: 'b2cs',
        placeOfSupply: '24-Gujarat',
        rate: 18,
        taxableValue: cancelled.totals.taxableValue,
        igst: cancelled.totals.igst,
      }),
    ]);
    expect(report.totals.creditNotes).toMatchObject({
      count: 1,
      value: cancelled.totals.grandTotal,
      taxableValue: cancelled.totals.taxableValue,
    });

    const csv = await request(t.app)
      .get('/api/admin/gst')
      .query({ from: istDay(-1), to: istDay(1), format: 'csv' })
      .set(bearer(owner));
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toContain('B2B (4A)');
    expect(csv.text).toContain(`27AAPFU0939F1ZV,`);
    expect(csv.text).toContain((b2bOrder.totals.taxableValue / 100).toFixed(2));
    expect(csv.text).toContain('HSN (12) B2C');
    expect(csv.text).toContain('Documents issued (13)');

    // The GST portal's offline-tool file: the same figures in rupees, under its field names.
    const portal = await request(t.app)
      .get('/api/admin/gst')
      .query({ from: istDay(-1), to: istDay(1), format: 'portal' })
      .set(bearer(owner));
    expect(portal.status).toBe(200);
    expect(portal.body).toMatchObject({
      gstin: t.config.seller.gstin,
      fp: expect.stringMatching(/^\d{6}$/),
    });
    expect(portal.body.b2b).toEqual([
      {
        ctin: '27AAPFU0939F1ZV',
        inv: [
          expect.objectContaining({
            inum: b2bOrder.invoiceNumber,
            val: b2bOrder.totals.grandTotal / 100,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              {
                num: 1,
                itm_det: {
                  rt: 5,
                  txval: b2bOrder.totals.taxableValue / 100,
                  iamt: 0,
                  camt: b2bOrder.totals.cgst / 100,
                  samt: b2bOrder.totals.sgst / 100,
                  csamt: 0,
                },
              },
            ],
          }),
        ],
      },
    ]);
    const rupeeSum = (rows: { txval: number }[]) =>
      Math.round(rows.reduce((a, r) => a + r.txval * 100, 0));
    expect(rupeeSum(portal.body.b2cs)).toBe(of(report.b2cs).taxableValue);
    expect(
      portal.body.b2cs.map((r: { sply_ty: string; pos: string }) => `${r.sply_ty} ${r.pos}`),
    ).toEqual(['INTER 24', 'INTRA 27', 'INTRA 27', 'INTER 29']);
    expect(rupeeSum([...portal.body.hsn.hsn_b2b, ...portal.body.hsn.hsn_b2c])).toBe(
      net.taxableValue,
    );
    expect(portal.body.doc_issue.doc_det.map((d: { doc_num: number }) => d.doc_num)).toEqual([
      1, 5,
    ]);
    expect(portal.body.doc_issue.doc_det[0].docs[0]).toMatchObject({
      from: numbers[0],
      to: numbers.at(-1),
      totnum: 4,
      cancel: 0,
      net_issue: 4,
    });
    expect(portal.body.cdnr).toEqual([]);

    const before = await request(t.app)
      .get('/api/admin/gst')
      .query({ from: '2024-04-01', to: '2024-04-30' })
      .set(bearer(owner));
    expect(before.body.totals.invoices.count).toBe(0);
    await request(t.app)
      .get('/api/admin/gst')
      .query({ from: istDay(1), to: istDay(-1) })
      .set(bearer(owner))
      .expect(400);
  });
});

describe('returns and tickets in the owner area', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sink, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL));
  });
  afterAll(() => close());

  it('approves, receives and refunds a return through the provider, never more than was paid, with a credit note', async () => {
    const provider = t.services.provider as TestPaymentProvider;
    const { order, payment, paymentId } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
    );
    const paid = { id: paymentId };
    const stored = (await OrderModel.findById(order._id).lean())!;
    await t.services.lifecycle.move(stored, 'packed', 'owner');
    await t.services.lifecycle.move(
      (await OrderModel.findById(order._id).lean())!,
      'shipped',
      'owner',
      { carrier: 'Delhivery', trackingNumber: 'DL1' },
    );
    await t.services.lifecycle.move(
      (await OrderModel.findById(order._id).lean())!,
      'delivered',
      'owner',
    );

    const opened = await request(t.app)
      .post('/api/returns')
      .set(bearer(shopper.token))
      .send({ orderId: order._id, reason: 'The jar arrived cracked', method: 'original_payment' });
    expect(opened.status).toBe(201);
    const returnId = opened.body._id as string;
    const act = (body: object) =>
      request(t.app).post(`/api/admin/returns/${returnId}`).set(bearer(owner)).send(body);

    expect((await act({ action: 'receive' })).status).toBe(409);
    const listed = await request(t.app)
      .get('/api/admin/returns')
      .query({ status: 'requested' })
      .set(bearer(owner));
    expect(listed.body.map((r: { _id: string }) => r._id)).toContain(returnId);
    expect(listed.body[0]).toMatchObject({
      customerEmail: shopper.email,
      reason: 'The jar arrived cracked',
    });

    expect((await act({ action: 'approve', note: 'Sorry about that!' })).body.status).toBe(
      'approved',
    );
    await sink.waitFor(shopper.email, /return for order .*: approved/);
    expect((await act({ action: 'receive' })).body.status).toBe('received');
    const tooMuch = await act({ action: 'refund', refundAmount: payment.amount + 100 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('REFUND_TOO_LARGE');

    const refunded = await act({ action: 'refund', refundAmount: 34_900 });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      refundedAmount: 34_900,
      creditNoteNumber: expect.stringMatching(/^CN\/\d\d-\d\d\/\d{6}$/),
    });
    expect(await provider.fetchPayment(paid.id)).toMatchObject({
      status: 'captured',
      amount_refunded: 34_900,
    });
    const mail = await sink.waitFor(shopper.email, /return for order .*: refunded/);
    expect(mail.text).toContain('₹349.00');

    // The shopper sees it in their returns.
    const mine = await request(t.app).get('/api/returns').set(bearer(shopper.token));
    expect(mine.body[0]).toMatchObject({
      _id: returnId,
      status: 'refunded',
      refundedAmount: 34_900,
    });

    // A refunded return is closed; nothing more comes back than was paid, whatever is asked.
    expect((await act({ action: 'refund' })).status).toBe(409);
    const gst = await request(t.app)
      .get('/api/admin/gst')
      .query({ from: '2020-01-01', to: '2099-12-31' })
      .set(bearer(owner));
    expect(gst.body.totals.creditNotes).toMatchObject({ count: 1, value: 34_900 });
  });

  it('puts the owner reply in the shopper ticket thread and mails it', async () => {
    const opened = await request(t.app)
      .post('/api/tickets')
      .set(bearer(shopper.token))
      .field('message', 'Where is my parcel?');
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    const listed = await request(t.app)
      .get('/api/admin/tickets')
      .query({ status: 'open' })
      .set(bearer(owner));
    expect(listed.body.find((x: { id: string }) => x.id === id)).toMatchObject({
      message: 'Where is my parcel?',
      customerEmail: shopper.email,
    });

    const replied = await request(t.app)
      .post(`/api/admin/tickets/${id}/replies`)
      .set(bearer(owner))
      .send({ message: 'It left Latur this morning with India Post.' });
    expect(replied.status).toBe(201);
    expect(replied.body.status).toBe('in_progress');
    const mail = await sink.waitFor(shopper.email, /replied to your message/);
    expect(mail.text).toContain('It left Latur this morning with India Post.');

    const seen = await request(t.app).get(`/api/tickets/${id}`).set(bearer(shopper.token));
    expect(seen.body.replies).toEqual([
      {
        by: 'owner',
        message: 'It left Latur this morning with India Post.',
        at: expect.any(String),
      },
    ]);
    await request(t.app)
      .post(`/api/admin/tickets/${id}/status`)
      .set(bearer(owner))
      .send({ status: 'closed' })
      .expect(200);
    const list = await request(t.app).get('/api/tickets').set(bearer(shopper.token));
    expect(list.body.find((x: { id: string }) => x.id === id).status).toBe('closed');
    const stranger = await signUpVerified(t, sink);
    await request(t.app).get(`/api/tickets/${id}`).set(bearer(stranger.token)).expect(404);
  });
});
