import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import {
  DEFAULT_ITEMS,
  orderBody,
  placeOrder,
  placePaidOrder,
  verifyTestPayment,
} from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import { signedCapture } from '../../testing/webhooks';
import type { TestApp } from '../../testing/test-app';
import { issuedNumbers } from '../../testing/issued-numbers';
import { DocumentNumberModel } from '../invoices/document-number.model';
import { financialYear } from '../invoices/invoice-number';
import { PaymentEventModel } from '../payments/payment-event.model';
import type { TestPaymentProvider } from '../payments/payment-provider';
import { SentMails } from './order-lifecycle';
import { OrderModel } from './order.model';
import type { OrderDoc } from './order.model';

const STALE_MS = 60_000;

describe('the order lifecycle finishes what a crash left half-done', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let email: string;
  const provider = () => t.services.provider as TestPaymentProvider;
  const stored = async (id: string) => (await OrderModel.findById(id).lean<OrderDoc>())!;
  const mailsFor = (orderNumber: string) =>
    sink.received.filter((m) => m.subject.includes(orderNumber));

  /** A placed order and a payment captured for it at the provider (nobody told the shop yet). */
  async function paidAtProvider(amount?: number) {
    const { order, payment } = (
      await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }))
    ).body;
    const captured = await provider().recordPayment(
      payment.providerOrderId,
      amount ?? payment.amount,
      'success',
    );
    return { order, payment, captured };
  }

  const verify = (orderId: string, providerOrderId: string, paymentId: string) =>
    verifyTestPayment(t, orderId, providerOrderId, paymentId);

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RECOVERY_STALE_MS: String(STALE_MS) });
    ({ token, email } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('shows the shopper a timeline: placed, then paid by the shop', async () => {
    const { order, payment, captured } = await paidAtProvider();
    expect((await verify(order._id, payment.providerOrderId, captured.id)).status).toBe(200);
    const res = await request(t.app).get(`/api/orders/${order._id}`).set(bearer(token));
    expect(res.body.status).toBe('paid');
    expect(res.body.events.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['pending_payment', 'shopper'],
      ['paid', 'system'],
    ]);
  });

  it('finishes an order whose process died right after it was paid, from reconciliation, mailing once', async () => {
    const { order, captured } = await paidAtProvider();
    // The request that paid the order died before numbering its invoice or mailing it.
    await OrderModel.updateOne(
      { _id: order._id },
      { $set: { status: 'paid', paymentId: captured.id, paidAt: new Date() } },
    );
    await t.services.payments.reconcile({ minAgeMs: 0 });
    const after = await stored(order._id);
    expect(after).toMatchObject({ status: 'paid', paymentId: captured.id });
    expect(after.invoiceNumber).toMatch(/^VNY\/\d\d-\d\d\/\d{6}$/);
    expect(after.confirmationMailedAt).toBeTruthy();
    await sink.waitFor(email, new RegExp(order.orderNumber));
    await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(mailsFor(order.orderNumber)).toHaveLength(1);
  });

  it('pays an order captured at the provider whose every report was lost, from reconciliation', async () => {
    const { order, captured } = await paidAtProvider();
    const result = await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect(await stored(order._id)).toMatchObject({ status: 'paid', paymentId: captured.id });
  });

  it('issues the invoice number a dead request had taken for the order, rather than leaving a gap', async () => {
    const { order, payment, captured } = await paidAtProvider();
    const fy = financialYear(new Date());
    const before = await issuedNumbers(fy);
    const next = before.length ? Number(before.at(-1)!.number.split('/')[2]) + 1 : 1;
    const number = `VNY/${fy}/${String(next).padStart(6, '0')}`;
    // The dead request had paid the order and taken the next number for it, and died.
    await OrderModel.updateOne(
      { _id: order._id },
      { $set: { status: 'paid', paymentId: captured.id, paidAt: new Date() } },
    );
    await DocumentNumberModel.create({
      _id: number,
      series: 'VNY',
      fy,
      seq: next,
      documentId: order._id,
      date: new Date(),
    });

    expect((await verify(order._id, payment.providerOrderId, captured.id)).status).toBe(200);
    const after = await stored(order._id);
    expect(after.invoiceNumber).toBe(number);
    const issued = await issuedNumbers(fy);
    expect(issued.filter((n) => n.documentId === order._id)).toHaveLength(1);
    expect(issued.at(-1)!.number).toBe(number);
  });

  it('mails the confirmation once when a mailer died mid-way, after it went stale', async () => {
    const { order, payment, captured } = await paidAtProvider();
    await SentMails.create({
      _id: `order-confirmation:${order._id}`,
      state: 'doing',
      by: 'dead',
      at: new Date(),
    });
    expect((await verify(order._id, payment.providerOrderId, captured.id)).status).toBe(200);
    await t.services.idle(); // the work after the answer
    expect((await stored(order._id)).confirmationMailedAt).toBeNull();
    expect(mailsFor(order.orderNumber)).toHaveLength(0);

    await SentMails.updateOne(
      { _id: `order-confirmation:${order._id}` },
      { $set: { at: new Date(Date.now() - STALE_MS - 1000) } },
    );
    await t.services.payments.reconcile({ minAgeMs: 0 });
    await sink.waitFor(email, new RegExp(order.orderNumber));
    expect((await stored(order._id)).confirmationMailedAt).toBeTruthy();
    await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(mailsFor(order.orderNumber)).toHaveLength(1);
  });

  it('dates invoices in the order of their numbers', async () => {
    const placed = await Promise.all([paidAtProvider(), paidAtProvider(), paidAtProvider()]);
    await Promise.all(
      placed.map((p) => verify(p.order._id, p.payment.providerOrderId, p.captured.id)),
    );
    const orders = await Promise.all(placed.map((p) => stored(p.order._id)));
    const byNumber = [...orders].sort((a, b) => a.invoiceNumber!.localeCompare(b.invoiceNumber!));
    const dates = byNumber.map((o) => o.invoiceDate!.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });
});

