import { passwordStrength } from '@vanya/contracts';

import { AUTH_TEXTS } from '../texts';

const SEGMENTS = 5;

/** The signup strength text (Weak red, Medium yellow, Strong green), shown once a password is typed. */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const { score, label, color } = passwordStrength(password);
  return (
    <div className={`strength strength--${color}`} data-color={color}>
      <div className="strength__bar" aria-hidden="true">
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <span
            key={index}
            className={index < score ? 'strength__segment is-on' : 'strength__segment'}
          />
        ))}
      </div>
      <p className="strength__text" aria-live="polite">
        {AUTH_TEXTS.signup.strength} <strong className="strength__label">{label}</strong>
      </p>
    </div>
  );
}
