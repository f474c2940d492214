import {
  cartSummaryText,
  formatAmountForOrder,
  getProduct,
  isIndianState,
  priceCart,
  type PricedCart,
} from '@vanya/catalog';
import type { CheckoutForm, CreateOrderBodyInput } from '@vanya/contracts';

import type { CartLine } from '../../lib/cart-store';

/** The cart lines an order can carry: products the catalogue knows. */
export function orderableLines(lines: readonly CartLine[]): CartLine[] {
  return lines.filter((line) => getProduct(line.productId) !== undefined);
}

/** The summary for the chosen state: CGST + SGST in Maharashtra (or none chosen yet), else IGST. */
export function priceForState(lines: readonly CartLine[], state: string | undefined): PricedCart {
  return priceCart(orderableLines(lines), {
    deliveryState: state && isIndianState(state) ? state : undefined,
  });
}

/** POST /orders' body: the form, 'Body Butter x2, ...', the total with 2 decimals and the items. */
export function orderBody(form: CheckoutForm, lines: readonly CartLine[]): CreateOrderBodyInput {
  const items = orderableLines(lines).map(({ productId, quantity }) => ({ productId, quantity }));
  const priced = priceCart(items, { deliveryState: form.state });
  return {
    data: {
      ...form,
      gstNumber: form.gstNumber || undefined,
      cart_summary: cartSummaryText(items),
      total_amount: formatAmountForOrder(priced.grandTotal),
      items: items as CreateOrderBodyInput['data']['items'],
    },
  };
}
