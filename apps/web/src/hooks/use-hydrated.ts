import { useSyncExternalStore } from 'react';

const never = () => () => {};
const inTheBrowser = () => true;
const inThePrerender = () => false;

/**
 * False in the render that takes a prerendered page over (it must draw what the prerender drew)
 * and true in every later one, and in every render of a page the browser draws itself. What
 * depends on the address's query or on the browser is drawn only when it is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, inTheBrowser, inThePrerender);
}
