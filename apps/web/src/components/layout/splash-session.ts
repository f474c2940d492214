import { brand } from '@vanya/catalog';

// The splash runs once per visit (browser tab session): a shopper who reloads the cart page or
// comes back from the payment window is not made to watch it again.
const SPLASH_SHOWN_KEY = `${brand.shortName.toLowerCase()}_splash_shown`;

export function splashAlreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(SPLASH_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

export function markSplashShown(): void {
  try {
    window.sessionStorage.setItem(SPLASH_SHOWN_KEY, '1');
  } catch {
    // Storage refused: the splash simply shows again on the next load.
  }
}
