// The hero's pictures and the files the browser picks from. No imports: the build's first-image
// hints (vite-plugins/lcp-images.ts) use this too, to ask for the first slide's picture early.

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
  const desktop = imgDesktop.replace(/\.webp$/, '');
  const mobile = imgMobile.replace(/\.webp$/, '');
  return {
    mobileAvif: `${mobile}.avif`,
    mobileWebp: imgMobile,
    desktopAvif: `${desktop}-800.avif 800w, ${desktop}.avif 1600w`,
    desktopWebp: `${desktop}-800.webp 800w, ${imgDesktop} 1600w`,
    sizes: '100vw',
  };
}
