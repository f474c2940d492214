import { formatDeliveryDate, LIMITS } from '@vanya/catalog';
import { PINCODE_MESSAGES } from '@vanya/contracts';

/** 'Latur, Maharashtra'; a union territory that is one town (Chandigarh) is named once. */
function place(town: string, state: string): string {
  return town.toLowerCase() === state.toLowerCase() ? state : `${town}, ${state}`;
}

// Texts of "Check delivery" (product page, cart) and of the checkout's PIN code field.
export const DELIVERY_TEXTS = {
  heading: 'Check delivery',
  pinLabel: 'PIN code',
  pinPlaceholder: `${LIMITS.pinCodeDigits}-digit PIN`,
  check: 'Check',
  change: 'Change',
  checking: 'Checking…',
  malformed: `Enter a ${LIMITS.pinCodeDigits}-digit PIN code.`,
  unknown: 'No such PIN code',
  deliveryBy: (to: string) => `Delivery by ${formatDeliveryDate(to)}`,
  codAvailable: 'Cash on delivery available',
  codUnavailable: 'Cash on delivery is not available for this PIN',
  notServed: (pin: string) => `We do not deliver to ${pin} yet`,
  place,
  /** Under the checkout's PIN field. */
  pinHint: (town: string, state: string, to: string) =>
    `${place(town, state)} · Delivery by ${formatDeliveryDate(to)}`,
  pinUnknownHint: `${PINCODE_MESSAGES.unknown} Please check it.`,
  /** On the checkout's state field when it is not the PIN's. */
  stateConflict: (state: string) =>
    `This PIN code is in ${state}. Choose ${state}, or check the PIN code.`,
} as const;
