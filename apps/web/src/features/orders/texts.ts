import { PRE_ORDER } from '@vanya/catalog';

// Texts of the order confirmation (shopping spec section 2).
export const ORDER_TEXTS = {
  confirmationHeading: 'Thank You For Your Order!',
  placed: (orderNumber: string) => `Your order ${orderNumber} has been successfully placed.`,
  paymentId: 'Payment ID',
  totalPaid: 'Total Paid',
  whatsNext: "What's Next?",
  whatsNextItems: [
    'We are accepting pre-orders, and yours is confirmed.',
    PRE_ORDER.dispatchNote,
    PRE_ORDER.shippingConfirmationNote,
  ],
  itemsHeading: 'In your order',
  deliverTo: 'Delivering to',
  continueShopping: 'Continue Shopping',
  backHome: 'Back to Home',
  viewOrders: 'See your orders in My Account',
  loading: 'Loading your order…',
  missingHeading: 'No order to show',
  missingText:
    'Your recent order appears here right after payment. Your orders are always in My Account.',
  loadFailedHeading: 'We could not load this order',
  loadFailedText: 'Please check your connection and try again, or find it in My Account.',
  pendingNote:
    'We are still waiting for the payment of this order to be confirmed. If money was taken and the order is not confirmed within an hour, it will be refunded.',
} as const;
