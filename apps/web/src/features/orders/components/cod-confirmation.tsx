import { formatINR } from '@vanya/catalog';
import type { Order } from '@vanya/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { Field } from '../../../components/ui/field';
import { getErrorMessage } from '../../../lib/api-client';
import { useCountdown } from '../../../hooks/use-countdown';
import { resendCodCode, useConfirmCod } from '../api/confirm-cod';
import { COD_TEXTS as T } from '../texts';
import './cod-confirmation.css';

/**
 * A cash-on-delivery order waits for the 6-digit code sent to the shopper's verified phone: this
 * asks for it (and for a new one after the cooldown). Confirmed, the order's page shows it as such.
 */
export function CodConfirmation({
  order,
  sentTo,
  retryAfterSeconds = 30,
}: {
  order: Order;
  /** The masked phone the code went to, when the checkout just placed the order. */
  sentTo?: string;
  retryAfterSeconds?: number;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const confirm = useConfirmCod(order._id);
  const countdown = useCountdown();
  const { start } = countdown;

  useEffect(() => {
    if (sentTo) start(retryAfterSeconds);
  }, [sentTo, retryAfterSeconds, start]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(T.codeFormat);
      return;
    }
    setError(null);
    confirm.mutate(code, { onError: (err) => setError(getErrorMessage(err, T.failed)) });
  };

  const resend = async () => {
    setError(null);
    try {
      const sent = await resendCodCode(order._id);
      setNotice(T.resent(sent.sentTo));
      start(sent.retryAfterSeconds);
    } catch (err) {
      setError(getErrorMessage(err, T.failed));
    }
  };

  return (
    <section className="cod-confirm panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cod-confirm__heading">
        {T.heading}
      </h2>
      <p className="cod-confirm__lead">{T.orderPlaced(order.orderNumber)}</p>
      <p className="cod-confirm__lead">
        {sentTo ? T.sentTo(sentTo) : T.sentToPhone} {T.due(formatINR(order.totals.grandTotal))}
      </p>
      <form className="cod-confirm__form" noValidate onSubmit={submit}>
        <Field label={T.codeLabel} error={error} alert>
          {(control) => (
            <div className="cod-confirm__row">
              <input
                {...control}
                className="input cod-confirm__input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
              <button type="submit" className="btn btn--primary" disabled={confirm.isPending}>
                {confirm.isPending ? T.confirming : T.confirm}
              </button>
            </div>
          )}
        </Field>
        {notice ? (
          <p className="cod-confirm__notice" role="status">
            {notice}
          </p>
        ) : null}
      </form>
      <p className="cod-confirm__resend">
        {countdown.running ? (
          T.resendIn(countdown.secondsLeft)
        ) : (
          <button type="button" className="text-link" onClick={() => void resend()}>
            {T.resend}
          </button>
        )}
      </p>
      <p className="cod-confirm__expiry">{T.expiry}</p>
    </section>
  );
}
