import { describe, expect, it } from 'vitest';
import {
  testPaymentCompletionBodySchema,
  testPaymentCompletionResponseSchema,
  verifyPaymentBodySchema,
  webhookEventSchema,
} from './payments';

const ORDER_ID = '65f1a2b3c4d5e6f708192a3b';
const SIGNATURE = 'a'.repeat(64);

describe('payment verification', () => {
  const body = {
    orderId: ORDER_ID,
    razorpay_order_id: 'order_Pq1',
    razorpay_payment_id: 'pay_Pq1',
    razorpay_signature: SIGNATURE,
  };

  it("accepts the dialog's three values with our order id", () => {
    expect(verifyPaymentBodySchema.parse(body)).toEqual(body);
  });

  it('refuses a signature that is not a hex SHA-256 and unknown keys', () => {
    expect(
      verifyPaymentBodySchema.safeParse({ ...body, razorpay_signature: 'forged' }).success,
    ).toBe(false);
    expect(verifyPaymentBodySchema.safeParse({ ...body, amount: 1 }).success).toBe(false);
  });

  it('refuses operator objects in the ids', () => {
    expect(verifyPaymentBodySchema.safeParse({ ...body, orderId: { $ne: null } }).success).toBe(
      false,
    );
    expect(
      verifyPaymentBodySchema.safeParse({ ...body, razorpay_order_id: { $gt: '' } }).success,
    ).toBe(false);
  });
});

describe('webhook events', () => {
  const event = {
    entity: 'event',
    account_id: 'acc_1',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: 'pay_Pq1',
          order_id: 'order_Pq1',
          status: 'captured',
          amount: 87700,
          currency: 'INR',
          method: 'upi',
        },
      },
    },
    created_at: 1755163800,
  };

  it('reads the payment entity and keeps every other field the provider sends', () => {
    const parsed = webhookEventSchema.parse(event);
    expect(parsed.payload.payment?.entity.order_id).toBe('order_Pq1');
    expect(parsed).toEqual(event);
  });

  it('accepts an order event without a payment', () => {
    expect(
      webhookEventSchema.safeParse({
        event: 'order.paid',
        payload: { order: { entity: { id: 'order_Pq1', status: 'paid', amount_paid: 87700 } } },
        created_at: 1755163800,
      }).success,
    ).toBe(true);
  });

  it('refuses a body that is not an event', () => {
    expect(webhookEventSchema.safeParse({ hello: 'world' }).success).toBe(false);
  });
});

describe('test-mode completion', () => {
  it('takes an outcome of success or failure', () => {
    const body = { orderId: ORDER_ID, providerOrderId: 'order_test_1', outcome: 'success' };
    expect(testPaymentCompletionBodySchema.parse(body)).toEqual(body);
    expect(testPaymentCompletionBodySchema.safeParse({ ...body, outcome: 'maybe' }).success).toBe(
      false,
    );
  });

  it("answers what the provider's dialog would hand the page", () => {
    expect(
      testPaymentCompletionResponseSchema.parse({
        outcome: 'success',
        razorpay_order_id: 'order_test_1',
        razorpay_payment_id: 'pay_test_1',
        razorpay_signature: SIGNATURE,
      }).outcome,
    ).toBe('success');
    expect(
      testPaymentCompletionResponseSchema.safeParse({
        outcome: 'failure',
        error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' },
      }).success,
    ).toBe(true);
  });
});
