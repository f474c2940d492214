import { describe, expect, it } from 'vitest';
import { GST_CLASSES } from './gst';
import {
  getProduct,
  isProductId,
  PRODUCT_CATEGORIES,
  PRODUCT_IDS,
  PRODUCT_MEDIA_SLUGS,
  catalogueOf,
  products,
  STARTER_CATALOGUE,
} from './products';
import type { Product, ProductId } from './products';

const singles = products.filter((p) => p.contents.length === 0);
const bundles = products.filter((p) => p.contents.length > 0);

function product(id: ProductId): Product {
  const found = getProduct(id);
  if (!found) throw new Error(`missing ${id}`);
  return found;
}

/** '250g' -> 250, '1.1kg' -> 1100. */
function grams(size: string): number {
  const match = /^(\d+(?:\.\d+)?)(g|kg)$/.exec(size);
  if (!match) throw new Error(`unreadable size ${size}`);
  return Math.round(Number(match[1]) * (match[2] === 'kg' ? 1000 : 1));
}

const NUMBER_WORDS: Record<number, string> = { 2: 'two', 3: 'three' };

describe('the catalogue', () => {
  it('holds the nine products, in the shop order', () => {
    expect(products.map((p) => p.id)).toEqual([...PRODUCT_IDS]);
    expect(products.map((p) => p.name)).toEqual([
      'Body Butter',
      'Exfoliating Scrub',
      'Tan.Gone.Soap',
      'Tan-Free Trio',
      'The Scrub Club',
      'Magic Skin Duo',
      'Hamper',
      'Festive Hamper',
      'Luxe Hamper',
    ]);
  });

  it.each([
    ['Bodybutter', 34900, 79900, 'body butter'],
    ['ExfoliatingScrub', 24900, 64900, 'scrub'],
    ['TanGoneSoap', 17900, 44900, 'soap'],
    ['TanFreeTrio', 39900, 134700, 'Bundle'],
    ['ScrubClub', 34900, 129800, 'Bundle'],
    ['MagicSkinDuo', 49900, 144800, 'Bundle'],
    ['Hamper', 59900, 189700, 'Hamper'],
    ['FestiveHamper', 99900, 344400, 'Hamper'],
    ['Luxehamper', 79900, 279500, 'Hamper'],
  ] as const)(
    'prices %s at %i paise against an MRP of %i, in category %s',
    (id, price, mrp, category) => {
      const p = product(id);
      expect(p.price).toBe(price);
      expect(p.discountedPrice).toBe(price);
      expect(p.mrp).toBe(mrp);
      expect(p.category).toBe(category);
    },
  );

  it('gives the listed sizes, flags and ratings', () => {
    expect(product('Bodybutter')).toMatchObject({
      size: '250g',
      featured: true,
      isNew: false,
      rating: 4.7,
    });
    expect(product('ExfoliatingScrub')).toMatchObject({
      size: '200g',
      featured: false,
      isNew: true,
      rating: 4.6,
    });
    expect(product('TanGoneSoap')).toMatchObject({
      size: '150g',
      featured: false,
      isNew: true,
      rating: 4.8,
    });
    expect(product('TanFreeTrio').size).toBe('450g');
    for (const p of products.slice(3)) {
      expect(p).toMatchObject({ featured: false, isNew: false, rating: 4.8 });
    }
  });

  it('has every product in stock, priced in whole paise with the MRP at or above the price', () => {
    for (const p of products) {
      expect(p.inStock).toBe(true);
      expect(Number.isSafeInteger(p.price)).toBe(true);
      expect(Number.isSafeInteger(p.mrp)).toBe(true);
      expect(p.price).toBeGreaterThan(0);
      expect(p.mrp).toBeGreaterThanOrEqual(p.price);
    }
  });

  it('fills every field with real copy: a short description, a paragraph and non-empty lists', () => {
    for (const p of products) {
      const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, p.id).toBeGreaterThanOrEqual(1);
      expect(sentences.length, p.id).toBeLessThanOrEqual(2);
      expect(p.longdescription.length, p.id).toBeGreaterThan(300);
      expect(p.longdescription.length, p.id).toBeGreaterThan(p.description.length);
      expect(p.ingredients.length, p.id).toBeGreaterThanOrEqual(3);
      expect(p.benefits.length, p.id).toBeGreaterThanOrEqual(3);
      expect(p.howToUseDescription.length, p.id).toBeGreaterThanOrEqual(3);
      expect(p.size, p.id).toMatch(/^\d+(\.\d+)?(g|kg)$/);
      const text = [p.description, p.longdescription, ...p.benefits, ...p.howToUseDescription].join(
        ' ',
      );
      expect(text, p.id).not.toMatch(/lorem|ipsum|TODO|\$/i);
      expect(text, p.id).not.toMatch(/\b(cure|cures|heal|heals|treats|eczema|psoriasis|acne)\b/i);
    }
  });

  it('points at three images and, for single products only, a how-to video', () => {
    for (const p of products) {
      const slug = PRODUCT_MEDIA_SLUGS[p.id as keyof typeof PRODUCT_MEDIA_SLUGS];
      expect(p.images).toEqual([1, 2, 3].map((n) => `/media/products/${slug}-${n}.webp`));
      expect(p.image).toBe(p.images[0]);
      expect(p.howToUseVideo).toBe(
        p.contents.length === 0 ? `/media/videos/how-to-${slug}.mp4` : '',
      );
    }
    expect(product('Bodybutter').image).toBe('/media/products/body-butter-1.webp');
  });

  it('relates every product to three other real products', () => {
    for (const p of products) {
      expect(p.relatedProductIds).toHaveLength(3);
      expect(new Set(p.relatedProductIds).size).toBe(3);
      expect(p.relatedProductIds).not.toContain(p.id);
      for (const id of p.relatedProductIds) expect(isProductId(id)).toBe(true);
    }
  });

  it('uses only the five spec categories', () => {
    for (const p of products) expect(PRODUCT_CATEGORIES).toContain(p.category);
  });

  it('cannot be changed at run time by a careless caller', () => {
    const p = product('Bodybutter');
    expect(Object.isFrozen(products)).toBe(true);
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(p.images)).toBe(true);
    expect(Object.isFrozen(product('Hamper').contents[0])).toBe(true);
  });
});

