import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// By path, not by package name (see site-files.ts).
import { brand } from '../../../packages/catalog/src/brand';
import { products } from '../../../packages/catalog/src/products';
import type { RenderedPage } from '../src/entry-server';
import { pageRoutes, pathPattern } from './page-preload';
import { precompressDir } from './precompress';
import { PUBLIC_PAGES } from './site-files';
import type { Plugin } from 'vite';

// The second half of the build (`vite build --ssr src/entry-server.tsx`): every public page
// rendered by the app's own components into dist/pages (`/` -> index.html, `/products/x` ->
// products/x.html), from dist/index.html with the page's title, description, canonical address and
// Open Graph tags in its head, and marked for the browser to hydrate. The API serves these for
// their paths and adds a product's JSON-LD (its stock and reviews change without a build); every
// other path gets dist/index.html, the empty shell.

/** The sign-in pages are public too, though not worth a place in the sitemap. */
export const PRERENDERED_PAGES = [
  ...PUBLIC_PAGES,
  ...products.map((product) => `/products/${encodeURIComponent(product.id)}`),
  '/login',
  '/signup',
  '/forgot-password',
];

/** Where a page's HTML goes under dist/pages. */
export function pageFile(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${decodeURIComponent(pagePath.slice(1))}.html`;
}

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/** The page's picture for link previews: a product's first photo, else the home page's splash scene. */
function previewImage(pagePath: string): string {
  const product = products.find((p) => `/products/${encodeURIComponent(p.id)}` === pagePath);
  return product?.images[0] ?? '/media/scenes/splash.webp';
}

/** What Vite's build manifest (dist/.vite/manifest.json) says of each chunk. */
export type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
>;

/**
 * The stylesheets a page's code brings that the shell does not link already: its route module's
 * and those of every chunk it imports. Linked in the page's head, they apply from the first paint,
 * so nothing moves when the code arrives (the app would otherwise add them as the module loads).
 */
export function pageStyles(manifest: Manifest, pagePath: string): string[] {
  const page = pageRoutes().find((route) => new RegExp(pathPattern(route.path)).test(pagePath));
  if (!page) throw new Error(`No route module serves ${pagePath}`);
  const stylesOf = (keys: string[]) => {
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
  };
  const linked = stylesOf(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const key = `src/app/routes/${page.module}.tsx`;
  if (!manifest[key]) throw new Error(`The build manifest has no ${key}`);
  return [...stylesOf([key])].filter((css) => !linked.has(css));
}

/** The shell (dist/index.html) made into one page: its head tags, then its markup in #root. */
export function pageHtml(
  shell: string,
  pagePath: string,
  page: RenderedPage,
  siteUrl: string,
  styles: string[] = [],
): string {
  const url = siteUrl + (pagePath === '/' ? '/' : pagePath);
  const description = escapeAttribute(page.description ?? brand.description);
  const isProduct = pagePath.startsWith('/products/');
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="${isProduct ? 'product' : 'website'}" />`,
    `<meta property="og:site_name" content="${escapeAttribute(brand.name)}" />`,
    `<meta property="og:title" content="${page.title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(url)}" />`,
    `<meta property="og:image" content="${escapeAttribute(siteUrl + previewImage(pagePath))}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...styles.map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
  ];
  const withHead = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', `${tags.join('')}</head>`);
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('dist/index.html has no empty #root');
  return withHead.replace(root, `<div id="root" data-prerendered>${page.html}</div>`);
}

export function prerender(siteUrl = process.env.SITE_URL || brand.website): Plugin {
  const base = siteUrl.replace(/\/+$/, '');
  let webDist = '';
  return {
    name: 'vanya-prerender',
    apply: 'build',
    configResolved(config) {
      webDist = path.resolve(config.root, 'dist');
    },
    async writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
      if (!entry || !options.dir) throw new Error('The server build wrote no entry.');
      const { render } = (await import(
        pathToFileURL(path.join(options.dir, entry.fileName)).href
      )) as { render: (pagePath: string) => Promise<RenderedPage> };
      const shell = await readFile(path.join(webDist, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const pagesDir = path.join(webDist, 'pages');
      for (const pagePath of PRERENDERED_PAGES) {
        const file = path.join(pagesDir, pageFile(pagePath));
        await mkdir(path.dirname(file), { recursive: true });
        const styles = pageStyles(manifest, pagePath);
        await writeFile(file, pageHtml(shell, pagePath, await render(pagePath), base, styles));
      }
      await precompressDir(pagesDir);
      this.info(`prerendered ${PRERENDERED_PAGES.length} pages into ${pagesDir}`);
    },
  };
}
