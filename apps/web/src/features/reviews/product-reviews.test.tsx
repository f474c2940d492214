import type { MyReview, MyReviewAnswer, Review, ReviewList } from '@vanya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
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

const MINE: MyReview = {
  rating: 3,
  title: 'Good soap',
  body: 'Lathers well.',
  status: 'published',
  reply: null,
};

function reviewsApi(
  list: ReviewList,
  onPost?: () => { status: number; data: unknown },
  mine: MyReviewAnswer = { buyer: true, review: null },
) {
  return mockApi((request) => {
    if (request.url === '/products/TanGoneSoap/reviews' && request.method === 'GET')
      return { status: 200, data: list };
    if (request.url === '/products/TanGoneSoap/reviews' && onPost) return onPost();
    if (request.url === '/products/TanGoneSoap/reviews/mine' && request.method === 'GET')
      return { status: 200, data: mine };
    if (request.url === '/products/TanGoneSoap/reviews/mine' && request.method === 'PUT')
      return { status: 200, data: { ...(request.body as object), status: 'pending', reply: null } };
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
    await user.click(await within(section).findByRole('button', { name: T.write }));
    await user.click(within(section).getByRole('radio', { name: T.stars(5) }));
    await user.type(within(section).getByRole('textbox', { name: T.title }), 'Lovely');
    await user.type(within(section).getByRole('textbox', { name: T.body }), 'Works well.');
    await user.click(within(section).getByRole('button', { name: T.send }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(T.onlyBuyers);
    expect(posts).toHaveLength(1);
  });

  it('tells a signed-in shopper without a delivered order that they can review it once it is delivered', async () => {
    setSession('token-reviews', { name: 'Ravi Shetty', email: 'ravi@example.in' });
    reviewsApi({ items: [], average: 0, count: 0 }, undefined, { buyer: false, review: null });
    renderRoute('/products/TanGoneSoap');
    const section = await screen.findByRole('region', { name: T.heading });
    expect(await within(section).findByText(T.notYet)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: T.write })).not.toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers a reviewer their review to edit, filled in, and sends the change', async () => {
    setSession('token-reviews', { name: 'Ravi Shetty', email: 'ravi@example.in' });
    const requests = reviewsApi({ items: [], average: 0, count: 0 }, undefined, {
      buyer: true,
      review: MINE,
    });
    const user = userEvent.setup();
    renderRoute('/products/TanGoneSoap');
    const section = await screen.findByRole('region', { name: T.heading });
    expect(await within(section).findByText(T.yours.published)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: T.write })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: T.edit }));
    const form = within(section).getByRole('form', { name: T.edit });
    expect(within(form).getByRole('radio', { name: T.stars(3) })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: T.title })).toHaveValue('Good soap');
    await user.click(within(form).getByRole('radio', { name: T.stars(5) }));
    await user.click(within(form).getByRole('button', { name: T.send }));
    expect(await within(section).findByRole('status')).toHaveTextContent(T.edited);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      rating: 5,
      title: 'Good soap',
      body: 'Lathers well.',
    });
  });

  it('thanks a buyer for a new review, while the API already answers it as theirs', async () => {
    setSession('token-reviews', { name: 'Ravi Shetty', email: 'ravi@example.in' });
    let mine: MyReviewAnswer = { buyer: true, review: null };
    mockApi((request) => {
      if (request.url === '/products/TanGoneSoap/reviews' && request.method === 'GET')
        return { status: 200, data: { items: [], average: 0, count: 0 } };
      if (request.url === '/products/TanGoneSoap/reviews/mine') return { status: 200, data: mine };
      if (request.url === '/products/TanGoneSoap/reviews') {
        mine = { buyer: true, review: { ...MINE, status: 'pending' } };
        return {
          status: 201,
          data: {
            ...REVIEW,
            productId: 'TanGoneSoap',
            productName: 'Tan.Gone.Soap',
            status: 'pending',
            buyerName: 'Ravi Shetty',
          },
        };
      }
      return { status: 200, data: [] };
    });
    const user = userEvent.setup();
    renderRoute('/products/TanGoneSoap');
    const section = await screen.findByRole('region', { name: T.heading });
    await user.click(await within(section).findByRole('button', { name: T.write }));
    await user.click(within(section).getByRole('radio', { name: T.stars(3) }));
    await user.type(within(section).getByRole('textbox', { name: T.title }), 'Good soap');
    await user.type(within(section).getByRole('textbox', { name: T.body }), 'Lathers well.');
    await user.click(within(section).getByRole('button', { name: T.send }));
    expect(await within(section).findByRole('status')).toHaveTextContent(T.thanks);
    // The answer read again (theirs now, pending) leaves the thanks in place.
    await waitFor(() => expect(mine.review).not.toBeNull());
    expect(within(section).getByRole('status')).toHaveTextContent(T.thanks);
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });
});
