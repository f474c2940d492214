import { brand, type Product } from '@vanya/catalog';

import { imageSources } from '../components/media/image-sources';
import { PRODUCT_GALLERY_SIZES } from '../features/catalog/page-images';
import { shellDocument } from '../lib/catalogue-script';
import { pathPattern, routesOfSource } from './page-routes';
import routerSource from './router.tsx?raw';
import { productPath } from './site-files';

// A public page's complete HTML from the shell (dist/index.html) and the page as the app's own
// components render it (entry-server.tsx): its title, description, canonical address and Open
// Graph tags in the head, the stylesheets its code brings, its markup in #root marked for the
// browser to hydrate, and the catalogue it was rendered with. The build writes these into
// dist/pages for the catalogue of the code (vite-plugins/prerender.ts); the API renders them at
// run time for the catalogue of its database and adds a product's JSON-LD per request.

/** The markup of one page and what its head says (entry-server.tsx's render). */
export type RenderedPage = {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description?: string;
};

/** Where a page's HTML goes under dist/pages: `/` -> index.html, `/products/x` -> products/x.html. */
export function pageFile(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${decodeURIComponent(pagePath.slice(1))}.html`;
}

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/** The page's picture for link previews: a product's first photo, else the home page's splash scene. */
export function previewImage(pagePath: string, products: readonly Product[]): string {
  const product = products.find((p) => productPath(p) === pagePath);
  return product?.images[0] ?? '/media/scenes/splash.webp';
}

/** What Vite's build manifest (dist/.vite/manifest.json) says of each chunk. */
export type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
>;

/** The stylesheets of the chunks `keys`, and of everything they import. */
function stylesOf(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    chunk.css?.forEach((css) => styles.add(css));
  };
  keys.forEach(visit);
  return styles;
}

/**
 * The stylesheets a page's code brings that the shell does not link already: its route module's
 * and those of every chunk it imports. Linked in the page's head, they apply from the first paint,
 * so nothing moves when the code arrives (the app would otherwise add them as the module loads).
 */
export function pageStyles(manifest: Manifest, pagePath: string): string[] {
  const page = routesOfSource(routerSource).find((route) =>
    new RegExp(pathPattern(route.path)).test(pagePath),
  );
  if (!page) throw new Error(`No route module serves ${pagePath}`);
  const linked = stylesOf(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );
  const key = `src/app/routes/${page.module}.tsx`;
  if (!manifest[key]) throw new Error(`The build manifest has no ${key}`);
  return [...stylesOf(manifest, [key])].filter((css) => !linked.has(css));
}

/**
 * A product page's first picture, asked for early and first (its AVIF sizes, as the gallery's
 * <source> lists them): in the page itself, since the owner may add a product or change its photos
 * at any time; the other pages' hints are the build's (vite-plugins/page-preload.ts).
 */
function productImageHint(image: string): string[] {
  const sources = imageSources(image);
  return sources
    ? [
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeAttribute(sources.avif)}" imagesizes="${PRODUCT_GALLERY_SIZES}" fetchpriority="high" />`,
      ]
    : [];
}

/** The head's tags of a page: canonical address, Open Graph, its first picture and stylesheets. */
function headTags(
  pagePath: string,
  page: RenderedPage,
  siteUrl: string,
  image: string,
  styles: string[],
): string[] {
  const url = siteUrl + (pagePath === '/' ? '/' : pagePath);
  const description = escapeAttribute(page.description ?? brand.description);
  const isProduct = pagePath.startsWith('/products/');
  return [
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="${isProduct ? 'product' : 'website'}" />`,
    `<meta property="og:site_name" content="${escapeAttribute(brand.name)}" />`,
    `<meta property="og:title" content="${page.title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(url)}" />`,
    `<meta property="og:image" content="${escapeAttribute(siteUrl + image)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...(isProduct ? productImageHint(image) : []),
    ...styles.map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
  ];
}

/**
 * The shell made into one page: its head tags, then its markup in #root. `products` is the
 * catalogue the page was rendered with: it picks the preview picture and is carried in the page
 * (lib/catalogue-script.ts), in place of the shell's.
 */
export function pageHtml(
  shell: string,
  pagePath: string,
  page: RenderedPage,
  siteUrl: string,
  styles: string[],
  products: readonly Product[],
): string {
  const image = previewImage(pagePath, products);
  const description = escapeAttribute(page.description ?? brand.description);
  // Functions as replacements, so that `$` in a title or description is taken as it is.
  const withHead = shellDocument(shell, products)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace(
      '</head>',
      () => `${headTags(pagePath, page, siteUrl, image, styles).join('')}</head>`,
    );
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('The shell has no empty #root');
  return withHead.replace(root, () => `<div id="root" data-prerendered>${page.html}</div>`);
}
