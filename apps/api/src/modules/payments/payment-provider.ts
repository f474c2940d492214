import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import mongoose, { Schema, trusted } from 'mongoose';
import Razorpay from 'razorpay';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { AppError } from '../../platform/errors/app-error';

export interface ProviderOrder {
  id: string;
  amount: number;
  status: string;
}

export interface ProviderPayment {
  id: string;
  order_id: string;
  /** 'created', 'authorized', 'captured', 'refunded' or 'failed'. */
  status: string;
  /** In paise. */
  amount: number;
  /** In paise; 0 until something was refunded. */
  amount_refunded: number;
}

export interface ProviderRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

/**
 * What the shop needs from a payment provider. Razorpay in production; a local stand-in in test mode
 * that keeps the same protocol (ids, HMAC signatures, webhooks), so the verify and webhook code that
 * runs in test mode is the code that runs in production.
 */
export interface PaymentProvider {
  readonly mode: 'razorpay' | 'test';
  /** The public key id the checkout dialog is opened with. */
  readonly keyId: string;
  /** Signs checkout results: HMAC-SHA256(order_id + '|' + payment_id). */
  readonly keySecret: string;
  /** Signs webhook bodies. */
  readonly webhookSecret: string;
  createOrder(input: {
    amount: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Gives `amount` paise of a captured payment back. The idempotency key makes a repeated request
   * (a retry after a lost answer, two callers at once) refund once.
   */
  refund(
    paymentId: string,
    input: { amount: number; idempotencyKey: string; notes: Record<string, string> },
  ): Promise<ProviderRefund>;
}

const toPayment = (p: Partial<ProviderPayment>): ProviderPayment => ({
  id: String(p.id),
  order_id: String(p.order_id),
  status: String(p.status),
  amount: Number(p.amount),
  amount_refunded: Number(p.amount_refunded ?? 0),
});

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'Payments are unavailable right now. Your order is saved; please try again in a few minutes.';
export const PROVIDER_REFUSED_MESSAGE =
  'The payment provider could not start this payment. Your order is saved; please try again or write to us.';

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a hex signature against the expected one. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return given.length === expected.length && given.length > 0 && timingSafeEqual(expected, given);
}

/** Maps what the Razorpay SDK throws: `{statusCode, error}` when it answered, anything else when unreachable. */
function providerFailure(err: unknown): AppError {
  const status = (err as { statusCode?: number })?.statusCode;
  const description = (err as { error?: { description?: string } })?.error?.description;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(
      502,
      'PROVIDER_REFUSED',
      PROVIDER_REFUSED_MESSAGE,
      description ? { providerMessage: description } : {},
    );
  }
  return new AppError(503, 'PROVIDER_UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE);
}

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Another host speaking Razorpay's API (tests point this at a local server). */
  apiUrl?: string;
  timeoutMs?: number;
}

export class RazorpayProvider implements PaymentProvider {
  readonly mode = 'razorpay' as const;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  private readonly client: Razorpay;
  private readonly rq: {
    post(
      url: string,
      data: unknown,
      config: { headers: Record<string, string> },
    ): Promise<{ data: unknown }>;
  };

  constructor(options: RazorpayOptions) {
    this.keyId = options.keyId;
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
    this.client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
    // The SDK's axios instance: give it a timeout (it has none) and, in tests, another host.
    const rq = (
      this.client as unknown as {
        api: { rq: RazorpayProvider['rq'] & { defaults: { baseURL?: string; timeout?: number } } };
      }
    ).api.rq;
    rq.defaults.timeout = options.timeoutMs ?? 10_000;
    if (options.apiUrl) rq.defaults.baseURL = options.apiUrl;
    this.rq = rq;
  }

  async createOrder(input: {
    amount: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    try {
      const order = await this.client.orders.create({
        amount: input.amount,
        currency: 'INR',
        receipt: input.receipt,
        notes: input.notes,
      });
      return { id: String(order.id), amount: Number(order.amount), status: String(order.status) };
    } catch (err) {
      throw providerFailure(err);
    }
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    try {
      const result = (await this.client.orders.fetchPayments(providerOrderId)) as {
        items?: ProviderPayment[];
      };
      return (result.items ?? []).map(toPayment);
    } catch (err) {
      throw providerFailure(err);
    }
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    try {
      return toPayment((await this.client.payments.fetch(paymentId)) as Partial<ProviderPayment>);
    } catch (err) {
      throw providerFailure(err);
    }
  }

  async refund(
    paymentId: string,
    input: { amount: number; idempotencyKey: string; notes: Record<string, string> },
  ): Promise<ProviderRefund> {
    try {
      // The SDK's refund() cannot send a header: Razorpay's X-Refund-Idempotency is what makes a
      // retried refund safe, so the request goes through the SDK's own HTTP client.
      const { data } = await this.rq.post(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: input.amount, speed: 'normal', notes: input.notes },
        { headers: { 'X-Refund-Idempotency': input.idempotencyKey } },
      );
      const refund = data as Partial<ProviderRefund>;
      return {
        id: String(refund.id),
        payment_id: String(refund.payment_id),
        amount: Number(refund.amount),
        status: String(refund.status),
      };
    } catch (err) {
      const response = (err as { response?: { status: number; data?: { error?: unknown } } })
        .response;
      throw providerFailure(
        response ? { statusCode: response.status, error: response.data?.error } : err,
      );
    }
  }
}

