export const CHECKOUT_TEXTS = {
  heading: 'Secure Checkout',
  lead: 'Delivery details first, then a secure card or UPI payment.',
} as const;
