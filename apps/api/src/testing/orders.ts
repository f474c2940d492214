import { formatAmountForOrder, priceCart } from '@vanya/catalog';
import request from 'supertest';
import { bearer } from './accounts';
import type { TestPaymentProvider } from '../modules/payments/payment-provider';
import type { TestApp } from './test-app';

export type Items = { productId: string; quantity: number }[];

export const DEFAULT_ITEMS: Items = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

/** The checkout form as the web sends it, with the catalogue's own total. */
export function orderBody(
  items: Items = DEFAULT_ITEMS,
  state = 'Maharashtra',
  overrides: Record<string, unknown> = {},
) {
  const total = priceCart(items, { deliveryState: state }).grandTotal;
  return {
    data: {
      firstName: 'Asha',
      lastName: 'Kulkarni',
      email: 'asha@example.in',
      phone: '9822045123',
      address: '12 Shivaji Nagar, Near Ganesh Mandir',
      city: state === 'Maharashtra' ? 'Latur' : 'Bengaluru',
      state,
      pinCode: state === 'Maharashtra' ? '413512' : '560001',
      country: 'IN',
      paymentMethod: 'upi',
      gstNumber: '',
      cart_summary: 'ignored by the server',
      total_amount: formatAmountForOrder(total),
      items: items.map((item) => ({ ...item })),
      ...overrides,
    },
  };
}

export async function placeOrder(t: TestApp, token: string, body = orderBody(), key?: string) {
  const req = request(t.app).post('/api/orders').set(bearer(token));
  if (key) req.set('Idempotency-Key', key);
  const res = await req.send(body);
  if (process.env.DEBUG_ORDERS && res.status >= 400)
    console.log('placeOrder', res.status, res.text);
  return res;
}

/** Pays through the test-mode dialog endpoint and the verify call, as the web does. */
export async function payInTestMode(t: TestApp, order: { _id: string }, providerOrderId: string) {
  const completed = await request(t.app)
    .post('/api/payments/test/complete')
    .send({ orderId: order._id, providerOrderId, outcome: 'success' });
  if (completed.status !== 200)
    throw new Error(`test/complete answered ${completed.status}: ${completed.text}`);
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = completed.body;
  const verified = await request(t.app)
    .post('/api/payments/verify')
    .send({ orderId: order._id, razorpay_order_id, razorpay_payment_id, razorpay_signature });
  return { completed: completed.body, verified };
}

/** What the browser sends to /payments/verify once the test-mode provider captured `paymentId`. */
export function verifyTestPayment(
  t: TestApp,
  orderId: string,
  providerOrderId: string,
  paymentId: string,
) {
  const provider = t.services.provider as TestPaymentProvider;
  return request(t.app)
    .post('/api/payments/verify')
    .send({
      orderId,
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: provider.checkoutSignature(providerOrderId, paymentId),
    });
}

/** An order placed and paid as a shopper pays: the provider captures it, the browser verifies. */
export async function placePaidOrder(t: TestApp, token: string, body = orderBody()) {
  const placed = await placeOrder(t, token, body);
  if (placed.status !== 201) throw new Error(`order answered ${placed.status}: ${placed.text}`);
  const { order, payment } = placed.body as {
    order: { _id: string; orderNumber: string };
    payment: { providerOrderId: string; amount: number };
  };
  const provider = t.services.provider as TestPaymentProvider;
  const paid = await provider.recordPayment(payment.providerOrderId, payment.amount, 'success');
  const verified = await verifyTestPayment(t, order._id, payment.providerOrderId, paid.id);
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return { order, payment, paymentId: paid.id };
}
