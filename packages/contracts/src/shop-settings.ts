// The shop's settings the owner changes without a release (packages/catalog shop-settings.ts):
// GET /shop-settings (everyone: the product page, cart and checkout show them) and
// PUT /admin/settings/shop (the owner).
import { formatDeliveryDate, formatINRCompact, SHOP_SETTINGS_LIMITS } from '@vanya/catalog';
import type { ShopSettings } from '@vanya/catalog';
import { z } from 'zod';
import { requiredTextField } from './fields';

const L = SHOP_SETTINGS_LIMITS;

/** The words of the owner's form and of the API's 400s. */
export const SHOP_SETTINGS_MESSAGES = {
  dispatchFrom: 'Enter the first dispatch day as a real date, YYYY-MM-DD.',
  /** Pre-orders switched on with a first dispatch day behind today (India's date). */
  dispatchFromPast: (day: string) =>
    `The first dispatch day, ${formatDeliveryDate(day)}, has passed. Choose today or a later day, or switch pre-orders off.`,
  /** The owner's Settings, while a saved first dispatch day has passed. */
  preOrdersEnded: (day: string) =>
    `Pre-orders ended on ${formatDeliveryDate(day)}, their first dispatch day: the shop takes ordinary orders and shows no pre-order notice. Choose a new day to take pre-orders again, or switch them off.`,
  textRequired: 'Enter the pre-order text shoppers see.',
  textTooLong: `The pre-order text is at most ${L.preOrderTextMax} characters.`,
  codFee: `The cash-on-delivery fee is whole paise from ₹0 to ${formatINRCompact(L.codFeeMaxPaise)}.`,
  codMaxGoods: `The cash-on-delivery limit is whole paise from ${formatINRCompact(L.codMaxGoodsMinPaise)} to ${formatINRCompact(L.codMaxGoodsMaxPaise)}.`,
  freeShippingThreshold: `Free shipping starts at whole paise from ₹0 to ${formatINRCompact(L.freeShippingThresholdMaxPaise)}.`,
} as const;

const paiseBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A real calendar date, 'YYYY-MM-DD' (the pattern states exactly that, leap years included). */
const dispatchDayField = z.iso
  .date({ error: SHOP_SETTINGS_MESSAGES.dispatchFrom })
  .meta({ format: 'date', pattern: z.regexes.date.source, example: '2026-08-08' });

export const preOrderSettingsSchema = z
  .object({
    /** Whether orders are pre-orders: the notice shows and parcels leave from `dispatchFrom`. */
    on: z.boolean(),
    /** The first day parcels leave, India's date. */
    dispatchFrom: dispatchDayField,
    /** The notice shown on the product page, at checkout and in the confirmation mail. */
    text: requiredTextField(
      SHOP_SETTINGS_MESSAGES.textRequired,
      L.preOrderTextMax,
      SHOP_SETTINGS_MESSAGES.textTooLong,
    ),
  })
  .strict()
  .meta({ id: 'PreOrderSettings' });

/** PUT /admin/settings/shop takes, and both routes answer, the whole settings. */
export const shopSettingsSchema = z
  .object({
    preOrder: preOrderSettingsSchema,
    codFeePaise: paiseBetween(0, L.codFeeMaxPaise, SHOP_SETTINGS_MESSAGES.codFee),
    codMaxGoodsPaise: paiseBetween(
      L.codMaxGoodsMinPaise,
      L.codMaxGoodsMaxPaise,
      SHOP_SETTINGS_MESSAGES.codMaxGoods,
    ),
    freeShippingThresholdPaise: paiseBetween(
      0,
      L.freeShippingThresholdMaxPaise,
      SHOP_SETTINGS_MESSAGES.freeShippingThreshold,
    ),
  })
  .strict()
  .meta({ id: 'ShopSettings' }) satisfies z.ZodType<ShopSettings>;

export type { PreOrderSettings, ShopSettings } from '@vanya/catalog';
