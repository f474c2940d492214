import type { Review, ReviewList } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../lib/auth-storage';
import { mockApi } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { REVIEW_TEXTS as T } from './texts';

const REVIEW: Review = {
  _id: '66b1f0c2a1b2c3d4e5f60001',
  rating: 4,
  title: 'Lathers well',
  body: 'Gentle on my skin, and the tan faded.',
  author: 'Asha K.',
  verifiedBuyer: true,
  createdAt: '2026-11-20T09:30:00.000Z',
  reply: { body: 'Thank you, Asha!', at: '2026-11-21T09:30:00.000Z' },
};

function reviewsApi(list: ReviewList, onPost?: () => { status: number; data: unknown }) {
  return mockApi((request) => {
    if (request.url === '/products/TanGoneSoap/reviews' && request.method === 'GET')
      return { status: 200, data: list };
    if (request.url === '/products/TanGoneSoap/reviews' && onPost) return onPost();
    return { status: 200, data: [] };
  });
}

describe('the product page’s reviews', () => {
  it('shows the published reviews as a verified buyer’s, with the shop’s reply, and their average as the stars', async () => {
    reviewsApi({ items: [REVIEW], average: 4, count: 1 });
    renderRoute('/products/TanGoneSoap');
    const section = await screen.findByRole('region', { name: T.heading });
    expect(within(section).getByText(T.summary('4.0', 1))).toBeInTheDocument();
    expect(within(section).getByText(T.verified)).toBeInTheDocument();
    expect(within(section).getByText('Thank you, Asha!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 review' })).toHaveAttribute('href', '#reviews');
    expect(screen.getAllByText('Rated 4 out of 5').length).toBeGreaterThanOrEqual(1);
    // A guest is asked to sign in.
    expect(within(section).getByRole('link', { name: T.signIn })).toBeInTheDocument();
  });

  it('lets a signed-in shopper write one, and says why the shop refused it', async () => {
    setSession('token-reviews', { name: 'Ravi Shetty', email: 'ravi@example.in' });
    const posts: unknown[] = [];
    reviewsApi({ items: [], average: 0, count: 0 }, () => {
      posts.push(1);
      return {
        status: 403,
        data: { msg: T.onlyBuyers, message: T.onlyBuyers, code: 'NOT_A_BUYER' },
      };
    });
    const user = userEvent.setup();
    renderRoute('/products/TanGoneSoap');
    const section = await screen.findByRole('region', { name: T.heading });
    expect(within(section).getByText(T.none)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: T.write }));
    await user.click(within(section).getByRole('radio', { name: T.stars(5) }));
    await user.type(within(section).getByRole('textbox', { name: T.title }), 'Lovely');
    await user.type(within(section).getByRole('textbox', { name: T.body }), 'Works well.');
    await user.click(within(section).getByRole('button', { name: T.send }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(T.onlyBuyers);
    expect(posts).toHaveLength(1);
  });
});
