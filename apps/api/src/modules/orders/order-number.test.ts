import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { OrderModel } from './order.model';

// Order numbers are random (VNY- and 6 digits); to make two orders draw the same number, the draws
// for that range come from a script. Every other use of randomInt (one-time codes) stays random.
const draws: number[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  const randomInt = ((min: number, max: number) =>
    min === 100000 && max === 1000000 && draws.length > 0
      ? draws.shift()!
      : crypto.randomInt(min, max)) as typeof crypto.randomInt;
  return { ...crypto, default: { ...crypto, randomInt }, randomInt };
});

describe('order numbers', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    ({ token } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('draws another number when the drawn one is taken', async () => {
    draws.push(123456);
    const first = await placeOrder(t, token, orderBody(), 'first-order-key');
    expect(first.body.order.orderNumber).toBe('VNY-123456');

    draws.push(123456, 123456, 654321);
    const second = await placeOrder(t, token, orderBody(), 'second-order-key');
    expect(second.status).toBe(201);
    expect(second.body.order.orderNumber).toBe('VNY-654321');
    expect(second.body.order._id).not.toBe(first.body.order._id);
    expect(await OrderModel.countDocuments({ orderNumber: 'VNY-123456' })).toBe(1);
    expect(draws).toEqual([]);
  });

  it('answers a retried request with its stored order even when its retry draws a taken number', async () => {
    draws.push(222222);
    const first = await placeOrder(t, token, orderBody(), 'retried-order-key');
    expect(first.status).toBe(201);

    draws.push(123456, 333333);
    const again = await placeOrder(t, token, orderBody(), 'retried-order-key');
    expect(again.status).toBe(200);
    expect(again.body.order.orderNumber).toBe('VNY-222222');
    expect(again.body.payment.providerOrderId).toBe(first.body.payment.providerOrderId);
    expect(await OrderModel.countDocuments({ idempotencyKey: 'retried-order-key' })).toBe(1);
    expect(await OrderModel.countDocuments({ orderNumber: 'VNY-333333' })).toBe(0);
  });
});
