// The owner's product photos: POST /admin/products/{id}/photos, and the words both apps show.

/** The multipart field the photo travels in. */
export const PRODUCT_PHOTO_FIELD = 'photo';
/** The largest upload taken: a phone's full-size JPEG fits; the owner crops it before it is sent. */
export const PRODUCT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The most photos one product shows. */
export const PRODUCT_PHOTOS_MAX = 8;
/** The square every photo is stored at (and at half that), as the shop's generated images are. */
export const PRODUCT_PHOTO_SIZES_PX = [480, 960] as const;

export const PRODUCT_PHOTO_MESSAGES = {
  invalidImage: 'Choose a JPEG, PNG or WebP photo.',
  tooLarge: `The photo is larger than ${PRODUCT_PHOTO_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller one.`,
  tooMany: `A product can have at most ${PRODUCT_PHOTOS_MAX} photos. Remove one, save, then add another.`,
  missing: 'Choose a photo to upload.',
} as const;
