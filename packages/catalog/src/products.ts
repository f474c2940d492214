// The catalogue: the shop's nine products, in the shop's order. It is the
// one source of every product fact: the web renders it, the API serves it and prices orders from it.
// All money is integer paise. Bundles and hampers list their contents; their ingredients, HSN code
// and GST rate are derived from those contents so that they cannot drift apart.

import { GST_CLASSES } from './gst';
import type { GstRate } from './gst';
import { rupeesToPaise } from './money';

export const PRODUCT_IDS = [
  'Bodybutter',
  'ExfoliatingScrub',
  'TanGoneSoap',
  'TanFreeTrio',
  'ScrubClub',
  'MagicSkinDuo',
  'Hamper',
  'FestiveHamper',
  'Luxehamper',
] as const;

/** The ids of the nine products a new shop starts with. */
export type StarterProductId = (typeof PRODUCT_IDS)[number];

/**
 * A product's id: the slug of its address (/products/<id>), letters, digits and hyphens. The
 * owner makes new ones in /admin, so any such text may name a product; the catalogue says which do.
 */
export type ProductId = string;

/** What a product id looks like: a letter or digit, then letters, digits and hyphens, at most 64. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

export const PRODUCT_CATEGORIES = ['body butter', 'scrub', 'soap', 'Bundle', 'Hamper'] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** One line of what a bundle or hamper holds. */
export interface BundleItem {
  readonly productId: ProductId;
  readonly quantity: number;
}

export interface Product {
  readonly id: ProductId;
  readonly name: string;
  /** One or two sentences for cards and the detail page's summary. */
  readonly description: string;
  /** A paragraph for the feature block and 'Product Description'. */
  readonly longdescription: string;
  /** Maximum retail price in paise. */
  readonly mrp: number;
  /** Selling price in paise, tax-inclusive; `price` is the same number. */
  readonly discountedPrice: number;
  readonly price: number;
  /** The first of `images`. */
  readonly image: string;
  readonly images: readonly string[];
  readonly category: ProductCategory;
  readonly ingredients: readonly string[];
  readonly benefits: readonly string[];
  /** Net weight as shoppers read it, e.g. '250g'. */
  readonly size: string;
  readonly inStock: boolean;
  readonly featured: boolean;
  readonly isNew: boolean;
  readonly rating: number;
  readonly relatedProductIds: readonly ProductId[];
  readonly howToUseDescription: readonly string[];
  /** Path of the how-to video; '' for products without one. */
  readonly howToUseVideo: string;
  /** HSN code of the tax invoice. */
  readonly hsn: string;
  readonly gstRate: GstRate;
  /** What a bundle or hamper holds; empty for single products. */
  readonly contents: readonly BundleItem[];
}

/**
 * File-name stem of each product's media. Images are `/media/products/<slug>-<n>.webp` (n = 1..3),
 * how-to videos `/media/videos/how-to-<slug>.mp4`.
 */
export const PRODUCT_MEDIA_SLUGS = {
  Bodybutter: 'body-butter',
  ExfoliatingScrub: 'exfoliating-scrub',
  TanGoneSoap: 'tan-gone-soap',
  TanFreeTrio: 'tan-free-trio',
  ScrubClub: 'scrub-club',
  MagicSkinDuo: 'magic-skin-duo',
  Hamper: 'hamper',
  FestiveHamper: 'festive-hamper',
  Luxehamper: 'luxe-hamper',
} as const satisfies Record<StarterProductId, string>;

export const IMAGES_PER_PRODUCT = 3;

function imagePaths(id: StarterProductId): string[] {
  return Array.from(
    { length: IMAGES_PER_PRODUCT },
    (_, i) => `/media/products/${PRODUCT_MEDIA_SLUGS[id]}-${i + 1}.webp`,
  );
}

function howToVideoPath(id: StarterProductId): string {
  return `/media/videos/how-to-${PRODUCT_MEDIA_SLUGS[id]}.mp4`;
}

/** What is written by hand for every product; prices in rupees as the price list gives them. */
interface ProductCopy {
  id: StarterProductId;
  name: string;
  description: string;
  longdescription: string;
  priceRupees: number;
  mrpRupees: number;
  category: ProductCategory;
  benefits: string[];
  size: string;
  featured: boolean;
  isNew: boolean;
  rating: number;
  relatedProductIds: ProductId[];
  howToUseDescription: string[];
}

