import mongoose, { Schema } from 'mongoose';

/**
 * The payment ledger of an order: every verify, webhook and reconciliation that touched it, and
 * anything the owner must act on (a second payment for a paid order, an amount that does not
 * match). Webhook events are keyed by the provider's event id, which makes redelivery harmless.
 */
const paymentEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, default: null, index: true },
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

export const PaymentEventModel = mongoose.model('PaymentEvent', paymentEventSchema);
