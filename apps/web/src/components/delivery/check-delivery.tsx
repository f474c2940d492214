import { useEffect, useId, useState, type FormEvent } from 'react';

import { usePincode } from '../../hooks/use-pincode';
import { useRememberedPin } from '../../hooks/use-remembered-pin';
import { DEFAULT_ERROR_MESSAGE, isApiError } from '../../lib/api-client';
import { rememberPin } from '../../lib/delivery-pin';
import { DELIVERY_TEXTS as T } from './delivery-texts';
import './check-delivery.css';

const PIN = /^\d{6}$/;

/**
 * "Check delivery": a PIN code, then when a parcel would arrive and whether it can be paid for at
 * the door, or why not. The last PIN answered is remembered and answered again on the next visit
 * (once the app has taken a prerendered page over: its first render is the server's, without it).
 */
export function CheckDelivery({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const remembered = useRememberedPin();
  // What the shopper typed and checked here; until then, the remembered PIN.
  const [typed, setTyped] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const [malformed, setMalformed] = useState(false);
  const lookup = usePincode(checked ?? (remembered || undefined));
  const pin = typed ?? remembered;
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const answered = lookup.data?.pin;
  useEffect(() => {
    if (answered) rememberPin(answered);
  }, [answered]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = pin.trim();
    setMalformed(!PIN.test(wanted));
    if (PIN.test(wanted)) setChecked(wanted);
  };

  return (
    <section className="check-delivery" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="check-delivery__heading">
        <TruckIcon /> {T.heading}
      </Heading>
      <form className="check-delivery__form" noValidate onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={`${id}-pin`}>
          {T.pinLabel}
        </label>
        <input
          id={`${id}-pin`}
          className="input check-delivery__input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={T.pinPlaceholder}
          value={pin}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          aria-invalid={malformed}
          aria-describedby={`${id}-result`}
        />
        <button type="submit" className="btn btn--ghost check-delivery__button">
          {T.check}
        </button>
      </form>
      <div
        id={`${id}-result`}
        className="check-delivery__result"
        role="status"
        aria-labelledby={`${id}-heading`}
      >
        <Answer malformed={malformed} lookup={lookup} />
      </div>
    </section>
  );
}

function Answer({
  malformed,
  lookup,
}: {
  malformed: boolean;
  lookup: ReturnType<typeof usePincode>;
}) {
  if (malformed) return <p className="check-delivery__problem">{T.malformed}</p>;
  if (lookup.isFetching && !lookup.data)
    return <p className="check-delivery__muted">{T.checking}</p>;
  if (lookup.error) {
    const unknown = isApiError(lookup.error) && lookup.error.status === 404;
    const message = isApiError(lookup.error) ? lookup.error.message : DEFAULT_ERROR_MESSAGE;
    return <p className="check-delivery__problem">{unknown ? T.unknown : message}</p>;
  }
  const answer = lookup.data;
  if (!answer) return null;
  const place = <p className="check-delivery__muted">{T.place(answer.town, answer.state)}</p>;
  if (!answer.serviceable)
    return (
      <>
        <p className="check-delivery__problem">{T.notServed(answer.pin)}</p>
        {place}
      </>
    );
  return (
    <>
      <p className="check-delivery__answer">
        <strong>{T.deliveryBy(answer.estimate.to)}</strong>
        <span aria-hidden="true"> · </span>
        <span
          className={
            answer.cod ? 'check-delivery__cod' : 'check-delivery__cod check-delivery__cod--no'
          }
        >
          {answer.cod ? T.codAvailable : T.codUnavailable}
        </span>
      </p>
      {place}
    </>
  );
}

function TruckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      className="check-delivery__icon"
    >
      <path
        d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7zM6.5 18.5a1.75 1.75 0 1 0 0-.01M17 18.5a1.75 1.75 0 1 0 0-.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
