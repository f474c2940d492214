import { useState, type ComponentPropsWithRef } from 'react';

import { EyeIcon, EyeOffIcon } from './icons';
import './form.css';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A password input with a show/hide toggle. */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        className={`input password-input__control${className ? ` ${className}` : ''}`}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
      </button>
    </div>
  );
}
