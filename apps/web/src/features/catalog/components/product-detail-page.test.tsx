import { getProduct, relatedProducts } from '@vanya/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { getCartLines } from '../../../lib/cart-store';
import { renderRoute } from '../../../testing/render-route';
import { CATALOG_TEXTS } from '../texts';

async function renderProduct(id: string) {
  const result = renderRoute(`/products/${id}`);
  await screen.findByRole('heading', { level: 1, name: getProduct(id)?.name });
  return result;
}

describe('/products/:id', () => {
  it('shows the product: category, rating, price, description, benefits and ingredients', async () => {
    await renderProduct('Bodybutter');
    const product = getProduct('Bodybutter');
    expect(screen.getByText('Rated 4.7 out of 5')).toBeInTheDocument();
    expect(screen.getAllByText('₹349.00')[0]).toBeInTheDocument();
    expect(screen.getByText(CATALOG_TEXTS.inclusiveOfTaxes)).toBeInTheDocument();
    const benefits = screen.getByRole('region', { name: CATALOG_TEXTS.keyBenefits });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(product?.benefits.length ?? 0);
    expect(screen.getByRole('region', { name: CATALOG_TEXTS.ingredients })).toHaveTextContent(
      'Kokum Butter',
    );
    expect(document.title).toBe('Body Butter | Vanya Naturals');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      product?.description,
    );
  });

  it('adds the chosen quantity with Add to Cart and stays on the page', async () => {
    const user = userEvent.setup();
    const { router } = await renderProduct('TanGoneSoap');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: CATALOG_TEXTS.addToCart }));
    expect(getCartLines()).toEqual([{ productId: 'TanGoneSoap', quantity: 3 }]);
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/TanGoneSoap');
  });

  it('ignores typed quantities that are not whole numbers above 0', async () => {
    const user = userEvent.setup();
    await renderProduct('TanGoneSoap');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Tan.Gone.Soap' });
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue(1);
    fireEvent.change(quantity, { target: { value: '4' } });
    await user.click(screen.getByRole('button', { name: CATALOG_TEXTS.addToCart }));
    expect(getCartLines()).toEqual([{ productId: 'TanGoneSoap', quantity: 4 }]);
  });

  it('adds and goes to the cart with Buy Now', async () => {
    const user = userEvent.setup();
    const { router } = await renderProduct('Hamper');
    await user.click(screen.getByRole('button', { name: CATALOG_TEXTS.buyNow }));
    expect(getCartLines()).toEqual([{ productId: 'Hamper', quantity: 1 }]);
    // A guest meets the login page on the way, which brings them back to the cart.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcart');
  });

  it('shows Product Description and How to Use, with its video, for the three single products', async () => {
    await renderProduct('ExfoliatingScrub');
    expect(
      screen.getByRole('heading', { name: CATALOG_TEXTS.productDescription }),
    ).toBeInTheDocument();
    const howTo = screen.getByRole('region', { name: CATALOG_TEXTS.howToUse });
    expect(within(howTo).getAllByRole('listitem')).toHaveLength(4);
    expect(howTo.querySelector('video source')).toHaveAttribute(
      'src',
      '/media/videos/how-to-exfoliating-scrub.mp4',
    );
    expect(screen.queryByRole('heading', { name: CATALOG_TEXTS.youMayAlsoLike })).toBeNull();
  });

  it('shows You May Also Like with three other products for the bundles and hampers', async () => {
    await renderProduct('MagicSkinDuo');
    expect(screen.queryByRole('heading', { name: CATALOG_TEXTS.howToUse })).toBeNull();
    const related = screen.getByRole('region', { name: CATALOG_TEXTS.youMayAlsoLike });
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(relatedProducts('MagicSkinDuo').map((p) => p.name));
  });

  it('keeps a product on the wishlist with the heart', async () => {
    const user = userEvent.setup();
    await renderProduct('Luxehamper');
    const heart = screen.getByRole('button', { name: 'Save Luxe Hamper to wishlist' });
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Item added to wishlist')).toBeInTheDocument();
  });
});
