import { existsSync } from 'node:fs';
import path from 'node:path';

import { products } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import { lcpImageHints, lcpPreloadScript } from '../../vite-plugins/lcp-images';
import { imageSources } from '../components/media/image-sources';
import { heroSources } from '../features/home/hero-images';
import { HERO_SLIDES } from '../features/home/texts';

const PUBLIC = path.resolve(__dirname, '../../public');

describe('the first-image hints of the build (vite-plugins/lcp-images.ts)', () => {
  const hints = lcpImageHints();

  it('name files that exist', () => {
    for (const list of Object.values(hints)) {
      for (const hint of list) {
        for (const entry of hint.srcset.split(',')) {
          const file = entry.trim().split(' ')[0] ?? '';
          expect(existsSync(path.join(PUBLIC, file)), file).toBe(true);
        }
      }
    }
  });

  it('ask on the home page for the AVIF files of the first hero slide, by screen', () => {
    const sources = heroSources(HERO_SLIDES[0]);
    expect(hints['/']?.map((hint) => hint.srcset)).toEqual([
      sources.mobileAvif,
      sources.desktopAvif,
    ]);
  });

  it('ask on every product page for its first picture', () => {
    for (const product of products) {
      expect(hints[`/products/${product.id}`]?.[0]?.srcset).toBe(
        imageSources(product.images[0] ?? '')?.avif,
      );
    }
  });

  it('make a script that preloads them for the current path only', () => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/products/Bodybutter');
    new Function(lcpPreloadScript(hints))();
    const links = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('imagesrcset')).toBe(hints['/products/Bodybutter']?.[0]?.srcset);
    expect(links[0]?.getAttribute('fetchpriority')).toBe('high');
    window.history.replaceState(null, '', '/');
  });
});
