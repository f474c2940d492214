import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: string;
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  created_at: number;
}

interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string>;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
}

const id = (prefix: string) =>
  `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const razorpayError = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/** One request, as each route of the fake is handed it. */
interface Call {
  req: http.IncomingMessage;
  body: Record<string, unknown> | undefined;
  send: (status: number, body: unknown) => void;
}

/** A route of the fake: the method and path it answers, and the function that answers. */
interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  run: (call: Call, match: RegExpExecArray) => void;
}

/**
 * A local server speaking the part of Razorpay's REST API the shop uses (POST /v1/orders,
 * GET /v1/orders/:id/payments, GET /v1/payments/:id, POST /v1/payments/:id/refund with the
 * X-Refund-Idempotency header; Basic auth with key id and secret, Razorpay's error bodies), so the
 * real SDK and the real provider code are exercised without the internet.
 */
export class FakeRazorpay {
  readonly orders = new Map<string, FakeOrder>();
  readonly payments: FakePayment[] = [];
  readonly refunds: FakeRefund[] = [];
  private readonly refundsByKey = new Map<string, FakeRefund>();
  readonly requests: { method: string; path: string; auth: string | undefined; body: unknown }[] =
    [];
  /** The status the next request is answered with (500, 503, 400...), once. */
  failNext: number | undefined;
  private server: http.Server;
  port = 0;
  /** Each route Razorpay answers here, tried in turn; any other request is a 404. */
  private readonly routes: Route[] = [
    { method: 'POST', path: /^\/v1\/orders$/, run: (c) => this.createOrder(c) },
    { method: 'GET', path: /^\/v1\/payments\/([\w]+)$/, run: (c, m) => this.payment(c, m[1]!) },
    {
      method: 'POST',
      path: /^\/v1\/payments\/([\w]+)\/refund$/,
      run: (c, m) => this.refund(c, m[1]!),
    },
    {
      method: 'GET',
      path: /^\/v1\/orders\/([\w]+)\/payments$/,
      run: (c, m) => this.orderPayments(c, m[1]!),
    },
  ];

  constructor(
    private readonly keyId: string,
    private readonly keySecret: string,
  ) {
    this.server = http.createServer((req, res) => {
      // A client killed mid-request (the chaos suite kills the API) resets its connection.
      req.on('error', () => undefined);
      res.on('error', () => undefined);
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => this.handle(req, res, raw));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /**
   * The shopper pays in the dialog: a captured payment for the order (of another amount when a
   * test wants the provider to report a wrong one; twice for a double charge).
   */
  capture(orderId: string, amount?: number): FakePayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment: FakePayment = {
      id: id('pay'),
      entity: 'payment',
      amount: amount ?? order.amount,
      currency: 'INR',
      status: 'captured',
      order_id: orderId,
      method: 'upi',
      captured: true,
      amount_refunded: 0,
      refund_status: null,
      created_at: Math.floor(Date.now() / 1000),
    };
    this.payments.push(payment);
    Object.assign(order, {
      status: 'paid',
      amount_paid: order.amount,
      amount_due: 0,
      attempts: order.attempts + 1,
    });
    return payment;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    this.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      auth: req.headers.authorization,
      body,
    });
    if (this.failNext !== undefined) {
      const status = this.failNext;
      this.failNext = undefined;
      return send(
        status,
        status >= 500
          ? {
              error: {
                code: 'SERVER_ERROR',
                description:
                  'The server encountered an error. The incident has been reported to admins.',
              },
            }
          : razorpayError('The request could not be processed.'),
      );
    }
    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return send(401, razorpayError('The api key provided is invalid'));

    for (const route of this.routes) {
      const match = route.path.exec(req.url ?? '');
      if (req.method === route.method && match) return route.run({ req, body, send }, match);
    }
    send(404, razorpayError('The requested URL was not found on the server.'));
  }

  /** POST /v1/orders */
  private createOrder({ body, send }: Call) {
    const amount = Number(body?.amount);
    if (!Number.isInteger(amount) || amount < 100)
      return send(400, razorpayError('The amount must be atleast INR 1.00', 'amount'));
    if (body?.currency !== 'INR')
      return send(400, razorpayError('The currency field is invalid.', 'currency'));
    const order: FakeOrder = {
      id: id('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: String(body.receipt ?? ''),
      status: 'created',
      attempts: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: Math.floor(Date.now() / 1000),
    };
    this.orders.set(order.id, order);
    return send(200, order);
  }

  /** GET /v1/payments/:id */
  private payment({ send }: Call, paymentId: string) {
    const payment = this.payments.find((p) => p.id === paymentId);
    if (!payment) return send(400, razorpayError('The id provided does not exist'));
    return send(200, payment);
  }

  /** POST /v1/payments/:id/refund, once per X-Refund-Idempotency key. */
  private refund({ req, body, send }: Call, paymentId: string) {
    const key = req.headers['x-refund-idempotency'];
    const earlier = typeof key === 'string' ? this.refundsByKey.get(key) : undefined;
    if (earlier) return send(200, earlier);
    const payment = this.payments.find((p) => p.id === paymentId);
    if (!payment) return send(400, razorpayError('The id provided does not exist'));
    const amount =
      body?.amount === undefined ? payment.amount - payment.amount_refunded : Number(body.amount);
    if (payment.status !== 'captured')
      return send(400, razorpayError('The payment has been fully refunded already'));
    if (
      !Number.isInteger(amount) ||
      amount < 100 ||
      amount > payment.amount - payment.amount_refunded
    )
      return send(
        400,
        razorpayError('The refund amount provided is greater than amount captured', 'amount'),
      );
    const refund: FakeRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      notes: (body?.notes as Record<string, string>) ?? {},
      status: 'processed',
      speed_processed: 'normal',
      created_at: Math.floor(Date.now() / 1000),
    };
    this.refunds.push(refund);
    if (typeof key === 'string') this.refundsByKey.set(key, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    return send(200, refund);
  }

  /** GET /v1/orders/:id/payments */
  private orderPayments({ send }: Call, orderId: string) {
    if (!this.orders.has(orderId))
      return send(400, razorpayError('The id provided does not exist'));
    const items = this.payments.filter((p) => p.order_id === orderId);
    return send(200, { entity: 'collection', count: items.length, items });
  }
}
