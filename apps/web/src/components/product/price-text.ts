import { formatINRCompact, percentOff, savings } from '@vanya/catalog';

/** Tax note under every price (prices include GST). */
export const INCLUSIVE_OF_TAXES = '(Inclusive of all taxes)';

/**
 * 'Save ₹450, 56.0% off' (product list: percent to one decimal) or 'Save ₹450, 56% off' (cart
 * suggestions); null when the MRP is not above the price.
 */
export function savingsText(
  mrpPaise: number,
  pricePaise: number,
  percentDecimals: 0 | 1 = 1,
): string | null {
  if (mrpPaise <= pricePaise) return null;
  const percent = percentOff(mrpPaise, pricePaise).toFixed(percentDecimals);
  return `Save ${formatINRCompact(savings(mrpPaise, pricePaise))}, ${percent}% off`;
}
