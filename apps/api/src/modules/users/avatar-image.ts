import { LIMITS } from '@vanya/catalog';
import { PROFILE_MESSAGES } from '@vanya/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/errors/app-error';
import { imageWork } from './image-work';

/** Decoding stops past this many pixels: a small file that inflates to gigapixels is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes an uploaded image and re-encodes it as a square JPEG (LIMITS.avatarSizePx), turned
 * upright, without metadata (EXIF, GPS, ICC comments). Anything sharp cannot fully decode
 * (not an image, truncated, over the pixel limit) is refused with 400 INVALID_IMAGE. One image is
 * decoded at a time (image-work.ts); a full queue answers 503 SERVER_BUSY.
 */
export function toAvatarJpeg(input: Buffer): Promise<Buffer> {
  return imageWork.run(() => encodeAvatar(input));
}

async function encodeAvatar(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
      sequentialRead: true,
    })
      .rotate()
      .resize(LIMITS.avatarSizePx, LIMITS.avatarSizePx, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError(400, 'INVALID_IMAGE', PROFILE_MESSAGES.avatarInvalidImage);
  }
}
