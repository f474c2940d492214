// Cookie consent's plain values, without zod: the web app reads
// them on every page, and this module keeps zod out of its first load.

export const CONSENT_VALUES = ['accepted', 'rejected', 'customized'] as const;
export type ConsentValue = (typeof CONSENT_VALUES)[number];

/** 'necessary' is always on; the banner cannot switch it off. */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const CONSENT_STORAGE_KEYS = {
  consent: 'cookie_consent',
  categories: 'cookie_categories',
} as const;
