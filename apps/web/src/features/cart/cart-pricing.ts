import {
  priceCart,
  type Catalogue,
  type PricedCart,
  type Product,
  type ShippingPolicy,
} from '@vanya/catalog';

import type { CartLine } from '../../lib/cart-store';

export type CartRow =
  { kind: 'product'; line: CartLine; product: Product } | { kind: 'unknown'; line: CartLine };

/** Each line with its product in `catalogue`, or marked unknown ('Product not found'). */
export function cartRows(lines: readonly CartLine[], catalogue: Catalogue): CartRow[] {
  return lines.map((line) => {
    const product = catalogue.get(line.productId);
    return product ? { kind: 'product', line, product } : { kind: 'unknown', line };
  });
}

/**
 * The summary of the lines whose product exists (an unknown line cannot be bought), at the
 * catalogue's prices, shipped by `shippingPolicy` (the owner's threshold; the catalogue's by default).
 */
export function priceKnownLines(
  lines: readonly CartLine[],
  catalogue: Catalogue,
  deliveryState?: string,
  couponDiscount = 0,
  shippingPolicy?: Readonly<ShippingPolicy>,
): PricedCart {
  return priceCart(knownLines(lines, catalogue), {
    catalogue,
    deliveryState,
    couponDiscount,
    shippingPolicy,
  });
}

/** The lines whose product exists: what the summary prices and a coupon is checked against. */
export function knownLines(lines: readonly CartLine[], catalogue: Catalogue): CartLine[] {
  return lines.filter((line) => catalogue.get(line.productId) !== undefined);
}
