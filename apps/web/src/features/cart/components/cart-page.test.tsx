import { formatINR, priceCart } from '@vanya/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { addToCart, getCartLines, userCartKey } from '../../../lib/cart-store';
import { renderRoute } from '../../../testing/render-route';
import { CART_TEXTS } from '../texts';

async function renderCart() {
  const result = renderRoute('/cart');
  await screen.findByRole('heading', { level: 1, name: CART_TEXTS.heading });
  return result;
}

function signIn() {
  setSession('token-cart', { name: 'Asha Patil', email: 'asha@example.com' });
}

const line = (name: string) => screen.getByRole('article', { name });

describe('/cart', () => {
  it('says the cart is empty and links back to the products', async () => {
    signIn();
    await renderCart();
    expect(screen.getByRole('heading', { name: CART_TEXTS.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(CART_TEXTS.emptyMessage)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: CART_TEXTS.continueShopping });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/products');
  });

  it('keeps the order summary when the cart is empty, with Proceed to Checkout disabled', async () => {
    signIn();
    await renderCart();
    const summary = screen.getByRole('complementary', { name: CART_TEXTS.summaryHeading });
    const checkout = within(summary).getByRole('button', { name: CART_TEXTS.proceedToCheckout });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(CART_TEXTS.summaryEmpty);
    expect(
      within(summary).getByRole('link', { name: CART_TEXTS.continueShopping }),
    ).toHaveAttribute('href', '/products');
  });

  it('keeps the summary when the last line goes, and disables its checkout button', async () => {
    const user = userEvent.setup();
    signIn();
    addToCart('Bodybutter', 1);
    await renderCart();
    const checkout = () => screen.getByRole('button', { name: CART_TEXTS.proceedToCheckout });
    expect(checkout()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: CART_TEXTS.clearCart }));
    expect(screen.getByRole('heading', { name: CART_TEXTS.emptyTitle })).toBeInTheDocument();
    expect(
      screen.getByRole('complementary', { name: CART_TEXTS.summaryHeading }),
    ).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
  });

  it('shows each line with price, MRP, saving, quantity and line total, and the summary', async () => {
    signIn();
    addToCart('Bodybutter', 2);
    addToCart('TanGoneSoap', 1);
    await renderCart();

    expect(screen.getByRole('heading', { name: 'Items (3)' })).toBeInTheDocument();
    const butter = line('Body Butter');
    expect(within(butter).getByText('₹799.00').closest('s')).not.toBeNull();
    expect(within(butter).getByText('Save ₹450')).toBeInTheDocument();
    expect(within(butter).getByRole('spinbutton', { name: 'Quantity of Body Butter' })).toHaveValue(
      2,
    );
    expect(within(butter).getByText('₹698.00')).toBeInTheDocument();

    const priced = priceCart([
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 1 },
    ]);
    const summary = screen.getByRole('complementary', { name: CART_TEXTS.summaryHeading });
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent(
      formatINR(priced.grandTotal),
    );
    expect(within(summary).getByText(formatINR(priced.mrpTotal))).toBeInTheDocument();
    expect(within(summary).getByText(`-${formatINR(priced.discount)}`)).toBeInTheDocument();
    expect(within(summary).getByText('FREE')).toBeInTheDocument();
    expect(within(summary).getByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(within(summary).getByText('CGST').nextSibling).toHaveTextContent(formatINR(priced.cgst));
    expect(within(summary).getByText('SGST').nextSibling).toHaveTextContent(formatINR(priced.sgst));
    expect(
      within(summary).getByRole('button', { name: CART_TEXTS.proceedToCheckout }),
    ).toBeEnabled();
  });

  it('changes quantities by typing or stepping; 0 removes the line', async () => {
    const user = userEvent.setup();
    signIn();
    addToCart('Bodybutter', 2);
    addToCart('Hamper', 1);
    await renderCart();

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Body Butter' }), {
      target: { value: '5' },
    });
    expect(getCartLines()[0]).toEqual({ productId: 'Bodybutter', quantity: 5 });
    expect(await screen.findByText(CART_TEXTS.itemUpdated)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Body Butter' }), {
      target: { value: '0' },
    });
    expect(screen.queryByRole('article', { name: 'Body Butter' })).toBeNull();
    expect(await screen.findByText(CART_TEXTS.itemRemoved)).toBeInTheDocument();

    await user.click(within(line('Hamper')).getByRole('button', { name: 'Decrease quantity' }));
    expect(getCartLines()).toEqual([]);
    expect(screen.getByRole('heading', { name: CART_TEXTS.emptyTitle })).toBeInTheDocument();
  });

  it('removes a line with Remove and empties the cart with Clear Cart', async () => {
    const user = userEvent.setup();
    signIn();
    addToCart('Bodybutter', 1);
    addToCart('Hamper', 1);
    await renderCart();
    await user.click(screen.getByRole('button', { name: 'Remove Body Butter' }));
    expect(getCartLines()).toEqual([{ productId: 'Hamper', quantity: 1 }]);
    await user.click(screen.getByRole('button', { name: CART_TEXTS.clearCart }));
    expect(getCartLines()).toEqual([]);
  });

  it('says a line of a product the shop no longer sells, which cannot be checked out', async () => {
    signIn();
    window.localStorage.setItem(
      userCartKey('asha@example.com'),
      JSON.stringify([{ productId: 'rose-scrub', quantity: 1 }]),
    );
    await renderCart();
    expect(screen.getByRole('article', { name: CART_TEXTS.noLongerSold })).toHaveTextContent(
      CART_TEXTS.noLongerSoldLine,
    );
    expect(screen.getByRole('button', { name: CART_TEXTS.proceedToCheckout })).toBeDisabled();
  });

  it('suggests up to three products not in the cart, each added once with Add', async () => {
    const user = userEvent.setup();
    signIn();
    addToCart('Bodybutter', 1);
    await renderCart();
    const suggestions = screen.getByRole('region', { name: CART_TEXTS.youMayAlsoLike });
    const cards = within(suggestions).getAllByRole('article');
    expect(cards).toHaveLength(3);
    const names = cards.map((card) => within(card).getByRole('heading').textContent);
    expect(names).not.toContain('Body Butter');
    for (const card of cards) {
      expect(within(card).getByText(CART_TEXTS.inclusiveOfTaxes)).toBeInTheDocument();
      expect(within(card).getByText(/^Save ₹[\d,]+, \d+% off$/)).toBeInTheDocument();
    }

    const first = names[0] ?? '';
    await user.click(within(suggestions).getByRole('button', { name: `Add ${first}` }));
    await waitFor(() => expect(getCartLines()).toHaveLength(2));
    expect(getCartLines()[1]?.quantity).toBe(1);
    expect(
      within(screen.getByRole('region', { name: CART_TEXTS.youMayAlsoLike })).queryByRole(
        'heading',
        { name: first },
      ),
    ).toBeNull();
  });

  it('goes to the checkout', async () => {
    const user = userEvent.setup();
    signIn();
    addToCart('Bodybutter', 1);
    const { router } = await renderCart();
    await user.click(screen.getByRole('button', { name: CART_TEXTS.proceedToCheckout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });
});
