import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { products } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import { imageSources } from '../components/media/responsive-image';
import { HERO_SLIDES, PRODUCT_VIDEOS } from '../features/home/texts';
import { COMMUNITY_TEXTS } from '../features/community/texts';
import { ABOUT_TEXTS } from '../features/about/texts';

const PUBLIC = path.resolve(__dirname, '../../public');
const exists = (url: string) => existsSync(path.join(PUBLIC, url));

/** Every file a srcset names. */
function srcsetFiles(srcset: string): string[] {
  return srcset.split(',').map((entry) => entry.trim().split(' ')[0] ?? '');
}

describe('committed media (scripts/make-media.mjs)', () => {
  it('has every picture the catalogue names, in both widths and formats', () => {
    for (const product of products) {
      for (const image of product.images) {
        expect(exists(image), image).toBe(true);
        const sources = imageSources(image);
        expect(sources, image).not.toBeNull();
        for (const file of [
          ...srcsetFiles(sources?.avif ?? ''),
          ...srcsetFiles(sources?.webp ?? ''),
        ]) {
          expect(exists(file), file).toBe(true);
        }
      }
      if (product.howToUseVideo) {
        expect(exists(product.howToUseVideo), product.howToUseVideo).toBe(true);
        expect(exists(product.howToUseVideo.replace(/\.mp4$/, '.webp'))).toBe(true);
      }
    }
  });

  it('has the hero, scene and video files the pages use', () => {
    const files = [
      ...HERO_SLIDES.flatMap((slide) => [slide.imgDesktop, slide.imgMobile]),
      ...PRODUCT_VIDEOS.map((video) => video.src),
      ...COMMUNITY_TEXTS.reels.map((reel) => reel.src),
      ...COMMUNITY_TEXTS.slides.map((slide) => slide.src),
      ...ABOUT_TEXTS.gallery.map((slide) => slide.src),
      '/media/videos/benefit.mp4',
      '/media/scenes/collection-banner.webp',
      '/media/scenes/community-bg.webp',
      '/media/scenes/about-story.webp',
      '/media/scenes/about-founder.webp',
    ];
    for (const file of files) expect(exists(file), file).toBe(true);
  });

  it('keeps every file under 1 MB and the whole set to a few MB', () => {
    let total = 0;
    const dir = path.join(PUBLIC, 'media');
    for (const folder of readdirSync(dir)) {
      for (const file of readdirSync(path.join(dir, folder))) {
        const { size } = statSync(path.join(dir, folder, file));
        expect(size, `${folder}/${file}`).toBeLessThan(1024 * 1024);
        total += size;
      }
    }
    expect(total).toBeLessThan(8 * 1024 * 1024);
  });
});
