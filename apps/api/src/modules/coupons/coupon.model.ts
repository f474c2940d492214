import mongoose, { Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';

/**
 * A coupon the owner runs. Its code is the _id (one coupon per code). `remaining` is the uses left
 * under `usageLimit` (null when unlimited): taking a use is one `$inc` guarded on `remaining > 0`,
 * so the limit holds however many shoppers race for the last use.
 */
const couponSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, enum: ['percent', 'flat'], required: true },
    /** Percent (1-90) for 'percent', paise for 'flat'. */
    value: { type: Number, required: true },
    minOrder: { type: Number, required: true, default: 0 },
    maxDiscount: { type: Number, default: null },
    startsAt: { type: Date, default: null },
    endsAt: { type: Date, default: null },
    usageLimit: { type: Number, default: null },
    remaining: { type: Number, default: null },
    perCustomerLimit: { type: Number, required: true, default: 1 },
    active: { type: Boolean, required: true, default: true },
    /** Uses taken by orders not given back. */
    used: { type: Number, required: true, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'coupons' },
);
couponSchema.index({ createdAt: -1, _id: -1 });
export type CouponDoc = InferSchemaType<typeof couponSchema> & { _id: string };
export const CouponModel = mongoose.model('Coupon', couponSchema);

/** One shopper's uses of one coupon (`_id` = `${code}:${userId}`), counted by a guarded `$inc`. */
const couponCustomerSchema = new Schema(
  { _id: { type: String, required: true }, used: { type: Number, required: true } },
  { versionKey: false, collection: 'coupon_customers' },
);
export const CouponCustomerModel = mongoose.model('CouponCustomer', couponCustomerSchema);

/**
 * The use an order took (`_id` = the order's id): what gives it back exactly once when the order is
 * never paid or confirmed, and the owner's list of a coupon's uses.
 */
const couponUseSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    code: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    discount: { type: Number, required: true },
    at: { type: Date, required: true },
    givenBackAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'coupon_uses' },
);
// A coupon's uses, newest first.
couponUseSchema.index({ code: 1, at: -1 });
export type CouponUseDoc = InferSchemaType<typeof couponUseSchema>;
export const CouponUseModel = mongoose.model('CouponUse', couponUseSchema);
