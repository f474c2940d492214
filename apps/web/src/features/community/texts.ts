import { brand } from '@vanya/catalog';

export const COMMUNITY_TEXTS = {
  heading: `Join the ${brand.hashtag} community`,
  lead: 'Rituals, recipes and early news from people who care what goes on their skin.',
} as const;
