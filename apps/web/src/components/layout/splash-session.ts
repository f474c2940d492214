import { brand } from '@vanya/catalog';

import { splashKey } from './splash';

// The splash runs once per visit (browser tab session): a shopper who reloads the cart page or
// comes back from the payment window is not made to watch it again.
export const SPLASH_SHOWN_KEY = splashKey(brand.shortName);

export function markSplashShown(): void {
  try {
    window.sessionStorage.setItem(SPLASH_SHOWN_KEY, '1');
  } catch {
    // Storage refused: the splash simply shows again on the next load.
  }
}
