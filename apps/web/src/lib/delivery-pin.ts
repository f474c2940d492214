import { brand } from '@vanya/catalog';

// The PIN code a shopper last checked delivery to, kept on this device so the product page, the
// cart and the checkout answer it again on the next visit. Storage may be off (private mode): then
// nothing is kept. Read through useRememberedPin, so a prerendered page's first render (which has
// no storage) is drawn again with it only after the app has taken the page over.

const KEY = brand.storageKeys.deliveryPin;
const PIN = /^\d{6}$/;

const listeners = new Set<() => void>();

export function rememberedPin(): string {
  try {
    const pin = window.localStorage.getItem(KEY) ?? '';
    return PIN.test(pin) ? pin : '';
  } catch {
    return '';
  }
}

export function rememberPin(pin: string): void {
  if (pin === rememberedPin()) return;
  try {
    window.localStorage.setItem(KEY, pin);
  } catch {
    // Not kept; the shopper types it again next time.
  }
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` when another PIN is remembered, in this tab or another one. */
export function subscribeToRememberedPin(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
