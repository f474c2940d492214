import './form.css';

import { KEEP_CLEAR } from '../../lib/keep-clear';
import { Spinner } from './spinner';

/** A form's one error line, announced when it appears; nothing when there is no message. */
export function FormError({ message }: { message: string | undefined | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * A form's submit button: while `busy` it is disabled and shows a spinner with its busy label.
 * `disabled` also disables it when not busy (a form not ready to send).
 */
export function BusyButton({
  busy,
  label,
  busyLabel,
  className = 'btn btn--primary',
  disabled = false,
  keepClear = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className?: string;
  disabled?: boolean;
  /** The page's primary action: the floating support chat moves out of its way. */
  keepClear?: boolean;
}) {
  return (
    <button className={className} disabled={busy || disabled} {...(keepClear ? KEEP_CLEAR : {})}>
      {busy ? <Spinner /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
