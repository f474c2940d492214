import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// By path, not by package name (see site-files.ts).
import { brand } from '../../../packages/catalog/src/brand';
import { products } from '../../../packages/catalog/src/products';
import type * as ServerEntry from '../src/entry-server';
import { precompressDir } from './precompress';
import type { Plugin } from 'vite';

// The second half of the build (`vite build --ssr src/entry-server.tsx`): every public page of the
// catalogue of the code rendered by the server entry's renderDocument into dist/pages (`/` ->
// index.html, `/products/x` -> products/x.html), so that a statically served build works. The API
// renders the same pages for the catalogue of its database with the same functions; every other
// path gets dist/index.html, the empty shell (which carries the same catalogue, catalogue-script).

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
      const server = (await import(
        pathToFileURL(path.join(options.dir, entry.fileName)).href
      )) as typeof ServerEntry;
      const shell = await readFile(path.join(webDist, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
      ) as ServerEntry.Manifest;
      const pagesDir = path.join(webDist, 'pages');
      const pagePaths = server.prerenderedPaths(products);
      for (const pagePath of pagePaths) {
        const file = path.join(pagesDir, server.pageFile(pagePath));
        await mkdir(path.dirname(file), { recursive: true });
        const html = await server.renderDocument({
          shell,
          manifest,
          siteUrl: base,
          pagePath,
          products,
        });
        if (html === undefined) throw new Error(`${pagePath} is not a page of the catalogue`);
        await writeFile(file, html);
      }
      await precompressDir(pagesDir);
      this.info(`prerendered ${pagePaths.length} pages into ${pagesDir}`);
    },
  };
}
