import { describe, expect, it } from 'vitest';

import { savingsText } from './price-text';

describe('savingsText', () => {
  it('says what the shopper saves, with the percent to one decimal on the product list', () => {
    // Body Butter: ₹349 against ₹799 is 56.3% off, rounded to 56.
    expect(savingsText(79900, 34900)).toBe('Save ₹450, 56.0% off');
  });

  it('gives a whole percent in the cart suggestions', () => {
    expect(savingsText(134700, 39900, 0)).toBe('Save ₹948, 70% off');
  });

  it('says nothing when the MRP is not above the price', () => {
    expect(savingsText(34900, 34900)).toBeNull();
  });
});
