import { SHOP_MESSAGES } from '@vanya/contracts';

// Texts of the checkout.
export const CHECKOUT_TEXTS = {
  heading: 'Secure Checkout',
  // The header and the payment note follow the method chosen: online, or cash on delivery.
  eyebrow: 'Payments by Razorpay',
  eyebrowCod: 'Cash on delivery',
  lead: 'Delivery details first, then a secure card or UPI payment.',
  leadCod: 'Delivery details first; then you pay the courier in cash (or by UPI) on delivery.',
  deliveryHeading: 'Delivery Information',
  paymentHeading: 'Payment Method',
  summaryHeading: 'Order Summary',
  fields: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Mobile number',
    phonePlaceholder: '10-digit mobile number',
    address: 'Complete address',
    savedAddress: 'Use a saved address',
    savedAddressPlaceholder: 'Choose one of your addresses',
    addressPlaceholder: 'House / flat, street, area, landmark',
    city: 'City',
    state: 'State',
    statePlaceholder: 'Select state',
    pinCode: 'PIN code',
    whatsapp: 'Send my order updates on WhatsApp instead of SMS',
    pinCodePlaceholder: '6-digit PIN code',
    country: 'Country',
    gstNumber: 'GST number',
    gstNumberHint: 'For a GST invoice in your business’s name.',
    optional: '(optional)',
  },
  paymentMethods: {
    upi: { label: 'UPI', hint: 'Google Pay, PhonePe, Paytm or any UPI app' },
    card: { label: 'Card', hint: 'Credit or debit card' },
    cod: {
      label: 'Cash on delivery',
      hint: (fee: string) =>
        `Pay in cash or by UPI at the door · ${fee} fee · we confirm the order with a code by SMS`,
    },
  },
  cod: {
    enterPin: 'Enter your PIN code to see if you can pay on delivery.',
    notForPin: 'Cash on delivery is not available for this PIN code.',
    overCap: (cap: string) => `Cash on delivery is available for orders up to ${cap}.`,
    needsPhone: 'Add and verify your phone number in My Account to pay on delivery.',
  },
  placeCodOrder: 'Place order (pay on delivery)',
  agreementHeading: 'Pre-booking',
  /** With the owner's pre-order notice; the agreement is shown only while pre-orders are open. */
  agreement: (notice: string) =>
    `Pre-bookings are open. ${notice} Please tick the box to confirm that you agree to the terms and conditions of this pre-order.`,
  readTerms: 'Read our',
  termsLink: 'Terms and Conditions',
  refundLink: 'Cancellation & Refund Policy',
  shippingLink: 'Shipping Policy',
  agreementLabel: 'I agree to the terms and conditions of this pre-order.',
  continueToPayment: 'Continue to Payment',
  processing: 'Processing...',
  agreementRequiredTitle: SHOP_MESSAGES.agreementRequiredTitle,
  agreementRequired: SHOP_MESSAGES.agreementRequired,
  orderFailedTitle: SHOP_MESSAGES.orderFailedTitle,
  orderFailed: SHOP_MESSAGES.orderFailed,
  paymentSuccessTitle: SHOP_MESSAGES.paymentSuccessTitle,
  paymentSuccess: (paymentId: string) => `Payment ID: ${paymentId}`,
  paymentFailedTitle: 'Payment Failed',
  paymentFailed: 'The payment did not go through. No money was taken; please try again.',
  paymentUnavailable:
    'The payment window could not be opened. Please check your connection and try again.',
  secureNote: 'Payments are processed securely by Razorpay. We never see your card or UPI details.',
  codNote:
    'Nothing is paid now: you confirm the order with the code we text you, then pay the courier in cash or by UPI when the parcel arrives.',
  quantity: (count: number) => `Qty ${count}`,
} as const;

export const TEST_PAYMENT_TEXTS = {
  badge: 'TEST MODE',
  title: 'Test payment',
  explanation:
    'No real money moves. The shop has no payment keys configured, so this dialog stands in for Razorpay.',
  order: 'Order',
  amount: 'Amount',
  paying: 'Paying as',
  pay: (amount: string) => `Pay ${amount}`,
  fail: 'Simulate a failed payment',
  cancel: 'Cancel',
  processing: 'Processing payment…',
} as const;
