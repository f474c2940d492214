// The first picture of the catalogue's pages and the width it shows at. No imports: the build's
// first-image hints (vite-plugins/page-preload.ts) use this too, to ask for those pictures early.

/** The banner at the top of the product list. */
export const CATALOG_BANNER_IMAGE = '/media/scenes/collection-banner.webp';
export const CATALOG_BANNER_SIZES = '100vw';

/** How wide a product page's gallery shows its pictures. */
export const PRODUCT_GALLERY_SIZES = '(min-width: 960px) 560px, 100vw';
