import { brand } from '@vanya/catalog';

export const ABOUT_TEXTS = {
  heading: 'About',
  tagline: brand.tagline,
  lead: 'Our story, the founder’s words and the values behind every jar and bar.',
} as const;
