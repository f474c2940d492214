import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_FILTERS,
  CATEGORY_OPTIONS,
  featureBlockProducts,
  filterProducts,
  isCategoryFilter,
  isSortOption,
  percentOff,
  productBadge,
  relatedProducts,
  savings,
  showsProductDetails,
  showsYouMayAlsoLike,
  SORT_OPTIONS,
  SORT_VALUES,
  sortProducts,
} from './catalogue';
import { PRODUCT_IDS, products } from './products';
import type { Product } from './products';

const ids = (list: readonly Product[]) => list.map((p) => p.id);

describe('category filter', () => {
  it('offers the catalogue options with their labels, starting with all', () => {
    expect(CATEGORY_OPTIONS).toEqual([
      { value: 'all', label: 'All Products' },
      { value: 'body butter', label: 'Body Butter' },
      { value: 'scrub', label: 'Scrubs' },
      { value: 'soap', label: 'Soaps' },
      { value: 'Bundle', label: 'Bundle' },
      { value: 'Hamper', label: 'Hamper' },
    ]);
    expect(CATEGORY_OPTIONS.map((o) => o.value)).toEqual([...CATEGORY_FILTERS]);
  });

  it('shows every product for all, as a new array', () => {
    const all = filterProducts(products, 'all');
    expect(ids(all)).toEqual([...PRODUCT_IDS]);
    expect(all).not.toBe(products);
  });

  it('shows only the products of the chosen category', () => {
    expect(ids(filterProducts(products, 'body butter'))).toEqual(['Bodybutter']);
    expect(ids(filterProducts(products, 'scrub'))).toEqual(['ExfoliatingScrub']);
    expect(ids(filterProducts(products, 'soap'))).toEqual(['TanGoneSoap']);
    expect(ids(filterProducts(products, 'Bundle'))).toEqual([
      'TanFreeTrio',
      'ScrubClub',
      'MagicSkinDuo',
    ]);
    expect(ids(filterProducts(products, 'Hamper'))).toEqual([
      'Hamper',
      'FestiveHamper',
      'Luxehamper',
    ]);
  });

  it('gives an empty list when nothing matches, for the empty-category message', () => {
    expect(filterProducts(products.slice(0, 3), 'Hamper')).toEqual([]);
  });

  it('recognises only its own values', () => {
    expect(isCategoryFilter('Bundle')).toBe(true);
    expect(isCategoryFilter('bundle')).toBe(false);
    expect(isCategoryFilter(undefined)).toBe(false);
  });
});

describe('sort', () => {
  it('offers the catalogue options with their labels', () => {
    expect(SORT_OPTIONS).toEqual([
      { value: 'default', label: 'Featured' },
      { value: 'price-low', label: 'Price: Low to High' },
      { value: 'price-high', label: 'Price: High to Low' },
      { value: 'name', label: 'Name' },
    ]);
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([...SORT_VALUES]);
    expect(isSortOption('price-low')).toBe(true);
    expect(isSortOption('price')).toBe(false);
  });

  it('puts featured products first by default and otherwise keeps the order it was given', () => {
    const reversed = [...products].reverse();
    expect(ids(sortProducts(reversed, 'default'))).toEqual([
      'Bodybutter',
      'Luxehamper',
      'FestiveHamper',
      'Hamper',
      'MagicSkinDuo',
      'ScrubClub',
      'TanFreeTrio',
      'TanGoneSoap',
      'ExfoliatingScrub',
    ]);
    expect(ids(sortProducts(products, 'default'))).toEqual([...PRODUCT_IDS]);
  });

  it('sorts by price from low to high, ties in catalogue order', () => {
    // Body Butter and The Scrub Club both cost ₹349; Body Butter comes first in the catalogue.
    expect(ids(sortProducts(products, 'price-low'))).toEqual([
      'TanGoneSoap',
      'ExfoliatingScrub',
      'Bodybutter',
      'ScrubClub',
      'TanFreeTrio',
      'MagicSkinDuo',
      'Hamper',
      'Luxehamper',
      'FestiveHamper',
    ]);
  });

  it('sorts by price from high to low, ties in catalogue order', () => {
    expect(ids(sortProducts(products, 'price-high'))).toEqual([
      'FestiveHamper',
      'Luxehamper',
      'Hamper',
      'MagicSkinDuo',
      'TanFreeTrio',
      'Bodybutter',
      'ScrubClub',
      'ExfoliatingScrub',
      'TanGoneSoap',
    ]);
  });

  it('sorts by name alphabetically, ignoring case', () => {
    expect(sortProducts(products, 'name').map((p) => p.name)).toEqual([
      'Body Butter',
      'Exfoliating Scrub',
      'Festive Hamper',
      'Hamper',
      'Luxe Hamper',
      'Magic Skin Duo',
      'Tan-Free Trio',
      'Tan.Gone.Soap',
      'The Scrub Club',
    ]);
  });

  it('returns a new array holding the same products and leaves its input alone', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...products]),
        fc.constantFrom(...SORT_VALUES),
        (list, sort) => {
          const before = [...list];
          const sorted = sortProducts(list, sort);
          expect(sorted).not.toBe(list);
          expect(list).toEqual(before);
          expect(new Set(sorted)).toEqual(new Set(list));
          expect(sorted).toHaveLength(list.length);
        },
      ),
    );
  });
});

