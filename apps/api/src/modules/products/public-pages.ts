import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalogue, Product } from '@vanya/catalog';
import type { PageAnswer, PublicPages } from '../../platform/http/web-app';

/** What the web's server bundle (apps/web/.ssr/entry-server.js) gives the API. */
interface ServerBundle {
  renderDocument(request: {
    shell: string;
    manifest: unknown;
    siteUrl: string;
    pagePath: string;
    products: readonly Product[];
  }): Promise<string | undefined>;
  shellDocument(shell: string, products: readonly Product[]): string;
  sitemapXml(siteUrl: string, products: readonly Product[]): string;
}

/** The answers made for one catalogue: each page's, the shell's and the sitemap's. */
interface Rendered {
  pages: Map<string, Promise<PageAnswer>>;
  shell?: string;
  sitemap?: string;
}

const PRODUCT_PAGE = /^\/products\/[^/]+$/;

/**
 * The public pages of the catalogue of the moment, rendered by the web's own components from its
 * server bundle, so a change the owner makes reaches the HTML, the catalogue script the browser
 * starts from, and the sitemap without a build. Each is rendered once per catalogue (the catalogue
 * keeps its identity while nothing in it changes: products/catalogue.ts). A product the catalogue
 * does not sell (unknown, hidden) answers 404 with the shell, whose router shows its not-found
 * page. Undefined when the web was built without its server bundle.
 */
export function publicPages(
  distDir: string,
  ssrDir: string,
  siteUrl: string,
  catalogue: () => Promise<Catalogue>,
): PublicPages | undefined {
  const entry = path.join(ssrDir, 'entry-server.js');
  const shellFile = path.join(distDir, 'index.html');
  if (!existsSync(entry) || !existsSync(shellFile)) return undefined;
  let loaded: Promise<ServerBundle> | undefined;
  const load = () => (loaded ??= import(pathToFileURL(entry).href) as Promise<ServerBundle>);
  const shell = readFileSync(shellFile, 'utf8');
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as unknown;
  const made = new WeakMap<Catalogue, Rendered>();
  const renderedFor = (current: Catalogue) => {
    let rendered = made.get(current);
    if (!rendered) made.set(current, (rendered = { pages: new Map() }));
    return rendered;
  };
  const shellOf = (bundle: ServerBundle, current: Catalogue, rendered: Rendered) =>
    (rendered.shell ??= bundle.shellDocument(shell, current.products));

  const render = async (current: Catalogue, rendered: Rendered, pagePath: string) => {
    const { products } = current;
    const bundle = await load();
    const html = await bundle.renderDocument({ shell, manifest, siteUrl, pagePath, products });
    if (html !== undefined) return { status: 200, html, page: true };
    const status = PRODUCT_PAGE.test(pagePath) ? 404 : 200;
    return { status, html: shellOf(bundle, current, rendered) };
  };

  return {
    async page(pagePath) {
      const current = await catalogue();
      const rendered = renderedFor(current);
      let answer = rendered.pages.get(pagePath);
      if (!answer) {
        answer = render(current, rendered, pagePath);
        // Only the catalogue's own pages are kept: any other path gets the shell, made once.
        rendered.pages.set(pagePath, answer);
        if (!(await answer).page) rendered.pages.delete(pagePath);
      }
      return answer;
    },
    async sitemap() {
      const current = await catalogue();
      const rendered = renderedFor(current);
      const bundle = await load();
      return (rendered.sitemap ??= bundle.sitemapXml(siteUrl, current.products));
    },
  };
}
