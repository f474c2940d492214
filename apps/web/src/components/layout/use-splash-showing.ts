import { useSyncExternalStore } from 'react';

import { SPLASH_ATTRIBUTE, SPLASH_DONE_EVENT } from './splash';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SPLASH_DONE_EVENT, onChange);
  return () => window.removeEventListener(SPLASH_DONE_EVENT, onChange);
}

const showing = () => document.documentElement.hasAttribute(SPLASH_ATTRIBUTE);
// A prerendered page is drawn as if behind the splash: the widgets come after it, in the browser.
const onTheServer = () => true;

/** Whether the visit's splash (splash.ts, run from index.html) still covers the page. */
export function useSplashShowing(): boolean {
  return useSyncExternalStore(subscribe, showing, onTheServer);
}
