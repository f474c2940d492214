import { REVIEW_STATUSES } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { InferSchemaType, Types } from 'mongoose';

/**
 * A buyer's review of one product: one per (product, shopper), a unique index, so two reviews
 * sent at once store one. Shown to everyone only once the owner publishes it.
 */
const reviewSchema = new Schema(
  {
    productId: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    /** The delivered order that made the shopper a buyer of the product. */
    orderId: { type: Schema.Types.ObjectId, required: true },
    buyerName: { type: String, required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    title: { type: String, required: true },
    body: { type: String, required: true },
    status: { type: String, enum: REVIEW_STATUSES, required: true, default: 'pending' },
    reply: {
      type: new Schema(
        { body: { type: String, required: true }, at: { type: Date, required: true } },
        { _id: false },
      ),
      default: null,
    },
  },
  { versionKey: false, timestamps: true, collection: 'reviews' },
);
reviewSchema.index({ productId: 1, userId: 1 }, { unique: true });
// A product's published reviews, newest first.
reviewSchema.index({ productId: 1, status: 1, createdAt: -1 });
// The owner's list, newest first, all or by status.
reviewSchema.index({ status: 1, createdAt: -1 });
reviewSchema.index({ createdAt: -1 });

export type ReviewDoc = InferSchemaType<typeof reviewSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
};
export const ReviewModel = mongoose.model('Review', reviewSchema);
