import { describe, expect, it } from 'vitest';
import { CartError } from './cart-error';
import { catalogueOf, getProduct } from './products';
import {
  availableOf,
  productsUsing,
  STOCKED_PRODUCT_IDS,
  stockedProductIds,
  stockUnitsOf,
} from './stock';

describe('what a cart takes from the shelf', () => {
  it('counts the three single products only', () => {
    expect(STOCKED_PRODUCT_IDS).toEqual(['Bodybutter', 'ExfoliatingScrub', 'TanGoneSoap']);
  });

  it('opens a Tan-Free Trio into three soaps and adds them to a loose soap', () => {
    expect(
      stockUnitsOf([
        { productId: 'TanFreeTrio', quantity: 1 },
        { productId: 'TanGoneSoap', quantity: 1 },
      ]),
    ).toEqual([{ productId: 'TanGoneSoap', quantity: 4 }]);
  });

  it('opens hampers into every product they hold, times the quantity, in the shop’s order', () => {
    expect(
      stockUnitsOf([
        { productId: 'Luxehamper', quantity: 2 },
        { productId: 'Bodybutter', quantity: 1 },
      ]),
    ).toEqual([
      { productId: 'Bodybutter', quantity: 3 },
      { productId: 'ExfoliatingScrub', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 6 },
    ]);
  });

  it('counts the units of a single the shop does not list on its own, held in a bundle it sells', () => {
    // The owner hid the soap: the Trio, still sold, takes three soaps all the same.
    const sold = catalogueOf(
      ['Bodybutter', 'TanFreeTrio', 'ScrubClub'].map((id) => getProduct(id)!),
    );
    expect(
      stockUnitsOf(
        [
          { productId: 'TanFreeTrio', quantity: 1 },
          { productId: 'Bodybutter', quantity: 1 },
        ],
        sold,
      ),
    ).toEqual([
      { productId: 'Bodybutter', quantity: 1 },
      { productId: 'TanGoneSoap', quantity: 3 },
    ]);
  });

  it('refuses an unknown product or a quantity that is not a whole number of at least 1', () => {
    expect(() => stockUnitsOf([{ productId: 'Candle', quantity: 1 }])).toThrow(CartError);
    expect(() => stockUnitsOf([{ productId: 'Bodybutter', quantity: 0 }])).toThrow(CartError);
    expect(() => stockUnitsOf([{ productId: 'Bodybutter', quantity: 1.5 }])).toThrow(CartError);
  });
});

describe('how many of a product can be sold', () => {
  const counts: Record<string, number> = { Bodybutter: 7, ExfoliatingScrub: 5, TanGoneSoap: 8 };
  const available = (id: string) => availableOf(id, (single) => counts[single] ?? 0);

  it('is a single product’s own count', () => {
    expect(available('Bodybutter')).toBe(7);
  });

  it('is the fewest whole bundles the contents make up', () => {
    expect(available('TanFreeTrio')).toBe(2); // 8 soaps, 3 a trio
    expect(available('ScrubClub')).toBe(2); // 5 scrubs, 2 a club
    expect(available('MagicSkinDuo')).toBe(5); // butter 7, scrub 5
    expect(available('FestiveHamper')).toBe(2); // scrubs 5/2, soaps 8/3
  });

  it('is 0 when any content has run out, and for an unknown product', () => {
    expect(availableOf('Hamper', (id) => (id === 'TanGoneSoap' ? 0 : 50))).toBe(0);
    expect(available('Candle')).toBe(0);
  });

  it('names every product a single product’s count sets', () => {
    expect(productsUsing('TanGoneSoap')).toEqual([
      'TanGoneSoap',
      'TanFreeTrio',
      'Hamper',
      'FestiveHamper',
      'Luxehamper',
    ]);
  });
});

describe('stock by a catalogue of the moment', () => {
  const soap = getProduct('TanGoneSoap')!;
  const pair = {
    ...getProduct('MagicSkinDuo')!,
    contents: [{ productId: 'TanGoneSoap' as const, quantity: 2 }],
  };
  const catalogue = catalogueOf([soap, pair]);

  it('counts, opens and sells bundles the catalogue holds', () => {
    expect(stockedProductIds(catalogue)).toEqual(['TanGoneSoap']);
    expect(stockUnitsOf([{ productId: 'MagicSkinDuo', quantity: 3 }], catalogue)).toEqual([
      { productId: 'TanGoneSoap', quantity: 6 },
    ]);
    expect(availableOf('MagicSkinDuo', () => 5, catalogue)).toBe(2);
    expect(productsUsing('TanGoneSoap', catalogue)).toEqual(['TanGoneSoap', 'MagicSkinDuo']);
    expect(() => stockUnitsOf([{ productId: 'Bodybutter', quantity: 1 }], catalogue)).toThrow(
      CartError,
    );
  });
});
