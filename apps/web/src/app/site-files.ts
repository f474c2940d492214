import type { Product } from '@vanya/catalog';

// robots.txt and sitemap.xml: written into dist by the build for the catalogue of the code
// (vite-plugins/site-files.ts), and by the API for the catalogue of its database (through the
// server bundle's sitemapXml), so that a crawler gets real files (the server never answers them
// with the single-page HTML). Type imports only, so the Vite config can bundle it.

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

/** A product page's path as the browser sends it: `/products/Bodybutter`. */
export function productPath(product: Pick<Product, 'id'>): string {
  return `/products/${encodeURIComponent(product.id)}`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** The public pages and the page of every product of `products`. */
export function sitemapPaths(products: readonly Product[]): string[] {
  return [...PUBLIC_PAGES, ...products.map(productPath)];
}

/**
 * The pages rendered ahead (by the build, or by the API for its catalogue): the sitemap's, and the
 * sign-in pages, public too though not worth a place in the sitemap.
 */
export function prerenderedPaths(products: readonly Product[]): string[] {
  return [...sitemapPaths(products), '/login', '/signup', '/forgot-password'];
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

/** sitemap.xml of the shop at `siteUrl` (no final slash) selling `products`. */
export function sitemapXml(siteUrl: string, products: readonly Product[]): string {
  const urls = sitemapPaths(products).map(
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
