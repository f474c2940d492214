// By path, not by package name (see site-files.ts); lib/catalogue-script.ts imports only types.
import { products } from '../../../packages/catalog/src/products';
import { shellDocument } from '../src/lib/catalogue-script';
import type { Plugin } from 'vite';

// The built shell (dist/index.html) carries the catalogue of the code, as a statically served build
// renders it (vite-plugins/prerender.ts's pages replace it with their own, the same). The API
// answers with the catalogue of its database instead. Build only: the dev server's page has no
// catalogue and the app draws the code's.

export function pageCatalogue(): Plugin {
  return {
    name: 'vanya-page-catalogue',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => shellDocument(html, products) },
  };
}
