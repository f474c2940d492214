// Prices a cart from the catalogue. The server prices every order with this
// and never trusts a client's figures; the web shows the same figures. Every amount is integer paise,
// and every cart figure is the sum of its line figures plus the shipping line, to the paisa.

import { CartError } from './cart-error';
import { roundHalfUpDiv } from './money';
import { LIMITS } from './constants';
import { supplyFor, taxBreakdown } from './gst';
import type { GstRate, Supply, TaxBreakdown } from './gst';
import { STARTER_CATALOGUE } from './products';
import type { Catalogue, Product } from './products';
import { SHIPPING_POLICY, shippingFor } from './shipping';
import type { ShippingPolicy } from './shipping';

/**
 * The least an order may come to: Razorpay's Orders API refuses an `amount` under 100 paise, ₹1
 * ("The amount must be at least INR 1.00"; `amount: 99` is amount_less_than_minimum_amount:
 * razorpay.com/docs/api/orders/create and its error index). Shipping's fee keeps a discounted
 * order above it; one still under it (the owner ships everything free and a coupon covers the
 * goods) is refused.
 */
export const MIN_ORDER_TOTAL_PAISE = 100;

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
  /** unitPrice x quantity, tax-inclusive, before any coupon. */
  amount: number;
  mrpAmount: number;
  /** This line's share of the coupon discount; the tax figures are on `amount - couponShare`. */
  couponShare: number;
}

/**
 * Shipping, and the cash-on-delivery fee, as taxed lines: part of a composite supply, taxed at the
 * highest rate among the cart's lines.
 */
export interface ShippingTax extends TaxBreakdown {
  amount: number;
  rate: number;
}

export interface PricedCart {
  /** The goods at their prices, before the coupon. */
  itemsTotal: number;
  mrpTotal: number;
  /** What the prices save against MRP. */
  discount: number;
  /** What the coupon takes off the goods (0 without one); it lowers the taxable value. */
  couponDiscount: number;
  shipping: number;
  /** The cash-on-delivery fee (0 for prepaid orders). */
  codFee: number;
  /** itemsTotal - couponDiscount + shipping + codFee: what the shopper pays. */
  grandTotal: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  taxTotal: number;
  lines: PricedLine[];
  shippingTax: ShippingTax;
  codFeeTax: ShippingTax;
  supply: Supply;
}

export interface PriceCartOptions {
  /** The delivery address's state; undefined or '' before the address is known (cart page). */
  deliveryState?: string;
  /**
   * The shipping rule; the default is SHIPPING_POLICY. The API prices with the owner's threshold
   * from the shop settings (shippingPolicyOf), and the web shows the same.
   */
  shippingPolicy?: Readonly<ShippingPolicy>;
  /** Paise off the goods from a coupon (see couponDiscountFor); at most the goods total. */
  couponDiscount?: number;
  /** The cash-on-delivery fee in paise, charged as its own taxed line; 0 or absent when prepaid. */
  codFee?: number;
  /** The products and prices of the moment; the API passes the catalogue it read from the database. */
  catalogue?: Catalogue;
}

/** A coupon's rule as pricing needs it: percent (1-90) or flat paise, with an optional cap. */
export interface CouponRule {
  kind: 'percent' | 'flat';
  /** Percent for 'percent', paise for 'flat'. */
  value: number;
  /** The most a percent coupon takes off, in paise. */
  maxDiscount?: number | null;
}

/**
 * What a coupon takes off goods worth `goodsTotal` paise: a percent rounded half up to the paisa and
 * capped, or a flat amount; never more than the goods.
 */
export function couponDiscountFor(rule: CouponRule, goodsTotal: number): number {
  const raw =
    rule.kind === 'percent'
      ? roundHalfUpDiv(goodsTotal * rule.value, 100)
      : Math.max(0, rule.value);
  const capped = rule.maxDiscount != null ? Math.min(raw, rule.maxDiscount) : raw;
  return Math.min(capped, goodsTotal);
}

/**
 * Spreads `total` paise over `amounts` in proportion, to the paisa: each share is rounded down and
 * the paise left over go one each to the largest remainders (the earlier line on a tie), so the
 * shares add up to `total` exactly and none exceeds its amount.
 */