describe('tax data', () => {
  it('files body butter and scrub under HSN 3304 at 18% and the soap bar under HSN 3401 at 5%', () => {
    expect(product('Bodybutter')).toMatchObject({ hsn: '3304', gstRate: 18 });
    expect(product('ExfoliatingScrub')).toMatchObject({ hsn: '3304', gstRate: 18 });
    expect(product('TanGoneSoap')).toMatchObject({ hsn: '3401', gstRate: 5 });
  });

  it('taxes each bundle and hamper at the highest rate of its contents, under that item’s HSN', () => {
    for (const b of bundles) {
      const items = b.contents.map((c) => product(c.productId));
      const highest = Math.max(...items.map((p) => p.gstRate));
      expect(b.gstRate, b.id).toBe(highest);
      expect(
        items.filter((p) => p.gstRate === highest).map((p) => p.hsn),
        b.id,
      ).toContain(b.hsn);
    }
  });

  it('taxes every bundle that mixes the soap with an 18% item at 18% under HSN 3304', () => {
    const mixed = bundles.filter(
      (b) => new Set(b.contents.map((c) => product(c.productId).gstRate)).size > 1,
    );
    expect(mixed.map((b) => b.id)).toEqual(['Hamper', 'FestiveHamper', 'Luxehamper']);
    for (const b of [...mixed, product('MagicSkinDuo'), product('ScrubClub')]) {
      expect(b).toMatchObject({ hsn: GST_CLASSES.skinCare.hsn, gstRate: 18 });
    }
  });

  it('taxes the Tan-Free Trio, three soap bars and nothing else, as soap at 5%', () => {
    expect(product('TanFreeTrio')).toMatchObject({ hsn: '3401', gstRate: 5 });
  });
});