describe('money rules', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let email: string;
  const provider = () => t.services.provider as TestPaymentProvider;
  const stored = async (id: string) => (await OrderModel.findById(id).lean<OrderDoc>())!;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    ({ token, email } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const place = async () =>
    (await placeOrder(t, token, orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }))).body;
  const verify = (orderId: string, providerOrderId: string, paymentId: string) =>
    verifyTestPayment(t, orderId, providerOrderId, paymentId);

  it('holds a payment whose captured amount is not the order total, on verify, and never pays the order', async () => {
    const { order, payment } = await place();
    const short = await provider().recordPayment(payment.providerOrderId, 100, 'success');
    const res = await verify(order._id, payment.providerOrderId, short.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_HELD');
    const after = await stored(order._id);
    expect(after.status).toBe('pending_payment');
    expect(after.paymentHold).toMatchObject({ paymentId: short.id, amount: 100 });
    // Reconciliation sees the same capture and keeps it held.
    await t.services.payments.reconcile({ minAgeMs: 0 });
    expect((await stored(order._id)).status).toBe('pending_payment');
    expect(
      await PaymentEventModel.countDocuments({ orderId: order._id, type: 'amount_mismatch' }),
    ).toBe(1);
  });

  it('keeps a payment held once a webhook flagged its amount, even when verify comes later', async () => {
    const { order, payment } = await place();
    const paid = await provider().recordPayment(payment.providerOrderId, payment.amount, 'success');
    // A signed webhook reporting another amount for this payment.
    await t.services.payments.handleWebhook(
      ...signedCapture(provider().webhookSecret, {
        paymentId: paid.id,
        providerOrderId: payment.providerOrderId,
        amount: payment.amount - 1,
      }),
    );
    expect((await stored(order._id)).paymentHold?.paymentId).toBe(paid.id);
    const res = await verify(order._id, payment.providerOrderId, paid.id);
    expect(res.status).toBe(409);
    expect((await stored(order._id)).status).toBe('pending_payment');
  });

  it('refunds a second capture for a paid order through the provider, once, and records it', async () => {
    const { order, payment } = await place();
    const first = await provider().recordPayment(
      payment.providerOrderId,
      payment.amount,
      'success',
    );
    const second = await provider().recordPayment(
      payment.providerOrderId,
      payment.amount,
      'success',
    );
    expect((await verify(order._id, payment.providerOrderId, first.id)).status).toBe(200);
    // The second capture's webhook was lost: reconciliation finds it.
    const run = await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(run.refunded).toBe(1);
    expect(await provider().fetchPayment(second.id)).toMatchObject({
      status: 'refunded',
      amount_refunded: payment.amount,
    });
    expect(await provider().fetchPayment(first.id)).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
    });
    const again = await t.services.payments.reconcile({ minAgeMs: 0 });
    expect(again.refunded).toBe(0);
    expect(
      await PaymentEventModel.countDocuments({
        orderId: order._id,
        type: 'unwanted_capture_refunded',
      }),
    ).toBe(1);
    expect((await stored(order._id)).status).toBe('paid');
  });

  it('refunds at once a second capture reported by verify', async () => {
    const { order, payment } = await place();
    const first = await provider().recordPayment(
      payment.providerOrderId,
      payment.amount,
      'success',
    );
    const second = await provider().recordPayment(
      payment.providerOrderId,
      payment.amount,
      'success',
    );
    await verify(order._id, payment.providerOrderId, first.id).expect(200);
    const res = await verify(order._id, payment.providerOrderId, second.id);
    expect(res.status).toBe(200);
    expect(res.body.order.paymentId).toBe(first.id);
    expect((await provider().fetchPayment(second.id)).status).toBe('refunded');
  });
});

