import type { Logger } from '../../platform/logger';
import type { PinService, Serviceability } from '../pincodes/serviceability';
import type { ShippingProvider } from './shipping-provider';

/** A PIN's answer is kept this long: couriers change their lists rarely, shoppers ask often. */
const KEEP_MS = 10 * 60 * 1000;
/** At most this many PINs are kept (the oldest answer goes first). */
const MAX_KEPT = 5000;

/**
 * Whether the courier serves a PIN, and with cash on delivery, from its serviceability API
 * (pickup from the shop's PIN). When the courier does not answer, the configuration answers
 * instead (logged, not kept), so a courier's outage never stops a shopper's PIN check.
 */
export function courierServiceability(options: {
  provider: ShippingProvider;
  pickupPin: string;
  fallback: Serviceability;
  logger: Logger;
  now?: () => number;
}): Serviceability {
  const { provider, pickupPin, fallback, logger } = options;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { answer: PinService; until: number }>();
  return {
    async check(pin) {
      const hit = kept.get(pin);
      if (hit && hit.until > now()) return hit.answer;
      try {
        const answer = await provider.serviceability(pickupPin, pin);
        kept.delete(pin);
        kept.set(pin, { answer, until: now() + KEEP_MS });
        if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
        return answer;
      } catch (err) {
        logger.warn({ err, pin }, 'courier serviceability unavailable; configuration answers');
        return fallback.check(pin);
      }
    },
  };
}
