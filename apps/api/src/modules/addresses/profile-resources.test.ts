import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { payInTestMode, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from '../orders/order.model';

describe('the profile\u2019s lists: addresses, payment labels, returns and tickets', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let asha: string;
  let ravi: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    asha = (await signUpVerified(t, sink)).token;
    ravi = (await signUpVerified(t, sink)).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('adds, lists and deletes addresses, each change answering the whole list', async () => {
    const first = await request(t.app)
      .post('/api/me/addresses')
      .set(bearer(asha))
      .send({ address: '12 Shivaji Nagar, Latur 413512' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), address: '12 Shivaji Nagar, Latur 413512' },
    ]);
    const second = await request(t.app)
      .post('/api/me/addresses')
      .set(bearer(asha))
      .send({ address: '4 MG Road, Pune 411001' });
    expect(second.body).toHaveLength(2);
    const removed = await request(t.app)
      .delete(`/api/me/addresses/${first.body[0].id}`)
      .set(bearer(asha));
    expect(removed.status).toBe(200);
    expect(removed.body.map((a: { address: string }) => a.address)).toEqual([
      '4 MG Road, Pune 411001',
    ]);
    const me = await request(t.app).get('/api/auth/me').set(bearer(asha));
    expect(me.body.data.user.addresses).toEqual(removed.body);
  });

  it('ignores nothing silently: a blank address is refused with its message', async () => {
    const res = await request(t.app)
      .post('/api/me/addresses')
      .set(bearer(asha))
      .send({ address: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Enter an address');
  });

  it('answers 404 for another user\u2019s address and leaves it in place', async () => {
    const mine = (
      await request(t.app)
        .post('/api/me/addresses')
        .set(bearer(ravi))
        .send({ address: 'Ravi, 7 Ring Road, Nagpur' })
    ).body[0];
    expect(
      (await request(t.app).delete(`/api/me/addresses/${mine.id}`).set(bearer(asha))).status,
    ).toBe(404);
    expect((await request(t.app).get('/api/me/addresses').set(bearer(ravi))).body).toEqual([mine]);
  });

  it('keeps payment-method labels and refuses anything that looks like a card number', async () => {
    const upi = await request(t.app)
      .post('/api/me/payment-methods')
      .set(bearer(asha))
      .send({ payment: 'asha@okaxis' });
    expect(upi.status).toBe(201);
    const visa = await request(t.app)
      .post('/api/me/payment-methods')
      .set(bearer(asha))
      .send({ payment: 'Visa ending 4242' });
    expect(visa.body.map((p: { payment: string }) => p.payment)).toEqual([
      'asha@okaxis',
      'Visa ending 4242',
    ]);
    for (const card of ['4242 4242 4242 4242', '4111-1111-1111-1111', '5555555555554444']) {
      const res = await request(t.app)
        .post('/api/me/payment-methods')
        .set(bearer(asha))
        .send({ payment: card });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/never store card numbers/);
    }
    expect(
      (await request(t.app).get('/api/me/payment-methods').set(bearer(asha))).body,
    ).toHaveLength(2);
  });

  it('caps each list at ten entries', async () => {
    const token = (await signUpVerified(t, sink)).token;
    for (let i = 0; i < 10; i += 1)
      await request(t.app)
        .post('/api/me/addresses')
        .set(bearer(token))
        .send({ address: `House ${i}, Latur` })
        .expect(201);
    const eleventh = await request(t.app)
      .post('/api/me/addresses')
      .set(bearer(token))
      .send({ address: 'One too many' });
    expect(eleventh.status).toBe(409);
  });

  it('initiates a return for a paid order once, and refuses unpaid, foreign and late ones', async () => {
    const { order, payment } = (await placeOrder(t, asha)).body;
    const early = await request(t.app)
      .post('/api/returns')
      .set(bearer(asha))
      .send({ orderId: order._id, reason: 'Changed my mind', method: 'original_payment' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('RETURN_NOT_ALLOWED');

    await payInTestMode(t, order, payment.providerOrderId);
    const created = await request(t.app)
      .post('/api/returns')
      .set(bearer(asha))
      .send({ orderId: order._id, reason: 'The jar arrived cracked', method: 'original_payment' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _id: expect.any(String),
      orderId: order._id,
      orderNumber: order.orderNumber,
      status: 'requested',
      refundAmount: payment.amount,
      method: 'original_payment',
    });
    const again = await request(t.app)
      .post('/api/returns')
      .set(bearer(asha))
      .send({ orderId: order._id, reason: 'Again', method: 'store_credit' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RETURN_ALREADY_OPEN');

    expect(
      (
        await request(t.app)
          .post('/api/returns')
          .set(bearer(ravi))
          .send({ orderId: order._id, reason: 'Not mine', method: 'bank_transfer' })
      ).status,
    ).toBe(404);

    const old = (await placeOrder(t, asha)).body;
    await payInTestMode(t, old.order, old.payment.providerOrderId);
    await OrderModel.updateOne(
      { _id: old.order._id },
      { $set: { paidAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) } },
    );
    const late = await request(t.app)
      .post('/api/returns')
      .set(bearer(asha))
      .send({ orderId: old.order._id, reason: 'Too late', method: 'original_payment' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('RETURN_WINDOW_PASSED');

    expect((await request(t.app).get('/api/returns').set(bearer(asha))).body).toHaveLength(1);
    expect((await request(t.app).get('/api/returns').set(bearer(ravi))).body).toEqual([]);
  });

  it('refuses a ticket whose multipart body cannot be read with 400, opening nothing', async () => {
    const before = (await request(t.app).get('/api/tickets').set(bearer(asha))).body.length;
    const res = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .set('Content-Type', 'multipart/form-data')
      .send('');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_UPLOAD');
    expect((await request(t.app).get('/api/tickets').set(bearer(asha))).body).toHaveLength(before);
  });

  it('opens tickets with an image (re-encoded) or a PDF, and refuses a blank message or another file type', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#E4D5BC' },
    })
      .png()
      .toBuffer();
    const withImage = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .field('message', 'My soap arrived broken')
      .attach('attachment', png, { filename: 'photo.png', contentType: 'image/png' });
    expect(withImage.status).toBe(201);
    expect(withImage.body).toMatchObject({
      status: 'open',
      message: 'My soap arrived broken',
      attachment: expect.stringMatching(/^\/uploads\/tickets\/[0-9a-f]{32}\.jpg$/),
    });
    const served = await request(t.app).get(withImage.body.attachment);
    expect(served.status).toBe(200);
    expect(served.headers['content-disposition']).toBe('attachment');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const withPdf = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .field('message', 'Invoice question')
      .attach('attachment', pdf, { filename: 'bill.pdf', contentType: 'application/pdf' });
    expect(withPdf.status).toBe(201);
    expect(withPdf.body.attachment).toMatch(/\.pdf$/);

    const fakePdf = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .field('message', 'x')
      .attach('attachment', Buffer.from('MZ executable'), {
        filename: 'a.pdf',
        contentType: 'application/pdf',
      });
    expect(fakePdf.status).toBe(400);
    const exe = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .field('message', 'x')
      .attach('attachment', Buffer.from('MZ'), {
        filename: 'a.exe',
        contentType: 'application/octet-stream',
      });
    expect(exe.status).toBe(415);
    const blank = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .field('message', '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('Please enter your issue');
    const plain = await request(t.app)
      .post('/api/tickets')
      .set(bearer(asha))
      .send({ message: 'No file at all' });
    expect(plain.status).toBe(201);

    const list = await request(t.app).get('/api/tickets').set(bearer(asha));
    expect(list.body.map((x: { message: string }) => x.message)).toEqual([
      'No file at all',
      'Invoice question',
      'My soap arrived broken',
    ]);
    expect((await request(t.app).get('/api/tickets').set(bearer(ravi))).body).toEqual([]);
    // Pages, newest first: `before` is the last id of the page before.
    const first = await request(t.app).get('/api/tickets?limit=2').set(bearer(asha));
    expect(first.body.map((x: { message: string }) => x.message)).toEqual([
      'No file at all',
      'Invoice question',
    ]);
    const next = await request(t.app)
      .get(`/api/tickets?limit=2&before=${first.body[1].id}`)
      .set(bearer(asha));
    expect(next.body.map((x: { message: string }) => x.message)).toEqual([
      'My soap arrived broken',
    ]);
    // Another user's ticket answers 404, like a missing one.
    const foreign = await request(t.app).get(`/api/tickets/${first.body[0].id}`).set(bearer(ravi));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('TICKET_NOT_FOUND');
    expect(
      (await request(t.app).get(`/api/tickets/${first.body[0].id}`).set(bearer(asha))).status,
    ).toBe(200);
    expect((await request(t.app).get('/api/tickets?limit=0').set(bearer(asha))).status).toBe(400);
    expect((await request(t.app).get('/api/tickets?before=nope').set(bearer(asha))).status).toBe(
      400,
    );
    expect(
      (await request(t.app).get('/api/auth/me').set(bearer(asha))).body.data.user,
    ).not.toHaveProperty('tickets');
  });

  it('never shows another user\u2019s orders or invoices', async () => {
    const { order, payment } = (await placeOrder(t, asha)).body;
    await payInTestMode(t, order, payment.providerOrderId);
    expect((await request(t.app).get(`/api/orders/${order._id}`).set(bearer(ravi))).status).toBe(
      404,
    );
    const raviInvoices = (await request(t.app).get('/api/invoices').set(bearer(ravi))).body;
    expect(raviInvoices.find((i: { orderId: string }) => i.orderId === order._id)).toBeUndefined();
    const ashaInvoices = (await request(t.app).get('/api/invoices').set(bearer(asha))).body;
    const link = ashaInvoices.find((i: { orderId: string }) => i.orderId === order._id)
      .downloadUrl as string;
    // A link signed for one order does not open another.
    const other = (await placeOrder(t, ravi)).body;
    await payInTestMode(t, other.order, other.payment.providerOrderId);
    expect((await request(t.app).get(link.replace(order._id, other.order._id))).status).toBe(403);
  });
});
