import { catalogueOf, type Product } from '@vanya/catalog';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';

import { pageHtml, pageStyles, type Manifest, type RenderedPage } from './app/page-document';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { prerenderedPaths } from './app/site-files';
import { PageHeadContext, type PageHead } from './hooks/use-meta-description';

// The server entry (`vite build --ssr src/entry-server.tsx`, into .ssr): each public page rendered
// by the app's own components into HTML for a given catalogue, as the browser's first render will
// draw it (no data yet, no session, no cart), so the browser takes it over without redrawing. The
// build prerenders the catalogue of the code with it (vite-plugins/prerender.ts); the API imports
// it at run time to render the catalogue of its database.

export { pageFile } from './app/page-document';
export type { Manifest, RenderedPage } from './app/page-document';
export { prerenderedPaths, robotsTxt, sitemapXml } from './app/site-files';
export { shellDocument } from './lib/catalogue-script';

/** The markup of the page at `pagePath` (`/`, `/products/Bodybutter`) for the catalogue `products`. */
export async function render(
  pagePath: string,
  products: readonly Product[],
): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pagePath}`));
  if (context instanceof Response) throw new Error(`${pagePath} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: PageHead = {};
  const markup = renderToString(
    <StrictMode>
      <PageHeadContext value={head}>
        <AppProvider catalogue={catalogueOf(products)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </PageHeadContext>
    </StrictMode>,
  );
  // React writes the page's <title> (components/ui/page-title.tsx) ahead of the markup; it goes
  // into <head>, where the browser's React finds it again.
  const hoisted = /^<title>([^<]*)<\/title>/.exec(markup);
  if (!hoisted?.[1]) throw new Error(`${pagePath} renders no <title>`);
  return {
    html: markup.slice(hoisted[0].length),
    title: hoisted[1],
    description: head.description,
  };
}

export interface DocumentRequest {
  /** The built shell, dist/index.html. */
  shell: string;
  /** The build's manifest, dist/.vite/manifest.json, parsed. */
  manifest: Manifest;
  /** The shop's public address without a final slash: `https://vanyanaturals.in`. */
  siteUrl: string;
  /** The path as the browser sends it (percent-encoded): `/`, `/products/Bodybutter`. */
  pagePath: string;
  /** The products the shop sells now, in the shop's order. */
  products: readonly Product[];
}

/**
 * The complete HTML of a public page for the catalogue `products`: the shell's head with the
 * page's title, description, canonical address, Open Graph tags and stylesheets; the rendered
 * markup in #root; and, just before </body>, <script type="application/json" id="catalogue">
 * with `products`, from which the browser's first render draws the same page.
 *
 * Undefined when `pagePath` is not a public page of this catalogue (prerenderedPaths): a product
 * the catalogue does not have (answer 404 or the shell), or a shopper's page such as /cart
 * (answer shellDocument(shell, products)). A product page carries no JSON-LD: the API adds it.
 */
export async function renderDocument({
  shell,
  manifest,
  siteUrl,
  pagePath,
  products,
}: DocumentRequest): Promise<string | undefined> {
  if (!prerenderedPaths(products).includes(pagePath)) return undefined;
  const page = await render(pagePath, products);
  return pageHtml(shell, pagePath, page, siteUrl, pageStyles(manifest, pagePath), products);
}
