import { calendarDateInIndia, DEFAULT_SHOP_SETTINGS, dispatchDayPassed } from '@vanya/catalog';
import type { ShopSettings } from '@vanya/catalog';
import { SHOP_SETTINGS_MESSAGES } from '@vanya/contracts';
import type { Config } from '../../config/env';
import { withDbRetry } from '../../platform/db/retry';
import { badRequest } from '../../platform/errors/app-error';
import { ShopSettingsModel } from './shop-settings.model';

const SHOP_ID = 'shop';

type Stored = Partial<Omit<ShopSettings, 'preOrder'>> & {
  preOrder?: Partial<ShopSettings['preOrder']>;
};

/** The values before the owner saves any: the catalogue's, with cash on delivery from the env. */
export function shopSettingsDefaults(config: Pick<Config, 'cod'>): ShopSettings {
  return {
    ...DEFAULT_SHOP_SETTINGS,
    preOrder: { ...DEFAULT_SHOP_SETTINGS.preOrder },
    codFeePaise: config.cod.feePaise,
    codMaxGoodsPaise: config.cod.maxGoodsPaise,
  };
}

export interface ShopSettingsStore {
  /** The settings now: read on every call, so a change shows in the next answer of every process. */
  read(): Promise<ShopSettings>;
  /**
   * Saves the whole settings (validated by the route) and answers them as read back; 400
   * DISPATCH_DAY_PAST for pre-orders switched on with a first dispatch day before today in India.
   */
  update(next: ShopSettings): Promise<ShopSettings>;
}

export function createShopSettings({
  defaults,
  now = () => new Date(),
}: {
  defaults: ShopSettings;
  /** The clock that says what today is in India (tests set it). */
  now?: () => Date;
}): ShopSettingsStore {
  const read = async (): Promise<ShopSettings> => {
    const doc = await withDbRetry(() => ShopSettingsModel.findById(SHOP_ID).lean<Stored>());
    return {
      preOrder: {
        on: doc?.preOrder?.on ?? defaults.preOrder.on,
        dispatchFrom: doc?.preOrder?.dispatchFrom ?? defaults.preOrder.dispatchFrom,
        text: doc?.preOrder?.text ?? defaults.preOrder.text,
      },
      codFeePaise: doc?.codFeePaise ?? defaults.codFeePaise,
      codMaxGoodsPaise: doc?.codMaxGoodsPaise ?? defaults.codMaxGoodsPaise,
      freeShippingThresholdPaise:
        doc?.freeShippingThresholdPaise ?? defaults.freeShippingThresholdPaise,
    };
  };
  return {
    read,
    async update(next) {
      const { preOrder, codFeePaise, codMaxGoodsPaise, freeShippingThresholdPaise } = next;
      if (dispatchDayPassed(preOrder, calendarDateInIndia(now()))) {
        const message = SHOP_SETTINGS_MESSAGES.dispatchFromPast(preOrder.dispatchFrom);
        throw badRequest(message, 'DISPATCH_DAY_PAST', {
          issues: [{ path: ['preOrder', 'dispatchFrom'], message, code: 'custom' }],
        });
      }
      await withDbRetry(() =>
        ShopSettingsModel.updateOne(
          { _id: SHOP_ID },
          {
            $set: {
              preOrder: {
                on: preOrder.on,
                dispatchFrom: preOrder.dispatchFrom,
                text: preOrder.text,
              },
              codFeePaise,
              codMaxGoodsPaise,
              freeShippingThresholdPaise,
            },
          },
          { upsert: true },
        ),
      );
      return read();
    },
  };
}
