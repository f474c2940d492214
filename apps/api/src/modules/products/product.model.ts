import { GST_RATES, PRODUCT_CATEGORIES } from '@vanya/catalog';
import { PRODUCT_STATUSES } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';

/**
 * One product of the catalogue, under its id (`_id`, the slug of its address: /products/<id>).
 * Money in paise, as everywhere. `position` is the shop's order. A bundle's `contents` name the
 * single products it is made of, as stock counts them. `price` is the regular price; while a
 * `sale` runs (from its start until its end) shoppers pay the sale's price instead.
 */
const productSchema = new Schema(
  {
    _id: { type: String, required: true },
    position: { type: Number, required: true },
    status: { type: String, enum: PRODUCT_STATUSES, required: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    longdescription: { type: String, required: true },
    mrp: { type: Number, required: true },
    price: { type: Number, required: true },
    sale: {
      type: new Schema(
        {
          price: { type: Number, required: true },
          startsAt: { type: Date, required: true },
          endsAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    images: { type: [String], default: [] },
    category: { type: String, enum: PRODUCT_CATEGORIES, required: true },
    ingredients: { type: [String], default: [] },
    benefits: { type: [String], default: [] },
    size: { type: String, required: true },
    featured: { type: Boolean, required: true },
    isNew: { type: Boolean, required: true },
    rating: { type: Number, required: true },
    relatedProductIds: { type: [String], default: [] },
    howToUseDescription: { type: [String], default: [] },
    howToUseVideo: { type: String, default: '' },
    hsn: { type: String, required: true },
    gstRate: { type: Number, enum: GST_RATES, required: true },
    contents: {
      type: [
        new Schema(
          {
            productId: { type: String, required: true },
            quantity: { type: Number, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  // `isNew` is a field of ours, not Mongoose's flag of an unsaved document.
  {
    versionKey: false,
    timestamps: true,
    collection: 'products',
    suppressReservedKeysWarning: true,
  },
);
// The products in the shop's order: the catalogue every process reads.
productSchema.index({ position: 1 });
export const ProductModel = mongoose.model('Product', productSchema);
