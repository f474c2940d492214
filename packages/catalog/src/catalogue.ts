// How the catalogue is shown: category filter, sort, badges, related products and the per-product
// choices of the detail page.

import { LIMITS } from './constants';
import { roundHalfUpDiv } from './money';
import { PRODUCT_CATEGORIES, STARTER_CATALOGUE } from './products';
import type { Catalogue, Product } from './products';

/** The filter values as a tuple (for `z.enum`): 'all' and every product category. */
export const CATEGORY_FILTERS = ['all', ...PRODUCT_CATEGORIES] as const;

export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

export const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All Products' },
  { value: 'body butter', label: 'Body Butter' },
  { value: 'scrub', label: 'Scrubs' },
  { value: 'soap', label: 'Soaps' },
  { value: 'Bundle', label: 'Bundle' },
  { value: 'Hamper', label: 'Hamper' },
] as const satisfies readonly { value: CategoryFilter; label: string }[];

export function isCategoryFilter(value: unknown): value is CategoryFilter {
  return (CATEGORY_FILTERS as readonly unknown[]).includes(value);
}

/** The sort values as a tuple (for `z.enum`). */
export const SORT_VALUES = ['default', 'price-low', 'price-high', 'name'] as const;

export type SortOption = (typeof SORT_VALUES)[number];

export const SORT_OPTIONS = [
  { value: 'default', label: 'Featured' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'name', label: 'Name' },
] as const satisfies readonly { value: SortOption; label: string }[];

export function isSortOption(value: unknown): value is SortOption {
  return (SORT_VALUES as readonly unknown[]).includes(value);
}

/** The products of one category ('all' keeps every product); always a new array. */
export function filterProducts(list: readonly Product[], category: CategoryFilter): Product[] {
  return category === 'all' ? [...list] : list.filter((p) => p.category === category);
}

/** Case-insensitive code-unit order: the same in every runtime, unlike locale collation. */
function compareNames(a: Product, b: Product): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

const COMPARATORS: Record<SortOption, (a: Product, b: Product) => number> = {
  default: (a, b) => Number(b.featured) - Number(a.featured),
  'price-low': (a, b) => a.price - b.price,
  'price-high': (a, b) => b.price - a.price,
  name: compareNames,
};

/**
 * A sorted copy. 'default' puts featured products first and otherwise keeps the given order; every
 * sort is stable, so ties keep the given (catalogue) order.
 */
export function sortProducts(list: readonly Product[], sort: SortOption): Product[] {
  return [...list].sort(COMPARATORS[sort]);
}

export type ProductBadge = 'NEW' | 'FEATURED';

/** NEW if the product is new, else FEATURED if it is featured, else no badge. */
export function productBadge(product: Pick<Product, 'isNew' | 'featured'>): ProductBadge | null {
  if (product.isNew) return 'NEW';
  if (product.featured) return 'FEATURED';
  return null;
}

/**
 * Up to `count` other products for 'You May Also Like': the product's own related ids first, then
 * the rest of the catalogue in order. An unknown id has no related products.
 */
export function relatedProducts(
  id: string,
  count: number = LIMITS.relatedProducts,
  catalogue: Catalogue = STARTER_CATALOGUE,
): Product[] {
  const product = catalogue.get(id);
  if (!product || count <= 0) return [];
  const chosen: Product[] = [];
  const seen = new Set<string>([product.id]);
  const candidates = [
    ...product.relatedProductIds.map((relatedId) => catalogue.get(relatedId)),
    ...catalogue.products,
  ];
  for (const candidate of candidates) {
    if (chosen.length >= count) break;
    if (!candidate || seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    chosen.push(candidate);
  }
  return chosen;
}

/** A single product's page shows 'Product Description' and 'How to Use'. */
export function showsProductDetails(product: Pick<Product, 'contents'>): boolean {
  return product.contents.length === 0;
}

/** A bundle's or hamper's page shows 'You May Also Like' instead. */
export function showsYouMayAlsoLike(product: Pick<Product, 'contents'>): boolean {
  return !showsProductDetails(product);
}

/** The products of the home page's feature block: the first three of the catalogue. */
export function featureBlockProducts(catalogue: Catalogue = STARTER_CATALOGUE): Product[] {
  return catalogue.products.slice(0, LIMITS.featureBlockProducts);
}

/**
 * Percent off as a whole number: round((mrp - price) / mrp x 100), rounded half up in integer
 * arithmetic; 0 when the MRP is not above the price.
 */
export function percentOff(mrpPaise: number, pricePaise: number): number {
  if (mrpPaise <= pricePaise) return 0;
  return roundHalfUpDiv((mrpPaise - pricePaise) * 100, mrpPaise);
}

/** What the shopper saves against the MRP, in paise; 0 when the MRP is not above the price. */
export function savings(mrpPaise: number, pricePaise: number): number {
  return Math.max(0, mrpPaise - pricePaise);
}
