import type { ImgHTMLAttributes } from 'react';

// Images made by scripts/make-media.mjs come in two widths and two formats: `<name>.webp` (the
// large width) plus `<name>-<small>.webp` and `<name>[-<small>].avif`. Any other path is used as
// is, so a photo from elsewhere still shows.

export const IMAGE_WIDTHS = { products: [480, 960], hero: [800, 1600], scenes: [640, 1280] };

const GENERATED = /^(\/media\/(products|hero|scenes)\/[\w-]+)\.webp$/;

type Variant = { avif: string; webp: string };

/** The srcset lists of a generated image, or null for any other path. */
export function imageSources(src: string): Variant | null {
  const match = GENERATED.exec(src);
  if (!match) return null;
  const [, stem, folder] = match as unknown as [string, string, keyof typeof IMAGE_WIDTHS];
  const [small, large] = IMAGE_WIDTHS[folder];
  return {
    avif: `${stem}-${small}.avif ${small}w, ${stem}.avif ${large}w`,
    webp: `${stem}-${small}.webp ${small}w, ${stem}.webp ${large}w`,
  };
}

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  src: string;
  alt: string;
  /** How wide the image shows, for the browser's choice of file (the `sizes` attribute). */
  sizes: string;
  /** The page's main image: fetched first, never lazily. */
  priority?: boolean;
  /** Class of the <picture> around the image (it takes the image's place in the layout). */
  pictureClassName?: string;
};

/** A picture in AVIF or WebP at the width the layout needs. */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  priority = false,
  pictureClassName,
  ...rest
}: ResponsiveImageProps) {
  const sources = imageSources(src);
  const img = (
    <img
      src={src}
      alt={alt}
      sizes={sources ? sizes : undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      {...rest}
    />
  );
  if (!sources) return img;
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
