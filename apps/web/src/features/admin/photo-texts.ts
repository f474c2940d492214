import { PRODUCT_PHOTOS_MAX } from '@vanya/contracts';

/** The photos part of the owner's product form. */
export const PRODUCT_PHOTO_TEXTS = {
  legend: 'Photos',
  hint: `The first is the main photo, on cards and at the top of its page. Up to ${PRODUCT_PHOTOS_MAX}. A new order or a removal is kept when you save the product; an added photo is kept at once.`,
  main: 'Main photo',
  number: (n: number) => `Photo ${n}`,
  alt: (name: string, n: number) => `${name}, photo ${n}`,
  earlier: 'Earlier',
  later: 'Later',
  remove: 'Remove',
  moveEarlier: (n: number) => `Move photo ${n} earlier`,
  moveLater: (n: number) => `Move photo ${n} later`,
  removeNumber: (n: number) => `Remove photo ${n}`,
  add: 'Add a photo',
  full: `A product has at most ${PRODUCT_PHOTOS_MAX} photos: remove one and save to add another.`,
  onlyOne: 'A product keeps at least one photo.',
  uploading: 'Uploading…',
  added: 'Photo added',
  failed: 'The photo could not be added. Please try again.',
  notAnImage: 'Choose a JPEG, PNG or WebP photo.',
  noArea: 'Choose the part of the photo to keep, then press Upload.',
  crop: {
    heading: 'Crop the photo',
    lead: 'Drag to place the square, and zoom to frame the product. The shop shows it square.',
    zoom: 'Zoom',
    cancel: 'Cancel',
    save: 'Upload',
  },
};
