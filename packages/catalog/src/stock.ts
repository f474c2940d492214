// Stock is counted for the single products only: a bundle or hamper is made up from them when it is
// packed, so what a cart takes from the shelf and what a bundle can still be sold are both read
// through its contents.

import { CartError } from './cart-error';
import { STARTER_CATALOGUE } from './products';
import type { Catalogue, Product, ProductId } from './products';

/** Units of one single product. */
export interface StockUnits {
  readonly productId: ProductId;
  readonly quantity: number;
}

/** The products whose units are counted: those without contents, in the shop's order. */
export function stockedProductIds(catalogue: Catalogue = STARTER_CATALOGUE): ProductId[] {
  return catalogue.products.filter((p) => p.contents.length === 0).map((p) => p.id);
}

/** The single products of the starter catalogue. */
export const STOCKED_PRODUCT_IDS: readonly ProductId[] = stockedProductIds();

/** Below this many, a shopper is told how many are left ("Only 3 left"); above, only that it is in stock. */
export const LOW_STOCK_SHOWN = 5;

/** The single products a line of this product takes, per unit of the line. */
function unitsOf(product: Product): readonly StockUnits[] {
  return product.contents.length === 0
    ? [{ productId: product.id, quantity: 1 }]
    : product.contents;
}

/**
 * What a cart takes from the shelf: every bundle and hamper opened into its contents, one entry
 * per single product (in the shop's order), e.g. a Tan-Free Trio and a soap are 4 soaps. A
 * bundle's single counts even when the single is not sold on its own.
 */
export function stockUnitsOf(
  items: readonly { productId: string; quantity: number }[],
  catalogue: Catalogue = STARTER_CATALOGUE,
): StockUnits[] {
  const totals = new Map<ProductId, number>();
  for (const item of items) {
    const product = catalogue.get(item.productId);
    if (!product)
      throw new CartError('UNKNOWN_PRODUCT', `Unknown product: ${item.productId}`, {
        productId: item.productId,
      });
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw new CartError('INVALID_QUANTITY', `Invalid quantity for ${item.productId}`, {
        productId: item.productId,
      });
    for (const unit of unitsOf(product))
      totals.set(unit.productId, (totals.get(unit.productId) ?? 0) + unit.quantity * item.quantity);
  }
  // In the shop's order; a single the shop does not list on its own (hidden, but held in a
  // bundle still sold) comes after, its units counted all the same.
  const order = stockedProductIds(catalogue);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...totals]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * How many of a product can be sold, given how many of each single product are available: a
 * single's own count; for a bundle, the fewest whole bundles its contents make up.
 */
export function availableOf(
  productId: string,
  availableSingle: (id: ProductId) => number,
  catalogue: Catalogue = STARTER_CATALOGUE,
): number {
  const product = catalogue.get(productId);
  if (!product) return 0;
  return Math.max(
    0,
    Math.min(
      ...unitsOf(product).map((unit) =>
        Math.floor(availableSingle(unit.productId) / unit.quantity),
      ),
    ),
  );
}

/** The products (singles and the bundles holding it) whose availability a single's count sets. */
export function productsUsing(
  singleId: string,
  catalogue: Catalogue = STARTER_CATALOGUE,
): ProductId[] {
  return catalogue.products
    .filter((p) => unitsOf(p).some((unit) => unit.productId === singleId))
    .map((p) => p.id);
}
