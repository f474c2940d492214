// By path, not by package name: Vite loads its config with Node, which would not load the package's
// TypeScript; a relative import is bundled into the config instead (src/app/site-files.ts imports
// only types).
import { brand } from '../../../packages/catalog/src/brand';
import { products } from '../../../packages/catalog/src/products';
import { robotsTxt, sitemapXml } from '../src/app/site-files';
import type { Plugin } from 'vite';

// robots.txt and sitemap.xml of the catalogue of the code, written into dist by the build so that a
// statically served build has them too (the API answers its own catalogue's). SITE_URL (build time)
// is the shop's public address; brand.website by default.

export function siteFiles(siteUrl = process.env.SITE_URL || brand.website): Plugin {
  const base = siteUrl.replace(/\/+$/, '');
  return {
    name: 'vanya-site-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(base) });
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(base, products) });
    },
  };
}