export function spreadInProportion(total: number, amounts: readonly number[]): number[] {
  const whole = amounts.reduce((a, b) => a + b, 0);
  if (total === 0 || whole === 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => Math.floor((total * amount) / whole));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = amounts
    .map((amount, index) => ({ index, remainder: (total * amount) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Validates and merges cart lines in order of first appearance. Throws a CartError for an unknown
 * product (UNKNOWN_PRODUCT), a quantity that is not a positive integer (INVALID_QUANTITY) or a
 * merged quantity above LIMITS.maxLineQuantity (QUANTITY_LIMIT).
 */
export function resolveCartLines(
  lines: readonly CartLineInput[],
  catalogue: Catalogue = STARTER_CATALOGUE,
): ResolvedCartLine[] {
  const merged = new Map<string, ResolvedCartLine>();
  for (const { productId, quantity } of lines) {
    const product = catalogue.get(productId);
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

function priceLine(
  { product, quantity }: ResolvedCartLine,
  couponShare: number,
  supply: Supply,
): PricedLine {
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
    couponShare,
    ...taxBreakdown(amount - couponShare, product.gstRate, supply),
  };
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

function assertPaise(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be whole paise, at least 0, got ${String(value)}`);
  }
}

/**
 * Prices a cart. An empty cart prices to zeros (the cart page shows them); a bad line or an unknown
 * delivery state throws a CartError. Intra-state (CGST + SGST) when the delivery state is unknown
 * yet or is the seller's; inter-state (IGST) otherwise. A coupon discount comes off the goods before
 * tax, spread over the lines in proportion to their amounts; shipping is charged on the goods after
 * the coupon; the cash-on-delivery fee is its own line, taxed like shipping.
 */
export function priceCart(
  lines: readonly CartLineInput[],
  options: PriceCartOptions = {},
): PricedCart {
  const supply = supplyFor(options.deliveryState);
  const resolved = resolveCartLines(lines, options.catalogue);
  const amounts = resolved.map(({ product, quantity }) => product.price * quantity);
  const itemsTotal = amounts.reduce((a, b) => a + b, 0);
  const couponDiscount = options.couponDiscount ?? 0;
  const codFee = resolved.length === 0 ? 0 : (options.codFee ?? 0);
  assertPaise(couponDiscount, 'couponDiscount');
  assertPaise(codFee, 'codFee');
  if (couponDiscount > itemsTotal) {
    throw new RangeError(`couponDiscount ${couponDiscount} is more than the goods, ${itemsTotal}`);
  }
  const shares = spreadInProportion(couponDiscount, amounts);
  const priced = resolved.map((line, i) => priceLine(line, shares[i]!, supply));

  const mrpTotal = sum(priced, (l) => l.mrpAmount);
  const goodsAfterCoupon = itemsTotal - couponDiscount;
  const shipping =
    resolved.length === 0
      ? 0
      : shippingFor(goodsAfterCoupon, options.shippingPolicy ?? SHIPPING_POLICY);
  const feeRate = priced.reduce((rate, l) => Math.max(rate, l.gstRate), 0);
  const feeLine = (amount: number): ShippingTax => ({
    amount,
    rate: feeRate,
    ...taxBreakdown(amount, feeRate, supply),
  });
  const shippingTax = feeLine(shipping);
  const codFeeTax = feeLine(codFee);

  const taxed = [...priced, shippingTax, codFeeTax];
  return {
    itemsTotal,
    mrpTotal,
    discount: mrpTotal - itemsTotal,
    couponDiscount,
    shipping,
    codFee,
    grandTotal: goodsAfterCoupon + shipping + codFee,
    taxableValue: sum(taxed, (l) => l.taxableValue),
    cgst: sum(taxed, (l) => l.cgst),
    sgst: sum(taxed, (l) => l.sgst),
    igst: sum(taxed, (l) => l.igst),
    taxTotal: sum(taxed, (l) => l.tax),
    lines: priced,
    shippingTax,
    codFeeTax,
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
export function cartSummaryText(
  lines: readonly CartLineInput[],
  catalogue: Catalogue = STARTER_CATALOGUE,
): string {
  return resolveCartLines(lines, catalogue)
    .map(({ product, quantity }) => `${product.name} x${quantity}`)
    .join(', ');
}
