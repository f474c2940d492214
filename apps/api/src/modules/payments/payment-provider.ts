import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import Razorpay from 'razorpay';
import { AppError } from '../../shared/errors/app-error';

export interface ProviderOrder {
  id: string;
  amount: number;
  status: string;
}

export interface ProviderPayment {
  id: string;
  order_id: string;
  status: string;
  amount: number;
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
}

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

  constructor(options: RazorpayOptions) {
    this.keyId = options.keyId;
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
    this.client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
    // The SDK's axios instance: give it a timeout (it has none) and, in tests, another host.
    const rq = (
      this.client as unknown as {
        api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
      }
    ).api.rq;
    rq.defaults.timeout = options.timeoutMs ?? 10_000;
    if (options.apiUrl) rq.defaults.baseURL = options.apiUrl;
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
      return (result.items ?? []).map((p) => ({
        id: p.id,
        order_id: p.order_id,
        status: p.status,
        amount: Number(p.amount),
      }));
    } catch (err) {
      throw providerFailure(err);
    }
  }
}

const testPaymentSchema = new Schema(
  {
    _id: { type: String, required: true },
    order_id: { type: String, required: true, index: true },
    status: { type: String, required: true },
    amount: { type: Number, required: true },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'test_provider_payments',
  },
);
const TestPaymentModel = mongoose.model('TestProviderPayment', testPaymentSchema);

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
    return payments.map((p) => ({
      id: p._id,
      order_id: p.order_id,
      status: p.status,
      amount: p.amount,
    }));
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
    return { id: payment._id, order_id: providerOrderId, status: payment.status, amount };
  }

  checkoutSignature(providerOrderId: string, paymentId: string): string {
    return hmacHex(this.keySecret, `${providerOrderId}|${paymentId}`);
  }
}
