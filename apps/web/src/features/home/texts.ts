import { brand } from '@vanya/catalog';

export const HOME_TEXTS = {
  heading: brand.name,
  tagline: brand.tagline,
  intro: 'Small-batch body care from Latur, made with kokum, shea, coffee and turmeric.',
  shopNow: 'Shop Now',
  ourStory: 'Our Story',
  categoriesHeading: 'Shop by ritual',
  featuredHeading: 'From our kitchen',
  viewAll: 'View all products',
} as const;

export const HOME_CATEGORIES = [
  { name: 'Body Butter', text: 'Whipped kokum and shea for skin that drinks it in.', tone: 'sand' },
  { name: 'Body Scrub', text: 'Sugar and coffee to polish away the dull days.', tone: 'sage' },
  { name: 'Soap', text: 'Cold-process bars, cured slowly for a gentle lather.', tone: 'clay' },
  { name: 'Bundles & Hampers', text: 'Rituals paired up, ready to gift.', tone: 'forest' },
] as const;
