import { featureBlockProducts, TIMINGS } from '@vanya/catalog';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';

import { ToastProvider } from '../../../components/ui/toast';
import { getCartLines } from '../../../lib/cart-store';
import { FeatureBlock } from './feature-block';

function renderBlock() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <FeatureBlock /> },
      { path: '/cart', element: <p>cart page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
  return router;
}

describe('the home page’s feature block', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first three products with their long descriptions', () => {
    renderBlock();
    for (const product of featureBlockProducts()) {
      expect(screen.getByRole('heading', { level: 3, name: product.name })).toBeInTheDocument();
      expect(screen.getByText(product.longdescription)).toBeInTheDocument();
    }
  });

  it('alternates the button between Buy Now and the price with the MRP struck, every 2 s', () => {
    renderBlock();
    const button = screen.getByRole('button', { name: /^Buy Now.*: Body Butter$/ });
    expect(button).toHaveAttribute('data-showing', 'buy-now');
    expect(button.querySelector('s')).toHaveTextContent('₹799.00');
    act(() => vi.advanceTimersByTime(TIMINGS.priceToggleMs - 1));
    expect(button).toHaveAttribute('data-showing', 'buy-now');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveAttribute('data-showing', 'price');
    act(() => vi.advanceTimersByTime(TIMINGS.priceToggleMs));
    expect(button).toHaveAttribute('data-showing', 'buy-now');
  });

  it('adds one to the cart and opens the cart', () => {
    const router = renderBlock();
    fireEvent.click(screen.getByRole('button', { name: /^Buy Now.*: Exfoliating Scrub$/ }));
    expect(getCartLines()).toEqual([{ productId: 'ExfoliatingScrub', quantity: 1 }]);
    expect(router.state.location.pathname).toBe('/cart');
  });
});
