import { dispatchNotes, preOrdersOpen, type PreOrderSettings } from '@vanya/catalog';
import type { CourierScan, OrderActor, OrderStatus } from '@vanya/contracts';

// Texts of the order confirmation.
export const ORDER_TEXTS = {
  confirmationHeading: 'Thank You For Your Order!',
  placed: (orderNumber: string) => `Your order ${orderNumber} has been successfully placed.`,
  paymentId: 'Payment ID',
  totalPaid: 'Total Paid',
  payOnDelivery: 'To pay on delivery',
  coupon: (code: string) => `Coupon ${code}`,
  whatsNext: "What's Next?",
  /** With the owner's pre-order settings: the notice while pre-orders are open, then the mail. */
  whatsNextItems: (preOrder: PreOrderSettings, today: string): string[] => [
    preOrdersOpen(preOrder, today)
      ? 'We are accepting pre-orders, and yours is confirmed.'
      : 'Your order is confirmed.',
    ...dispatchNotes(preOrder, today),
  ],
  itemsHeading: 'In your order',
  deliverTo: 'Delivering to',
  continueShopping: 'Continue Shopping',
  backHome: 'Back to Home',
  viewOrders: 'See your orders in My Account',
  trackOrder: 'Track this order',
  loading: 'Loading your order…',
  missingHeading: 'No order to show',
  missingText:
    'Your recent order appears here right after payment. Your orders are always in My Account.',
  loadFailedHeading: 'We could not load this order',
  loadFailedText: 'Please check your connection and try again, or find it in My Account.',
  pendingNote:
    'We are still waiting for the payment of this order to be confirmed. If money was taken and the order is not confirmed within an hour, it will be refunded.',
} as const;

// Texts of the order page in the profile (/profile/orders/:id).
export const ORDER_DETAIL_TEXTS = {
  eyebrow: 'Your order',
  title: (orderNumber: string) => `Order ${orderNumber}`,
  placedOn: (when: string) => `Placed on ${when}`,
  backToOrders: 'Back to your orders',
  loading: 'Loading your order…',
  loadFailedHeading: 'We could not load this order',
  loadFailedText:
    'It may not belong to this account, or the connection dropped. Your orders are listed in My Account.',
  tryAgain: 'Try again',
  statusLabel: 'Status',
  timelineHeading: 'Where your order is',
  /** A courier's scan on the timeline (no change of the order's status). */
  timelineScans: { out_for_delivery: 'Out for delivery' } satisfies Record<CourierScan, string>,
  timelineSteps: {
    pending_payment: 'Order placed',
    paid: 'Payment received',
    packed: 'Packed',
    shipped: 'Shipped',
    delivered: 'Delivered',
    payment_failed: 'Payment failed',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    pending_confirmation: 'Order placed: cash on delivery',
    confirmed: 'Confirmed by your code',
    rto: 'Refused at the door and returned to us',
  } satisfies Record<OrderStatus, string>,
  actors: {
    shopper: 'by you',
    owner: 'by Vanya Naturals',
    system: 'automatically',
  } satisfies Record<OrderActor, string>,
  trackingHeading: 'Track your parcel',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  trackParcel: (carrier: string) => `Track on ${carrier}`,
  itemsHeading: 'Items',
  quantity: 'Qty',
  summaryHeading: 'Payment summary',
  /** The summary starts from the items' MRP, so that MRP − discount + shipping = total. */
  mrpTotal: 'Items at MRP (incl. GST)',
  discount: 'Discount',
  coupon: (code: string) => `Coupon ${code}`,
  shipping: 'Shipping',
  codFee: 'Cash on delivery fee',
  free: 'Free',
  grandTotal: 'Total',
  taxIncluded: 'GST included in the total',
  taxableValue: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  addressHeading: 'Delivery address',
  gstin: 'GSTIN',
  invoiceHeading: 'GST invoice',
  downloadInvoice: 'Download invoice',
  invoiceNumber: (number: string) => `Invoice ${number}`,
  invoicePending: 'Your invoice appears here once the payment is confirmed.',
  cancelOrder: 'Cancel order',
  cancelConfirmHeading: 'Cancel this order?',
  cancelConfirmText: 'We will not pack or ship it. This cannot be undone.',
  cancelConfirmPaidText:
    'We will not pack or ship it, and refund the full amount to your original payment method. This cannot be undone.',
  confirmCancel: 'Yes, cancel order',
  cancelling: 'Cancelling…',
  keepOrder: 'Keep my order',
  cancelled: 'Your order is cancelled.',
  cancelledCancelled: 'This order was cancelled.',
  refundOnItsWay:
    'Your payment is on its way back to your original payment method. Refunds usually reach you within 5-7 working days.',
  cancelFailed: 'We could not cancel this order. Please try again.',
  returnHeading: 'Not happy with it?',
  returnText: 'You can return a delivered order within 30 days.',
  returnAction: 'Return this order',
} as const;

/** Cash on delivery: the code that confirms the order, and what is due at the door. */
export const COD_TEXTS = {
  heading: 'Confirm your cash-on-delivery order',
  orderPlaced: (orderNumber: string) =>
    `Your order ${orderNumber} is placed and waits for its code.`,
  sentTo: (phone: string) => `We have sent a 6-digit code to ${phone}.`,
  sentToPhone: 'We have sent a 6-digit code to your verified phone.',
  due: (amount: string) => `Enter it to confirm the order; you pay ${amount} on delivery.`,
  codeLabel: 'Code from the SMS',
  codeFormat: 'Enter the 6-digit code from the SMS.',
  confirm: 'Confirm order',
  confirming: 'Confirming...',
  resend: 'Send a new code',
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} s.`,
  resent: (phone: string) => `A new code is on its way to ${phone}.`,
  expiry: 'Orders not confirmed within 30 minutes are cancelled.',
  failed: 'The code could not be checked. Please try again.',
  dueOnDelivery: (amount: string) => `Cash on delivery: ${amount} due when it arrives`,
  collected: (amount: string) => `Paid on delivery: ${amount}`,
  awaiting: 'Waiting for your confirmation code',
} as const;
