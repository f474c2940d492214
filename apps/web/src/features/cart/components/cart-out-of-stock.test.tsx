import { getProduct } from '@vanya/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { addToCart } from '../../../lib/cart-store';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { productsWithStock } from '../../../testing/stock-fixtures';
import { CART_TEXTS } from '../texts';

const OUT = 'Bodybutter';
const NAME = getProduct(OUT)!.name;

function stockApi() {
  return mockApi((request) =>
    request.url === '/products'
      ? { status: 200, data: productsWithStock([OUT]) }
      : { status: 200, data: [] },
  );
}

describe('/cart with an item out of stock', () => {
  it('marks the cart line and disables Proceed to Checkout with a note', async () => {
    setSession('token-stock', { name: 'Asha Patil', email: 'asha@example.com' });
    addToCart(OUT, 1);
    addToCart('ExfoliatingScrub', 1);
    stockApi();
    renderRoute('/cart');
    const line = await screen.findByRole('article', { name: NAME });
    expect(await within(line).findByText(CART_TEXTS.outOfStockLine)).toBeInTheDocument();
    expect(
      within(
        screen.getByRole('article', { name: getProduct('ExfoliatingScrub')!.name }),
      ).queryByText(CART_TEXTS.outOfStockLine),
    ).not.toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: CART_TEXTS.summaryHeading });
    const checkout = within(summary).getByRole('button', { name: CART_TEXTS.proceedToCheckout });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(CART_TEXTS.outOfStockBlocked);
  });
});
