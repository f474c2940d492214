import { brand } from '@vanya/catalog';

// The PIN code a shopper last checked delivery to, kept on this device so the product page and the
// cart answer it again on the next visit. Storage may be off (private mode): then nothing is kept.

const KEY = brand.storageKeys.deliveryPin;
const PIN = /^\d{6}$/;

export function rememberedPin(): string {
  try {
    const pin = window.localStorage.getItem(KEY) ?? '';
    return PIN.test(pin) ? pin : '';
  } catch {
    return '';
  }
}

export function rememberPin(pin: string): void {
  try {
    window.localStorage.setItem(KEY, pin);
  } catch {
    // Not kept; the shopper types it again next time.
  }
}