interface SingleCopy extends ProductCopy {
  ingredients: string[];
  taxClass: keyof typeof GST_CLASSES;
}

interface BundleCopy extends ProductCopy {
  contents: BundleItem[];
}

function freeze(product: Product): Product {
  for (const value of Object.values(product)) {
    if (Array.isArray(value)) {
      for (const item of value) Object.freeze(item);
      Object.freeze(value);
    }
  }
  return Object.freeze(product);
}

function baseFields(copy: ProductCopy) {
  const price = rupeesToPaise(copy.priceRupees);
  const images = imagePaths(copy.id);
  return {
    id: copy.id,
    name: copy.name,
    description: copy.description,
    longdescription: copy.longdescription,
    mrp: rupeesToPaise(copy.mrpRupees),
    discountedPrice: price,
    price,
    image: images[0] ?? '',
    images,
    category: copy.category,
    benefits: copy.benefits,
    size: copy.size,
    inStock: true,
    featured: copy.featured,
    isNew: copy.isNew,
    rating: copy.rating,
    relatedProductIds: copy.relatedProductIds,
    howToUseDescription: copy.howToUseDescription,
  };
}

function single(copy: SingleCopy): Product {
  const { hsn, gstRate } = GST_CLASSES[copy.taxClass];
  return freeze({
    ...baseFields(copy),
    ingredients: copy.ingredients,
    howToUseVideo: howToVideoPath(copy.id),
    hsn,
    gstRate,
    contents: [],
  });
}

/**
 * A bundle is a mixed supply when its contents differ in rate: it is taxed at the highest rate of its
 * contents, under the HSN code of the item carrying that rate. Its ingredients are those of its
 * contents, each named once.
 */
function bundle(copy: BundleCopy, singles: readonly Product[]): Product {
  const items = copy.contents.map((item) => {
    const product = singles.find((p) => p.id === item.productId);
    if (!product) throw new Error(`${copy.id} contains ${item.productId}, not a single product`);
    return product;
  });
  return freeze({
    ...baseFields(copy),
    ...bundleFacts(items),
    howToUseVideo: '',
    contents: copy.contents,
  });
}

/**
 * What a bundle takes from its contents (a mixed supply): the highest GST rate among them, under
 * the HSN code of the item carrying it, and their ingredients, each named once.
 */
export function bundleFacts(
  items: readonly Pick<Product, 'hsn' | 'gstRate' | 'ingredients'>[],
): Pick<Product, 'hsn' | 'gstRate' | 'ingredients'> {
  const highest = items.reduce((a, b) => (b.gstRate > a.gstRate ? b : a));
  return {
    ingredients: [...new Set(items.flatMap((p) => p.ingredients))],
    hsn: highest.hsn,
    gstRate: highest.gstRate,
  };
}

const KOKUM = 'Kokum Butter (Garcinia indica)';
const COCONUT_OIL = 'Cold-Pressed Coconut Oil';
const ALMOND_OIL = 'Sweet Almond Oil';
const VITAMIN_E = 'Vitamin E (Tocopherol)';

const SOAP_STEPS = {
  lather:
    'Wet the bar and your skin with lukewarm water, work up a lather between your palms and massage it over face and body for about a minute.',
  rinse: 'Rinse well and pat dry; follow with Body Butter while skin is still slightly damp.',
  store: 'Keep the bar on a draining dish between uses so it stays firm and lasts longer.',
};

const SCRUB_STEPS = {
  stir: 'Stir the scrub with a clean, dry spoon, as the oils settle on top.',
  massage:
    'On wet skin, massage a handful in gentle circles for a minute or two, focusing on elbows, knees and feet.',
  rinse:
    'Rinse with lukewarm water; the oils leave a light, soft layer. Take care, as they can make the floor slippery.',
  often:
    'Use two to three times a week, on the body only: it is too coarse for the face or for broken skin.',
};

const BUTTER_STEP =
  'Warm a scoop of Body Butter between your palms and massage it into slightly damp skin.';

