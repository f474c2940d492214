// GET /products and GET /products/{id}: the published catalogue as JSON, prices in paise; and the
// owner's view and edit of it.
import { PRODUCT_CATEGORIES } from '@vanya/catalog';
import { z } from 'zod';
import { isoDateTimeField, paiseField, productIdField, requiredTextField } from './fields';

export const productSchema = z
  .object({
    id: productIdField,
    name: z.string(),
    description: z.string(),
    longdescription: z.string(),
    /** Maximum retail price in paise. */
    mrp: paiseField,
    /** Selling price in paise, tax-inclusive; `price` is the same number. */
    discountedPrice: paiseField,
    price: paiseField,
    image: z.string(),
    images: z.array(z.string()),
    category: z.enum(PRODUCT_CATEGORIES),
    ingredients: z.array(z.string()),
    benefits: z.array(z.string()),
    size: z.string(),
    /** False when the owner stopped selling it or none is available. */
    inStock: z.boolean(),
    /** How many can be bought, only when 5 or fewer ("Only 3 left"); null when more. */
    available: z.number().int().nonnegative().nullable(),
    featured: z.boolean(),
    isNew: z.boolean(),
    rating: z.number().min(0).max(5),
    relatedProductIds: z.array(productIdField),
    howToUseDescription: z.array(z.string()),
    /** '' for products without a how-to video. */
    howToUseVideo: z.string(),
    hsn: z.string(),
    gstRate: z.number().int().nonnegative(),
    /** What a bundle or hamper holds; empty for single products. */
    contents: z.array(
      z.object({ productId: productIdField, quantity: z.number().int().positive() }),
    ),
  })
  .meta({ id: 'Product' });

export const productListResponseSchema = z.array(productSchema);

/** `/products/{id}` takes any text: an id the catalogue does not know answers 404, not 400. */
export const productParamsSchema = z.object({ id: z.string().min(1).max(64) });

export type ProductResponse = z.infer<typeof productSchema>;
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The owner's catalogue: GET /admin/products and PUT /admin/products/{id}

/** Shoppers see published products only; a hidden one leaves the shop, its page and the sitemap. */
export const PRODUCT_STATUSES = ['published', 'hidden'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Razorpay's least order is ₹1, and a price under it is a typing slip. */
const priceField = paiseField.min(100, 'A price is at least ₹1');

/** A sale: its price from `startsAt` until `endsAt` (ISO times; the owner types them in India's time). */
export const productSaleSchema = z
  .object({
    price: priceField,
    startsAt: isoDateTimeField,
    endsAt: isoDateTimeField,
  })
  .strict()
  .refine((s) => Date.parse(s.startsAt) < Date.parse(s.endsAt), {
    message: 'The sale must end after it starts',
    path: ['endsAt'],
  })
  .meta({ id: 'ProductSale' });

/**
 * What the owner changes of a product: its words, net quantity, badges, prices, a sale and whether
 * it is shown. Its id, category, contents, photos, HSN and GST rate stay as they are.
 */
export const productEditSchema = z
  .object({
    name: requiredTextField('Enter the product’s name', 80, 'At most 80 characters'),
    description: requiredTextField('Enter a short description', 400, 'At most 400 characters'),
    longdescription: requiredTextField('Enter the description', 4000, 'At most 4000 characters'),
    /** Net quantity as shoppers read it: '250g', '2 x 200g'. */
    size: requiredTextField('Enter the net quantity, e.g. 250g', 40, 'At most 40 characters'),
    /** The page's "Benefits", one line each. */
    benefits: z
      .array(requiredTextField('A benefit cannot be empty', 200, 'At most 200 characters'))
      .max(12, 'At most 12 benefits'),
    /** The page's "How to Use", one step each. */
    howToUseDescription: z
      .array(requiredTextField('A step cannot be empty', 400, 'At most 400 characters'))
      .max(12, 'At most 12 steps'),
    featured: z.boolean(),
    isNew: z.boolean(),
    /** Paise, tax-inclusive. */
    price: priceField,
    mrp: priceField,
    sale: productSaleSchema.nullable(),
    status: z.enum(PRODUCT_STATUSES),
  })
  .strict()
  .refine((p) => p.price <= p.mrp, {
    message: 'The price cannot be above the MRP',
    path: ['price'],
  })
  .refine((p) => !p.sale || p.sale.price < p.price, {
    message: 'The sale price must be below the regular price',
    path: ['sale', 'price'],
  })
  .meta({
    id: 'ProductEdit',
    example: {
      name: 'Body Butter',
      description: 'Kokum and shea butter for soft skin.',
      longdescription: 'A rich, fast-absorbing butter of kokum and shea.',
      size: '250g',
      benefits: ['Softens dry skin'],
      howToUseDescription: ['Massage into damp skin.'],
      featured: true,
      isNew: false,
      price: 34900,
      mrp: 79900,
      sale: {
        price: 29900,
        startsAt: '2026-10-20T00:00:00+05:30',
        endsAt: '2026-11-05T23:59:00+05:30',
      },
      status: 'published',
    },
  });
export type ProductEdit = z.output<typeof productEditSchema>;

/** A product as the owner sees it: as shoppers do, with its regular price, sale and status. */
export const adminProductSchema = productSchema
  .omit({ inStock: true, available: true })
  .extend({
    /** The price without the sale; `price` is what shoppers pay now. */
    regularPrice: paiseField,
    sale: z
      .object({ price: paiseField, startsAt: isoDateTimeField, endsAt: isoDateTimeField })
      .nullable(),
    status: z.enum(PRODUCT_STATUSES),
    updatedAt: isoDateTimeField,
  })
  .meta({ id: 'AdminProduct' });
export const adminProductListSchema = z.array(adminProductSchema);
export type AdminProduct = z.infer<typeof adminProductSchema>;
