import type { Logger } from '../../platform/logger';
import type { PinService, Serviceability } from '../pincodes/serviceability';
import type { ShippingProvider } from './shipping-provider';

/** A PIN's answer is kept this long: couriers change their lists rarely, shoppers ask often. */
const KEEP_MS = 10 * 60 * 1000;
/** At most this many PINs are kept (the oldest answer goes first). */
const MAX_KEPT = 5000;

/**
 * Whether the courier serves a PIN, and with cash on delivery, from its serviceability API
 * (pickup from the shop's PIN). The owner's own refusals still hold: cash on delivery is offered
 * only where the configuration allows it too (COD_EXCLUDED_PIN_PREFIXES). When the courier does
 * not answer, the configuration answers alone (logged, not kept), so a courier's outage never stops
 * a shopper's PIN check.
 */
export function courierServiceability(options: {
  provider: ShippingProvider;
  pickupPin: string;
  configured: Serviceability;
  logger: Logger;
  now?: () => number;
}): Serviceability {
  const { provider, pickupPin, configured, logger } = options;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { answer: PinService; until: number }>();

  async function courierAnswer(pin: string): Promise<PinService> {
    const hit = kept.get(pin);
    if (hit && hit.until > now()) return hit.answer;
    const answer = await provider.serviceability(pickupPin, pin);
    kept.delete(pin);
    kept.set(pin, { answer, until: now() + KEEP_MS });
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    return answer;
  }

  return {
    async check(pin) {
      const own = await configured.check(pin);
      try {
        const courier = await courierAnswer(pin);
        return { serviceable: courier.serviceable, cod: courier.cod && own.cod };
      } catch (err) {
        logger.warn({ err, pin }, 'courier serviceability unavailable; configuration answers');
        return own;
      }
    },
  };
}
