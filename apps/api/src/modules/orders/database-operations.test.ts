// What an order costs the database: every command the API sends while a paid order and a
// cash-on-delivery order go their whole way, counted by name and collection through the driver's
// command monitoring. A change that adds a round trip fails here and must be looked at (and the
// README's figures updated); one that removes one too.
import { formatAmountForOrder, priceCart } from '@vanya/catalog';
import type { mongo } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, signUpVerified } from '../../testing/accounts';
import { DEFAULT_ITEMS, orderBody, placeOrder, verifyTestPayment } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { signedCapture } from '../../testing/webhooks';
import type { TestPaymentProvider } from '../payments/payment-provider';
import type { LogSmsTransport } from '../sms/sms-transport';

/** The test-mode provider's own records stand in for Razorpay's servers: not the shop's cost. */
const PROVIDER_STAND_IN = new Set(['test_provider_payments', 'test_provider_refunds']);

type Counts = Record<string, number>;

describe('the database operations of an order', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let counting: Counts | null = null;
  const sms = () => t.services.sms as LogSmsTransport;

  /** Counts the commands `step` makes the API send, its background work included. */
  async function count(step: () => Promise<unknown>): Promise<Counts> {
    await t.services.idle();
    const counts: Counts = {};
    counting = counts;
    try {
      await step();
      await t.services.idle();
    } finally {
      counting = null;
    }
    return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
  }

  function record(event: mongo.CommandStartedEvent) {
    if (!counting || event.databaseName !== t.connection.name) return;
    const target = event.command[event.commandName] as unknown;
    const collection = typeof target === 'string' ? target : '';
    if (PROVIDER_STAND_IN.has(collection)) return;
    const key = `${event.commandName} ${collection}`.trim();
    counting[key] = (counting[key] ?? 0) + 1;
  }

  /** The figures as a small table: step, command and collection, count. */
  function print(title: string, steps: Record<string, Counts>) {
    const rows = Object.entries(steps).flatMap(([step, counts]) =>
      Object.entries(counts).map(
        ([command, n]) => `  ${step.padEnd(10)} ${command.padEnd(40)} ${n}`,
      ),
    );
    const total = Object.values(steps).reduce(
      (sum, counts) => sum + Object.values(counts).reduce((a, b) => a + b, 0),
      0,
    );
    console.log(`${title}: ${total} database operations\n${rows.join('\n')}`);
    return total;
  }

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    // The catalogue's and the stock's copies expire by this clock, held still: what a step costs
    // does not depend on how long the machine took over the one before.
    const startedAt = Date.now();
    t = await startTestApp(
      { SMTP_URL: sink.url },
      {},
      { monitorCommands: true, now: () => startedAt },
    );
    t.connection.getClient().on('commandStarted', record);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('of a paid order: place, the shopper verifies, the webhook, the finisher', async () => {
    const shopper = await signUpVerified(t, sink);
    const provider = t.services.provider as TestPaymentProvider;
    const body = orderBody(DEFAULT_ITEMS, 'Maharashtra', { email: shopper.email });
    let placed: request.Response | undefined;
    const place = await count(async () => {
      placed = await placeOrder(t, shopper.token, body);
    });
    expect(placed!.status).toBe(201);
    const { order, payment } = placed!.body;
    const paid = await provider.recordPayment(payment.providerOrderId, payment.amount, 'success');
    // The verify call answers; the invoice PDF, the confirmation mail and text follow it.
    const verify = await count(async () => {
      const verified = await verifyTestPayment(t, order._id, payment.providerOrderId, paid.id);
      expect(verified.body.order.status).toBe('paid');
    });
    await sink.waitFor(shopper.email, new RegExp(`order ${order.orderNumber} is confirmed`));
    const [raw, signature, eventId] = signedCapture(provider.webhookSecret, {
      paymentId: paid.id,
      providerOrderId: payment.providerOrderId,
      amount: payment.amount,
    });
    const webhook = await count(async () => {
      const delivered = await request(t.app)
        .post('/api/payments/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', signature)
        .set('X-Razorpay-Event-Id', eventId)
        .send(raw.toString());
      expect(delivered.status, delivered.text).toBe(200);
    });

    const total = print('A paid order', { place, verify, webhook });
    expect({ place, verify, webhook }).toEqual(PAID);
    expect(total).toBe(PAID_TOTAL);
  });

  it('of a cash-on-delivery order: place, confirm with the code, the finisher', async () => {
    const shopper = await signUpVerified(t, sink);
    const phone = '9822040777';
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(shopper.token))
      .send({ phone });
    const otp = lastSmsCode(sms(), phone);
    await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(shopper.token))
      .send({ phone, otp });
    await request(t.app).put('/api/auth/me').set(bearer(shopper.token)).send({
      name: 'Asha Kulkarni',
      email: shopper.email,
      phone,
      dob: '1994-08-15',
      gender: 'female',
    });
    const items = [{ productId: 'Bodybutter', quantity: 1 }];
    const total = priceCart(items, { deliveryState: 'Maharashtra', codFee: 4900 }).grandTotal;
    const body = orderBody(items, 'Maharashtra', {
      email: shopper.email,
      phone,
      paymentMethod: 'cod',
      total_amount: formatAmountForOrder(total),
    });
    let placed: request.Response | undefined;
    const place = await count(async () => {
      placed = await placeOrder(t, shopper.token, body);
    });
    expect(placed!.status, placed!.text).toBe(201);
    const order = placed!.body.order;
    const code = lastSmsCode(sms(), phone);
    const confirm = await count(async () => {
      const confirmed = await request(t.app)
        .post(`/api/orders/${order._id}/confirm-cod`)
        .set(bearer(shopper.token))
        .send({ code });
      expect(confirmed.body.status).toBe('confirmed');
    });
    await sink.waitFor(shopper.email, new RegExp(`order ${order.orderNumber} is confirmed`));

    const sum = print('A cash-on-delivery order', { place, confirm });
    expect({ place, confirm }).toEqual(COD);
    expect(sum).toBe(COD_TOTAL);
  });
});

