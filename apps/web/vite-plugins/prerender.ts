import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// By path, not by package name (see site-files.ts).
import { brand } from '../../../packages/catalog/src/brand';
import { products } from '../../../packages/catalog/src/products';
import type { RenderedPage } from '../src/entry-server';
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

/** The shell (dist/index.html) made into one page: its head tags, then its markup in #root. */
export function pageHtml(
  shell: string,
  pagePath: string,
  page: RenderedPage,
  siteUrl: string,
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
      const pagesDir = path.join(webDist, 'pages');
      for (const pagePath of PRERENDERED_PAGES) {
        const file = path.join(pagesDir, pageFile(pagePath));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, pageHtml(shell, pagePath, await render(pagePath), base));
      }
      await precompressDir(pagesDir);
      this.info(`prerendered ${PRERENDERED_PAGES.length} pages into ${pagesDir}`);
    },
  };
}
