import { brand, DEFAULT_SHOP_SETTINGS } from '@vanya/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { LEGAL_TEXTS } from '../legal-texts';

async function open(path: string, heading: string) {
  renderRoute(path);
  return screen.findByRole('heading', { level: 1, name: heading });
}

describe('legal pages', () => {
  it.each([
    ['/terms', LEGAL_TEXTS.terms.heading],
    ['/privacy', LEGAL_TEXTS.privacy.heading],
    ['/shipping-policy', LEGAL_TEXTS.shipping.heading],
    ['/cancellation-refund', LEGAL_TEXTS.cancellation.heading],
  ])('%s shows its policy with the other policies linked', async (path, heading) => {
    await open(path, heading);
    const related = screen.getByRole('navigation', { name: LEGAL_TEXTS.related });
    expect(within(related).getAllByRole('link')).toHaveLength(5);
    expect(within(related).getByRole('link', { name: heading })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('states the shop rules: GST-inclusive prices, delivery days, cancel until packed, refund timing', async () => {
    await open('/terms', LEGAL_TEXTS.terms.heading);
    expect(screen.getByText(/All prices are in Indian rupees and include GST/)).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(brand.supportEmail)).length).toBeGreaterThan(0);
  });

  it('the shipping policy gives the free-shipping threshold and 3-5 business days after dispatch', async () => {
    await open('/shipping-policy', LEGAL_TEXTS.shipping.heading);
    expect(screen.getByText(/Shipping is free on orders of ₹149 and above/)).toBeInTheDocument();
    expect(screen.getByText(/within 3-5 business days after dispatch/)).toBeInTheDocument();
  });

  it.each([
    [
      '/shipping-policy',
      LEGAL_TEXTS.shipping.heading,
      /Shipping is free on orders of ₹999 and above/,
    ],
    ['/terms', LEGAL_TEXTS.terms.heading, /Shipping is free on orders of ₹999 and above/],
  ])(
    '%s gives the owner’s free-shipping threshold once the settings arrive',
    async (path, heading, owner) => {
      mockApi((request) =>
        request.url === '/shop-settings'
          ? { status: 200, data: { ...DEFAULT_SHOP_SETTINGS, freeShippingThresholdPaise: 99900 } }
          : { status: 200, data: [] },
      );
      await open(path, heading);
      await waitFor(() => expect(screen.getByText(owner)).toBeInTheDocument());
      expect(screen.queryByText(/free on orders of ₹149/)).not.toBeInTheDocument();
    },
  );

  it('the cancellation policy says orders can be cancelled until packed and refunds take 5-7 working days', async () => {
    await open('/cancellation-refund', LEGAL_TEXTS.cancellation.heading);
    expect(screen.getByText(/cancel an order yourself until it is packed/)).toBeInTheDocument();
    expect(screen.getByText(/original payment method straight away/)).toHaveTextContent(
      '5-7 working days',
    );
  });

  it('is linked from the footer', async () => {
    await open('/terms', LEGAL_TEXTS.terms.heading);
    const footer = screen.getByRole('list', { name: 'Policies' });
    for (const name of [
      'Terms and Conditions',
      'Privacy Policy',
      'Shipping Policy',
      'Cancellation & Refund',
    ]) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});
