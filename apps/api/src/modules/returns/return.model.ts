import { RETURN_STATUSES } from '@vanya/contracts';
import type { ReturnRequest } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';

const returnSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
    orderNumber: { type: String, required: true },
    status: { type: String, enum: RETURN_STATUSES, default: 'requested' },
    refundAmount: { type: Number, required: true },
    method: { type: String, required: true },
    reason: { type: String, required: true },
    /**
     * The order id while the return is open, something unique once it is closed: a unique index on
     * it allows one open return per order without a partial index.
     */
    openKey: { type: String, required: true, unique: true },
    note: { type: String, default: null },
    refundedAmount: { type: Number, default: null },
    creditNoteNumber: { type: String, default: null },
  },
  { timestamps: true, collection: 'returns' },
);
// The shopper's returns, newest first (pageForUser).
returnSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// The owner's lists: by status, and all of them, newest first.
returnSchema.index({ status: 1, createdAt: -1 });
returnSchema.index({ createdAt: -1 });
export const ReturnModel = mongoose.model('Return', returnSchema);

export type ReturnDoc = {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  orderId: Types.ObjectId;
  orderNumber: string;
  status: string;
  refundAmount: number;
  method: string;
  reason: string;
  createdAt: Date;
  note?: string | null;
  refundedAmount?: number | null;
  creditNoteNumber?: string | null;
};
export const toReturnView = (r: ReturnDoc): ReturnRequest => ({
  _id: String(r._id),
  orderId: String(r.orderId),
  status: r.status as ReturnRequest['status'],
  refundAmount: r.refundAmount,
  method: r.method as ReturnRequest['method'],
  orderNumber: r.orderNumber,
  ...(r.note ? { note: r.note } : {}),
  ...(r.refundedAmount ? { refundedAmount: r.refundedAmount } : {}),
  ...(r.creditNoteNumber ? { creditNoteNumber: r.creditNoteNumber } : {}),
});
