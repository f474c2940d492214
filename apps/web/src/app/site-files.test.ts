import { brand, products } from '@vanya/catalog';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { PRIVATE_PATHS, PUBLIC_PAGES, robotsTxt, sitemapXml } from './site-files';
import { routes } from './router';

/** Every path of the route table, with whether it sits under the login guard. */
function paths(list: RouteObject[], guarded = false, prefix = ''): [string, boolean][] {
  return list.flatMap((route) => {
    const here = route.index
      ? prefix || '/'
      : route.path
        ? `${prefix.replace(/\/$/, '')}/${route.path}`.replace('//', '/')
        : prefix;
    const isGuarded = guarded || route.id === 'guarded';
    const own: [string, boolean][] = route.path || route.index ? [[here, isGuarded]] : [];
    return [...own, ...paths(route.children ?? [], isGuarded, here)];
  });
}

describe('robots.txt and sitemap.xml (written by the build from the catalogue)', () => {
  const table = paths(routes);

  it('lists in the sitemap public pages of the router, and every product', () => {
    const xml = sitemapXml('https://shop.example', products);
    for (const page of PUBLIC_PAGES) {
      expect(table).toContainEqual([page, false]);
      expect(xml).toContain(`<loc>https://shop.example${page}</loc>`);
    }
    for (const product of products)
      expect(xml).toContain(`<loc>https://shop.example/products/${product.id}</loc>`);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
  });

  it('keeps every page behind the login, and the API, out of crawlers', () => {
    const robots = robotsTxt(brand.website);
    for (const [page, guarded] of table) {
      if (!guarded) continue;
      const top = `/${page.split('/')[1]}`;
      expect(PRIVATE_PATHS).toContain(top);
    }
    for (const path of PRIVATE_PATHS) expect(robots).toContain(`\nDisallow: ${path}\n`);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${brand.website}/sitemap.xml`);
    expect(robots.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
  });
});
