import type { ImgHTMLAttributes } from 'react';

import { imageSources } from './image-sources';

export { IMAGE_WIDTHS, imageSources } from './image-sources';

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
