import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CartError } from './cart-error';
import { GST_CLASSES, GST_RATES, supplyFor, taxableValueOf, taxBreakdown } from './gst';
import { GST_STATE_CODES, INDIAN_STATES } from './states';

describe('taxableValueOf', () => {
  it('carves 18% out of a tax-inclusive amount, rounding half up', () => {
    // 34900 x 100 / 118 = 29576.27 -> 29576
    expect(taxableValueOf(34900, 18)).toBe(29576);
    // 99900 x 100 / 118 = 84661.02 -> 84661
    expect(taxableValueOf(99900, 18)).toBe(84661);
  });

  it('carves 5% out of a tax-inclusive amount, rounding half up', () => {
    // 17900 x 100 / 105 = 17047.619 -> 17048
    expect(taxableValueOf(17900, 5)).toBe(17048);
  });

  it('leaves an untaxed amount whole', () => {
    expect(taxableValueOf(4900, 0)).toBe(4900);
  });

  it('never exceeds the amount and never goes up as the rate goes up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.constantFrom(...GST_RATES),
        fc.constantFrom(...GST_RATES),
        (amount, r1, r2) => {
          const [low, high] = r1 <= r2 ? [r1, r2] : [r2, r1];
          expect(taxableValueOf(amount, low)).toBeLessThanOrEqual(amount);
          expect(taxableValueOf(amount, high)).toBeLessThanOrEqual(taxableValueOf(amount, low));
        },
      ),
    );
  });

  it('strictly decreases with the rate for any amount of 21 paise or more', () => {
    // The exact value amount x 100 / (100 + r) falls by at least 1 between neighbouring slabs once
    // amount >= (100 + r1)(100 + r2) / (100 (r2 - r1)): 21 for 0 -> 5 (10500 / 500), 9.5 for 5 -> 18,
    // 7.5 for 18 -> 40. Half-up rounding keeps a drop of at least 1 a drop of at least 1.
    fc.assert(
      fc.property(fc.integer({ min: 21, max: 1e10 }), (amount) => {
        const values = GST_RATES.map((rate) => taxableValueOf(amount, rate));
        for (let i = 1; i < values.length; i += 1) {
          expect(values[i]).toBeLessThan(values[i - 1] ?? Number.NaN);
        }
      }),
    );
  });
});

describe('taxBreakdown', () => {
  it('splits one Body Butter delivered in Maharashtra into equal CGST and SGST', () => {
    // 34900: taxable 29576, tax 34900 - 29576 = 5324, CGST 5324 / 2 = 2662, SGST 5324 - 2662 = 2662
    expect(taxBreakdown(34900, 18, 'intra-state')).toEqual({
      taxableValue: 29576,
      tax: 5324,
      cgst: 2662,
      sgst: 2662,
      igst: 0,
    });
  });

  it('gives the odd paisa of an odd tax to CGST', () => {
    // Festive Hamper 99900: taxable 84661, tax 15239 (odd), CGST round(7619.5) = 7620, SGST 7619
    expect(taxBreakdown(99900, 18, 'intra-state')).toEqual({
      taxableValue: 84661,
      tax: 15239,
      cgst: 7620,
      sgst: 7619,
      igst: 0,
    });
  });

  it('puts all the tax of an inter-state delivery into IGST', () => {
    // One soap to Karnataka: 17900 x 100 / 105 = 17047.619 -> 17048, tax 852, all IGST
    expect(taxBreakdown(17900, 5, 'inter-state')).toEqual({
      taxableValue: 17048,
      tax: 852,
      cgst: 0,
      sgst: 0,
      igst: 852,
    });
  });

  it('always adds up: taxable + tax = amount and CGST + SGST + IGST = tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.constantFrom(...GST_RATES),
        fc.constantFrom('intra-state' as const, 'inter-state' as const),
        (amount, rate, supply) => {
          const t = taxBreakdown(amount, rate, supply);
          expect(t.taxableValue + t.tax).toBe(amount);
          expect(t.cgst + t.sgst + t.igst).toBe(t.tax);
          expect(t.tax).toBeGreaterThanOrEqual(0);
          if (supply === 'intra-state') {
            expect(t.igst).toBe(0);
            expect(t.cgst - t.sgst).toBeGreaterThanOrEqual(0);
            expect(t.cgst - t.sgst).toBeLessThanOrEqual(1);
          } else {
            expect(t.cgst).toBe(0);
            expect(t.sgst).toBe(0);
          }
        },
      ),
    );
  });

  it('refuses negative amounts and rates', () => {
    expect(() => taxBreakdown(-100, 18, 'intra-state')).toThrow(RangeError);
    expect(() => taxBreakdown(100, -5, 'intra-state')).toThrow(RangeError);
  });
});

describe('supplyFor', () => {
  it('treats an unknown address (the cart page) as intra-state', () => {
    expect(supplyFor()).toBe('intra-state');
    expect(supplyFor('')).toBe('intra-state');
  });

  it("treats delivery in the seller's state, Maharashtra, as intra-state", () => {
    expect(supplyFor('Maharashtra')).toBe('intra-state');
  });

  it('treats every other state and union territory as inter-state', () => {
    for (const state of INDIAN_STATES.filter((s) => s !== 'Maharashtra')) {
      expect(supplyFor(state)).toBe('inter-state');
    }
  });

  it('refuses a state that is not on the list, naming it', () => {
    for (const state of ['Atlantis', 'maharashtra', ' Maharashtra', 'MH']) {
      expect(() => supplyFor(state)).toThrow(
        expect.objectContaining({ name: 'CartError', code: 'UNKNOWN_STATE', deliveryState: state }),
      );
      expect(() => supplyFor(state)).toThrow(CartError);
    }
  });
});

describe('GST_CLASSES', () => {
  it('taxes skin-care preparations (HSN 3304) at 18% and soap (HSN 3401) at 5%', () => {
    expect(GST_CLASSES.skinCare).toMatchObject({ hsn: '3304', gstRate: 18 });
    expect(GST_CLASSES.soap).toMatchObject({ hsn: '3401', gstRate: 5 });
  });
});

describe('GST_STATE_CODES', () => {
  it('gives each of the 36 states and union territories its own two-digit code', () => {
    const codes = INDIAN_STATES.map((state) => GST_STATE_CODES[state]);
    expect(codes).toHaveLength(36);
    expect(new Set(codes).size).toBe(36);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
    expect(GST_STATE_CODES.Chandigarh).toBe('04');
    expect(GST_STATE_CODES['Andaman and Nicobar Islands']).toBe('35');
    expect(GST_STATE_CODES['Dadra and Nagar Haveli and Daman and Diu']).toBe('26');
    expect(GST_STATE_CODES.Lakshadweep).toBe('31');
  });
});
