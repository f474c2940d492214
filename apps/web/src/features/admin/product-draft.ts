// The owner's product form as typed, and the body the API takes from it: rupees as text, the
// sale's times as India's wall clock, lists one item a line, a bundle's contents as a quantity
// per single product.
import { GST_CLASSES, rupeesToPaise } from '@vanya/catalog';
import type { ProductCategory } from '@vanya/catalog';
import {
  productCreateSchema,
  productEditSchema,
  slugOf,
  type AdminProduct,
  type ProductCreateInput,
  type ProductEdit,
  type ProductStatus,
} from '@vanya/contracts';
import type { z } from 'zod';

import { PRODUCT_ADMIN_TEXTS as T } from './product-texts';

export type TaxClass = keyof typeof GST_CLASSES;

export type Draft = {
  /** The address's slug; typed only for a new product. */
  id: string;
  name: string;
  description: string;
  longdescription: string;
  category: ProductCategory;
  size: string;
  /** One ingredient, benefit or step a line. */
  ingredients: string;
  benefits: string;
  howTo: string;
  video: string;
  images: string[];
  taxClass: TaxClass;
  /** Units of each single product a bundle holds, as typed ('' or '0' for none). */
  contents: Record<string, string>;
  related: string[];
  featured: boolean;
  isNew: boolean;
  price: string;
  mrp: string;
  salePrice: string;
  saleStarts: string;
  saleEnds: string;
  status: ProductStatus;
  /** A new single product's units on the shelf. */
  openingStock: string;
};

export type DraftErrors = Partial<Record<keyof Draft, string>>;

export const isBundleCategory = (category: string) =>
  category === 'Bundle' || category === 'Hamper';

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as India's wall clock, for a datetime-local field: '2026-10-20T00:00'. */
const indiaClock = (iso: string) =>
  new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);

/** Paise as the rupees an owner types: '349', '349.5'. */
const rupeesText = (paise: number) => String(paise / 100);

const taxClassOf = (hsn: string): TaxClass =>
  (Object.keys(GST_CLASSES) as TaxClass[]).find((c) => GST_CLASSES[c].hsn === hsn) ?? 'skinCare';

/** The form of a product as the shop has it. */
export function draftOf(p: AdminProduct): Draft {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    longdescription: p.longdescription,
    category: p.category,
    size: p.size,
    ingredients: p.ingredients.join('\n'),
    benefits: p.benefits.join('\n'),
    howTo: p.howToUseDescription.join('\n'),
    video: p.howToUseVideo,
    images: [...p.images],
    taxClass: taxClassOf(p.hsn),
    contents: Object.fromEntries(p.contents.map((c) => [c.productId, String(c.quantity)])),
    related: [...p.relatedProductIds],
    featured: p.featured,
    isNew: p.isNew,
    price: rupeesText(p.regularPrice),
    mrp: rupeesText(p.mrp),
    salePrice: p.sale ? rupeesText(p.sale.price) : '',
    saleStarts: p.sale ? indiaClock(p.sale.startsAt) : '',
    saleEnds: p.sale ? indiaClock(p.sale.endsAt) : '',
    status: p.status,
    openingStock: '0',
  };
}

/** The form of a new product: empty, a draft. */
export const BLANK_DRAFT: Draft = {
  id: '',
  name: '',
  description: '',
  longdescription: '',
  category: 'body butter',
  size: '',
  ingredients: '',
  benefits: '',
  howTo: '',
  video: '',
  images: [],
  taxClass: 'skinCare',
  contents: {},
  related: [],
  featured: false,
  isNew: true,
  price: '',
  mrp: '',
  salePrice: '',
  saleStarts: '',
  saleEnds: '',
  status: 'draft',
  openingStock: '0',
};

/** A box of one item a line, without its empty lines. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The field a schema issue belongs to on the form. */
const FIELD_OF: Record<string, keyof Draft> = {
  howToUseDescription: 'howTo',
  howToUseVideo: 'video',
  hsn: 'taxClass',
  relatedProductIds: 'related',
  'sale.price': 'salePrice',
  'sale.startsAt': 'saleStarts',
  'sale.endsAt': 'saleEnds',
};

/** Where an issue of the API's or the schema's path shows on the form. */
export function fieldOf(path: readonly PropertyKey[]): keyof Draft {
  // A line of a list belongs to its field: benefits.2 is the benefits' box.
  const key = path.filter((part) => typeof part === 'string').join('.');
  return FIELD_OF[key] ?? (key as keyof Draft);
}

/** The fields every product sends (paise; the sale's times in India), and the typing slips. */
function bodyOf(d: Draft, errors: DraftErrors) {
  const paise = (field: keyof Draft, text: string): number => {
    try {
      return rupeesToPaise(text.trim());
    } catch {
      errors[field] = T.rupeesError;
      return 0;
    }
  };
  const onSale = d.salePrice.trim() !== '';
  const salePrice = onSale ? paise('salePrice', d.salePrice) : 0;
  if (onSale && (!d.saleStarts || !d.saleEnds))
    errors[d.saleStarts ? 'saleEnds' : 'saleStarts'] = T.saleDatesNeeded;
  const bundle = isBundleCategory(d.category);
  const tax = GST_CLASSES[d.taxClass];
  return {
    name: d.name,
    description: d.description,
    longdescription: d.longdescription,
    category: d.category,
    size: d.size,
    ingredients: bundle ? [] : lines(d.ingredients),
    benefits: lines(d.benefits),
    howToUseDescription: lines(d.howTo),
    howToUseVideo: d.video,
    images: d.images,
    hsn: tax.hsn,
    gstRate: tax.gstRate,
    contents: bundle
      ? Object.entries(d.contents)
          .map(([productId, quantity]) => ({ productId, quantity: Number(quantity) }))
          .filter((c) => c.quantity !== 0)
      : [],
    relatedProductIds: d.related,
    featured: d.featured,
    isNew: d.isNew,
    price: paise('price', d.price),
    mrp: paise('mrp', d.mrp),
    sale:
      onSale && d.saleStarts && d.saleEnds
        ? {
            price: salePrice,
            startsAt: `${d.saleStarts}:00+05:30`,
            endsAt: `${d.saleEnds}:00+05:30`,
          }
        : null,
    status: d.status,
  };
}

type Checked<T> = { body: T } | { errors: DraftErrors };

function checked<T>(errors: DraftErrors, parsed: z.ZodSafeParseResult<T>): Checked<T> {
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { body: parsed.data };
}

/** The change as PUT /admin/products/{id} takes it, or the fields' errors. */
export function editOf(d: Draft): Checked<ProductEdit> {
  const errors: DraftErrors = {};
  return checked<ProductEdit>(errors, productEditSchema.safeParse(bodyOf(d, errors)));
}

/** A new product as POST /admin/products takes it (its id made from the name if left empty). */
export function createOf(d: Draft): Checked<ProductCreateInput> {
  const errors: DraftErrors = {};
  const units = d.openingStock.trim() === '' ? 0 : Number(d.openingStock);
  const parsed = productCreateSchema.safeParse({
    ...bodyOf(d, errors),
    id: d.id.trim() || slugOf(d.name),
    openingStock: isBundleCategory(d.category) ? 0 : units,
  });
  return checked<ProductCreateInput>(errors, parsed);
}
