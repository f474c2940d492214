import { CATEGORY_OPTIONS, products, SORT_OPTIONS } from '@vanya/catalog';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../../testing/render-route';
import { CATALOG_TEXTS } from '../texts';

async function renderProducts(path = '/products') {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: CATALOG_TEXTS.productsHeading });
  return result;
}

function grid() {
  return screen.getByRole('list', { name: CATALOG_TEXTS.productsHeading });
}

describe('/products', () => {
  it('lists every product, featured first, with badges, price, MRP and savings', async () => {
    await renderProducts();
    const names = within(grid())
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(names).toHaveLength(products.length);
    expect(names[0]).toBe('Body Butter');
    const butter = within(grid()).getAllByRole('article')[0] as HTMLElement;
    expect(within(butter).getByText('FEATURED')).toBeInTheDocument();
    expect(within(butter).getByText('₹349.00')).toBeInTheDocument();
    expect(within(butter).getByText('₹799.00').closest('s')).not.toBeNull();
    expect(within(butter).getByText('Save ₹450, 56.0% off')).toBeInTheDocument();
    const scrub = within(grid()).getAllByRole('article')[1] as HTMLElement;
    expect(within(scrub).getByText('NEW')).toBeInTheDocument();
  });

  it('filters by category and keeps the choice in the address', async () => {
    const user = userEvent.setup();
    const { router } = await renderProducts();
    const filters = screen.getByRole('group', { name: CATALOG_TEXTS.categoryFilterLabel });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(CATEGORY_OPTIONS.map((option) => option.label));

    await user.click(within(filters).getByRole('button', { name: 'Hamper' }));
    expect(router.state.location.search).toBe('?category=Hamper');
    expect(within(filters).getByRole('button', { name: 'Hamper' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(grid())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Hamper', 'Festive Hamper', 'Luxe Hamper']);
    expect(screen.getByText('3 products')).toBeInTheDocument();
  });

  it('sorts by price and name, kept in the address with the filter', async () => {
    const user = userEvent.setup();
    const { router } = await renderProducts('/products?category=Bundle');
    const sort = screen.getByRole('combobox', { name: CATALOG_TEXTS.sortLabel });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(SORT_OPTIONS.map((option) => option.label));

    await user.selectOptions(sort, 'price-high');
    expect(router.state.location.search).toBe('?category=Bundle&sort=price-high');
    expect(
      within(grid())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Magic Skin Duo', 'Tan-Free Trio', 'The Scrub Club']);

    await user.selectOptions(sort, 'name');
    expect(
      within(grid())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Magic Skin Duo', 'Tan-Free Trio', 'The Scrub Club']);
    await user.selectOptions(sort, 'price-low');
    expect(
      within(grid())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['The Scrub Club', 'Tan-Free Trio', 'Magic Skin Duo']);
  });

  it('reads the filter and sort from a shared address', async () => {
    await renderProducts('/products?category=scrub&sort=price-low');
    expect(
      within(grid())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Exfoliating Scrub']);
    expect(screen.getByRole('combobox', { name: CATALOG_TEXTS.sortLabel })).toHaveValue(
      'price-low',
    );
  });

  it('says when a category has no products and offers all of them', async () => {
    const user = userEvent.setup();
    const { router } = await renderProducts('/products?category=lipstick');
    expect(screen.getByText(CATALOG_TEXTS.noProducts)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CATALOG_TEXTS.viewAllProducts }));
    expect(router.state.location.search).toBe('');
    expect(within(grid()).getAllByRole('article')).toHaveLength(products.length);
  });

  it('goes back to all products with Explore Collection', async () => {
    const user = userEvent.setup();
    const { router } = await renderProducts('/products?category=soap&sort=name');
    await user.click(screen.getByRole('button', { name: CATALOG_TEXTS.exploreCollection }));
    expect(router.state.location.search).toBe('?sort=name');
  });

  it('adds a product to the cart from its card', async () => {
    const user = userEvent.setup();
    await renderProducts();
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Body Butter' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });
});
