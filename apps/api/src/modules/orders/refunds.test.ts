import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder, placePaidOrder } from '../../testing/orders';
import { startOwnerApp, startShopperApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { SmtpSink } from '../../testing/smtp-sink';
import type { TestApp } from '../../testing/test-app';
import { CreditNoteModel } from '../invoices/credit-note.model';
import { issuedNumbers } from '../../testing/issued-numbers';
import { DocumentNumberModel } from '../invoices/document-number.model';
import { financialYear } from '../invoices/invoice-number';
import type { TestPaymentProvider } from '../payments/payment-provider';
import { ReturnModel } from '../returns/return.model';
import { orderStatusMail } from './order-mail';
import { OrderModel } from './order.model';
import type { OrderDoc } from './order.model';
import { RefundModel } from './refund.model';
import { orderRefundKey, returnRefundKey } from './refunds';

const OWNER_EMAIL = 'owner.refunds@vanyanaturals.in';
const HOUR = 60 * 60 * 1000;

describe('owner money actions finish after a crash, by whoever comes next', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const provider = () => t.services.provider as TestPaymentProvider;
  const stored = async (id: unknown) => (await OrderModel.findById(id).lean<OrderDoc>())!;
  const mailsAbout = (text: string) => sink.received.filter((m) => m.subject.includes(text));

  beforeAll(async () => {
    ({ t, sink, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL));
  });
  afterAll(() => close());

  async function paidOrder() {
    const { order, paymentId } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
    );
    await t.services.idle();
    return { order: await stored(order._id), paymentId };
  }

  /** The refund decision exactly as an owner's cancel records it before anything else. */
  const decidedCancel = async (order: OrderDoc) =>
    (
      await RefundModel.create({
        _id: orderRefundKey(order._id),
        orderId: order._id,
        paymentId: order.paymentId!,
        amount: order.totals.grandTotal,
        reason: 'order cancelled',
        by: 'owner',
        move: { to: 'cancelled', from: ['paid'] },
        mail: {
          to: order.email,
          ...orderStatusMail(order, 'cancelled', { refunded: order.totals.grandTotal }),
        },
      })
    ).toObject() as { _id: string };

  it("finishes an owner's cancel that died right after it was decided, on the owner's retry: refunded, one credit note, one mail", async () => {
    const { order, paymentId } = await paidOrder();
    await decidedCancel(order);
    expect((await stored(order._id)).status).toBe('paid');

    const retry = await request(t.app)
      .post(`/api/admin/orders/${order._id}/status`)
      .set(bearer(owner))
      .send({ status: 'cancelled' });
    expect(retry.status).toBe(200);
    expect(retry.body.order.status).toBe('cancelled');
    expect(retry.body.refunded).toBe(order.totals.grandTotal);
    expect(await provider().fetchPayment(paymentId)).toMatchObject({
      amount_refunded: order.totals.grandTotal,
    });
    expect(await CreditNoteModel.countDocuments({ orderId: order._id })).toBe(1);
    const mail = await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} is cancelled`));
    // Were it ever sent again (its sender dying after the mail server took it), the same mail.
    expect(mail.messageId).toBe(`<refund.order-refund-${order._id}@vanyanaturals.in>`);

    // Nobody after it does any of it again.
    await t.services.refunds.settlePending();
    await t.services.jobs.runNow('reconcile');
    expect(await provider().fetchPayment(paymentId)).toMatchObject({
      amount_refunded: order.totals.grandTotal,
    });
    expect(await CreditNoteModel.countDocuments({ orderId: order._id })).toBe(1);
    expect(mailsAbout(`${order.orderNumber} is cancelled`)).toHaveLength(1);
  });

  it('finishes a cancel that died after the money went back, from reconciliation, without refunding twice', async () => {
    const { order, paymentId } = await paidOrder();
    const decided = await decidedCancel(order);
    await t.services.lifecycle.move(order, 'cancelled', 'owner');
    const made = await provider().refund(paymentId, {
      amount: order.totals.grandTotal,
      idempotencyKey: decided._id,
    });
    await RefundModel.updateOne({ _id: decided._id }, { $set: { providerRefundId: made.id } });

    await t.services.jobs.runNow('reconcile');
    const refund = await RefundModel.findById(decided._id).lean();
    expect(refund).toMatchObject({ state: 'done', providerRefundId: made.id });
    expect(refund!.creditNoteNumber).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    expect(await provider().fetchPayment(paymentId)).toMatchObject({
      amount_refunded: order.totals.grandTotal,
    });
    await sink.waitFor(shopper.email, new RegExp(`${order.orderNumber} is cancelled`));
    expect(mailsAbout(`${order.orderNumber} is cancelled`)).toHaveLength(1);
  });

  it('issues a credit note with the number its dead issuer had taken, leaving no number unissued', async () => {
    const { order } = await paidOrder();
    const decided = await decidedCancel(order);
    const fy = financialYear(new Date());
    const last = (await issuedNumbers(fy, 'CN')).at(-1);
    const seq = last ? Number(last.number.split('/')[2]) + 1 : 1;
    const taken = `CN/${fy}/${String(seq).padStart(6, '0')}`;
    await DocumentNumberModel.create({
      _id: taken,
      series: 'CN',
      fy,
      seq,
      documentId: decided._id,
      date: new Date(),
    });

    await t.services.refunds.settlePending();
    expect((await CreditNoteModel.findById(decided._id).lean())!.number).toBe(taken);
    const notes = await issuedNumbers(fy, 'CN');
    expect(notes.at(-1)!.number).toBe(taken);
    for (const n of notes)
      expect(await CreditNoteModel.exists({ number: n.number })).not.toBeNull();
  });

  it('finishes a return refund that died after the return moved: refunded once, with its note and mail', async () => {
    const { order, paymentId } = await paidOrder();
    let current = await t.services.lifecycle.move(order, 'packed', 'owner');
    current = await t.services.lifecycle.move(current, 'shipped', 'owner', {
      carrier: 'Delhivery',
      trackingNumber: 'DL9',
    });
    await t.services.lifecycle.move(current, 'delivered', 'owner');
    const opened = await request(t.app)
      .post('/api/returns')
      .set(bearer(shopper.token))
      .send({ orderId: order._id, reason: 'Wrong scent', method: 'original_payment' });
    expect(opened.status).toBe(201);
    const returnId = opened.body._id as string;
    const act = (body: object) =>
      request(t.app).post(`/api/admin/returns/${returnId}`).set(bearer(owner)).send(body);
    expect((await act({ action: 'approve' })).status).toBe(200);

    // The owner's refund of ₹349 was decided and the return moved; then the process died.
    await RefundModel.create({
      _id: returnRefundKey(returnId),
      orderId: order._id,
      returnId,
      paymentId,
      amount: 34_900,
      reason: `return of order ${order.orderNumber}`,
      by: 'owner',
      move: null,
      mail: {
        to: shopper.email,
        subject: `Return ${order.orderNumber} refunded`,
        text: 'Refunded.',
      },
    });
    await ReturnModel.updateOne(
      { _id: returnId },
      { $set: { status: 'refunded', openKey: `closed:${returnId}` } },
    );

    // The owner's retry finishes it (the return reads refunded, with nothing of it done yet).
    const retry = await act({ action: 'refund', refundAmount: 34_900 });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      status: 'refunded',
      refundedAmount: 34_900,
      creditNoteNumber: expect.stringMatching(/^CN\//),
    });
    await t.services.jobs.runNow('reconcile');
    expect((await act({ action: 'refund', refundAmount: 34_900 })).status).toBe(409);
    expect(await provider().fetchPayment(paymentId)).toMatchObject({ amount_refunded: 34_900 });
    expect(await CreditNoteModel.countDocuments({ orderId: order._id })).toBe(1);
    await sink.waitFor(shopper.email, new RegExp(`Return ${order.orderNumber} refunded`));
    expect(mailsAbout(`Return ${order.orderNumber} refunded`)).toHaveLength(1);
  });

  it('lets exactly one of 20 racing owner cancels refund a paid order, once', async () => {
    const { order, paymentId } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app)
          .post(`/api/admin/orders/${order._id}/status`)
          .set(bearer(owner))
          .send({ status: 'cancelled' }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    await t.services.refunds.settlePending();
    expect((await stored(order._id)).status).toBe('cancelled');
    expect(await provider().fetchPayment(paymentId)).toMatchObject({
      amount_refunded: order.totals.grandTotal,
    });
    expect(await RefundModel.countDocuments({ orderId: order._id })).toBe(1);
    expect(await CreditNoteModel.countDocuments({ orderId: order._id })).toBe(1);
  });
});

describe('reconciliation looks at every order it must, oldest first, however many', () => {
  let t: TestApp;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const provider = () => t.services.provider as TestPaymentProvider;

  beforeAll(async () => {
    ({ t, shopper, close } = await startShopperApp());
  });
  afterAll(() => close());

  /** `n` copies of a stored order, created `ageMs` ago, each with its own numbers and keys. */
  async function copies(
    template: OrderDoc,
    n: number,
    fields: Record<string, unknown>,
    ageMs: number,
    series: number,
  ) {
    const { _id, ...rest } = template;
    void _id;
    await OrderModel.collection.insertMany(
      Array.from({ length: n }, (_, i) => ({
        ...rest,
        _id: new mongoose.Types.ObjectId(),
        // Numbers the shop never gives (it starts at VNY-100000), so no copy meets a real order.
        orderNumber: `VNY-0${series}${String(i).padStart(4, '0')}`,
        idempotencyKey: `copy-${i}-${Math.random()}`,
        providerOrderId: `order_copy_${i}_${Math.random().toString(36).slice(2)}`,
        createdAt: new Date(Date.now() - ageMs + i),
        ...fields,
      })),
    );
  }

  it('pays an order captured at the provider behind 205 abandoned checkouts', async () => {
    const placed = await placeOrder(
      t,
      shopper.token,
      orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
    );
    const template = (await OrderModel.findById(placed.body.order._id).lean<OrderDoc>())!;
    await copies(template, 205, {}, 2 * HOUR, 1);
    // Older than the few seconds reconciliation leaves a fresh checkout to its shopper.
    await OrderModel.collection.updateOne(
      { _id: template._id },
      { $set: { createdAt: new Date(Date.now() - HOUR) } },
    );
    // Its webhook was lost and the shopper closed the browser.
    const captured = await provider().recordPayment(
      template.providerOrderId!,
      template.totals.grandTotal,
      'success',
    );

    const result = await t.services.payments.reconcile();
    expect(result.checked).toBeGreaterThanOrEqual(206);
    expect(await OrderModel.findById(template._id).lean()).toMatchObject({
      status: 'paid',
      paymentId: captured.id,
    });
  });

  it('refunds a double charge on the newest of 202 orders settled in three days', async () => {
    const { order, paymentId } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email }),
    );
    const paid = (await OrderModel.findById(order._id).lean<OrderDoc>())!;
    await copies(paid, 202, { confirmationMailedAt: new Date() }, 2 * 24 * HOUR, 2);
    const second = await provider().recordPayment(
      paid.providerOrderId!,
      paid.totals.grandTotal,
      'success',
    );

    const result = await t.services.payments.reconcile();
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect(await provider().fetchPayment(second.id)).toMatchObject({
      amount_refunded: paid.totals.grandTotal,
    });
    expect(await provider().fetchPayment(paymentId)).toMatchObject({ amount_refunded: 0 });
  });
});
