// Texts the shopping spec quotes for the cart (sections 2 and 4).
export const CART_TEXTS = {
  heading: 'Your Cart',
  emptyTitle: 'Your cart is empty',
  emptyMessage: "Looks like you haven't added any products to your cart yet.",
  continueShopping: 'Continue Shopping',
  itemAdded: 'Item added to cart',
  itemUpdated: 'Item quantity updated in cart',
  itemRemoved: 'Item removed from cart',
} as const;
