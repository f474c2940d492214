// GET /products and GET /products/{id}: the catalogue of packages/catalog as JSON, prices in paise.
import { PRODUCT_CATEGORIES } from '@vanya/catalog';
import { z } from 'zod';
import { paiseField, productIdField } from './fields';

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
