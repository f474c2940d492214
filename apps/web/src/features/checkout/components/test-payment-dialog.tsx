import { formatINR } from '@vanya/catalog';
import type { PrepaidOrderResponse } from '../hooks/use-checkout-payment';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { getErrorMessage } from '../../../lib/api-client';
import { completeTestPayment } from '../api/complete-test-payment';
import type { RazorpaySuccess } from '../razorpay';
import { CHECKOUT_TEXTS, TEST_PAYMENT_TEXTS as T } from '../texts';
import './test-payment-dialog.css';

type TestPaymentDialogProps = {
  /** A prepaid order's answer: it has the payment dialog's options. */
  created: PrepaidOrderResponse;
  onSuccess: (response: RazorpaySuccess) => void;
  onFailure: (description?: string) => void;
  onDismiss: () => void;
};

/**
 * Stands in for Razorpay's dialog when the API has no payment keys: clearly
 * labelled, it asks the API to pay or fail the order and hands back exactly what Razorpay's
 * success callback would receive, so the same verification follows.
 */
export function TestPaymentDialog({
  created,
  onSuccess,
  onFailure,
  onDismiss,
}: TestPaymentDialogProps) {
  const { order, payment } = created;
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    payButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const complete = async (outcome: 'success' | 'failure') => {
    setBusy(true);
    try {
      const result = await completeTestPayment({
        orderId: order._id,
        providerOrderId: payment.providerOrderId,
        outcome,
      });
      if (result.outcome === 'success') {
        onSuccess({
          razorpay_order_id: result.razorpay_order_id,
          razorpay_payment_id: result.razorpay_payment_id,
          razorpay_signature: result.razorpay_signature,
        });
      } else {
        onFailure(result.error.description);
      }
    } catch (error) {
      onFailure(getErrorMessage(error, CHECKOUT_TEXTS.paymentFailed));
    }
  };

  // A modal dialog keeps focus inside itself; Escape closes it like Razorpay's close button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button:not(:disabled)')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const amount = formatINR(payment.amount);

  return (
    <div className="test-payment">
      <div className="test-payment__backdrop" aria-hidden="true" />
      <div
        ref={dialog}
        className="test-payment__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <header className="test-payment__header" style={{ background: payment.theme.color }}>
          <span className="test-payment__badge">{T.badge}</span>
          <h2 className="test-payment__title" id={titleId}>
            {T.title}
          </h2>
          {/* What Razorpay's dialog shows from the same options: the shop's name and the description. */}
          <div className="test-payment__merchant">
            <span className="test-payment__mark" aria-hidden="true">
              {payment.name.charAt(0)}
            </span>
            <div>
              <p className="test-payment__merchant-name">{payment.name}</p>
              <p className="test-payment__description">{payment.description}</p>
            </div>
          </div>
        </header>
        <div className="test-payment__body">
          <p className="test-payment__explanation" id={textId}>
            {T.explanation}
          </p>
          <dl className="test-payment__facts">
            <div>
              <dt>{T.order}</dt>
              <dd>{order.orderNumber}</dd>
            </div>
            <div>
              <dt>{T.amount}</dt>
              <dd className="test-payment__amount">{amount}</dd>
            </div>
            <div>
              <dt>{T.paying}</dt>
              <dd>
                {payment.prefill.name}
                <br />
                <span className="test-payment__muted">
                  {payment.prefill.email} · {payment.prefill.contact}
                </span>
              </dd>
            </div>
          </dl>
          {busy ? (
            <p className="test-payment__status" role="status">
              {T.processing}
            </p>
          ) : null}
          <div className="test-payment__actions">
            <button
              ref={payButton}
              type="button"
              className="btn btn--primary btn--lg btn--block"
              disabled={busy}
              onClick={() => void complete('success')}
            >
              {T.pay(amount)}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              disabled={busy}
              onClick={() => void complete('failure')}
            >
              {T.fail}
            </button>
            <button type="button" className="btn btn--text" disabled={busy} onClick={onDismiss}>
              {T.cancel}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
