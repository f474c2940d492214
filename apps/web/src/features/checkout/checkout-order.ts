import {
  cartSummaryText,
  formatAmountForOrder,
  isIndianState,
  priceCart,
  type Catalogue,
  type PricedCart,
  type ShippingPolicy,
} from '@vanya/catalog';
import type { CheckoutForm, CreateOrderBodyInput } from '@vanya/contracts';

import type { CartLine } from '../../lib/cart-store';

/** The cart lines an order can carry: products the catalogue knows. */
export function orderableLines(lines: readonly CartLine[], catalogue: Catalogue): CartLine[] {
  return lines.filter((line) => catalogue.get(line.productId) !== undefined);
}

/**
 * The summary for the chosen state: CGST + SGST in Maharashtra (or none chosen yet), else IGST;
 * less the coupon's discount as the server priced it; shipped by the owner's threshold; at the
 * catalogue's prices.
 */
export function priceForState(
  lines: readonly CartLine[],
  catalogue: Catalogue,
  state: string | undefined,
  couponDiscount = 0,
  codFee = 0,
  shippingPolicy?: Readonly<ShippingPolicy>,
): PricedCart {
  return priceCart(orderableLines(lines, catalogue), {
    catalogue,
    deliveryState: state && isIndianState(state) ? state : undefined,
    couponDiscount,
    codFee,
    shippingPolicy,
  });
}

/**
 * POST /orders' body: the form, 'Body Butter x2, ...', the total with 2 decimals and the items;
 * with a coupon, its code and the total after its discount; with cash on delivery, the total with
 * its fee (the server prices it all again).
 */
export function orderBody(
  form: CheckoutForm,
  lines: readonly CartLine[],
  catalogue: Catalogue,
  coupon?: { code: string; discount: number },
  codFee = 0,
  shippingPolicy?: Readonly<ShippingPolicy>,
): CreateOrderBodyInput {
  const items = orderableLines(lines, catalogue).map(({ productId, quantity }) => ({
    productId,
    quantity,
  }));
  const priced = priceCart(items, {
    catalogue,
    deliveryState: form.state,
    couponDiscount: coupon?.discount ?? 0,
    codFee: form.paymentMethod === 'cod' ? codFee : 0,
    shippingPolicy,
  });
  return {
    data: {
      ...form,
      gstNumber: form.gstNumber || undefined,
      cart_summary: cartSummaryText(items, catalogue),
      total_amount: formatAmountForOrder(priced.grandTotal),
      ...(coupon ? { couponCode: coupon.code } : {}),
      items: items as CreateOrderBodyInput['data']['items'],
    },
  };
}
