export const ORDER_TEXTS = {
  confirmationHeading: 'Order Confirmation',
  confirmationLead: 'The details of your order and payment appear here once it is placed.',
  continueShopping: 'Continue Shopping',
} as const;
