import type { PaymentDialog } from '@vanya/contracts';

// Razorpay's Checkout script, loaded only when a real payment starts (never in test mode).
export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export type RazorpaySuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

type RazorpayFailure = { error?: { description?: string; code?: string } };

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: PaymentDialog['prefill'];
  theme: PaymentDialog['theme'];
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
};

type RazorpayInstance = {
  open: () => void;
  on: (event: 'payment.failed', handler: (response: RazorpayFailure) => void) => void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

export function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Could not load the Razorpay checkout script.'));
    };
    document.head.append(script);
  });
  return loading;
}

export type PaymentCallbacks = {
  onSuccess: (response: RazorpaySuccess) => void;
  onDismiss: () => void;
  onFailure: (description: string | undefined) => void;
};

/** Opens Razorpay's dialog with the options the API answered for the order. */
export async function openRazorpay(payment: PaymentDialog, callbacks: PaymentCallbacks) {
  await loadRazorpay();
  if (!window.Razorpay) throw new Error('Razorpay did not start.');
  const checkout = new window.Razorpay({
    key: payment.keyId,
    amount: payment.amount,
    currency: payment.currency,
    name: payment.name,
    description: payment.description,
    order_id: payment.providerOrderId,
    prefill: payment.prefill,
    theme: payment.theme,
    handler: callbacks.onSuccess,
    modal: { ondismiss: callbacks.onDismiss },
  });
  checkout.on('payment.failed', (response) => callbacks.onFailure(response.error?.description));
  checkout.open();
}
