// The one shipping rule: a flat fee below a threshold, free from it. With
// today's prices every order ships free, since the cheapest product costs more than the threshold.

import { formatINRCompact } from './money';

export const SHIPPING_FEE_PAISE = 4900;
export const FREE_SHIPPING_THRESHOLD_PAISE = 14900;

export interface ShippingPolicy {
  feePaise: number;
  freeThresholdPaise: number;
}

/** The policy every screen, the API and invoices use. */
export const SHIPPING_POLICY: Readonly<ShippingPolicy> = Object.freeze({
  feePaise: SHIPPING_FEE_PAISE,
  freeThresholdPaise: FREE_SHIPPING_THRESHOLD_PAISE,
});

/**
 * Shipping in paise for a parcel whose goods come to `goodsPaise` (after any coupon): the fee below
 * the threshold, whatever the discount, a coupon that covers all the goods included. An empty cart
 * ships nothing, and is priceCart's to tell (it has no parcel, not goods worth 0).
 */
export function shippingFor(
  goodsPaise: number,
  policy: Readonly<ShippingPolicy> = SHIPPING_POLICY,
): number {
  return goodsPaise < policy.freeThresholdPaise ? policy.feePaise : 0;
}

/** The shipping line the screens show for a free-shipping threshold (the owner's, see shop-settings). */
export function freeShippingText(thresholdPaise: number = FREE_SHIPPING_THRESHOLD_PAISE): string {
  return `Free shipping on orders of ${formatINRCompact(thresholdPaise)} and above`;
}

/** The shipping line with the default threshold (cart, checkout, product pages, chat bot). */
export const FREE_SHIPPING_TEXT = freeShippingText();
