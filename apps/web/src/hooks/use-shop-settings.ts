import {
  calendarDateInIndia,
  DEFAULT_SHOP_SETTINGS,
  freeShippingText,
  preOrdersOpen,
  shippingPolicyOf,
  type ShippingPolicy,
  type ShopSettings,
} from '@vanya/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

// GET /shop-settings: what the owner changes without a release (the pre-order notice, the
// cash-on-delivery fee and cap, the free-shipping threshold). Read by the product page, the cart
// and the checkout, so it lives outside the features. The server prices every order with its own
// copy; these figures only say beforehand what it will charge.

const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isPaise = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Checked by hand rather than with the contracts' zod schema, which would load zod with the
 * product page; an answer of another shape is an error (the defaults stay in use).
 */
export function readShopSettings(data: unknown): ShopSettings {
  const answer = (data ?? {}) as Partial<Record<keyof ShopSettings, unknown>>;
  const preOrder = (answer.preOrder ?? {}) as Record<string, unknown>;
  const valid =
    typeof preOrder.on === 'boolean' &&
    isDate(preOrder.dispatchFrom) &&
    typeof preOrder.text === 'string' &&
    isPaise(answer.codFeePaise) &&
    isPaise(answer.codMaxGoodsPaise) &&
    isPaise(answer.freeShippingThresholdPaise);
  if (!valid) throw new Error('GET /shop-settings answered in an unexpected shape');
  return data as ShopSettings;
}

export async function getShopSettings(): Promise<ShopSettings> {
  const { data } = await api.get<unknown>('/shop-settings');
  return readShopSettings(data);
}

export const SHOP_SETTINGS_KEY = ['shop-settings'] as const;

export function shopSettingsQueryOptions() {
  return queryOptions({
    queryKey: SHOP_SETTINGS_KEY,
    queryFn: getShopSettings,
    // Until the answer comes (and on a page rendered ahead of time) the catalogue's defaults show,
    // so the first render is the server-rendered page's and nothing moves unless the owner changed it.
    placeholderData: DEFAULT_SHOP_SETTINGS,
    staleTime: 60_000,
  });
}

export interface ShopSettingsView extends ShopSettings {
  /** The shipping rule with the owner's threshold, as priceCart takes it. */
  shippingPolicy: Readonly<ShippingPolicy>;
  /** 'Free shipping on orders of ₹149 and above', with the owner's threshold. */
  freeShippingText: string;
  /** Whether these are the owner's (or the defaults after the request failed), not a placeholder. */
  settled: boolean;
  /**
   * Whether an order placed now is a pre-order (pre-orders on, their first dispatch day not past),
   * by the owner's settings: never from the placeholder, so a page rendered ahead of time has no
   * notice to take back.
   */
  preOrderOpen: boolean;
}

/** The shop's settings: the owner's once they arrive, the catalogue's defaults until then. */
export function useShopSettings(): ShopSettingsView {
  const { data, isPlaceholderData } = useQuery(shopSettingsQueryOptions());
  const settings = data ?? DEFAULT_SHOP_SETTINGS;
  return {
    ...settings,
    settled: !isPlaceholderData,
    preOrderOpen:
      !isPlaceholderData && preOrdersOpen(settings.preOrder, calendarDateInIndia(new Date())),
    shippingPolicy: shippingPolicyOf(settings),
    freeShippingText: freeShippingText(settings.freeShippingThresholdPaise),
  };
}
