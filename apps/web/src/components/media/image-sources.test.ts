import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('lists both widths in AVIF and WebP for a generated product image', () => {
    expect(imageSources('/media/products/soap-1.webp')).toEqual({
      avif: '/media/products/soap-1-480.avif 480w, /media/products/soap-1.avif 960w',
      webp: '/media/products/soap-1-480.webp 480w, /media/products/soap-1.webp 960w',
    });
    expect(imageSources('/media/hero/hero-1-desktop.webp')?.webp).toBe(
      '/media/hero/hero-1-desktop-800.webp 800w, /media/hero/hero-1-desktop.webp 1600w',
    );
  });

  it("does the same for a photo the owner uploaded, named by its content's hash", () => {
    expect(imageSources('/uploads/products/0123456789abcdef0123.webp')).toEqual({
      avif: '/uploads/products/0123456789abcdef0123-480.avif 480w, /uploads/products/0123456789abcdef0123.avif 960w',
      webp: '/uploads/products/0123456789abcdef0123-480.webp 480w, /uploads/products/0123456789abcdef0123.webp 960w',
    });
  });

  it('uses any other path as it is', () => {
    for (const src of [
      '/uploads/avatars/0123456789abcdef0123.webp',
      '/uploads/products/not-a-hash.webp',
      '/uploads/products/0123456789abcdef0123-480.webp',
      '/media/products/soap-1.jpg',
      'https://example.in/soap.webp',
    ])
      expect(imageSources(src), src).toBeNull();
  });
});
