import type { CheckoutForm, CheckoutFormInput } from '@vanya/contracts';
import { useEffect, useRef } from 'react';
import { useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';

import { DELIVERY_TEXTS } from '../../../components/delivery/delivery-texts';
import { usePincode } from '../../../hooks/use-pincode';
import { isApiError } from '../../../lib/api-client';

const PIN = /^\d{6}$/;

/**
 * The checkout's PIN code at work: once it is a known PIN, it fills the city (its town) and the
 * state, and fills them again for another PIN, except a field the shopper has since edited. A
 * state other than the PIN's is flagged on the state field, which holds the order back until one
 * of them changes. An unknown PIN only gets a hint: the directory may be behind India Post, and
 * the courier has the last word.
 */
export function usePinAutofill(form: UseFormReturn<CheckoutFormInput, unknown, CheckoutForm>) {
  const [pinCode = '', state] = useWatch({ control: form.control, name: ['pinCode', 'state'] });
  const pin = pinCode.trim();
  const lookup = usePincode(PIN.test(pin) ? pin : undefined);
  // Only the answer for the PIN in the field counts, not one still shown for the PIN before.
  const place = lookup.data?.pin === pin ? lookup.data : undefined;
  // What the last PIN filled in: a field still holding it was not edited since.
  const filled = useRef({ city: '', state: '' });

  useEffect(() => {
    if (!place) return;
    const fill = { shouldValidate: true, shouldDirty: true } as const;
    const city = form.getValues('city').trim();
    if (!city || city === filled.current.city) form.setValue('city', place.town, fill);
    const chosen = form.getValues('state');
    if (!chosen || chosen === filled.current.state) form.setValue('state', place.state, fill);
    filled.current = { city: place.town, state: place.state };
  }, [place, form]);

  const conflict = place && state && state !== place.state;
  const stateError: FieldError | undefined = conflict
    ? { type: 'pin', message: DELIVERY_TEXTS.stateConflict(place.state) }
    : undefined;
  const unknown = PIN.test(pin) && isApiError(lookup.error) && lookup.error.status === 404;
  const pinHint = place
    ? DELIVERY_TEXTS.pinHint(place.town, place.state, place.estimate.to)
    : unknown
      ? DELIVERY_TEXTS.pinUnknownHint
      : undefined;
  return { stateError, pinHint, blocksSubmit: Boolean(conflict), place };
}
