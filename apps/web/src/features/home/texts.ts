import { brand } from '@vanya/catalog';

import { HERO_IMAGES } from './hero-images';

export const HOME_TEXTS = {
  heading: brand.name,
  tagline: brand.tagline,
  shopNow: 'Shop Now',
  heroLabel: 'Featured',
  hashtagLabel: `Share your ritual with ${brand.hashtag}`,
  benefitEyebrow: 'Why it works',
  benefitHeading: 'Pure ingredients. Real results.',
  benefitPoints: [
    'Kokum and shea butters that melt at skin temperature',
    'Coffee, sugar and lentil for a gentle, natural polish',
    'No mineral oil, silicones, parabens or synthetic fragrance',
  ],
  benefitVideoLabel: 'Kokum butter being whipped, coffee grounds and turmeric in slow motion',
  productsHeading: 'PRODUCTS',
  productsLead: 'Tap a video to hear it, and we will take you to the product.',
  featuredHeading: 'Our bestsellers',
  featuredLead: 'The three we started with, and still make every week.',
  buyNow: 'Buy Now',
  subscribeEyebrow: `Be part of ${brand.hashtag}`,
  subscribeHeading: 'First to know, first to try',
  subscribeText:
    'Join our community for early access to new batches, rituals from our workshop and invitations to events in Latur and Pune.',
  subscribe: 'Join the Community',
} as const;

/**
 * The hero's five slides. The links first written for them (/products, /products/5, /products/4, /products/6,
 * /products) use the old numeric product ids; as with the product videos,
 * they point at the real catalogue ids of the products those numbers stood for (5: The Scrub Club,
 * 4: Tan-Free Trio, 6: Magic Skin Duo). A sixth link, for five slides, is dropped.
 */
export const HERO_SLIDES = [
  {
    id: 'ritual',
    title: brand.tagline,
    eyebrow: 'Small-batch body care from Latur',
    text: 'Whipped butters, sugar scrubs and cold-process soaps, made by hand with kokum, coffee and turmeric.',
    productLink: '/products',
    ...HERO_IMAGES[0],
  },
  {
    id: 'scrub-club',
    title: 'The Scrub Club',
    eyebrow: 'Bundle · Two jars',
    text: 'Our coffee and walnut scrub, twice over: one for you and one to share.',
    productLink: '/products/ScrubClub',
    ...HERO_IMAGES[1],
  },
  {
    id: 'tan-free-trio',
    title: 'Tan-Free Trio',
    eyebrow: 'Bundle · Three bars',
    text: 'Three bars of turmeric, red lentil and liquorice soap for the sunny months ahead.',
    productLink: '/products/TanFreeTrio',
    ...HERO_IMAGES[2],
  },
  {
    id: 'magic-skin-duo',
    title: 'Magic Skin Duo',
    eyebrow: 'Bundle · Scrub and butter',
    text: 'Scrub away dullness, then seal in softness: two steps to your smoothest skin.',
    productLink: '/products/MagicSkinDuo',
    ...HERO_IMAGES[3],
  },
  {
    id: 'hampers',
    title: 'Gift the ritual',
    eyebrow: 'Hampers for every celebration',
    text: 'Gift boxes of our bestsellers, ready for Diwali, weddings and housewarmings.',
    productLink: '/products',
    ...HERO_IMAGES[4],
  },
] as const;

export type HeroSlide = (typeof HERO_SLIDES)[number];

/**
 * The 'PRODUCTS' videos, in the shop's order (their links were first written /products/2, /3 and /1,
 * the old numeric ids of these three; the catalogue links the real ones).
 */
export const PRODUCT_VIDEOS = [
  { productId: 'ExfoliatingScrub', src: '/media/videos/product-exfoliating-scrub.mp4' },
  { productId: 'TanGoneSoap', src: '/media/videos/product-tan-gone-soap.mp4' },
  { productId: 'Bodybutter', src: '/media/videos/product-body-butter.mp4' },
] as const;
