import type { OrderStatus } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';
import type { MailMessage } from '../mail/mailer';

/**
 * A refund the shop decided to make: recorded before anything else happens, then settled step by
 * step (the order's or the return's move, the money through the provider under the refund's key,
 * the credit note, the shopper's mail) by whoever comes next: the request that decided it, the
 * owner's retry, or the reconciliation job. Each step is done once, so a crash anywhere leaves
 * work the next caller finishes, never money refunded twice or a credit note missing.
 */
const refundSchema = new Schema(
  {
    /** `order-refund-<order>` (the whole order) or `return-refund-<return>`. */
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
    returnId: { type: Schema.Types.ObjectId, default: null },
    paymentId: { type: String, required: true },
    amount: { type: Number, required: true },
    reason: { type: String, required: true },
    by: { type: String, enum: ['owner', 'shopper', 'reconcile'], required: true },
    /** The order's move that goes with a whole-order refund (cancelled or refunded). */
    move: {
      type: new Schema(
        { to: { type: String, required: true }, from: { type: [String], required: true } },
        { _id: false },
      ),
      default: null,
    },
    note: { type: String, default: null },
    /**
     * A refund the owner sent by hand (a cash-on-delivery order: there is no payment to refund
     * through the provider): how, and its reference.
     */
    manual: {
      type: new Schema(
        { method: { type: String, required: true }, reference: { type: String, required: true } },
        { _id: false },
      ),
      default: null,
    },
    mail: { type: Schema.Types.Mixed, default: null },
    state: { type: String, enum: ['pending', 'done'], default: 'pending' },
    providerRefundId: { type: String, default: null },
    creditNoteNumber: { type: String, default: null },
  },
  { versionKey: false, timestamps: true, collection: 'refunds' },
);
refundSchema.index({ state: 1, createdAt: 1, _id: 1 });
refundSchema.index({ orderId: 1 });
export const RefundModel = mongoose.model('Refund', refundSchema);

export interface RefundDoc {
  _id: string;
  orderId: Types.ObjectId;
  returnId: Types.ObjectId | null;
  paymentId: string;
  amount: number;
  reason: string;
  by: 'owner' | 'shopper' | 'reconcile';
  move: { to: OrderStatus; from: OrderStatus[] } | null;
  note: string | null;
  manual: ManualRefund | null;
  mail: MailMessage | null;
  state: 'pending' | 'done';
  providerRefundId: string | null;
  creditNoteNumber: string | null;
  createdAt: Date;
}

export interface ManualRefund {
  method: 'upi' | 'bank_transfer';
  reference: string;
}
