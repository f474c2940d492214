/**
 * Total quantity of items in the cart, for the navbar badge. A stand-in until the cart feature
 * (session storage for guests, a per-user key once signed in) replaces it with the real count.
 */
export function useCartCount(): number {
  return 0;
}
