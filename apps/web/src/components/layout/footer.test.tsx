import { brand } from '@vanya/catalog';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { Footer } from './footer';

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

describe('Footer', () => {
  it('shows the copyright line with the current year', () => {
    renderFooter();
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} Vanya Naturals. All rights reserved.`)).toBeInTheDocument();
  });

  it('links the support mailbox and shows the postal address in Latur', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: brand.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );
    const address = screen.getByText(/Latur, Maharashtra 413512/);
    expect(address.closest('address')).toBeInTheDocument();
    expect(screen.getByText(brand.description)).toBeInTheDocument();
  });

  it('has the quick links and labelled social links', () => {
    renderFooter();
    const quickLinks = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quickLinks)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
    ]);

    const social = screen.getByRole('list', { name: 'Follow us' });
    const hrefs = within(social)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      brand.social.facebook,
      brand.social.instagram,
      brand.social.x,
      brand.social.youtube,
    ]);
    for (const name of [/Facebook/, /Instagram/, /X \(formerly Twitter\)/, /YouTube/]) {
      expect(within(social).getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });
});
