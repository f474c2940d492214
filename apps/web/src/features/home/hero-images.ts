// The hero's pictures and the files the browser picks from. It imports only image-sources.ts,
// which imports nothing: the build's first-image hints (vite-plugins/page-preload.ts) use this too,
// to ask for the first slide's picture early.
import { imageSources } from '../../components/media/image-sources';

/** The hero slides' pictures, in slide order. */
export const HERO_IMAGES = [
  { imgDesktop: '/media/hero/hero-1-desktop.webp', imgMobile: '/media/hero/hero-1-mobile.webp' },
  { imgDesktop: '/media/hero/hero-2-desktop.webp', imgMobile: '/media/hero/hero-2-mobile.webp' },
  { imgDesktop: '/media/hero/hero-3-desktop.webp', imgMobile: '/media/hero/hero-3-mobile.webp' },
  { imgDesktop: '/media/hero/hero-4-desktop.webp', imgMobile: '/media/hero/hero-4-mobile.webp' },
  { imgDesktop: '/media/hero/hero-5-desktop.webp', imgMobile: '/media/hero/hero-5-mobile.webp' },
] as const;

/** Phones get the portrait picture. */
export const HERO_MOBILE_MEDIA = '(max-width: 767px)';

/** The <source> lists of a hero picture: portrait for phones, two widths of landscape otherwise. */
export function heroSources({ imgDesktop, imgMobile }: { imgDesktop: string; imgMobile: string }) {
  // Landscape comes in the generated widths (IMAGE_WIDTHS.hero); portrait in one.
  const desktop = imageSources(imgDesktop) ?? { avif: imgDesktop, webp: imgDesktop };
  return {
    mobileAvif: imgMobile.replace(/\.webp$/, '.avif'),
    mobileWebp: imgMobile,
    desktopAvif: desktop.avif,
    desktopWebp: desktop.webp,
    sizes: '100vw',
  };
}