describe('bundles and hampers', () => {
  it('are exactly the six Bundle and Hamper products, and hold only single products', () => {
    expect(bundles.map((b) => b.id)).toEqual([
      'TanFreeTrio',
      'ScrubClub',
      'MagicSkinDuo',
      'Hamper',
      'FestiveHamper',
      'Luxehamper',
    ]);
    for (const b of bundles) {
      expect(['Bundle', 'Hamper']).toContain(b.category);
      for (const item of b.contents) {
        expect(product(item.productId).contents).toEqual([]);
        expect(Number.isInteger(item.quantity) && item.quantity >= 1).toBe(true);
      }
    }
    for (const s of singles) expect(['body butter', 'scrub', 'soap']).toContain(s.category);
  });

  it('hold what their MRP, size and names say', () => {
    expect(product('TanFreeTrio').contents).toEqual([{ productId: 'TanGoneSoap', quantity: 3 }]);
    expect(product('ScrubClub').contents).toEqual([{ productId: 'ExfoliatingScrub', quantity: 2 }]);
    expect(product('MagicSkinDuo').contents).toEqual([
      { productId: 'Bodybutter', quantity: 1 },
      { productId: 'ExfoliatingScrub', quantity: 1 },
    ]);
  });

  it('carry an MRP equal to the MRPs of their contents added up', () => {
    for (const b of bundles) {
      const contentsMrp = b.contents.reduce((t, c) => t + product(c.productId).mrp * c.quantity, 0);
      expect(b.mrp, b.id).toBe(contentsMrp);
    }
  });

  it('weigh what their contents weigh', () => {
    for (const b of bundles) {
      const contentsGrams = b.contents.reduce(
        (t, c) => t + grams(product(c.productId).size) * c.quantity,
        0,
      );
      expect(grams(b.size), b.id).toBe(contentsGrams);
    }
  });

  it('cost less than their contents bought separately, as their copy promises', () => {
    for (const b of bundles) {
      const separately = b.contents.reduce(
        (t, c) => t + product(c.productId).price * c.quantity,
        0,
      );
      expect(b.price, b.id).toBeLessThan(separately);
    }
  });

  it('name every product they contain, with how many when there is more than one', () => {
    for (const b of bundles) {
      const copy = `${b.description} ${b.longdescription}`;
      for (const item of b.contents) {
        const name = product(item.productId).name;
        expect(b.description, `${b.id} description`).toContain(name);
        expect(b.longdescription, `${b.id} longdescription`).toContain(name);
        const word = NUMBER_WORDS[item.quantity];
        if (item.quantity > 1) {
          const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          expect(copy, `${b.id}: ${item.quantity} x ${name}`).toMatch(
            new RegExp(`\\b${word ?? item.quantity}\\b[^.]*?${escaped}`, 'i'),
          );
        }
      }
    }
  });

  it('list the ingredients of their contents, each once', () => {
    for (const b of bundles) {
      const expected = new Set(b.contents.flatMap((c) => product(c.productId).ingredients));
      expect(new Set(b.ingredients), b.id).toEqual(expected);
      expect(b.ingredients.length, b.id).toBe(expected.size);
    }
  });
});

describe('getProduct and isProductId', () => {
  it('find a product by its exact id', () => {
    expect(getProduct('TanGoneSoap')?.name).toBe('Tan.Gone.Soap');
    expect(isProductId('Luxehamper')).toBe(true);
  });

  it('know nothing of other ids, other spellings or object keys', () => {
    for (const id of ['bodybutter', 'LuxeHamper', '1', '', 'rose-scrub', '__proto__', 'toString']) {
      expect(getProduct(id)).toBeUndefined();
      expect(isProductId(id)).toBe(false);
    }
    expect(isProductId(1)).toBe(false);
    expect(isProductId(undefined)).toBe(false);
  });
});

describe('catalogueOf', () => {
  it('keeps the order it is given and finds a product by id', () => {
    const [first, second] = products;
    const catalogue = catalogueOf([second!, first!]);
    expect(catalogue.products.map((p) => p.id)).toEqual([second!.id, first!.id]);
    expect(catalogue.get(first!.id)).toBe(first);
    expect(catalogue.get('Luxehamper')).toBeUndefined();
  });

  it('starts a shop with the nine products', () => {
    expect(STARTER_CATALOGUE.products).toBe(products);
  });
});
