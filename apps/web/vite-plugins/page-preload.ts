import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's modules named here import nothing.
import { pathPattern, routesOfSource, type PageRoute } from '../src/app/page-routes';
import { imageSources } from '../src/components/media/image-sources';
import { CATALOG_BANNER_IMAGE, CATALOG_BANNER_SIZES } from '../src/features/catalog/page-images';
import { HERO_IMAGES, HERO_MOBILE_MEDIA, heroSources } from '../src/features/home/hero-images';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

// What the largest paint of a page waits for is otherwise asked for late: the page's picture (the
// home page's first hero slide, the product list's banner; a product page's is in the page) once the
// page's code has rendered it, and the page's code (its lazy route module, the chunks that module
// imports and their styles) once the app's entry has loaded and run. The build adds a tiny script
// of its own to index.html, `async` so that it runs as soon as it arrives: for the page's path it
// preloads the file the page's <picture> will pick and the page's code. A classic script, not a
// module: Vite would merge a second module script of the page into the app's entry, which runs
// only after all of the app's code has loaded. A file, not inline: the shop's content security
// policy allows scripts from its own origin only.
//
// Measured with Lighthouse against the alternative of writing the same links into one HTML file
// per page (so the browser's preload scanner finds them at once): in three alternating runs the
// script gave the largest paint 0.25-0.5 s sooner on /login, /products and a product page. All
// the page's code then competes from the first byte with the entry it needs first.

/** One <link rel="preload" as="image">: the AVIF list of the matching <source>. */
export type ImageHint = { srcset: string; sizes?: string; media?: string };

function generated(src: string, sizes: string): ImageHint[] {
  const sources = imageSources(src);
  return sources ? [{ srcset: sources.avif, sizes }] : [];
}

/** The picture hints by page path. */
export function lcpImageHints(): Record<string, ImageHint[]> {
  const hero = heroSources(HERO_IMAGES[0]);
  const hints: Record<string, ImageHint[]> = {
    '/': [
      { srcset: hero.mobileAvif, media: HERO_MOBILE_MEDIA },
      { srcset: hero.desktopAvif, sizes: hero.sizes, media: 'not all and ' + HERO_MOBILE_MEDIA },
    ],
    '/products': generated(CATALOG_BANNER_IMAGE, CATALOG_BANNER_SIZES),
  };
  // A product page carries its own (app/page-document.ts): the owner changes products at run time.
  return hints;
}

const ROUTER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/app/router.tsx');

export { pathPattern, type PageRoute };

/** The lazy pages of src/app/router.tsx, read from its file (the config cannot load React components). */
export function pageRoutes(routerSource: string = readFileSync(ROUTER, 'utf8')): PageRoute[] {
  return routesOfSource(routerSource);
}

/**
 * For each page module, the files of dist (`assets/x.js`, `assets/x.css`) its code needs that the
 * entry does not load already: the route module's chunk and its static imports, all the way down,
 * then their stylesheets in cascade order.
 */
export function pageCode(bundle: OutputBundle, pages: PageRoute[]): Map<string, string[]> {
  const chunks = Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // One walk down the imports: the chunks in the order met (the start first), and their styles
  // in cascade order (a chunk's imports' styles before its own, as the modules import them).
  const walk = (start: string[]) => {
    const code = new Set<string>();
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (name: string) => {
      const chunk = byName.get(name);
      if (!chunk || seen.has(name)) return;
      seen.add(name);
      // A chunk of styles only is dropped from the bundle later (Vite keeps just its CSS file).
      if (!chunk.moduleIds.every((id) => /\.css($|\?)/.test(id))) code.add(name);
      chunk.imports.forEach(visit);
      chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    };
    start.forEach(visit);
    return { code, styles };
  };
  const entry = walk(chunks.filter((chunk) => chunk.isEntry).map((c) => c.fileName));

  const result = new Map<string, string[]>();
  for (const page of pages) {
    const chunk = chunks.find(
      (c) => c.facadeModuleId && routeModuleName(c.facadeModuleId) === page.module,
    );
    if (!chunk) throw new Error(`No chunk for the page module src/app/routes/${page.module}`);
    const { code, styles } = walk([chunk.fileName]);
    result.set(page.module, [
      ...[...code].filter((name) => !entry.code.has(name)),
      ...[...styles].filter((name) => !entry.styles.has(name)),
    ]);
  }
  return result;
}

