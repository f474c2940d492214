import { calendarDateInIndia, deliveryEstimate } from '@vanya/catalog';
import { UNKNOWN_PIN, PINCODE_MESSAGES } from '@vanya/contracts';
import type { PincodeAnswer } from '@vanya/contracts';
import { notFound } from '../../platform/errors/app-error';
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
  cod,
  now = () => new Date(),
}: {
  serviceability: Serviceability;
  /** Cash on delivery's fee and cap, which the checkout shows beside the PIN's answer. */
  cod: { feePaise: number; maxGoodsPaise: number };
  /** The clock that says what today is in India (tests set it). */
  now?: () => Date;
}): Pincodes {
  return {
    async lookup(pin) {
      const place = findPinPlace(pin);
      if (!place) throw notFound(PINCODE_MESSAGES.unknown, UNKNOWN_PIN);
      const { serviceable, cod: codHere } = await serviceability.check(pin);
      const { minDays, maxDays, from, to } = deliveryEstimate({
        today: calendarDateInIndia(now()),
        destination: place,
      });
      return {
        pin,
        state: place.state,
        district: place.district,
        serviceable,
        cod: serviceable && codHere,
        codFee: cod.feePaise,
        codMaxGoods: cod.maxGoodsPaise,
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
