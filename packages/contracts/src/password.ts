// The password rules in plain values and functions, without zod: the sign-in pages show the
// policy and the strength meter on first load, and this module keeps zod out of that load.
import { LIMITS } from '@vanya/catalog';

/** The special characters the password policy accepts. */
export const PASSWORD_SPECIALS = '@$!%*?&#^';

const SPECIAL_CLASS = `[${PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&')}]`;
const SPECIAL_RE = new RegExp(SPECIAL_CLASS);

/**
 * At least 8 characters, an uppercase and a lowercase letter, a digit and a special from
 * PASSWORD_SPECIALS, and nothing else (no spaces, no other symbols, no non-ASCII letters).
 */
export const PASSWORD_POLICY_RE = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*${SPECIAL_CLASS})[A-Za-z\\d${SPECIAL_CLASS.slice(1, -1)}]{${LIMITS.passwordMinLength},}$`,
);

/** How many bytes `text` takes in UTF-8 (bcrypt reads only the first 72 of them). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export type PasswordStrength = {
  score: 0 | 1 | 2 | 3 | 4 | 5;
  label: 'Weak' | 'Medium' | 'Strong';
  color: 'red' | 'yellow' | 'green';
};

/**
 * The signup strength indicator: one point each for length of at least 8, an uppercase letter, a
 * lowercase letter, a digit and a special character; 0-2 Weak, 3-4 Medium, 5 Strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  const points = [
    password.length >= LIMITS.passwordMinLength,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    SPECIAL_RE.test(password),
  ].filter(Boolean).length as PasswordStrength['score'];
  if (points === 5) return { score: points, label: 'Strong', color: 'green' };
  if (points >= 3) return { score: points, label: 'Medium', color: 'yellow' };
  return { score: points, label: 'Weak', color: 'red' };
}
