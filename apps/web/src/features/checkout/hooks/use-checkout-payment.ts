import type { CreateOrderResponse, Order, PaymentDialog } from '@vanya/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { clearCart } from '../../../lib/cart-store';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { verifyPayment } from '../api/verify-payment';
import { openRazorpay, type RazorpaySuccess } from '../razorpay';
import { CHECKOUT_TEXTS as T } from '../texts';

/** POST /orders' answer for a prepaid order, which carries the payment dialog's options. */
export type PrepaidOrderResponse = CreateOrderResponse & { payment: PaymentDialog };

export type ConfirmationState = {
  paymentId?: string;
  order: Order;
  codConfirmation?: CreateOrderResponse['codConfirmation'];
};

export function orderConfirmationPath(orderId: string): string {
  return `${PATHS.orderConfirmation}?order=${encodeURIComponent(orderId)}`;
}

/**
 * The payment step after the order is placed: Razorpay's dialog, or the labelled test dialog when
 * the API runs in test mode. Success verifies the payment with the API, says 'Payment Success'
 * with the payment id, empties the cart and opens the confirmation; dismissing the dialog ends the
 * busy state and leaves the shopper on the form.
 */
export function useCheckoutPayment(onSettled: () => void) {
  const toast = useToast();
  const navigate = useNavigate();
  const [testPayment, setTestPayment] = useState<PrepaidOrderResponse | null>(null);

  const succeed = useCallback(
    async (orderId: string, response: RazorpaySuccess) => {
      try {
        const order = await verifyPayment({ orderId, ...response });
        const paymentId = order.paymentId ?? response.razorpay_payment_id;
        toast.success(T.paymentSuccess(paymentId), { title: T.paymentSuccessTitle });
        clearCart();
        const state: ConfirmationState = { paymentId, order };
        navigate(orderConfirmationPath(order._id), { state });
      } catch (error) {
        toast.error(getErrorMessage(error, T.paymentFailed), { title: T.paymentFailedTitle });
        onSettled();
      }
    },
    [navigate, onSettled, toast],
  );

  const fail = useCallback(
    (description?: string) => {
      toast.error(description || T.paymentFailed, { title: T.paymentFailedTitle });
    },
    [toast],
  );

  const start = useCallback(
    async (created: CreateOrderResponse) => {
      // Cash on delivery: nothing to pay now; the confirmation page asks for the SMS code.
      if (!created.payment) {
        clearCart();
        const state: ConfirmationState = {
          order: created.order,
          codConfirmation: created.codConfirmation,
        };
        navigate(orderConfirmationPath(created.order._id), { state });
        return;
      }
      const payment = created.payment;
      if (payment.testMode) {
        setTestPayment({ ...created, payment });
        return;
      }
      try {
        await openRazorpay(payment, {
          onSuccess: (response) => void succeed(created.order._id, response),
          onDismiss: onSettled,
          onFailure: fail,
        });
      } catch (error) {
        console.error('Razorpay could not be opened.', error);
        toast.error(T.paymentUnavailable, { title: T.orderFailedTitle });
        onSettled();
      }
    },
    [fail, navigate, onSettled, succeed, toast],
  );

  const testDialog = testPayment
    ? {
        created: testPayment,
        onSuccess: (response: RazorpaySuccess) => {
          setTestPayment(null);
          void succeed(testPayment.order._id, response);
        },
        onFailure: (description?: string) => {
          setTestPayment(null);
          fail(description);
          onSettled();
        },
        onDismiss: () => {
          setTestPayment(null);
          onSettled();
        },
      }
    : null;

  return { start, testDialog };
}

/**
 * 'Failed to submit order.', or the server's own words when it refused the total or an item out
 * of stock ('Sorry, <name> is out of stock. Please remove it from your cart to place the order.').
 */
export function orderErrorMessage(error: unknown): string {
  if (
    isApiError(error) &&
    (error.code === 'TOTAL_MISMATCH' ||
      error.code === 'OUT_OF_STOCK' ||
      error.code === 'COD_UNAVAILABLE') &&
    error.fromServer
  ) {
    return error.message;
  }
  return T.orderFailed;
}
