import type { Area } from 'react-easy-crop';

/**
 * The cropped picture is at most this many pixels wide: above what the API stores (avatars 512 px,
 * product photos 960 px), small enough to upload quickly.
 */
const MAX_WIDTH = 1024;
const JPEG_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the chosen frame of the image on a canvas, keeping its shape, and returns it as a JPEG. */
export async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const width = Math.max(1, Math.min(MAX_WIDTH, Math.round(area.width)));
  const height = Math.max(1, Math.round((width * area.height) / area.width));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  // JPEG has no transparency: a transparent PNG gets a white background rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be saved.'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
