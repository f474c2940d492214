import { SHOP_MESSAGES } from '@vanya/contracts';

// Texts of the cart.
export const CART_TEXTS = {
  heading: 'Your Cart',
  emptyTitle: 'Your cart is empty',
  emptyMessage: "Looks like you haven't added any products to your cart yet.",
  continueShopping: 'Continue Shopping',
  items: (count: number) => `Items (${count})`,
  clearCart: 'Clear Cart',
  remove: 'Remove',
  save: 'Save',
  /** A line of a product the shop no longer sells (hidden, archived, or gone). */
  noLongerSold: 'No longer sold',
  noLongerSoldLine: 'The shop no longer sells this product: remove it to check out.',
  summaryHeading: 'Order Summary',
  proceedToCheckout: 'Proceed to Checkout',
  summaryEmpty: 'Add a product to see your total and check out.',
  youMayAlsoLike: 'You May Also Like',
  add: 'Add',
  inclusiveOfTaxes: '(Inclusive of all taxes)',
  itemAdded: SHOP_MESSAGES.itemAdded,
  itemUpdated: SHOP_MESSAGES.quantityUpdated,
  itemRemoved: SHOP_MESSAGES.itemRemoved,
  outOfStock: 'Out of stock',
  outOfStockLine: 'Out of stock: please remove it to check out.',
  outOfStockBlocked:
    'Some items in your cart are out of stock. Remove them to proceed to checkout.',
  secureNote: 'Secure payment by UPI or card through Razorpay.',
} as const;
