/** Whether we deliver to a PIN, and whether the parcel may be paid for at the door. */
export interface PinService {
  serviceable: boolean;
  cod: boolean;
}

/**
 * Who answers for a PIN: the configuration, or the courier's serviceability API in front of it
 * (shipping/courier-serviceability.ts).
 */
export interface Serviceability {
  check(pin: string): Promise<PinService>;
}

/**
 * Every PIN served; cash on delivery everywhere except under the configured prefixes
 * (COD_EXCLUDED_PIN_PREFIXES), for places where collecting cash has gone wrong or costs too much.
 */
export function configuredServiceability(codExcludedPrefixes: readonly string[]): Serviceability {
  return {
    async check(pin) {
      const cod = !codExcludedPrefixes.some((prefix) => pin.startsWith(prefix));
      return { serviceable: true, cod };
    },
  };
}
