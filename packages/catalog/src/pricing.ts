// Prices a cart from the catalogue. The server prices every order with this
// and never trusts a client's figures; the web shows the same figures. Every amount is integer paise,
// and every cart figure is the sum of its line figures plus the shipping line, to the paisa.

import { CartError } from './cart-error';
import { LIMITS } from './constants';
import { supplyFor, taxBreakdown } from './gst';
import type { GstRate, Supply, TaxBreakdown } from './gst';
import { getProduct } from './products';
import type { Product } from './products';
import { SHIPPING_POLICY, shippingFor } from './shipping';
import type { ShippingPolicy } from './shipping';

export interface CartLineInput {
  productId: string;
  quantity: number;
}

/** A validated cart line: duplicates merged, the product resolved. */
export interface ResolvedCartLine {
  product: Product;
  quantity: number;
}

export interface PricedLine extends TaxBreakdown {
  productId: string;
  name: string;
  hsn: string;
  gstRate: GstRate;
  quantity: number;
  unitPrice: number;
  unitMrp: number;
  /** unitPrice x quantity, tax-inclusive. */
  amount: number;
  mrpAmount: number;
}

/** Shipping as a taxed line: a composite supply taxed at the highest rate among the cart's lines. */
export interface ShippingTax extends TaxBreakdown {
  amount: number;
  rate: number;
}

export interface PricedCart {
  itemsTotal: number;
  mrpTotal: number;
  discount: number;
  shipping: number;
  grandTotal: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  taxTotal: number;
  lines: PricedLine[];
  shippingTax: ShippingTax;
  supply: Supply;
}

export interface PriceCartOptions {
  /** The delivery address's state; undefined or '' before the address is known (cart page). */
  deliveryState?: string;
  /**
   * Overrides the shop's shipping rule. Only for tests and what-if previews: the API must always
   * price with the default so that the rule stays in one place.
   */
  shippingPolicy?: Readonly<ShippingPolicy>;
}

/**
 * Validates and merges cart lines in order of first appearance. Throws a CartError for an unknown
 * product (UNKNOWN_PRODUCT), a quantity that is not a positive integer (INVALID_QUANTITY) or a
 * merged quantity above LIMITS.maxLineQuantity (QUANTITY_LIMIT).
 */
export function resolveCartLines(lines: readonly CartLineInput[]): ResolvedCartLine[] {
  const merged = new Map<string, ResolvedCartLine>();
  for (const { productId, quantity } of lines) {
    const product = getProduct(productId);
    if (!product) {
      throw new CartError('UNKNOWN_PRODUCT', `Unknown product "${productId}"`, { productId });
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new CartError(
        'INVALID_QUANTITY',
        `Quantity of ${product.name} must be a whole number of at least 1, got ${String(quantity)}`,
        { productId },
      );
    }
    const line = merged.get(product.id);
    if (line) line.quantity += quantity;
    else merged.set(product.id, { product, quantity });
  }
  const resolved = [...merged.values()];
  const tooMany = resolved.find((line) => line.quantity > LIMITS.maxLineQuantity);
  if (tooMany) {
    throw new CartError(
      'QUANTITY_LIMIT',
      `At most ${LIMITS.maxLineQuantity} units of ${tooMany.product.name} per order, got ${tooMany.quantity}`,
      { productId: tooMany.product.id },
    );
  }
  return resolved;
}

function priceLine({ product, quantity }: ResolvedCartLine, supply: Supply): PricedLine {
  const amount = product.price * quantity;
  return {
    productId: product.id,
    name: product.name,
    hsn: product.hsn,
    gstRate: product.gstRate,
    quantity,
    unitPrice: product.price,
    unitMrp: product.mrp,
    amount,
    mrpAmount: product.mrp * quantity,
    ...taxBreakdown(amount, product.gstRate, supply),
  };
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

/**
 * Prices a cart. An empty cart prices to zeros (the cart page shows them); a bad line or an unknown
 * delivery state throws a CartError. Intra-state (CGST + SGST) when the delivery state is unknown
 * yet or is the seller's; inter-state (IGST) otherwise.
 */
export function priceCart(
  lines: readonly CartLineInput[],
  options: PriceCartOptions = {},
): PricedCart {
  const supply = supplyFor(options.deliveryState);
  const priced = resolveCartLines(lines).map((line) => priceLine(line, supply));

  const itemsTotal = sum(priced, (l) => l.amount);
  const mrpTotal = sum(priced, (l) => l.mrpAmount);
  const shipping = shippingFor(itemsTotal, options.shippingPolicy ?? SHIPPING_POLICY);
  const shippingRate = priced.reduce((rate, l) => Math.max(rate, l.gstRate), 0);
  const shippingTax: ShippingTax = {
    amount: shipping,
    rate: shippingRate,
    ...taxBreakdown(shipping, shippingRate, supply),
  };

  const taxed = [...priced, shippingTax];
  return {
    itemsTotal,
    mrpTotal,
    discount: mrpTotal - itemsTotal,
    shipping,
    grandTotal: itemsTotal + shipping,
    taxableValue: sum(taxed, (l) => l.taxableValue),
    cgst: sum(taxed, (l) => l.cgst),
    sgst: sum(taxed, (l) => l.sgst),
    igst: sum(taxed, (l) => l.igst),
    taxTotal: sum(taxed, (l) => l.tax),
    lines: priced,
    shippingTax,
    supply,
  };
}

/**
 * priceCart for an order being placed: the same figures, but an empty cart throws a CartError with
 * code EMPTY_CART instead of pricing to zeros.
 */
export function priceOrder(
  lines: readonly CartLineInput[],
  options: PriceCartOptions = {},
): PricedCart {
  const priced = priceCart(lines, options);
  if (priced.lines.length === 0) {
    throw new CartError('EMPTY_CART', 'An order needs at least one product');
  }
  return priced;
}

/** The order payload's cart_summary: 'Body Butter x2, Tan.Gone.Soap x1' (merged, validated). */
export function cartSummaryText(lines: readonly CartLineInput[]): string {
  return resolveCartLines(lines)
    .map(({ product, quantity }) => `${product.name} x${quantity}`)
    .join(', ');
}
