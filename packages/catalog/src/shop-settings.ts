// What the owner changes without a release: the pre-order notice and its first dispatch day, the
// cash-on-delivery fee and cap, and the free-shipping threshold. The API stores them (one
// document) and prices with them; these are the values before the owner has saved any, and the
// pure functions the API and the web share to apply them.

import { PRE_ORDER } from './constants';
import { formatDeliveryDate } from './delivery';
import { FREE_SHIPPING_THRESHOLD_PAISE, SHIPPING_POLICY } from './shipping';
import type { ShippingPolicy } from './shipping';

/** Cash on delivery's fee and the largest goods total it takes, in paise, before any setting. */
export const COD_DEFAULTS = Object.freeze({ feePaise: 4900, maxGoodsPaise: 300000 });

export interface PreOrderSettings {
  /** Whether orders are pre-orders: the notice shows and parcels leave from `dispatchFrom`. */
  on: boolean;
  /** The first day parcels leave (India's date), 'YYYY-MM-DD'. */
  dispatchFrom: string;
  /** The notice the product page, checkout and confirmation mail show, e.g. "Dispatch starts…". */
  text: string;
}

export interface ShopSettings {
  preOrder: PreOrderSettings;
  codFeePaise: number;
  /** The largest goods total (after the coupon) cash on delivery takes. */
  codMaxGoodsPaise: number;
  /** Goods from this total ship free; below it the flat SHIPPING_FEE_PAISE is charged. */
  freeShippingThresholdPaise: number;
}

/** The bounds the owner's values must keep (the API refuses others with 400). */
export const SHOP_SETTINGS_LIMITS = Object.freeze({
  preOrderTextMax: 200,
  /** ₹1,000. */
  codFeeMaxPaise: 100000,
  /** ₹1: the cap is positive (0 would refuse every order; switch the PINs off instead). */
  codMaxGoodsMinPaise: 100,
  /** ₹10,00,000. */
  codMaxGoodsMaxPaise: 100000000,
  /** ₹1,00,000. */
  freeShippingThresholdMaxPaise: 10000000,
});

/**
 * The values before the owner saves any: no pre-orders (the owner switches them on with a first
 * dispatch day to come), COD_DEFAULTS and the shipping threshold.
 */
export const DEFAULT_SHOP_SETTINGS: Readonly<ShopSettings> = Object.freeze({
  preOrder: Object.freeze({
    on: false,
    dispatchFrom: PRE_ORDER.dispatchFrom,
    text: PRE_ORDER.dispatchNote,
  }),
  codFeePaise: COD_DEFAULTS.feePaise,
  codMaxGoodsPaise: COD_DEFAULTS.maxGoodsPaise,
  freeShippingThresholdPaise: FREE_SHIPPING_THRESHOLD_PAISE,
});

/** The shipping rule with the owner's threshold; the fee itself stays SHIPPING_FEE_PAISE. */
export function shippingPolicyOf(
  settings: Pick<ShopSettings, 'freeShippingThresholdPaise'> = DEFAULT_SHOP_SETTINGS,
): Readonly<ShippingPolicy> {
  return {
    feePaise: SHIPPING_POLICY.feePaise,
    freeThresholdPaise: settings.freeShippingThresholdPaise,
  };
}

/**
 * Whether an order placed on `today` (India's date, 'YYYY-MM-DD') is a pre-order: pre-orders are
 * on and their first dispatch day has not passed. Once it has, the shop takes ordinary orders
 * again, so no page promises a dispatch day behind the delivery date it shows.
 */
export function preOrdersOpen(preOrder: PreOrderSettings, today: string): boolean {
  return preOrder.on && preOrder.dispatchFrom >= today;
}

/** Whether pre-orders are switched on with a first dispatch day that has already passed. */
export function dispatchDayPassed(preOrder: PreOrderSettings, today: string): boolean {
  return preOrder.on && preOrder.dispatchFrom < today;
}

/**
 * The first day a parcel ordered on `today` may leave: the pre-order's dispatch day while
 * pre-orders are open, else today (deliveryEstimate takes the later of it and today).
 */
export function dispatchFromOf(preOrder: PreOrderSettings, today: string): string {
  return preOrdersOpen(preOrder, today) ? preOrder.dispatchFrom : today;
}

/**
 * The pre-order notice as shoppers read it, wherever it shows: the owner's text and the first
 * dispatch day, from which the delivery dates are counted ('… First dispatch: Mon, 14 Dec.').
 */
export function preOrderNotice(preOrder: PreOrderSettings): string {
  const text = preOrder.text.trim();
  const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
  return `${sentence} First dispatch: ${formatDeliveryDate(preOrder.dispatchFrom)}.`;
}

/**
 * What a shopper is told about dispatch once an order is placed on `today`: the pre-order notice
 * (while pre-orders are open) and the shipping confirmation promise.
 */
export function dispatchNotes(preOrder: PreOrderSettings, today: string): string[] {
  return [
    ...(preOrdersOpen(preOrder, today) ? [preOrderNotice(preOrder)] : []),
    PRE_ORDER.shippingConfirmationNote,
  ];
}