const singles: readonly Product[] = [
  single({
    id: 'Bodybutter',
    name: 'Body Butter',
    description:
      'A whipped kokum and shea butter that melts into skin and keeps it soft and supple all day. Rich without feeling greasy, with a gentle note of natural vanilla.',
    longdescription:
      "Our Body Butter begins with kokum butter, pressed from the seeds of the Konkan's kokum fruit, whipped in small batches in Latur with unrefined shea butter, cold-pressed coconut oil and sweet almond oil until it turns light and mousse-like. It melts at the warmth of your skin, sinks in within minutes and leaves a soft, cushioned feel rather than a greasy film, so it suits a humid monsoon evening as well as dry winter shins, elbows and heels. A little vitamin E keeps the oils fresh, and a hint of natural vanilla keeps the scent gentle enough to wear under perfume. No mineral oil, no silicones, no synthetic fragrance.",
    priceRupees: 349,
    mrpRupees: 799,
    category: 'body butter',
    ingredients: [
      KOKUM,
      'Shea Butter (Butyrospermum parkii)',
      COCONUT_OIL,
      ALMOND_OIL,
      VITAMIN_E,
      'Natural Vanilla Extract',
    ],
    benefits: [
      'Deeply moisturises dry skin, elbows, knees and heels',
      'Keeps skin soft and supple for hours',
      'Whipped texture that absorbs without a greasy film',
      'Free from mineral oil, silicones and synthetic fragrance',
    ],
    size: '250g',
    featured: true,
    isNew: false,
    rating: 4.7,
    relatedProductIds: ['ExfoliatingScrub', 'TanGoneSoap', 'MagicSkinDuo'],
    howToUseDescription: [
      'Take a small scoop with clean, dry fingers.',
      'Warm it between your palms until it melts.',
      'Massage into slightly damp skin after your bath, in long upward strokes.',
      'Give extra attention to elbows, knees and heels, and use every day.',
    ],
    taxClass: 'skinCare',
  }),
  single({
    id: 'ExfoliatingScrub',
    name: 'Exfoliating Scrub',
    description:
      'A coffee and walnut body scrub that buffs away dull, dry skin and leaves it smooth and glowing. Coconut and almond oils keep skin soft while you scrub.',
    longdescription:
      'Our Exfoliating Scrub pairs freshly ground Arabica coffee from the hills of Chikmagalur with finely milled walnut shell and raw cane sugar, folded into cold-pressed coconut and sweet almond oils. The coffee and walnut lift away the dry, flaky layer and the dullness that builds up with sun and city grime, while the sugar slowly dissolves as you massage, so the scrub feels brisk without being harsh. The oils stay behind as a light layer that leaves skin smooth and soft to the touch, never tight, and the warm aroma of fresh coffee makes the morning shower something to look forward to. Made for the body: use it two or three times a week and follow with our Body Butter.',
    priceRupees: 249,
    mrpRupees: 649,
    category: 'scrub',
    ingredients: [
      'Arabica Coffee Grounds',
      'Walnut Shell Powder',
      'Raw Cane Sugar',
      COCONUT_OIL,
      ALMOND_OIL,
      VITAMIN_E,
    ],
    benefits: [
      'Buffs away dry, flaky skin and dullness',
      'Leaves skin smooth and visibly brighter',
      'Oils soften skin as you scrub, with no tight feeling afterwards',
      'Preps skin to take in Body Butter',
    ],
    size: '200g',
    featured: false,
    isNew: true,
    rating: 4.6,
    relatedProductIds: ['Bodybutter', 'TanGoneSoap', 'ScrubClub'],
    howToUseDescription: [
      SCRUB_STEPS.stir,
      SCRUB_STEPS.massage,
      SCRUB_STEPS.rinse,
      SCRUB_STEPS.often,
    ],
    taxClass: 'skinCare',
  }),
  single({
    id: 'TanGoneSoap',
    name: 'Tan.Gone.Soap',
    description:
      'A cold-process de-tan soap with turmeric, red lentil and liquorice that helps lift the look of everyday tan. Mild enough for daily use on face and body.',
    longdescription:
      'Tan.Gone.Soap is made the slow way: cold-processed in small batches and cured for six weeks, so the bar is mild, hard and long-lasting. Into a base of coconut, olive and castor oils we stir the de-tan staples of Indian kitchens, turmeric, finely ground red lentil (masoor dal) and liquorice (mulethi) root, with a little kokum butter for a creamy lather. The lentil flour gently polishes, turmeric and liquorice help skin look brighter and more even-toned, and the oils let it cleanse without the squeaky, stretched feel of ordinary soap. Reach for it after a day in the sun; the turmeric gives the bar its golden colour and may tint a white washcloth.',
    priceRupees: 179,
    mrpRupees: 449,
    category: 'soap',
    ingredients: [
      'Saponified Coconut, Olive and Castor Oils',
      'Turmeric (Curcuma longa)',
      'Red Lentil (Masoor Dal) Flour',
      'Liquorice (Mulethi) Root Powder',
      KOKUM,
      VITAMIN_E,
    ],
    benefits: [
      'Helps lift the look of everyday tan',
      'Leaves skin looking brighter and more even-toned',
      'Creamy, mild lather that does not leave skin tight',
      'Cold-processed and cured for six weeks for a long-lasting bar',
    ],
    size: '150g',
    featured: false,
    isNew: true,
    rating: 4.8,
    relatedProductIds: ['ExfoliatingScrub', 'Bodybutter', 'TanFreeTrio'],
    howToUseDescription: [SOAP_STEPS.lather, SOAP_STEPS.rinse, SOAP_STEPS.store],
    taxClass: 'soap',
  }),
];

