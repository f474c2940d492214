import { brand } from '@vanya/catalog';

export const ABOUT_TEXTS = {
  heading: 'About',
  tagline: brand.tagline,
  lead: 'Small-batch body care from Latur, Maharashtra, made with ingredients from Indian kitchens and gardens.',
  storyHeading: 'Our Story',
  story: [
    `${brand.name} began at a kitchen table in Latur, with a pot of kokum butter melting on the stove and a notebook of recipes from our grandmothers: ubtan for festival mornings, coffee scrubs for tired skin, turmeric for everything.`,
    'We wanted body care that worked as well as the things we bought, without the long list of words nobody could pronounce. So we started making it ourselves, one small batch at a time, and sharing it with friends, who shared it with theirs.',
    'Today every jar, tub and bar is still whipped, stirred, poured and cured by hand in our small workshop, with ingredients we can trace back to the farmers who grow them.',
  ],
  founderHeading: 'From our founder',
  founderQuote:
    'Our skin deserves the same care as the food we cook for the people we love: real ingredients, made fresh, with nothing to hide. If I would not put it on my own daughter’s skin, it does not go in a jar.',
  founderName: 'Meera Kulkarni',
  founderRole: `Founder, ${brand.name}`,
  valuesHeading: 'Our Values',
  values: [
    {
      title: 'Natural Ingredients',
      text: 'Kokum, shea, coffee, turmeric, lentil and liquorice: ingredients you know from the kitchen, with no mineral oil, silicones or synthetic fragrance.',
    },
    {
      title: 'Ethical Practices',
      text: 'Fair prices for the farmers and women’s cooperatives we buy from, and never any testing on animals.',
    },
    {
      title: 'Environmental Responsibility',
      text: 'Recyclable glass and aluminium, plastic-free paper wrapping for our soaps, and small batches that mean almost no waste.',
    },
  ],
  galleryHeading: 'Inside the workshop',
  gallery: [
    { src: '/media/scenes/about-workshop.webp', caption: 'Whipping kokum butter in small batches' },
    {
      src: '/media/scenes/about-ingredients.webp',
      caption: 'Turmeric, coffee and lentils, sourced in India',
    },
    { src: '/media/scenes/about-curing.webp', caption: 'Soap bars curing for six weeks' },
  ],
  ctaHeading: `${brand.hashtag}`,
  ctaText: 'Join a community of people who care about what goes on their skin.',
  joinUs: 'Join Us',
} as const;
