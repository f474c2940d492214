import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PRODUCT_PHOTO_MESSAGES,
  PRODUCT_PHOTO_SIZES_PX,
  PRODUCT_PHOTOS_MAX,
} from '@vanya/contracts';
import type { AdminProduct } from '@vanya/contracts';
import { trusted } from 'mongoose';
import sharp from 'sharp';
import { withDbRetry } from '../../platform/db/retry';
import { AppError, conflict } from '../../platform/errors/app-error';
import { productNotFound } from '../stock/stock-answers';
import { MAX_INPUT_PIXELS } from '../users/avatar-image';
import { imageWork } from '../users/image-work';
import { forgetCatalogue, seedCatalogue } from './catalogue';
import type { CatalogueContext, ProductDoc } from './catalogue';
import { ownerView } from './owner-products';
import { ProductModel } from './product.model';

/** Where product photos are served: `<uploadDir>/products` at /uploads/products (app.ts). */
export const PRODUCT_PHOTO_PREFIX = '/uploads/products/';

const [SMALL_PX, LARGE_PX] = PRODUCT_PHOTO_SIZES_PX;

/** A photo's four files by name, the name being the first 20 hex of its large WebP's SHA-256. */
export interface EncodedPhoto {
  stem: string;
  files: { name: string; data: Buffer }[];
}

const invalidImage = () => new AppError(400, 'INVALID_IMAGE', PRODUCT_PHOTO_MESSAGES.invalidImage);

/**
 * The upload as a LARGE_PX square of RGB pixels: turned upright, flattened onto white where it has
 * transparency (a product photo shows no checkerboard), without metadata. The owner cropped it
 * square already, so the cover fit only settles its size. Anything sharp cannot fully decode is
 * 400 INVALID_IMAGE, as for avatars.
 */
async function squarePixels(input: Buffer) {
  try {
    return await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
      sequentialRead: true,
    })
      .rotate()
      .resize(LARGE_PX, LARGE_PX, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidImage();
  }
}

/**
 * The four files of an upload, made from one decode, at the qualities of scripts/make-media.mjs
 * (AVIF at effort 4 rather than 5: an upload stays well under a second of encoding).
 */
async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const { data, info } = await squarePixels(input);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const webp = (px: number) =>
    sharp(data, raw)
      .resize(px, px)
      .webp({ quality: 76, effort: 5, smartSubsample: true })
      .toBuffer();
  const avif = (px: number) =>
    sharp(data, raw).resize(px, px).avif({ quality: 52, effort: 4 }).toBuffer();
  const largeWebp = await webp(LARGE_PX);
  const stem = createHash('sha256').update(largeWebp).digest('hex').slice(0, 20);
  return {
    stem,
    files: [
      { name: `${stem}-${SMALL_PX}.webp`, data: await webp(SMALL_PX) },
      { name: `${stem}.avif`, data: await avif(LARGE_PX) },
      { name: `${stem}-${SMALL_PX}.avif`, data: await avif(SMALL_PX) },
      // Last: once the name the product points at is there, so are its siblings.
      { name: `${stem}.webp`, data: largeWebp },
    ],
  };
}

/** Decodes and encodes one upload at a time (image-work.ts): a full queue is 503 SERVER_BUSY. */
export function encodeProductPhoto(input: Buffer): Promise<EncodedPhoto> {
  return imageWork.run(() => encodePhoto(input));
}

/**
 * Writes each file under a temporary dot-name (never served: app.ts denies dotfiles) and renames it
 * into place, so a reader sees the whole file or none. The same photo again writes the same bytes
 * under the same name. Files are never deleted: a page opened before a photo was removed or
 * replaced keeps showing it.
 */
export async function storePhoto(uploadDir: string, photo: EncodedPhoto): Promise<string> {
  const dir = path.join(uploadDir, 'products');
  await mkdir(dir, { recursive: true });
  for (const { name, data } of photo.files) {
    const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, path.join(dir, name));
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }
  return `${PRODUCT_PHOTO_PREFIX}${photo.stem}.webp`;
}

const tooManyPhotos = () => conflict(PRODUCT_PHOTO_MESSAGES.tooMany, 'TOO_MANY_PHOTOS');

/** 404 for an unknown product, 409 for one with its photos full: checked before any decoding. */
async function checkRoom(id: string): Promise<void> {
  const doc = await withDbRetry(() =>
    ProductModel.findOne({ _id: id }, { images: 1 }).lean<Pick<ProductDoc, 'images'>>(),
  );
  if (!doc) throw productNotFound(id);
  if (doc.images.length >= PRODUCT_PHOTOS_MAX) throw tooManyPhotos();
}

/**
 * POST /admin/products/{id}/photos: stores the photo and appends it to the product's photos in one
 * write that also holds the limit (two uploads at once cannot make a ninth). Shoppers see it at
 * once in this process and within the catalogue's cache time in the others.
 */
export async function addPhoto(
  ctx: CatalogueContext,
  uploadDir: string,
  id: string,
  upload: Buffer,
): Promise<{ product: AdminProduct; image: string }> {
  await seedCatalogue(ctx);
  await checkRoom(id);
  const image = await storePhoto(uploadDir, await encodeProductPhoto(upload));
  const doc = await withDbRetry(() =>
    ProductModel.findOneAndUpdate(
      // No photo at the last place yet: the limit holds however many uploads run at once.
      { _id: id, [`images.${PRODUCT_PHOTOS_MAX - 1}`]: trusted({ $exists: false }) },
      { $push: { images: image } },
      { returnDocument: 'after' },
    ).lean<ProductDoc>(),
  );
  if (!doc) {
    await checkRoom(id);
    throw tooManyPhotos();
  }
  forgetCatalogue(ctx);
  return { product: ownerView(doc, ctx.now()), image };
}
