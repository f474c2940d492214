import { useCartLines } from '../../../hooks/use-cart';
import { cartQuantity } from '../../../lib/cart-store';

/** Total quantity of items in the cart, for the navbar badge. */
export function useCartCount(): number {
  return cartQuantity(useCartLines());
}
