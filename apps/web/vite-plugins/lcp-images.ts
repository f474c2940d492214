import { createHash } from 'node:crypto';

// By path, not by package name (see site-files.ts); the web app's modules named here import nothing.
import { products } from '../../../packages/catalog/src/products';
import { imageSources } from '../src/components/media/image-sources';
import {
  CATALOG_BANNER_IMAGE,
  CATALOG_BANNER_SIZES,
  PRODUCT_GALLERY_SIZES,
} from '../src/features/catalog/page-images';
import { HERO_IMAGES, HERO_MOBILE_MEDIA, heroSources } from '../src/features/home/hero-images';
import type { Plugin } from 'vite';

// The picture that is the largest paint of a page (the home page's first hero slide, the product
// list's banner, a product's first picture) is otherwise asked for only once the page's code has
// loaded and rendered. The build adds a tiny script of its own to index.html, `async` so that it
// runs as soon as it arrives: it preloads, for the page's path, the same file the page's <picture>
// will pick. A classic script, not a module: Vite would merge a second module script of the page
// into the app's entry, which runs only after all of the app's code has loaded.

/** One <link rel="preload" as="image">: the AVIF list of the matching <source>. */
export type ImageHint = { srcset: string; sizes?: string; media?: string };

function generated(src: string, sizes: string): ImageHint[] {
  const sources = imageSources(src);
  return sources ? [{ srcset: sources.avif, sizes }] : [];
}

/** The hints by page path. */
export function lcpImageHints(): Record<string, ImageHint[]> {
  const hero = heroSources(HERO_IMAGES[0]);
  const hints: Record<string, ImageHint[]> = {
    '/': [
      { srcset: hero.mobileAvif, media: HERO_MOBILE_MEDIA },
      { srcset: hero.desktopAvif, sizes: hero.sizes, media: 'not all and ' + HERO_MOBILE_MEDIA },
    ],
    '/products': generated(CATALOG_BANNER_IMAGE, CATALOG_BANNER_SIZES),
  };
  for (const product of products) {
    const first = product.images[0];
    if (first) hints[`/products/${product.id}`] = generated(first, PRODUCT_GALLERY_SIZES);
  }
  return hints;
}

/** The script: finds the page's hints and adds a <link rel="preload"> for each. */
export function lcpPreloadScript(hints: Record<string, ImageHint[]>): string {
  return `(function (hints) {
  var list = hints[location.pathname] || [];
  for (var i = 0; i < list.length; i += 1) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.type = 'image/avif';
    link.setAttribute('imagesrcset', list[i].srcset);
    if (list[i].sizes) link.setAttribute('imagesizes', list[i].sizes);
    if (list[i].media) link.media = list[i].media;
    link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }
})(${JSON.stringify(hints)});
`;
}

export function lcpImages(): Plugin {
  const source = lcpPreloadScript(lcpImageHints());
  // Named by its content like the bundler's own assets, so it can be cached for a year too.
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const fileName = `assets/lcp-preload-${hash}.js`;
  return {
    name: 'vanya-lcp-images',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: () => [
      { tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head' },
    ],
  };
}
