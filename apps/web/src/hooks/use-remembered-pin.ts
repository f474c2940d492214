import { useSyncExternalStore } from 'react';

import { rememberedPin, subscribeToRememberedPin } from '../lib/delivery-pin';

const noPin = () => '';

/** The PIN last checked on this device ('' for none, and in a prerendered page's first render). */
export function useRememberedPin(): string {
  return useSyncExternalStore(subscribeToRememberedPin, rememberedPin, noPin);
}