describe('moves', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let email: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    ({ token, email } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  async function paidOrder() {
    const { order } = await placePaidOrder(
      t,
      token,
      orderBody(DEFAULT_ITEMS, 'Maharashtra', { email }),
    );
    return (await OrderModel.findById(order._id).lean<OrderDoc>())!;
  }

  it('records each allowed move with who made it and its tracking details', async () => {
    const { lifecycle } = t.services;
    let order = await paidOrder();
    order = await lifecycle.move(order, 'packed', 'owner');
    order = await lifecycle.move(order, 'shipped', 'owner', {
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
      trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN',
    });
    order = await lifecycle.move(order, 'delivered', 'owner');
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt).toBeInstanceOf(Date);
    expect(order.events.map((e) => [e.status, e.by])).toEqual([
      ['pending_payment', 'shopper'],
      ['paid', 'system'],
      ['packed', 'owner'],
      ['shipped', 'owner'],
      ['delivered', 'owner'],
    ]);
    expect(order.events[3]).toMatchObject({
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
  });

  it('refuses a move the lifecycle does not allow, and changes nothing', async () => {
    const order = await paidOrder();
    await expect(t.services.lifecycle.move(order, 'delivered', 'owner')).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_MOVE_NOT_ALLOWED',
    });
    expect((await OrderModel.findById(order._id).lean())!.status).toBe('paid');
  });

  it('lets exactly one of two racing moves away from the same state win', async () => {
    const order = await paidOrder();
    const results = await Promise.allSettled([
      t.services.lifecycle.move(order, 'packed', 'owner'),
      t.services.lifecycle.move(order, 'cancelled', 'shopper'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    // The loser is refused either way. Which refusal depends on when it read the order: before
    // the winner's decision landed (its own decision then loses: ORDER_CHANGED) or after it (the
    // order is already packed or cancelled, and neither moves to the other). On a busy machine
    // both happen.
    expect(rejected.reason).toMatchObject({ status: 409 });
    expect(['ORDER_CHANGED', 'ORDER_MOVE_NOT_ALLOWED']).toContain(
      (rejected.reason as { code: string }).code,
    );
    const after = (await OrderModel.findById(order._id).lean<OrderDoc>())!;
    expect(['packed', 'cancelled']).toContain(after.status);
    expect(
      after.events.filter((e) => e.status === 'packed' || e.status === 'cancelled'),
    ).toHaveLength(1);
  });

  it('lets exactly one of eight concurrent moves of one order win, with one timeline event', async () => {
    const order = await paidOrder();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        t.services.lifecycle.move(order, 'packed', 'owner', { note: `packer ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const after = (await OrderModel.findById(order._id).lean<OrderDoc>())!;
    expect(after.status).toBe('packed');
    expect(after.events.filter((e) => e.status === 'packed')).toHaveLength(1);
  });
});
