import type { ConsentValue } from '@vanya/contracts';
import { useId, useState } from 'react';

import { KEEP_CLEAR } from '../../../lib/keep-clear';
import { useLogConsent } from '../api/log-consent';
import { consentFor, writeConsent } from '../consent-storage';
import { CONSENT_TEXTS as T } from '../texts';
import './consent-banner.css';

/**
 * Accept all, reject, or choose categories (necessary always on). The choice is stored only once
 * the API has logged it; if logging fails the failure is logged and the banner stays.
 */
export function ConsentBanner({ onDecided }: { onDecided: () => void }) {
  const [customising, setCustomising] = useState(false);
  const [chosen, setChosen] = useState({ analytics: false, marketing: false });
  const logConsent = useLogConsent();
  const headingId = useId();
  const busy = logConsent.isPending;

  const decide = (value: ConsentValue) => {
    const { stored, body } = consentFor(value, chosen);
    logConsent.mutate(body, {
      onSuccess: () => {
        writeConsent(stored);
        onDecided();
      },
      onError: (error) => {
        console.error('Could not log the cookie consent; the choice was not stored.', error);
      },
    });
  };

  return (
    <section className="consent" aria-labelledby={headingId}>
      <div className="consent__card" {...KEEP_CLEAR}>
        <h2 className="consent__heading" id={headingId}>
          {T.heading}
        </h2>
        <p className="consent__body">{T.body}</p>

        {customising ? (
          <fieldset className="consent__categories">
            <legend className="visually-hidden">Cookie categories</legend>
            <Category
              label={T.categories.necessary.label}
              text={T.categories.necessary.text}
              checked
              disabled
            />
            <Category
              label={T.categories.analytics.label}
              text={T.categories.analytics.text}
              checked={chosen.analytics}
              onChange={(analytics) => setChosen((c) => ({ ...c, analytics }))}
            />
            <Category
              label={T.categories.marketing.label}
              text={T.categories.marketing.text}
              checked={chosen.marketing}
              onChange={(marketing) => setChosen((c) => ({ ...c, marketing }))}
            />
          </fieldset>
        ) : null}

        <div className="consent__actions">
          {customising ? (
            <>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => decide('customized')}
              >
                {busy ? T.saving : T.save}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => setCustomising(false)}
              >
                {T.back}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => decide('accepted')}
              >
                {T.acceptAll}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => decide('rejected')}
              >
                {T.reject}
              </button>
              <button
                type="button"
                className="btn consent__customise"
                disabled={busy}
                onClick={() => setCustomising(true)}
              >
                {T.customise}
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function Category({
  label,
  text,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  text: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="consent__category">
      <input
        id={id}
        type="checkbox"
        className="consent__switch"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-text`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <label htmlFor={id} className="consent__category-label">
        {label}
      </label>
      <p className="consent__category-text" id={`${id}-text`}>
        {text}
      </p>
    </div>
  );
}
