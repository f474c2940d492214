import { formatINR } from '@vanya/catalog';
import { useState } from 'react';

import type { CouponState } from '../../hooks/use-coupon';
import { Field } from '../ui/field';
import './coupon-field.css';

export const COUPON_TEXTS = {
  label: 'Have a coupon?',
  placeholder: 'Coupon code',
  apply: 'Apply',
  applying: 'Checking…',
  remove: 'Remove',
  removeNamed: (code: string) => `Remove coupon ${code}`,
  checking: (code: string) => `Checking coupon ${code}…`,
  applied: (code: string, discount: number) => `${code} applied: ${formatINR(discount)} off`,
  notApplied: (code: string) => `Coupon ${code} is not applied.`,
} as const;

/**
 * "Have a coupon?": a code and Apply; once applied, what it takes off (or why it no longer
 * applies) and Remove. The discount line and the new total are the price summary's.
 */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const T = COUPON_TEXTS;
  const [typed, setTyped] = useState('');

  if (coupon.code) {
    const { code } = coupon;
    return (
      <div className="coupon-field coupon-field--applied">
        <div className="coupon-field__row">
          <p className={`coupon-field__status${coupon.applied ? '' : ' is-pending'}`} role="status">
            {coupon.applied
              ? T.applied(code, coupon.applied.discount)
              : coupon.error
                ? T.notApplied(code)
                : T.checking(code)}
          </p>
          <button
            type="button"
            className="btn btn--text coupon-field__remove"
            onClick={coupon.remove}
            aria-label={T.removeNamed(code)}
          >
            {T.remove}
          </button>
        </div>
        {coupon.error ? (
          <p className="field__error coupon-field__error" role="alert">
            {coupon.error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form
      className="coupon-field"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void coupon.apply(typed).then((ok) => ok && setTyped(''));
      }}
    >
      <Field label={T.label} error={coupon.error} alert>
        {(control) => (
          <div className="coupon-field__row">
            <input
              {...control}
              className="input coupon-field__input"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={T.placeholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
            />
            <button type="submit" className="btn btn--ghost" disabled={coupon.applying}>
              {coupon.applying ? T.applying : T.apply}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
