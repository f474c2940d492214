import { useEffect, useState } from 'react';

import './quantity-stepper.css';

type QuantityStepperProps = {
  value: number;
  onChange: (next: number) => void;
  /**
   * 1 on the product page ('-' stops at 1, typed values must be above 0); 0 in the cart, where a
   * line can be typed or stepped down to 0, which removes it.
   */
  min: 0 | 1;
  max?: number;
  /** Names the field, e.g. 'Quantity of Body Butter'. */
  label: string;
  size?: 'sm' | 'md';
};

/** '-' / typed number / '+'. Input that is not a whole number at or above `min` is ignored. */
export function QuantityStepper({
  value,
  onChange,
  min,
  max,
  label,
  size = 'md',
}: QuantityStepperProps) {
  // What the field shows while typing (it may be empty for a moment); the value itself only
  // changes when the text is an acceptable number.
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const accept = (next: number) => {
    if (!Number.isSafeInteger(next) || next < min) return false;
    if (max !== undefined && next > max) return false;
    return true;
  };

  return (
    <div className={`stepper stepper--${size}`} role="group">
      <button
        type="button"
        className="stepper__button"
        aria-label="Decrease quantity"
        disabled={min === 1 && value <= 1}
        onClick={() => {
          const next = min === 1 ? Math.max(1, value - 1) : value - 1;
          onChange(next);
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        aria-label={label}
        onChange={(event) => {
          const raw = event.target.value;
          setText(raw);
          if (!/^\d+$/.test(raw.trim())) return;
          const next = Number(raw);
          if (accept(next) && next !== value) onChange(next);
        }}
        onBlur={() => setText(String(value))}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label="Increase quantity"
        disabled={max !== undefined && value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
