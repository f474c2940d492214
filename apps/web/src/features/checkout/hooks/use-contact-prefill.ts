import type { CheckoutForm, CheckoutFormInput } from '@vanya/contracts';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import type { SessionUser } from '../../../lib/auth-storage';

type Contact = Pick<CheckoutFormInput, 'firstName' | 'lastName' | 'email' | 'phone'>;

/** What the account knows of the contact fields: the name split in two, the email, the verified mobile. */
export function contactOf(user: SessionUser | null): Contact {
  const [firstName = '', ...rest] = (user?.name ?? '').trim().split(/\s+/);
  const phone = user?.phoneVerified && user.phone && /^\d{10}$/.test(user.phone) ? user.phone : '';
  return { firstName, lastName: rest.join(' '), email: user?.email ?? '', phone };
}

/**
 * The session learns more of the account after the page opened (the account read again on a
 * reload): what it adds fills the contact fields the shopper left empty and has not touched.
 */
export function useContactPrefill(
  form: UseFormReturn<CheckoutFormInput, unknown, CheckoutForm>,
  user: SessionUser | null,
): void {
  useEffect(() => {
    const known = contactOf(user);
    for (const field of ['firstName', 'lastName', 'email', 'phone'] as const) {
      if (!known[field] || form.getValues(field) || form.getFieldState(field).isDirty) continue;
      form.setValue(field, known[field]);
    }
  }, [user, form]);
}
