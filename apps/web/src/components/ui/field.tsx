import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/** What a field hands its control: spread it on the input, select or textarea. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

type FieldProps = {
  label: ReactNode;
  /**
   * The control, given its id and ARIA wiring, with react-hook-form's own props beside them:
   * `{(control) => <input {...control} {...register('email')} className="input" />}`, or a
   * Controller's `field` in place of `register`.
   */
  children: (control: FieldControlProps) => ReactNode;
  /** Said under the control: react-hook-form's error of the field, or a message of the form's. */
  error?: FieldError | string | null;
  /** Marks the control invalid while its message is said elsewhere (a form's one error line). */
  invalid?: boolean;
  hint?: ReactNode;
  /** A hint that stands out as a note (it says why something cannot be done). */
  hintTone?: 'note';
  /** Said after the label, e.g. '(optional)'. */
  optional?: string;
  /** At the end of the label's line, e.g. a 'Forgot password?' link. */
  aside?: ReactNode;
  /** The error is announced as it appears (an answer from the server rather than a typing slip). */
  alert?: boolean;
  className?: string;
};

/**
 * A form field: its label, the control, a hint and the error, tied together for assistive
 * technology (the label names the control; the hint and the error describe it; an error marks
 * it invalid). Every form of the shop draws its fields with it.
 */
export function Field({
  label,
  children,
  error,
  invalid,
  hint,
  hintTone,
  optional,
  aside,
  alert = false,
  className,
}: FieldProps) {
  const id = useId();
  const message = typeof error === 'string' ? error : error?.message;
  const hintId = hint ? `${id}-hint` : '';
  const errorId = message ? `${id}-error` : '';
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
      {optional ? (
        <>
          {' '}
          <span className="field__optional">{optional}</span>
        </>
      ) : null}
    </label>
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {aside ? (
        <div className="field__label-row">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-invalid': Boolean(invalid) || Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p
          className={hintTone ? `field__hint field__hint--${hintTone}` : 'field__hint'}
          id={hintId}
        >
          {hint}
        </p>
      ) : null}
      {message ? (
        <p className="field__error" id={errorId} role={alert ? 'alert' : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
