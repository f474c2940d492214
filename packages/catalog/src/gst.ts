// GST arithmetic. Prices are tax-inclusive: the tax is carved out of the
// amount, never added on top. Every figure is integer paise.

import { brand } from './brand';
import { CartError } from './cart-error';
import { roundHalfUpDiv } from './money';
import { isIndianState } from './states';

/** GST slabs in force since the rate changes of 22 September 2025. */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/**
 * The two tax classes the catalogue uses. Skin-care preparations (body butter, scrub) fall under HSN
 * 3304 at 18%; a toilet soap bar under HSN 3401 at 5%.
 */
export const GST_CLASSES = {
  skinCare: { hsn: '3304', gstRate: 18, description: 'Preparations for the care of the skin' },
  soap: { hsn: '3401', gstRate: 5, description: 'Soap' },
} as const satisfies Record<string, { hsn: string; gstRate: GstRate; description: string }>;

export type Supply = 'intra-state' | 'inter-state';

export interface TaxBreakdown {
  taxableValue: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
}

function assertRate(rate: number): void {
  if (!Number.isSafeInteger(rate) || rate < 0) {
    throw new RangeError(`GST rate must be a non-negative whole percent, got ${String(rate)}`);
  }
}

/** Taxable value of a tax-inclusive amount: round_half_up(amount x 100 / (100 + rate)). */
export function taxableValueOf(amountPaise: number, rate: number): number {
  assertRate(rate);
  return roundHalfUpDiv(amountPaise * 100, 100 + rate);
}

/**
 * Splits a tax-inclusive amount. Intra-state: CGST takes the rounded-up half of the tax and SGST the
 * rest (so an odd paisa goes to CGST); inter-state: all of it is IGST.
 */
export function taxBreakdown(amountPaise: number, rate: number, supply: Supply): TaxBreakdown {
  const taxableValue = taxableValueOf(amountPaise, rate);
  const tax = amountPaise - taxableValue;
  if (supply === 'inter-state') {
    return { taxableValue, tax, cgst: 0, sgst: 0, igst: tax };
  }
  const cgst = roundHalfUpDiv(tax, 2);
  return { taxableValue, tax, cgst, sgst: tax - cgst, igst: 0 };
}

/**
 * Intra-state when the delivery state is not known yet (undefined or empty: the cart page) or is the
 * seller's state; inter-state for any other Indian state. A state outside INDIAN_STATES throws a
 * CartError with code UNKNOWN_STATE.
 */
export function supplyFor(deliveryState?: string): Supply {
  if (deliveryState === undefined || deliveryState === '') return 'intra-state';
  if (!isIndianState(deliveryState)) {
    throw new CartError('UNKNOWN_STATE', `Unknown delivery state "${deliveryState}"`, {
      deliveryState,
    });
  }
  return deliveryState === brand.sellerState ? 'intra-state' : 'inter-state';
}
