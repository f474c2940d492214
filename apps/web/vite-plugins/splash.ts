// By path, not by package name (see site-files.ts).
import { brand } from '../../../packages/catalog/src/brand';
import { TIMINGS } from '../../../packages/catalog/src/constants';
import { runSplash, splashMarkup, splashPlan } from '../src/components/layout/splash';
import type { Plugin } from 'vite';

/**
 * The splash in every page the build writes: its markup in place of index.html's `<!--splash-->`,
 * followed by an inline script that runs it (src/components/layout/splash.ts), so it starts with
 * the first paint, before the app's code arrives. The API's content security policy allows that
 * one inline script by its hash (apps/api/src/platform/http/web-app.ts). The splash shows only
 * once the script has marked the page (splash.css): without JavaScript, the prerendered page shows.
 */
export function splashScript(): string {
  return `(${runSplash.toString()})(document.currentScript.previousElementSibling,${JSON.stringify(splashPlan(brand, TIMINGS))});`;
}

export function splash(): Plugin {
  return {
    name: 'vanya-splash',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(
          '<!--splash-->',
          `${splashMarkup(brand.name)}<script>${splashScript()}</script>`,
        ),
    },
  };
}
