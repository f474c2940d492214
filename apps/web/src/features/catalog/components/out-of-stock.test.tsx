import { getProduct } from '@vanya/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { productsWithStock } from '../../../testing/stock-fixtures';
import { CATALOG_TEXTS } from '../texts';

const OUT = 'Bodybutter';
const NAME = getProduct(OUT)!.name;

function stockApi() {
  return mockApi((request) =>
    request.url === '/products'
      ? { status: 200, data: productsWithStock([OUT]) }
      : { status: 200, data: [] },
  );
}

describe('out of stock on the storefront', () => {
  it('marks the product card and disables its Add to Cart', async () => {
    const requests = stockApi();
    renderRoute('/products');
    await screen.findByRole('heading', { level: 1, name: CATALOG_TEXTS.productsHeading });
    const button = await screen.findByRole('button', {
      name: `${CATALOG_TEXTS.outOfStock}: ${NAME}`,
    });
    expect(button).toBeDisabled();
    const card = button.closest('article')!;
    expect(within(card).getAllByText(CATALOG_TEXTS.outOfStock)).toHaveLength(2);
    // Other products stay buyable.
    const others = screen.getAllByRole('button', {
      name: new RegExp(`^${CATALOG_TEXTS.addToCart}`),
    });
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other).toBeEnabled();
    expect(requests.filter((request) => request.url === '/products')).toHaveLength(1);
  }, 20_000);

  it('says so on the product page and disables Add to Cart and Buy Now', async () => {
    stockApi();
    renderRoute(`/products/${OUT}`);
    await screen.findByRole('heading', { level: 1, name: NAME });
    expect(await screen.findByText(CATALOG_TEXTS.outOfStockNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CATALOG_TEXTS.addToCart })).toBeDisabled();
    expect(screen.getByRole('button', { name: CATALOG_TEXTS.buyNow })).toBeDisabled();
  });

  it('keeps a product in stock buyable on its page', async () => {
    stockApi();
    renderRoute('/products/ExfoliatingScrub');
    await screen.findByRole('heading', { level: 1, name: getProduct('ExfoliatingScrub')!.name });
    expect(screen.queryByText(CATALOG_TEXTS.outOfStockNote)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: CATALOG_TEXTS.buyNow })).toBeEnabled();
  });
});
