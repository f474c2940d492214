import type { Product } from '@vanya/catalog';

// The products a page was rendered with travel in the page itself, in
// <script type="application/json" id="catalogue">, just before </body>: the browser's first render
// must draw the same products as the server's HTML (hooks/use-catalogue.tsx reads it). A data block,
// not a script: the browser does not run it, and the shop's content security policy has no say.
// Imports nothing at run time, so the Vite config can bundle it for the build's own pages.

/** The id of the page's script that carries the catalogue. */
export const CATALOGUE_SCRIPT_ID = 'catalogue';

const OPENING = `<script type="application/json" id="${CATALOGUE_SCRIPT_ID}">`;
const SCRIPT = /<script type="application\/json" id="catalogue">[^<]*<\/script>/;

/**
 * The script with the products as JSON. Every `<` is written `\u003c` (the same string to
 * JSON.parse), so no description can close the script (`</script>`) or open a comment (`<!--`)
 * that would swallow the rest of the page.
 */
export function catalogueScript(products: readonly Product[]): string {
  return `${OPENING}${JSON.stringify(products).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The HTML with the script of `products` just before </body>, in place of the one it carried (the
 * build's shell carries the nine of the code): the page of any route that is not rendered ahead.
 */
export function shellDocument(shell: string, products: readonly Product[]): string {
  const bare = shell.replace(SCRIPT, '');
  if (!bare.includes('</body>')) throw new Error('The shell has no </body>');
  // A function, so that `$` in a product's text is not read as a replacement pattern.
  return bare.replace('</body>', () => `${catalogueScript(products)}</body>`);
}