describe('productBadge', () => {
  it('shows NEW for new products, FEATURED for featured ones and nothing otherwise', () => {
    expect(products.map((p) => [p.id, productBadge(p)])).toEqual([
      ['Bodybutter', 'FEATURED'],
      ['ExfoliatingScrub', 'NEW'],
      ['TanGoneSoap', 'NEW'],
      ['TanFreeTrio', null],
      ['ScrubClub', null],
      ['MagicSkinDuo', null],
      ['Hamper', null],
      ['FestiveHamper', null],
      ['Luxehamper', null],
    ]);
  });

  it('prefers NEW when a product is both new and featured', () => {
    expect(productBadge({ isNew: true, featured: true })).toBe('NEW');
  });
});

describe('detail page sections', () => {
  const sections = (p: Product) => [showsProductDetails(p), showsYouMayAlsoLike(p)];
  it('shows Product Description and How to Use for single products, You May Also Like for bundles', () => {
    expect(products.filter(showsProductDetails).map((p) => p.id)).toEqual([
      'Bodybutter',
      'ExfoliatingScrub',
      'TanGoneSoap',
    ]);
    expect(products.filter(showsYouMayAlsoLike).map((p) => p.id)).toEqual([
      'TanFreeTrio',
      'ScrubClub',
      'MagicSkinDuo',
      'Hamper',
      'FestiveHamper',
      'Luxehamper',
    ]);
    // A product the owner adds shows the sections of its kind.
    expect(sections({ ...products[0]!, id: 'rose-scrub' })).toEqual([true, false]);
    expect(sections({ ...products[5]!, id: 'rose-box' })).toEqual([false, true]);
  });
});

describe('relatedProducts', () => {
  it("gives three other products, the product's own related ones", () => {
    expect(ids(relatedProducts('Hamper'))).toEqual(['FestiveHamper', 'Luxehamper', 'MagicSkinDuo']);
    for (const p of products) {
      const related = relatedProducts(p.id);
      expect(related).toHaveLength(3);
      expect(ids(related)).not.toContain(p.id);
    }
  });

  it('tops up from the catalogue when asked for more, never repeating a product', () => {
    const related = ids(relatedProducts('Hamper', 5));
    expect(related).toEqual([
      'FestiveHamper',
      'Luxehamper',
      'MagicSkinDuo',
      'Bodybutter',
      'ExfoliatingScrub',
    ]);
    expect(ids(relatedProducts('Hamper', 20))).toHaveLength(8);
  });

  it('gives nothing for an unknown id or a count of zero', () => {
    expect(relatedProducts('rose-scrub')).toEqual([]);
    expect(relatedProducts('Hamper', 0)).toEqual([]);
  });
});

describe('featureBlockProducts', () => {
  it('is the first three products of the catalogue', () => {
    expect(ids(featureBlockProducts())).toEqual(['Bodybutter', 'ExfoliatingScrub', 'TanGoneSoap']);
  });
});

describe('percentOff and savings', () => {
  it('rounds (mrp - price) / mrp x 100 to a whole percent', () => {
    // (79900 - 34900) / 79900 x 100 = 45000 / 799 = 56.32 -> 56
    expect(percentOff(79900, 34900)).toBe(56);
    // (64900 - 24900) / 64900 x 100 = 61.63 -> 62
    expect(percentOff(64900, 24900)).toBe(62);
    // (344400 - 99900) / 344400 x 100 = 70.99 -> 71
    expect(percentOff(344400, 99900)).toBe(71);
    // exactly half: (200 - 199) / 200 x 100 = 0.5 -> 1
    expect(percentOff(200, 199)).toBe(1);
  });

  it('is 0 when the MRP is not above the price', () => {
    expect(percentOff(34900, 34900)).toBe(0);
    expect(percentOff(30000, 34900)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });

  it('agrees with Math.round of the floating-point formula for every catalogue product', () => {
    for (const p of products) {
      expect(percentOff(p.mrp, p.price)).toBe(Math.round(((p.mrp - p.price) / p.mrp) * 100));
    }
  });

  it('is a whole number from 0 to 100 for any MRP and price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (mrp, price) => {
          const pct = percentOff(mrp, price);
          expect(Number.isInteger(pct)).toBe(true);
          expect(pct).toBeGreaterThanOrEqual(0);
          expect(pct).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it('saves the difference between MRP and price, never less than nothing', () => {
    expect(savings(79900, 34900)).toBe(45000);
    expect(savings(34900, 34900)).toBe(0);
    expect(savings(30000, 34900)).toBe(0);
  });
});