function routeModuleName(id: string): string | undefined {
  return /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx?$/.exec(id)?.[1];
}

/** The table the script reads: each file once, and each page's path pattern with its files. */
export type PageTable = { files: string[]; pages: [pattern: string, files: number[]][] };

export function pageTable(pages: PageRoute[], code: Map<string, string[]>): PageTable {
  const table: PageTable = { files: [], pages: [] };
  const number = (file: string) => {
    const at = table.files.indexOf(file);
    return at >= 0 ? at : table.files.push(file) - 1;
  };
  for (const page of pages) {
    table.pages.push([pathPattern(page.path), (code.get(page.module) ?? []).map(number)]);
  }
  return table;
}

/**
 * The script: adds, for the current path, a preload for each picture (the AVIF list its <picture>
 * will pick, high priority), a modulepreload for each chunk of the page's code and a stylesheet
 * link for each of its stylesheets, crossorigin as on the entry's own links so that the app's own
 * requests reuse these answers. All in one insertion: each link added to the document on its own
 * costs the main thread about as much again. The stylesheets are added as stylesheets, not as
 * style preloads: the app's loader of a lazy page then finds them in place, where it would
 * otherwise add each one itself, in the middle of the app's first render (measured: 17-20 ms of
 * that render's 50-65 ms task on /login, unthrottled). Added by a script, they do not block the
 * first paint; they apply as they arrive, to a page that has not rendered yet.
 */
export function pagePreloadScript(hints: Record<string, ImageHint[]>, table: PageTable): string {
  return `(function (hints, files, pages) {
  var path = location.pathname;
  var links = document.createDocumentFragment();
  function add(attributes) {
    var link = document.createElement('link');
    for (var name in attributes) link.setAttribute(name, attributes[name]);
    links.appendChild(link);
  }
  var list = hints[path] || [];
  for (var i = 0; i < list.length; i += 1) {
    var image = { rel: 'preload', as: 'image', type: 'image/avif', imagesrcset: list[i].srcset };
    if (list[i].sizes) image.imagesizes = list[i].sizes;
    if (list[i].media) image.media = list[i].media;
    image.fetchpriority = 'high';
    add(image);
  }
  for (var p = 0; p < pages.length; p += 1) {
    if (!new RegExp(pages[p][0]).test(path)) continue;
    for (var f = 0; f < pages[p][1].length; f += 1) {
      var file = '/' + files[pages[p][1][f]];
      if (/\\.css$/.test(file)) add({ rel: 'stylesheet', href: file, crossorigin: '' });
      else add({ rel: 'modulepreload', href: file, crossorigin: '' });
    }
    break;
  }
  document.head.appendChild(links);
})(${JSON.stringify(hints)}, ${JSON.stringify(table.files)}, ${JSON.stringify(table.pages)});
`;
}

export function pagePreload(): Plugin {
  let fileName = '';
  return {
    name: 'vanya-page-preload',
    apply: 'build',
    generateBundle: {
      // Before the HTML plugin's own generateBundle, which asks transformIndexHtml for the tag.
      order: 'pre',
      handler(_options, bundle) {
        const pages = pageRoutes();
        const source = pagePreloadScript(
          lcpImageHints(),
          pageTable(pages, pageCode(bundle, pages)),
        );
        // Named by its content like the bundler's own assets, so it can be cached for a year too.
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        fileName = `assets/page-preload-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head' },
      ],
    },
  };
}