const PAID: Record<string, Counts> = {
  place: {
    'find orders': 1,
    // The process's first order puts the starter catalogue in place (a find, an insert) and reads it.
    'find products': 2,
    'find shop_settings': 1,
    'find stock': 1,
    'find stock_items': 1,
    'find users': 1,
    'findAndModify stock_items': 2,
    'insert orders': 1,
    'insert products': 1,
    'insert stock_moves': 4,
    'update stock_items': 3,
  },
  verify: {
    'find document_numbers': 2,
    'find orders': 1,
    'find owner_settings': 1,
    'find payment_events': 1,
    'find shop_settings': 1,
    'findAndModify orders': 4,
    'findAndModify rate_limit_windows': 1,
    'findAndModify stock_items': 2,
    'insert document_numbers': 1,
    'insert owner_notifications': 1,
    'insert payment_events': 1,
    'insert sent_mails': 1,
    'insert sent_texts': 1,
    'insert stock_moves': 2,
    'update orders': 1,
    'update sent_mails': 1,
    'update sent_texts': 1,
  },
  webhook: {
    'find orders': 1,
    'insert payment_events': 2,
    'update payment_events': 1,
  },
};
const PAID_TOTAL = 45;
const COD: Record<string, Counts> = {
  place: {
    'aggregate orders': 2,
    'find orders': 1,
    'find shop_settings': 1,
    'find stock': 1,
    'find stock_items': 1,
    'find users': 2,
    'findAndModify rate_limit_windows': 4,
    'findAndModify stock_items': 1,
    'insert orders': 1,
    'insert stock_moves': 1,
    'update orders': 1,
  },
  confirm: {
    'find orders': 1,
    'find owner_settings': 1,
    'find shop_settings': 1,
    'findAndModify orders': 3,
    'findAndModify rate_limit_windows': 1,
    'findAndModify stock_items': 1,
    'insert owner_notifications': 1,
    'insert sent_mails': 1,
    'insert sent_texts': 1,
    'insert stock_moves': 1,
    'update orders': 2,
    'update sent_mails': 1,
    'update sent_texts': 1,
  },
};
const COD_TOTAL = 32;
