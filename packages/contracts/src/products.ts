// GET /products and GET /products/{id}: the published catalogue as JSON, prices in paise; and the
// owner's view and edit of it.
import { GST_CLASSES, PRODUCT_CATEGORIES } from '@vanya/catalog';
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
// The owner's catalogue: GET /admin/products, POST /admin/products, PUT /admin/products/{id} and
// POST /admin/products/{id}/duplicate

/**
 * Shoppers see published products only. A draft is new and not yet shown; a hidden product was
 * shown and is taken off for now; an archived one is no longer sold and leaves the owner's list.
 * Anything not published leaves the shop, its page (404) and the sitemap.
 */
export const PRODUCT_STATUSES = ['draft', 'published', 'hidden', 'archived'] as const;
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

/** A product photo: one the shop made (/media) or the owner uploaded (/uploads), as its WebP. */
export const PRODUCT_IMAGE_PATTERN = /^\/(media|uploads)\/products\/[A-Za-z0-9_-]+\.webp$/;
/** A how-to video of the shop's media, or '' for none. */
export const PRODUCT_VIDEO_PATTERN = /^(\/media\/videos\/[A-Za-z0-9_-]+\.mp4)?$/;

/** The rates the shop may charge: each tax class's HSN code with its GST rate. */
export const TAX_CLASS_MESSAGE = `Choose a tax class the shop charges: ${Object.values(GST_CLASSES)
  .map((c) => `HSN ${c.hsn} at ${c.gstRate}%`)
  .join(' or ')}`;

/** Whether an HSN code and rate are one of the shop's tax classes. */
export const isShopTaxClass = (hsn: string, gstRate: number) =>
  Object.values(GST_CLASSES).some((c) => c.hsn === hsn && c.gstRate === gstRate);

const listOf = (item: z.ZodType<string>, max: number, tooMany: string) =>
  z.array(item).max(max, tooMany);

/**
 * Everything the owner sets of a product. A bundle or hamper (category Bundle or Hamper) lists the
 * single products it holds; its ingredients, HSN code and GST rate are then taken from them, so
 * what it states in those three is not used.
 */
const productFields = z.object({
  name: requiredTextField('Enter the product’s name', 80, 'At most 80 characters'),
  description: requiredTextField('Enter a short description', 400, 'At most 400 characters'),
  longdescription: requiredTextField('Enter the description', 4000, 'At most 4000 characters'),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category' }),
  /** Net quantity as shoppers read it: '250g', '2 x 200g'. */
  size: requiredTextField('Enter the net quantity, e.g. 250g', 40, 'At most 40 characters'),
  ingredients: listOf(
    requiredTextField('An ingredient cannot be empty', 120, 'At most 120 characters'),
    40,
    'At most 40 ingredients',
  ),
  /** The page's "Benefits", one line each. */
  benefits: listOf(
    requiredTextField('A benefit cannot be empty', 200, 'At most 200 characters'),
    12,
    'At most 12 benefits',
  ),
  /** The page's "How to Use", one step each. */
  howToUseDescription: listOf(
    requiredTextField('A step cannot be empty', 400, 'At most 400 characters'),
    12,
    'At most 12 steps',
  ),
  howToUseVideo: z.string().regex(PRODUCT_VIDEO_PATTERN, 'Choose one of the shop’s videos'),
  /** In the order shown; the first is the main photo. */
  images: z
    .array(z.string().regex(PRODUCT_IMAGE_PATTERN, 'Not a photo of the shop'))
    .max(8, 'At most 8 photos'),
  hsn: z.string(),
  gstRate: z.number().int(),
  contents: z
    .array(
      z.object({
        productId: productIdField,
        quantity: z.number().int().min(1, 'At least 1').max(20, 'At most 20'),
      }),
    )
    .max(10, 'At most 10 products in one bundle'),
  relatedProductIds: z.array(productIdField).max(6, 'At most 6 related products'),
  featured: z.boolean(),
  isNew: z.boolean(),
  /** Paise, tax-inclusive. */
  price: priceField,
  mrp: priceField,
  sale: productSaleSchema.nullable(),
  status: z.enum(PRODUCT_STATUSES),
});

type ProductFields = z.output<typeof productFields>;

const BUNDLE_CATEGORIES: readonly string[] = ['Bundle', 'Hamper'];

/** The rules between fields, which no single field states; `ctx` collects them. */
function checkProduct(p: ProductFields, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path, input: p });
  if (p.price > p.mrp) issue('The price cannot be above the MRP', ['price']);
  if (p.sale && p.sale.price >= p.price)
    issue('The sale price must be below the regular price', ['sale', 'price']);
  const bundle = BUNDLE_CATEGORIES.includes(p.category);
  if (bundle && p.contents.length === 0) issue('Add the products this bundle holds', ['contents']);
  if (!bundle && p.contents.length > 0)
    issue('Only a bundle or hamper holds other products', ['contents']);
  if (!bundle && !isShopTaxClass(p.hsn, p.gstRate)) issue(TAX_CLASS_MESSAGE, ['hsn']);
  if (p.status === 'published' && p.images.length === 0)
    issue('Add a photo before publishing: shoppers see it first', ['images']);
  if (new Set(p.contents.map((c) => c.productId)).size < p.contents.length)
    issue('Name each product once, with its quantity', ['contents']);
}

const EXAMPLE = {
  name: 'Body Butter',
  description: 'Kokum and shea butter for soft skin.',
  longdescription: 'A rich, fast-absorbing butter of kokum and shea.',
  category: 'body butter',
  size: '250g',
  ingredients: ['Kokum Butter (Garcinia indica)'],
  benefits: ['Softens dry skin'],
  howToUseDescription: ['Massage into damp skin.'],
  howToUseVideo: '',
  images: ['/media/products/body-butter-1.webp'],
  hsn: '3304',
  gstRate: 18,
  contents: [],
  relatedProductIds: ['ExfoliatingScrub'],
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
};

/** PUT /admin/products/{id}: the product as the owner leaves it (its id stays). */
export const productEditSchema = productFields
  .strict()
  .superRefine(checkProduct)
  .meta({ id: 'ProductEdit', example: EXAMPLE });
export type ProductEdit = z.output<typeof productEditSchema>;

/**
 * POST /admin/products: a new product, a draft unless published at once. Its id is the address's
 * slug (/products/<id>), made from the name when not given; a single product's count starts at
 * `openingStock` units.
 */
export const productCreateSchema = productFields
  .extend({
    id: productIdField.optional(),
    status: z.enum(PRODUCT_STATUSES).default('draft'),
    openingStock: z
      .number()
      .int()
      .min(0, 'Cannot be negative')
      .max(100_000, 'At most 100000')
      .default(0),
  })
  .strict()
  .superRefine(checkProduct)
  .meta({ id: 'ProductCreate', example: { ...EXAMPLE, id: 'rose-body-butter', openingStock: 40 } });
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

/** The slug a name gives: 'Rose & Oud Hamper' -> 'rose-oud-hamper' (at most 64 characters). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    // Accents fall away from their letters (an e with a grave is an e); anything else not a
    // letter or digit becomes one hyphen.
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || 'product';
}

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
