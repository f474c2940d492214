import { PRODUCT_IDS } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, WISHLIST_MESSAGES } from './messages';
import { issueMessages } from './test-helpers';
import { WISHLIST_MAX_ENTRIES, wishlistBodySchema, wishlistResponseSchema } from './wishlist';

describe('the wishlist body', () => {
  it('accepts an empty wishlist', () => {
    expect(wishlistBodySchema.parse([])).toEqual([]);
  });

  it('folds repeated ids, keeping the order of first appearance', () => {
    expect(
      wishlistBodySchema.parse(['Hamper', 'Bodybutter', 'Hamper', 'TanGoneSoap', 'Bodybutter']),
    ).toEqual(['Hamper', 'Bodybutter', 'TanGoneSoap']);
  });

  it('refuses an id of the wrong shape (the server refuses ids no product has)', () => {
    expect(issueMessages(wishlistBodySchema, ['Bodybutter', 'rose scrub'])).toEqual([
      FIELD_MESSAGES.productId,
    ]);
    expect(wishlistBodySchema.safeParse([2]).success).toBe(false);
  });

  it('accepts the whole catalogue repeated, but not an endless list', () => {
    const merged = [...PRODUCT_IDS, ...PRODUCT_IDS];
    expect(wishlistBodySchema.parse(merged)).toEqual([...PRODUCT_IDS]);
    const endless = Array.from({ length: WISHLIST_MAX_ENTRIES + 1 }, () => 'Hamper');
    expect(issueMessages(wishlistBodySchema, endless)).toEqual([WISHLIST_MESSAGES.tooMany]);
  });

  it('refuses anything that is not an array', () => {
    expect(wishlistBodySchema.safeParse({ items: ['Hamper'] }).success).toBe(false);
    expect(wishlistBodySchema.safeParse('Hamper').success).toBe(false);
  });
});

describe('the wishlist answer', () => {
  it('is a list of product ids', () => {
    expect(wishlistResponseSchema.parse(['Hamper'])).toEqual(['Hamper']);
    expect(wishlistResponseSchema.safeParse(['no pe']).success).toBe(false);
  });
});