const bundles: readonly Product[] = [
  bundle(
    {
      id: 'TanFreeTrio',
      name: 'Tan-Free Trio',
      description:
        'Three bars of Tan.Gone.Soap, our turmeric, red lentil and liquorice de-tan soap, at a trio price. A season of daily use, or bars to share.',
      longdescription:
        'The Tan-Free Trio is three 150g bars of Tan.Gone.Soap, our best-rated bar, bundled for the months when the sun is fierce. Each bar is cold-processed and cured for six weeks in Latur with turmeric, red lentil (masoor dal) flour and liquorice (mulethi) root in a base of coconut, olive and castor oils, so it lathers creamily, cleanses gently and helps lift the look of everyday tan on face and body. Keep one in the shower, one in your gym bag and one for the family, or simply stock up for summer: the three cost less together than bought one at a time.',
      priceRupees: 399,
      mrpRupees: 1347,
      category: 'Bundle',
      benefits: [
        'Three full-size 150g bars of Tan.Gone.Soap',
        'Helps lift the look of everyday tan',
        'Costs less than three bars bought separately',
        'Easy to share: one for you, two for the family',
      ],
      size: '450g',
      featured: false,
      isNew: false,
      rating: 4.8,
      relatedProductIds: ['TanGoneSoap', 'ExfoliatingScrub', 'Hamper'],
      howToUseDescription: [
        'Use one bar at a time and keep the others wrapped in a cool, dry place.',
        SOAP_STEPS.lather,
        SOAP_STEPS.rinse,
        SOAP_STEPS.store,
      ],
      contents: [{ productId: 'TanGoneSoap', quantity: 3 }],
    },
    singles,
  ),
  bundle(
    {
      id: 'ScrubClub',
      name: 'The Scrub Club',
      description:
        'Two jars of our coffee and walnut Exfoliating Scrub: one for you and one to share, or two months of smooth, glowing skin.',
      longdescription:
        'The Scrub Club is two 200g jars of our Exfoliating Scrub, for everyone who has made the weekly scrub a ritual. Each jar blends Arabica coffee, walnut shell powder and raw cane sugar in cold-pressed coconut and sweet almond oils, buffing away dry, dull skin while the oils keep it soft. Keep one jar in your bathroom and hand the other to a sister, a partner or a gym friend, or simply never run out: used two or three times a week, two jars last around two months.',
      priceRupees: 349,
      mrpRupees: 1298,
      category: 'Bundle',
      benefits: [
        'Two full-size 200g jars of Exfoliating Scrub',
        'Buffs away dry, dull skin for a smooth, even feel',
        'Costs less than two jars bought separately',
        'A ready-made gift for a scrub-loving friend',
      ],
      size: '400g',
      featured: false,
      isNew: false,
      rating: 4.8,
      relatedProductIds: ['ExfoliatingScrub', 'Bodybutter', 'MagicSkinDuo'],
      howToUseDescription: [
        SCRUB_STEPS.stir,
        SCRUB_STEPS.massage,
        SCRUB_STEPS.rinse,
        `${SCRUB_STEPS.often} Keep the second jar sealed until you need it.`,
      ],
      contents: [{ productId: 'ExfoliatingScrub', quantity: 2 }],
    },
    singles,
  ),
  bundle(
    {
      id: 'MagicSkinDuo',
      name: 'Magic Skin Duo',
      description:
        'Our Exfoliating Scrub and Body Butter together: scrub away dullness, then seal in softness, in two simple steps.',
      longdescription:
        'The Magic Skin Duo pairs a 200g jar of Exfoliating Scrub with a 250g tub of Body Butter, the two steps that do the most for dry, dull skin. First the scrub: Arabica coffee, walnut shell and raw cane sugar in coconut and almond oils buff away the flaky layer that makes skin look tired. Then the butter: whipped kokum and shea melts into freshly scrubbed skin, which takes it in more readily, and keeps it soft and supple for the rest of the day. Together they cost less than the two bought separately, and they make a thoughtful gift for anyone who never finds time for themselves.',
      priceRupees: 499,
      mrpRupees: 1448,
      category: 'Bundle',
      benefits: [
        'A full-size Exfoliating Scrub (200g) and Body Butter (250g)',
        'A simple two-step routine for smoother, softer skin',
        'Freshly scrubbed skin takes in the butter more readily',
        'Costs less than the two bought separately',
      ],
      size: '450g',
      featured: false,
      isNew: false,
      rating: 4.8,
      relatedProductIds: ['Bodybutter', 'ExfoliatingScrub', 'Hamper'],
      howToUseDescription: [
        'In the shower, massage a handful of Exfoliating Scrub over wet skin in gentle circles.',
        'Rinse with lukewarm water and pat skin until just damp.',
        BUTTER_STEP,
        'Scrub two to three times a week; use the butter every day.',
      ],
      contents: [
        { productId: 'Bodybutter', quantity: 1 },
        { productId: 'ExfoliatingScrub', quantity: 1 },
      ],
    },
    singles,
  ),
  bundle(
    {
      id: 'Hamper',
      name: 'Hamper',
      description:
        'Our complete routine in one gift box: a bar of Tan.Gone.Soap, a jar of Exfoliating Scrub and a tub of Body Butter. Cleanse, polish and nourish.',
      longdescription:
        'The Hamper gathers one of each of our three bestsellers in a gift box: a 150g bar of Tan.Gone.Soap, a 200g jar of Exfoliating Scrub and a 250g tub of Body Butter. Together they make a full body-care routine: the turmeric, red lentil and liquorice soap for the daily wash, the coffee and walnut scrub two or three times a week to buff away dullness, and the kokum and shea butter every day to keep skin soft. It is the gift we send our own families for birthdays and housewarmings, and it costs less than the three bought separately.',
      priceRupees: 599,
      mrpRupees: 1897,
      category: 'Hamper',
      benefits: [
        'One full-size Tan.Gone.Soap, Exfoliating Scrub and Body Butter',
        'A complete cleanse, scrub and moisturise routine',
        'Gift-boxed and ready to give',
        'Costs less than the three bought separately',
      ],
      size: '600g',
      featured: false,
      isNew: false,
      rating: 4.8,
      relatedProductIds: ['FestiveHamper', 'Luxehamper', 'MagicSkinDuo'],
      howToUseDescription: [
        'Every day: wash with Tan.Gone.Soap, massaging the lather over face and body for about a minute, then rinse.',
        'Two to three times a week: after washing, massage Exfoliating Scrub over wet skin in gentle circles and rinse.',
        `Every day: pat skin until just damp. ${BUTTER_STEP}`,
        'Keep the soap on a draining dish and the jars closed and away from water.',
      ],
      contents: [
        { productId: 'TanGoneSoap', quantity: 1 },
        { productId: 'ExfoliatingScrub', quantity: 1 },
        { productId: 'Bodybutter', quantity: 1 },
      ],
    },
    singles,
  ),
  bundle(
    {
      id: 'FestiveHamper',
      name: 'Festive Hamper',
      description:
        'Our biggest gift box, for Diwali, weddings and every celebration: a tub of Body Butter, two jars of Exfoliating Scrub and three bars of Tan.Gone.Soap.',
      longdescription:
        'The Festive Hamper is made for the season of giving and for homes with many hands reaching for the good soap. Inside its gift box: one 250g tub of Body Butter, two 200g jars of Exfoliating Scrub and three 150g bars of Tan.Gone.Soap, over a kilo of small-batch body care from Latur. The kokum and shea butter softens skin dried out by winter and festival travel, the coffee and walnut scrub brings back smoothness before the big day, and the turmeric, red lentil and liquorice soap is the everyday bar the whole family can share. Give it whole, or split it into smaller gifts for cousins and colleagues; either way it costs far less than the six items bought separately.',
      priceRupees: 999,
      mrpRupees: 3444,
      category: 'Hamper',
      benefits: [
        'Six full-size products: 1 Body Butter, 2 Exfoliating Scrubs and 3 Tan.Gone.Soaps',
        'Enough to share across the family or split into smaller gifts',
        'Gift-boxed for Diwali, weddings and celebrations',
        'Costs far less than the six bought separately',
      ],
      size: '1.1kg',
      featured: false,
      isNew: false,
      rating: 4.8,
      relatedProductIds: ['Luxehamper', 'Hamper', 'TanFreeTrio'],
      howToUseDescription: [
        'Open one jar of scrub and one bar of soap at a time; keep the rest sealed in a cool, dry place.',
        'Every day: wash with Tan.Gone.Soap and rinse well.',
        'Two to three times a week: massage Exfoliating Scrub over wet skin in gentle circles, then rinse.',
        `Every day: ${BUTTER_STEP}`,
      ],
      contents: [
        { productId: 'Bodybutter', quantity: 1 },
        { productId: 'ExfoliatingScrub', quantity: 2 },
        { productId: 'TanGoneSoap', quantity: 3 },
      ],
    },
    singles,
  ),
  bundle(
    {
      id: 'Luxehamper',
      name: 'Luxe Hamper',
      description:
        'An indulgent gift box with a tub of Body Butter, a jar of Exfoliating Scrub and three bars of Tan.Gone.Soap: the complete routine, with soap to spare.',
      longdescription:
        'The Luxe Hamper is our full routine, made generous. It holds a 250g tub of whipped kokum and shea Body Butter, a 200g jar of coffee and walnut Exfoliating Scrub and three 150g bars of Tan.Gone.Soap, the turmeric, red lentil and liquorice bar our customers go through fastest. That is months of daily washing, a weekly scrub ritual and softer skin every day, all from one gift box. Choose it for someone you want to spoil, for a new home or a wedding trousseau, or as a thank-you to yourself; it costs much less than the five items bought separately.',
      priceRupees: 799,
      mrpRupees: 2795,
      category: 'Hamper',
      benefits: [
        'Five full-size products: 1 Body Butter, 1 Exfoliating Scrub and 3 Tan.Gone.Soaps',
        'A complete routine, with soap for months',
        'Gift-boxed and ready to give',
        'Costs much less than the five bought separately',
      ],
      size: '900g',
      featured: false,
      isNew: false,
      rating: 4.8,
      relatedProductIds: ['FestiveHamper', 'Hamper', 'MagicSkinDuo'],
      howToUseDescription: [
        'Open one bar of soap at a time; keep the others wrapped in a cool, dry place.',
        'Every day: wash with Tan.Gone.Soap and rinse well.',
        'Two to three times a week: massage Exfoliating Scrub over wet skin in gentle circles, then rinse.',
        `Every day: ${BUTTER_STEP}`,
      ],
      contents: [
        { productId: 'Bodybutter', quantity: 1 },
        { productId: 'ExfoliatingScrub', quantity: 1 },
        { productId: 'TanGoneSoap', quantity: 3 },
      ],
    },
    singles,
  ),
];

/** The nine products, in the shop's order. */
export const products: readonly Product[] = Object.freeze([...singles, ...bundles]);

/**
 * The products a shop sells at one moment, in the shop's order, with a lookup by id. The API
 * reads its catalogue from the database (where the nine above are inserted once, on first start)
 * and passes it to pricing and stock; the functions taking one default to the starter catalogue,
 * which is what tests and the build's first render use.
 */
export interface Catalogue {
  readonly products: readonly Product[];
  get(id: string): Product | undefined;
}

export function catalogueOf(list: readonly Product[]): Catalogue {
  const byId: ReadonlyMap<string, Product> = new Map(list.map((p) => [p.id, p]));
  return { products: list, get: (id) => byId.get(id) };
}

/** The nine products a new shop starts with. */
export const STARTER_CATALOGUE: Catalogue = catalogueOf(products);

/** A product of the starter catalogue. */
export function getProduct(id: string): Product | undefined {
  return STARTER_CATALOGUE.get(id);
}

export function isProductId(value: unknown): value is ProductId {
  return typeof value === 'string' && STARTER_CATALOGUE.get(value) !== undefined;
}
