import mongoose, { Schema } from 'mongoose';

/**
 * The shop's settings the owner changes without a release: one document (`_id: 'shop'`). A field
 * never saved reads as its default, so an empty collection is today's shop.
 */
const shopSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    preOrder: {
      on: Boolean,
      dispatchFrom: String,
      text: String,
    },
    codFeePaise: Number,
    codMaxGoodsPaise: Number,
    freeShippingThresholdPaise: Number,
  },
  {
    versionKey: false,
    timestamps: { createdAt: false, updatedAt: true },
    collection: 'shop_settings',
  },
);
export const ShopSettingsModel = mongoose.model('ShopSettings', shopSettingsSchema);
