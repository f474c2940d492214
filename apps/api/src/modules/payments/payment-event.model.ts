import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';

/**
 * The payment ledger of an order: every verify, webhook and reconciliation that touched it, and
 * anything the owner must act on (a second payment for a paid order, an amount that does not
 * match). Webhook events are keyed by the provider's event id, which makes redelivery harmless.
 */
const paymentEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, default: null },
    type: { type: String, required: true },
    source: {
      type: String,
      enum: ['verify', 'webhook', 'reconcile', 'test', 'owner', 'shopper'],
      required: true,
    },
    paymentId: { type: String, default: null },
    amount: { type: Number, default: null },
    note: { type: String, default: '' },
    /** Webhooks only: null until handled, so a delivery that failed half-way is handled on redelivery. */
    processedAt: { type: Date, default: null },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'payment_events',
  },
);

paymentEventSchema.index({ orderId: 1, createdAt: 1 });
export const PaymentEventModel = mongoose.model('PaymentEvent', paymentEventSchema);

/**
 * Adds a line to the ledger, once per (type, payment): a repeated report adds nothing. A line
 * without a payment (a forged signature, say) is keyed by the order and the moment.
 */
export async function recordPaymentEvent(
  orderId: Types.ObjectId | null,
  type: string,
  source: 'verify' | 'webhook' | 'reconcile' | 'test' | 'owner' | 'shopper',
  fields: { paymentId?: string; amount?: number; note?: string } = {},
): Promise<void> {
  const key =
    fields.paymentId ?? `${String(orderId)}:${Date.now()}:${randomBytes(4).toString('hex')}`;
  try {
    await withDbRetry(() =>
      PaymentEventModel.create({
        _id: `${type}:${key}`,
        orderId,
        type,
        source,
        paymentId: fields.paymentId ?? null,
        amount: fields.amount ?? null,
        note: fields.note ?? '',
      }),
    );
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}
