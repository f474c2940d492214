import { brand } from '@vanya/catalog';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { Navbar } from './navbar';

function renderNavbar(path: string, cartCount = 0) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar cartCount={cartCount} />
    </MemoryRouter>,
  );
}

describe('Navbar', () => {
  it('marks the link of the current page with aria-current="page"', () => {
    renderNavbar('/products/3');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('highlights Home only on the home page', () => {
    renderNavbar('/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('links the brand, the main pages, the hashtag and the icon links', () => {
    renderNavbar('/about');
    expect(screen.getByRole('link', { name: brand.name })).toHaveAttribute('href', '/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['About', '/about'],
      ['Contact', '/contact'],
      [brand.hashtag, '/community'],
    ]);
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
  });

  it('shows the cart count in the badge', () => {
    renderNavbar('/', 3);
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveTextContent('3');
  });

  it('opens and closes the small-screen menu, which includes My Account', async () => {
    const user = userEvent.setup();
    renderNavbar('/');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(button);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(menu).getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/profile',
    );

    await user.keyboard('{Tab}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('closes the menu after following one of its links', async () => {
    const user = userEvent.setup();
    renderNavbar('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(menu).getByRole('link', { name: 'Products' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Products',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
