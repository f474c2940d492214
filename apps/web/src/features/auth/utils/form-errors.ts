import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The one message a sign-in form shows: the first field's error in screen order. These forms
 * word their validation as one message ('Please fill in all fields'), not one per field.
 */
export function firstFormError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly (keyof T & string)[],
): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  const root = errors.root?.message;
  return typeof root === 'string' && root ? root : undefined;
}
