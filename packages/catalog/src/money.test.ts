import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  formatAmountForOrder,
  formatINR,
  formatINRCompact,
  paiseToRupees,
  roundHalfUpDiv,
  rupeesToPaise,
} from './money';

describe('formatINR', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [99, '₹0.99'],
    [100, '₹1.00'],
    [34900, '₹349.00'],
    [99999, '₹999.99'],
    [100000, '₹1,000.00'],
    [129700, '₹1,297.00'],
    [1000000, '₹10,000.00'],
    [10000000, '₹1,00,000.00'],
    [123456789, '₹12,34,567.89'],
    [100000000000, '₹1,00,00,00,000.00'],
    [-500, '-₹5.00'],
    [-123456789, '-₹12,34,567.89'],
  ])('formats %i paise as %s with Indian digit grouping', (paise, text) => {
    expect(formatINR(paise)).toBe(text);
  });

  it('prints negative zero as zero', () => {
    expect(formatINR(-0)).toBe('₹0.00');
  });

  it('refuses fractions of a paisa and non-numbers', () => {
    expect(() => formatINR(12.5)).toThrow(RangeError);
    expect(() => formatINR(Number.NaN)).toThrow(RangeError);
    expect(() => formatINR(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('gives back paise / 100 with two decimals once the rupee sign and commas are removed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        const digits = formatINR(paise).replace('₹', '').replaceAll(',', '');
        expect(digits).toBe((paise / 100).toFixed(2));
      }),
    );
  });

  it('round-trips through rupeesToPaise over the whole safe-integer range', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        const digits = formatINR(paise).replace('₹', '').replaceAll(',', '');
        expect(rupeesToPaise(digits)).toBe(paise);
      }),
    );
  });

  it('puts a comma after the thousands and then after every two digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        const rupees = formatINR(paise).slice(1, -3);
        const groups = rupees.split(',');
        const last = groups.pop() ?? '';
        if (groups.length > 0) expect(last).toHaveLength(3);
        groups.slice(1).forEach((group) => expect(group).toHaveLength(2));
        expect(groups[0]?.length ?? 1).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('formatINRCompact', () => {
  it('drops the decimals of whole-rupee amounts only', () => {
    expect(formatINRCompact(14900)).toBe('₹149');
    expect(formatINRCompact(10000000)).toBe('₹1,00,000');
    expect(formatINRCompact(14950)).toBe('₹149.50');
    expect(formatINRCompact(-45000)).toBe('-₹450');
  });
});

describe('formatAmountForOrder', () => {
  it('writes rupees with two decimals and no symbol or grouping, as total_amount carries them', () => {
    expect(formatAmountForOrder(129700)).toBe('1297.00');
    expect(formatAmountForOrder(187600)).toBe('1876.00');
    expect(formatAmountForOrder(5)).toBe('0.05');
    expect(formatAmountForOrder(123456789)).toBe('1234567.89');
  });

  it('reads back to the same paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        expect(rupeesToPaise(formatAmountForOrder(paise))).toBe(paise);
      }),
    );
  });
});

describe('rupeesToPaise', () => {
  it.each([
    ['1297.00', 129700],
    ['1297', 129700],
    ['12.5', 1250],
    ['0.05', 5],
    [' 349 ', 34900],
    ['-5.00', -500],
    ['-0.00', 0],
    [349, 34900],
    [12.34, 1234],
    [0.1, 10],
    [-5, -500],
  ] as const)('converts %j rupees to %i paise exactly', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each([
    '1.005',
    '12.345',
    '1,297.00',
    '₹349',
    '1e3',
    '.5',
    '5.',
    '',
    'abc',
    1.005,
    0.1 + 0.2,
    1e-7,
    1e21,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '99999999999999999',
  ])('refuses %j', (rupees) => {
    expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
  });

  it('is the inverse of paiseToRupees for every amount with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });
});

describe('paiseToRupees', () => {
  it('divides by one hundred', () => {
    expect(paiseToRupees(34900)).toBe(349);
    expect(paiseToRupees(1250)).toBe(12.5);
  });

  it('refuses fractions of a paisa', () => {
    expect(() => paiseToRupees(0.5)).toThrow(RangeError);
  });
});

describe('roundHalfUpDiv', () => {
  it('rounds halves up and everything else to the nearest integer', () => {
    expect(roundHalfUpDiv(5, 2)).toBe(3); // 2.5 -> 3
    expect(roundHalfUpDiv(7, 2)).toBe(4); // 3.5 -> 4
    expect(roundHalfUpDiv(4, 2)).toBe(2);
    expect(roundHalfUpDiv(10, 4)).toBe(3); // 2.5 -> 3
    expect(roundHalfUpDiv(9, 4)).toBe(2); // 2.25 -> 2
    expect(roundHalfUpDiv(11, 4)).toBe(3); // 2.75 -> 3
    expect(roundHalfUpDiv(0, 7)).toBe(0);
    expect(roundHalfUpDiv(3490000, 118)).toBe(29576); // 29576.27
    expect(roundHalfUpDiv(1790000, 105)).toBe(17048); // 17047.619
  });

  it('stays exact where floating-point division would drift', () => {
    // 2^53 - 1 = 9007199254740991 = 2 x 4503599627370495 + 1: exactly .5 above an integer.
    expect(roundHalfUpDiv(Number.MAX_SAFE_INTEGER, 2)).toBe(4503599627370496);
    // 9007199254740990 / 3 = 3002399751580330 exactly.
    expect(roundHalfUpDiv(Number.MAX_SAFE_INTEGER - 1, 3)).toBe(3002399751580330);
  });

  it('agrees with exact BigInt rounding for any non-negative numerator and positive denominator', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n, d) => {
        const exact = (2n * BigInt(n) + BigInt(d)) / (2n * BigInt(d)); // floor(n/d + 1/2)
        expect(roundHalfUpDiv(n, d)).toBe(Number(exact));
      }),
    );
  });

  it('refuses negative numerators, non-positive denominators and fractions', () => {
    expect(() => roundHalfUpDiv(-1, 2)).toThrow(RangeError);
    expect(() => roundHalfUpDiv(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUpDiv(1, -2)).toThrow(RangeError);
    expect(() => roundHalfUpDiv(1.5, 2)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [34900, 'Rupees Three Hundred Forty-Nine Only'],
    [129750, 'Rupees One Thousand Two Hundred Ninety-Seven and Fifty Paise Only'],
    [1_00_00_000, 'Rupees One Lakh Only'],
    [
      12_34_56_789,
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only',
    ],
    [2_00_00_00_000 + 5, 'Rupees Two Crore and Five Paise Only'],
  ])('spells %i paise as %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});
