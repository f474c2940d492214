// Images made by scripts/make-media.mjs, and product photos the owner uploads (the API's
// product-photos.ts, under /uploads/products/<hash>.webp), come in two widths and two formats:
// `<name>.webp` (the large width) plus `<name>-<small>.webp` and `<name>[-<small>].avif`. Any other
// path is used as is, so a photo from elsewhere still shows. No imports: the build's first-image
// hints (vite-plugins/page-preload.ts) use this too.

export const IMAGE_WIDTHS = { products: [480, 960], hero: [800, 1600], scenes: [640, 1280] };

const GENERATED =
  /^(\/(?:media\/(products|hero|scenes)\/[\w-]+|uploads\/(products)\/[0-9a-f]{20}))\.webp$/;

type Folder = keyof typeof IMAGE_WIDTHS;

export type Variant = { avif: string; webp: string };

/** The srcset lists of a generated image, or null for any other path. */
export function imageSources(src: string): Variant | null {
  const match = GENERATED.exec(src);
  if (!match) return null;
  const [, stem, media, uploads] = match as unknown as [string, string, ...(Folder | undefined)[]];
  const [small, large] = IMAGE_WIDTHS[(media ?? uploads)!];
  return {
    avif: `${stem}-${small}.avif ${small}w, ${stem}.avif ${large}w`,
    webp: `${stem}-${small}.webp ${small}w, ${stem}.webp ${large}w`,
  };
}
