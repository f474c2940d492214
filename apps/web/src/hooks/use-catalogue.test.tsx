import { catalogueOf, formatINR, priceCart, products, type Product } from '@vanya/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CART_TEXTS } from '../features/cart/texts';
import { CATALOG_TEXTS } from '../features/catalog/texts';
import { setSession } from '../lib/auth-storage';
import { catalogueScript } from '../lib/catalogue-script';
import { addToCart } from '../lib/cart-store';
import { mockApi } from '../testing/mock-api';
import { renderRoute } from '../testing/render-route';
import { pageCatalogue } from './use-catalogue';

// The storefront draws every product fact from the catalogue of the page (then of GET /products),
// never from the nine of the code: an owner's change shows without a release.

/** The catalogue of the code with the Body Butter renamed and repriced, as an owner might. */
function renamedCatalogue(): { list: Product[]; butter: Product } {
  const list = products.map((product) =>
    product.id === 'Bodybutter'
      ? { ...product, name: 'Cocoa Cloud Butter', price: 42_900, discountedPrice: 42_900 }
      : product,
  );
  return { list, butter: list[0]! };
}

/** GET /products answers `list`, all in stock. */
function answerProducts(list: readonly Product[]) {
  mockApi(({ url }) =>
    url === '/products'
      ? { status: 200, data: list.map((product) => ({ ...product, inStock: true })) }
      : { status: 404, data: { message: 'Not found' } },
  );
}

describe('the catalogue of the page', () => {
  it('names and prices the product page from it', async () => {
    const { list, butter } = renamedCatalogue();
    answerProducts(list);
    renderRoute('/products/Bodybutter', undefined, { catalogue: catalogueOf(list) });
    await screen.findByRole('heading', { level: 1, name: butter.name });
    expect(screen.getAllByText(formatINR(butter.price))[0]).toBeInTheDocument();
    expect(document.title).toBe(`${butter.name} | Vanya Naturals`);
  });

  it('lists its products with their names and prices', async () => {
    const { list, butter } = renamedCatalogue();
    answerProducts(list);
    renderRoute('/products', undefined, { catalogue: catalogueOf(list) });
    const grid = await screen.findByRole('list', { name: CATALOG_TEXTS.productsHeading });
    const card = within(grid).getAllByRole('article')[0] as HTMLElement;
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(butter.name);
    expect(within(card).getByText(formatINR(butter.price))).toBeInTheDocument();
    expect(within(grid).queryByText('Body Butter')).toBeNull();
  });

  it('prices the cart at its prices', async () => {
    const { list, butter } = renamedCatalogue();
    answerProducts(list);
    setSession('token-cart', { name: 'Asha Patil', email: 'asha@example.com' });
    addToCart('Bodybutter', 2);
    renderRoute('/cart', undefined, { catalogue: catalogueOf(list) });
    await screen.findByRole('heading', { level: 1, name: CART_TEXTS.heading });
    expect(screen.getByRole('article', { name: butter.name })).toBeInTheDocument();
    const priced = priceCart([{ productId: 'Bodybutter', quantity: 2 }], {
      catalogue: catalogueOf(list),
    });
    expect(priced.grandTotal).not.toBe(
      priceCart([{ productId: 'Bodybutter', quantity: 2 }]).grandTotal,
    );
    expect(screen.getByTestId('summary-total')).toHaveTextContent(formatINR(priced.grandTotal));
  });

  it('gives way to the products of GET /products once they have come', async () => {
    const { list, butter } = renamedCatalogue();
    answerProducts(list);
    // The page was rendered with the nine of the code; the owner has renamed one since.
    renderRoute('/products/Bodybutter');
    expect(await screen.findByRole('heading', { level: 1, name: butter.name })).toBeInTheDocument();
  });

  it('stays when GET /products answers the stock alone', async () => {
    mockApi(({ url }) =>
      url === '/products'
        ? { status: 200, data: products.map(({ id }) => ({ id, inStock: id !== 'Bodybutter' })) }
        : { status: 404, data: { message: 'Not found' } },
    );
    const { list, butter } = renamedCatalogue();
    renderRoute('/products/Bodybutter', undefined, { catalogue: catalogueOf(list) });
    await screen.findByText(CATALOG_TEXTS.outOfStockNote);
    expect(screen.getByRole('heading', { level: 1, name: butter.name })).toBeInTheDocument();
  });

  it('is read from the page’s script, or is the code’s when the page has none', () => {
    const { list, butter } = renamedCatalogue();
    const doc = new DOMParser().parseFromString(
      `<!doctype html><html><body><div id="root"></div>${catalogueScript(list)}</body></html>`,
      'text/html',
    );
    expect(pageCatalogue(doc).get('Bodybutter')).toEqual(butter);
    expect(pageCatalogue(doc).products).toHaveLength(list.length);
    const bare = new DOMParser().parseFromString('<div id="root"></div>', 'text/html');
    expect(pageCatalogue(bare).get('Bodybutter')?.name).toBe('Body Butter');
  });
});
