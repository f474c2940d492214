import { getProduct } from '@vanya/catalog';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { productsWithStock } from '../../../testing/stock-fixtures';
import { CATALOG_TEXTS } from '../texts';

const OUT = 'Bodybutter';
const NAME = getProduct(OUT)!.name;

function stockApi(left: Record<string, number> = {}) {
  return mockApi((request) => {
    if (request.url === '/products') return { status: 200, data: productsWithStock([OUT], left) };
    if (request.method === 'POST' && request.url === `/products/${OUT}/notify`)
      return {
        status: 201,
        data: { message: "We'll email you once, as soon as it is back in stock." },
      };
    return { status: 200, data: [] };
  });
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

  it('offers "Notify me" on the product page and sends the address typed', async () => {
    const user = userEvent.setup();
    const requests = stockApi();
    renderRoute(`/products/${OUT}`);
    await screen.findByRole('heading', { level: 1, name: NAME });
    const form = await screen.findByRole('form', { name: `${CATALOG_TEXTS.notifyMe}: ${NAME}` });
    const email = within(form).getByRole('textbox', { name: CATALOG_TEXTS.notifyMeLabel });
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: CATALOG_TEXTS.notifyMe }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Meera@Example.in');
    await user.click(within(form).getByRole('button', { name: CATALOG_TEXTS.notifyMe }));
    expect(
      await screen.findByText("We'll email you once, as soon as it is back in stock."),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'meera@example.in' });
  });

  it('says how many are left on the card when 5 or fewer', async () => {
    stockApi({ ExfoliatingScrub: 3 });
    renderRoute('/products');
    const button = await screen.findByRole('button', {
      name: `${CATALOG_TEXTS.addToCart}: ${getProduct('ExfoliatingScrub')!.name}`,
    });
    const card = button.closest('article')!;
    expect(await within(card).findByText(CATALOG_TEXTS.onlyLeft(3))).toBeInTheDocument();
    expect(button).toBeEnabled();
    // Plenty of the others: no count is shown.
    expect(screen.getAllByText(/^Only \d+ left$/)).toHaveLength(1);
  });

  it('says how many are left on the product page, with the buttons still working up to that many', async () => {
    stockApi({ ExfoliatingScrub: 3 });
    renderRoute('/products/ExfoliatingScrub');
    await screen.findByRole('heading', { level: 1, name: getProduct('ExfoliatingScrub')!.name });
    expect(await screen.findByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CATALOG_TEXTS.buyNow })).toBeEnabled();
    // No more than are left can be chosen.
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled();
  });
});
