import { calendarDateInIndia, deliveryEstimate, dispatchFromOf } from '@vanya/catalog';
import { UNKNOWN_PIN, PINCODE_MESSAGES } from '@vanya/contracts';
import type { PincodeAnswer } from '@vanya/contracts';
import { notFound } from '../../platform/errors/app-error';
import type { ShopSettingsStore } from '../settings/shop-settings.service';
import { findPinPlace } from './pincode-directory';
import type { Serviceability } from './serviceability';

export interface Pincodes {
  /** Where `pin` is, whether we deliver there and with cash on delivery, and when; 404 UNKNOWN_PIN. */
  lookup(pin: string): Promise<PincodeAnswer>;
  /** Whether an order to `pin` may be paid on delivery: false for a PIN we do not know or serve. */
  codAllowedFor(pin: string): Promise<boolean>;
}

export function createPincodes({
  serviceability,
  settings,
  now = () => new Date(),
}: {
  serviceability: Serviceability;
  /** The owner's settings: cash on delivery's fee and cap, and the pre-order's dispatch day. */
  settings: ShopSettingsStore;
  /** The clock that says what today is in India (tests set it). */
  now?: () => Date;
}): Pincodes {
  return {
    async lookup(pin) {
      const place = findPinPlace(pin);
      if (!place) throw notFound(PINCODE_MESSAGES.unknown, UNKNOWN_PIN);
      const { serviceable, cod: codHere } = await serviceability.check(pin);
      const shop = await settings.read();
      const today = calendarDateInIndia(now());
      const { minDays, maxDays, from, to } = deliveryEstimate({
        today,
        destination: { state: place.state, district: place.district },
        dispatchFrom: dispatchFromOf(shop.preOrder, today),
      });
      return {
        pin,
        state: place.state,
        district: place.district,
        town: place.town,
        serviceable,
        cod: serviceable && codHere,
        codFee: shop.codFeePaise,
        codMaxGoods: shop.codMaxGoodsPaise,
        estimate: { minDays, maxDays, from, to },
      };
    },
    async codAllowedFor(pin) {
      if (!findPinPlace(pin)) return false;
      const { serviceable, cod } = await serviceability.check(pin);
      return serviceable && cod;
    },
  };
}
