// By path, not by package name: Vite loads its config with Node, which would not load the package's
// TypeScript; a relative import is bundled into the config instead.
import { brand } from '../../../packages/catalog/src/brand';
import { products } from '../../../packages/catalog/src/products';
import type { Plugin } from 'vite';

// robots.txt and sitemap.xml, written into dist by the build from the catalogue, so that a crawler
// gets real files (the server never answers them with the single-page HTML). SITE_URL (build time)
// is the shop's public address; brand.website by default.

/** The public pages of src/app/router.tsx that a crawler should index (products are added). */
export const PUBLIC_PAGES = [
  '/',
  '/products',
  '/about',
  '/contact',
  '/community',
  '/return-policy',
  '/terms',
  '/privacy',
  '/shipping-policy',
  '/cancellation-refund',
] as const;

/** Pages that belong to one shopper (router.tsx's guarded routes), the token links, and the API. */
export const PRIVATE_PATHS = [
  '/admin',
  '/profile',
  '/wishlist',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/verify-otp',
  '/verify-email',
  '/reset-password',
  '/forgot-email-sent',
  '/api/',
  '/uploads/',
] as const;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

export function sitemapPaths(): string[] {
  return [
    ...PUBLIC_PAGES,
    ...products.map((product) => `/products/${encodeURIComponent(product.id)}`),
  ];
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string): string {
  const urls = sitemapPaths().map(
    (p) => `  <url><loc>${escapeXml(siteUrl + (p === '/' ? '/' : p))}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function siteFiles(siteUrl = process.env.SITE_URL || brand.website): Plugin {
  const base = siteUrl.replace(/\/+$/, '');
  return {
    name: 'vanya-site-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(base) });
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(base) });
    },
  };
}
