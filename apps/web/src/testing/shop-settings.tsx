import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '@vanya/catalog';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import { SHOP_SETTINGS_KEY } from '../hooks/use-shop-settings';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders `ui` with a data cache that already holds the shop's settings (`settings`, the
 * catalogue's defaults unless given), as once GET /shop-settings has answered: no request is made
 * for them while the test runs.
 */
export function renderWithShopSettings(
  ui: ReactElement,
  settings: Readonly<ShopSettings> = DEFAULT_SHOP_SETTINGS,
) {
  const client = createQueryClient();
  client.setQueryData(SHOP_SETTINGS_KEY, settings);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
