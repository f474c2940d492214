import {
  formatINR,
  freeShippingText,
  getProduct,
  SHIPPING_FEE_PAISE,
  type ShopSettings,
} from '@vanya/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CART_TEXTS } from '../features/cart/texts';
import { CATALOG_TEXTS } from '../features/catalog/texts';
import { setSession } from '../lib/auth-storage';
import { addToCart } from '../lib/cart-store';
import { mockApi } from '../testing/mock-api';
import { renderRoute } from '../testing/render-route';
import { readShopSettings } from './use-shop-settings';

/** The owner's values: a new pre-order text and free shipping only from ₹999. */
const OWNER: ShopSettings = {
  // A first dispatch day far ahead: pre-orders stay open whatever today is.
  preOrder: { on: true, dispatchFrom: '2099-01-12', text: 'Dispatch starts mid-January.' },
  codFeePaise: 5900,
  codMaxGoodsPaise: 500000,
  freeShippingThresholdPaise: 99900,
};

/** GET /shop-settings answering `settings` once `release` is called (at once without a gate). */
function mockShopSettings(settings: ShopSettings, gate?: Promise<void>) {
  return mockApi(async (request) => {
    if (request.url !== '/shop-settings') return { status: 200, data: [] };
    await gate;
    return { status: 200, data: settings };
  });
}

describe('readShopSettings', () => {
  it('takes the API’s answer and refuses another shape', () => {
    expect(readShopSettings(OWNER)).toEqual(OWNER);
    for (const bad of [
      [],
      { ...OWNER, codFeePaise: -1 },
      { ...OWNER, codFeePaise: '4900' },
      { ...OWNER, preOrder: { ...OWNER.preOrder, dispatchFrom: '11 Jan' } },
      { ...OWNER, preOrder: { ...OWNER.preOrder, on: 'yes' } },
    ]) {
      expect(() => readShopSettings(bad)).toThrow('unexpected shape');
    }
  });
});

describe('useShopSettings on the shopper’s pages', () => {
  it('shows no pre-order notice before the owner’s settings come, then theirs with the first dispatch day', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockShopSettings(OWNER, gate);
    renderRoute('/products/Bodybutter');
    await screen.findByRole('heading', { level: 1, name: getProduct('Bodybutter')?.name });
    // Before the answer: the defaults, as a page rendered ahead of time shows them.
    expect(screen.queryByTestId('pre-order-note')).not.toBeInTheDocument();
    expect(screen.getByText(freeShippingText())).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(screen.getByTestId('pre-order-note')).toHaveTextContent(
        `${CATALOG_TEXTS.preOrder}: Dispatch starts mid-January. First dispatch: Mon, 12 Jan.`,
      ),
    );
    expect(screen.getByText(freeShippingText(99900))).toBeInTheDocument();
  });

  it.each([
    ['off', { ...OWNER.preOrder, on: false }],
    ['past their first dispatch day', { ...OWNER.preOrder, dispatchFrom: '2020-01-06' }],
  ])('leaves the pre-order line out while pre-orders are %s', async (_, preOrder) => {
    mockShopSettings({ ...OWNER, preOrder });
    renderRoute('/products/Bodybutter');
    await screen.findByRole('heading', { level: 1, name: getProduct('Bodybutter')?.name });
    await screen.findByText(freeShippingText(99900));
    expect(screen.queryByTestId('pre-order-note')).not.toBeInTheDocument();
  });

  it('prices the cart with the owner’s free-shipping threshold', async () => {
    setSession('token-cart', { name: 'Asha Patil', email: 'asha@example.com' });
    addToCart('Bodybutter', 1);
    mockShopSettings(OWNER);
    renderRoute('/cart');
    const summary = await screen.findByRole('complementary', { name: CART_TEXTS.summaryHeading });
    const price = getProduct('Bodybutter')!.price;
    await waitFor(() =>
      expect(within(summary).getByTestId('summary-total')).toHaveTextContent(
        formatINR(price + SHIPPING_FEE_PAISE),
      ),
    );
    expect(within(summary).getByText(freeShippingText(99900))).toBeInTheDocument();
  });
});
