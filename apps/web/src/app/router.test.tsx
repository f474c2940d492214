import { featureBlockProducts, products } from '@vanya/catalog';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { ERROR_TEXTS } from '../components/errors/error-texts';
import { PATHS } from '../config/paths';
import { ABOUT_TEXTS } from '../features/about/texts';
import { ACCOUNT_TEXTS } from '../features/account/texts';
import { AUTH_TEXTS } from '../features/auth/texts';
import { CART_TEXTS } from '../features/cart/texts';
import { CATALOG_TEXTS } from '../features/catalog/texts';
import { CHECKOUT_TEXTS } from '../features/checkout/texts';
import { COMMUNITY_TEXTS } from '../features/community/texts';
import { CONTACT_TEXTS } from '../features/contact/texts';
import { HOME_TEXTS } from '../features/home/texts';
import { ORDER_TEXTS } from '../features/orders/texts';
import { POLICY_TEXTS } from '../features/policies/texts';
import { WISHLIST_TEXTS } from '../features/wishlist/texts';
import { setSession } from '../lib/auth-storage';
import { addToCart } from '../lib/cart-store';
import { renderRoute } from '../testing/render-route';
import { routes } from './router';

const PUBLIC_PAGES: [path: string, heading: string][] = [
  [PATHS.home, HOME_TEXTS.heading],
  [PATHS.products, CATALOG_TEXTS.productsHeading],
  ...products.map((product): [string, string] => [PATHS.product(product.id), product.name]),
  [PATHS.about, ABOUT_TEXTS.heading],
  [PATHS.contact, CONTACT_TEXTS.heading],
  [PATHS.community, COMMUNITY_TEXTS.heading],
  [PATHS.returnPolicy, POLICY_TEXTS.returnPolicyHeading],
  [PATHS.login, AUTH_TEXTS.login.heading],
  [PATHS.signup, AUTH_TEXTS.signup.heading],
  [PATHS.verifyOtp, AUTH_TEXTS.verifyOtp.heading],
  [`${PATHS.verifyEmail}?token=abc`, AUTH_TEXTS.verifyEmail.heading],
  [PATHS.forgotPassword, AUTH_TEXTS.forgotPassword.heading],
  [PATHS.forgotEmailSent, AUTH_TEXTS.forgotEmailSent.heading],
  [`${PATHS.resetPassword}?token=abc`, AUTH_TEXTS.resetPassword.heading],
];

const GUARDED_PAGES: [path: string, heading: string][] = [
  [PATHS.profile, ACCOUNT_TEXTS.heading],
  [PATHS.wishlist, WISHLIST_TEXTS.heading],
  [PATHS.cart, CART_TEXTS.heading],
  [PATHS.checkout, CHECKOUT_TEXTS.heading],
  [PATHS.orderConfirmation, ORDER_TEXTS.confirmationHeading],
];

describe('router', () => {
  it.each(PUBLIC_PAGES)('renders the public page %s with its heading', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // Every page sits in the shared layout.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the feature block of the first three products on the home page', async () => {
    renderRoute(PATHS.home);
    await screen.findByRole('heading', { level: 1, name: HOME_TEXTS.heading });
    expect(screen.getByRole('link', { name: HOME_TEXTS.shopNow })).toHaveAttribute(
      'href',
      PATHS.products,
    );
    expect(screen.getByText(HOME_TEXTS.tagline)).toBeInTheDocument();
    // Below the first screen, so it arrives a moment later.
    const featured = await screen.findByRole('region', { name: HOME_TEXTS.featuredHeading });
    for (const product of featureBlockProducts()) {
      expect(
        within(featured).getByRole('link', { name: new RegExp(product.name) }),
      ).toHaveAttribute('href', PATHS.product(product.id));
    }
  });

  it('sends an unknown product id back to the product list', async () => {
    const { router } = renderRoute(PATHS.product('no-such-product'));
    expect(
      await screen.findByRole('heading', { level: 1, name: CATALOG_TEXTS.productsHeading }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATHS.products);
  });

  it('gives every path of the route table a page of its own, not the not-found page', () => {
    const paths: string[] = Object.values(PATHS).filter((value) => typeof value === 'string');
    paths.push(PATHS.product('Bodybutter'));
    for (const path of paths) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.at(-1)?.route.path, path).not.toBe('*');
    }
  });

  it.each(GUARDED_PAGES)(
    'sends a visitor without a token from %s to the login page, remembering where they were',
    async (path) => {
      const { router } = renderRoute(`${path}?step=2`);
      expect(
        await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.login.heading }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(PATHS.login);
      expect(router.state.location.search).toBe(
        `?redirect=${encodeURIComponent(`${path}?step=2`)}`,
      );
      // The guarded page was replaced, not pushed: Back does not bounce into the guard again.
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('redirects /cart without a token to /login?redirect=%2Fcart', async () => {
    const { router } = renderRoute(PATHS.cart);
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.login.heading });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/login?redirect=%2Fcart',
    );
  });

  it.each(GUARDED_PAGES)('shows %s to a signed-in user', async (path, heading) => {
    setSession('token-123', { name: 'Asha Patil', email: 'asha@example.com' });
    // The checkout needs something to check out; the confirmation without an order says so.
    addToCart('Bodybutter', 1);
    if (path === PATHS.orderConfirmation) heading = ORDER_TEXTS.missingHeading;
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('sends a signed-in user with an empty cart from the checkout back to the cart', async () => {
    setSession('token-123', { name: 'Asha Patil', email: 'asha@example.com' });
    const { router } = renderRoute(PATHS.checkout);
    expect(
      await screen.findByRole('heading', { level: 1, name: CART_TEXTS.heading }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATHS.cart);
  });

  it('shows the not-found page for an unknown path', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/no-such-page');
    expect(await screen.findByText(ERROR_TEXTS.notFoundMessage)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });

  it('shows the error page, inside the layout, when a page throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    renderRoute('/broken', withExtraPage({ path: 'broken', Component: Broken }));
    expect(
      await screen.findByRole('heading', { level: 1, name: ERROR_TEXTS.unexpectedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXTS.unexpectedLead)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ERROR_TEXTS.returnHome })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the error page when a route loader fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(
      '/failing',
      withExtraPage({
        path: 'failing',
        loader: () => {
          throw new Error('loader failed');
        },
        Component: () => <h1>never shown</h1>,
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: ERROR_TEXTS.unexpectedTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
  });
});

/** The app's route table with one more page under the shared layout. */
function withExtraPage(page: RouteObject): RouteObject[] {
  const [root] = routes;
  const pages = root?.children?.[0];
  if (!root || !pages) throw new Error('Unexpected route table shape');
  return [
    {
      ...root,
      children: [{ ...pages, children: [page, ...(pages.children ?? [])] } as RouteObject],
    } as RouteObject,
  ];
}
