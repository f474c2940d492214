import type { AdminReview } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { ADMIN_TEXTS as T } from '../texts';

const REVIEW: AdminReview = {
  _id: '66b1f0c2a1b2c3d4e5f60001',
  productId: 'TanGoneSoap',
  productName: 'Tan.Gone.Soap',
  rating: 5,
  title: 'Gentle and it works',
  body: 'My tan faded in two weeks.',
  author: 'Asha K.',
  buyerName: 'Asha Kulkarni',
  verifiedBuyer: true,
  status: 'pending',
  createdAt: '2026-11-20T09:30:00.000Z',
  reply: null,
};

describe('/admin: reviews', () => {
  it('lists new reviews and publishes one with a public reply', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    let review = REVIEW;
    const requests = mockApi((request) => {
      if (request.url === '/auth/me')
        return { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } };
      if (request.url === '/admin/reviews') return { status: 200, data: [review] };
      if (request.url === `/admin/reviews/${REVIEW._id}`) {
        const body = request.body as { action: string; reply?: string };
        review = {
          ...review,
          status: 'published',
          reply: body.reply ? { body: body.reply, at: '2026-11-21T09:30:00.000Z' } : null,
        };
        return { status: 200, data: review };
      }
      return { status: 200, data: [] };
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=reviews');
    const row = await screen.findByRole('listitem', {
      name: 'Tan.Gone.Soap: Gentle and it works',
    });
    expect(row).toHaveTextContent('Asha Kulkarni');
    expect(row).toHaveTextContent(T.reviews.statuses.pending);
    expect(requests.find((r) => r.url === '/admin/reviews')?.params).toEqual({ status: 'pending' });
    await user.type(within(row).getByRole('textbox', { name: T.reviews.reply }), 'Thank you!');
    await user.click(within(row).getByRole('button', { name: T.reviews.publish }));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'publish',
      reply: 'Thank you!',
    });
  });
});