const testPaymentSchema = new Schema(
  {
    _id: { type: String, required: true },
    order_id: { type: String, required: true, index: true },
    status: { type: String, required: true },
    amount: { type: Number, required: true },
    amount_refunded: { type: Number, default: 0 },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'test_provider_payments',
  },
);
const TestPaymentModel = mongoose.model('TestProviderPayment', testPaymentSchema);
/** Test mode's refunds by idempotency key: the same key refunds once. */
const TestRefundModel = mongoose.model(
  'TestProviderRefund',
  new Schema(
    { _id: { type: String, required: true }, id: { type: String, required: true } },
    { versionKey: false, collection: 'test_provider_refunds' },
  ),
);

/**
 * Test mode (no Razorpay keys; never in production): order and payment ids in Razorpay's format,
 * payments kept in the database so reconciliation can ask for them, secrets derived from the
 * server secret so signatures are real HMACs nobody outside can forge.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;
  readonly keyId = 'rzp_test_vanya_local';
  readonly keySecret: string;
  readonly webhookSecret: string;

  constructor(serverSecret: string) {
    this.keySecret = hmacHex(serverSecret, 'test-payments:key-secret');
    this.webhookSecret = hmacHex(serverSecret, 'test-payments:webhook-secret');
  }

  async createOrder(input: { amount: number }): Promise<ProviderOrder> {
    return {
      id: `order_test_${randomBytes(7).toString('hex')}`,
      amount: input.amount,
      status: 'created',
    };
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const payments = await TestPaymentModel.find({ order_id: providerOrderId }).lean();
    return payments.map((p) => toPayment({ ...p, id: p._id }));
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const payment = await TestPaymentModel.findById(paymentId).lean();
    if (!payment)
      throw new AppError(502, 'PROVIDER_REFUSED', PROVIDER_REFUSED_MESSAGE, {
        providerMessage: 'The id provided does not exist',
      });
    return toPayment({ ...payment, id: payment._id });
  }

  /** Like the provider: only captured money goes back, never more than is left, once per key. */
  async refund(
    paymentId: string,
    input: { amount: number; idempotencyKey: string },
  ): Promise<ProviderRefund> {
    const made = { _id: input.idempotencyKey, id: `rfnd_test_${randomBytes(7).toString('hex')}` };
    try {
      await TestRefundModel.create(made);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await TestRefundModel.findById(input.idempotencyKey).lean();
      return { id: earlier!.id, payment_id: paymentId, amount: input.amount, status: 'processed' };
    }
    const payment = await TestPaymentModel.findById(paymentId).lean();
    const taken =
      payment &&
      (await TestPaymentModel.findOneAndUpdate(
        {
          _id: paymentId,
          status: 'captured',
          amount_refunded: trusted({ $lte: payment.amount - input.amount }),
        },
        { $inc: { amount_refunded: input.amount } },
        { returnDocument: 'after' },
      ).lean());
    if (!taken) {
      await TestRefundModel.deleteOne({ _id: input.idempotencyKey });
      throw new AppError(502, 'PROVIDER_REFUSED', PROVIDER_REFUSED_MESSAGE, {
        providerMessage: 'The refund amount is more than what is left on the payment',
      });
    }
    if (taken.amount_refunded === taken.amount)
      await TestPaymentModel.updateOne({ _id: paymentId }, { $set: { status: 'refunded' } });
    return { id: made.id, payment_id: paymentId, amount: input.amount, status: 'processed' };
  }

  /** What the test dialog's "Pay" or "Fail" does at the provider: records a payment attempt. */
  async recordPayment(
    providerOrderId: string,
    amount: number,
    outcome: 'success' | 'failure',
  ): Promise<ProviderPayment> {
    const payment = {
      _id: `pay_test_${randomBytes(7).toString('hex')}`,
      order_id: providerOrderId,
      status: outcome === 'success' ? 'captured' : 'failed',
      amount,
    };
    await TestPaymentModel.create(payment);
    return toPayment({ ...payment, id: payment._id });
  }

  checkoutSignature(providerOrderId: string, paymentId: string): string {
    return hmacHex(this.keySecret, `${providerOrderId}|${paymentId}`);
  }
}
