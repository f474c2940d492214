import { WISHLIST_MESSAGES } from '@vanya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { getCartLines } from '../../../lib/cart-store';
import { toggleWishlist } from '../../../lib/wishlist-store';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { WISHLIST_TEXTS as T } from '../texts';

/** A server that keeps the wishlist it is sent. */
function wishlistServer(initial: string[]) {
  let stored = [...initial];
  const requests = mockApi((request: MockRequest) => {
    if (request.url !== '/wishlist') return { status: 404, data: {} };
    if (request.method === 'POST') stored = [...new Set(request.body as string[])];
    return { status: 200, data: stored };
  });
  return { requests, stored: () => stored };
}

async function renderWishlist() {
  renderRoute('/wishlist');
  await screen.findByRole('heading', { level: 1, name: T.heading });
}

describe('/wishlist', () => {
  it('loads the signed-in user’s list from the server and merges hearts clicked as a guest into it', async () => {
    toggleWishlist('TanGoneSoap');
    const server = wishlistServer(['Hamper']);
    setSession('token-wish-1', { name: 'Asha', email: 'asha@example.com' });
    await renderWishlist();

    expect(await screen.findByRole('article', { name: 'Hamper' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Tan.Gone.Soap' })).toBeInTheDocument();
    expect(screen.getByText(T.count(2))).toBeInTheDocument();
    await waitFor(() => expect(server.stored()).toEqual(['Hamper', 'TanGoneSoap']));
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('moves an item to the cart, removes one and clears the rest, saving each change', async () => {
    const user = userEvent.setup();
    const server = wishlistServer(['Hamper', 'Bodybutter', 'ScrubClub']);
    setSession('token-wish-2', { name: 'Asha', email: 'asha@example.com' });
    await renderWishlist();

    const hamper = await screen.findByRole('article', { name: 'Hamper' });
    await user.click(within(hamper).getByRole('button', { name: 'Move to Cart: Hamper' }));
    expect(await screen.findByText(WISHLIST_MESSAGES.movedToCart)).toBeInTheDocument();
    expect(getCartLines()).toEqual([{ productId: 'Hamper', quantity: 1 }]);
    await waitFor(() => expect(server.stored()).toEqual(['Bodybutter', 'ScrubClub']));

    await user.click(screen.getByRole('button', { name: 'Remove Body Butter' }));
    expect(await screen.findByText(WISHLIST_MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(server.stored()).toEqual(['ScrubClub']));

    await user.click(screen.getByRole('button', { name: T.clearAll }));
    expect(await screen.findByText(WISHLIST_MESSAGES.cleared)).toBeInTheDocument();
    await waitFor(() => expect(server.stored()).toEqual([]));
    expect(screen.getByRole('heading', { name: T.emptyTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.browseProducts })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
