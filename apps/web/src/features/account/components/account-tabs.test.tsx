import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { setSession } from '../../../lib/auth-storage';
import { answer, spyOnApi } from '../../../testing/api-spy';
import { userFixture } from '../../../testing/user-fixtures';
import { RequireAuth } from '../../auth';
import { ACCOUNT_TEXTS } from '../texts';
import { ProfilePage } from './profile-page';

const ORDER = '6b0317aa00000000000000b2';
const orders = [
  {
    _id: ORDER,
    orderNumber: 'VNY-482913',
    status: 'delivered',
    createdAt: '2026-11-20T10:00:00.000Z',
    total: 34_900,
  },
];

function answerGets(byPath: Record<string, unknown>) {
  return spyOnApi('get').mockImplementation(async (path: string) =>
    answer(path in byPath ? byPath[path] : []),
  );
}

function renderProfile(path: string) {
  const router = createMemoryRouter(
    [{ element: <RequireAuth />, children: [{ path: '/profile', element: <ProfilePage /> }] }],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('profile tabs and the order page', () => {
  it('links each order of the Orders tab to its order page', async () => {
    setSession('token-tabs', { name: 'Asha Patil', email: 'asha@example.com' });
    answerGets({ '/auth/me': { data: { user: userFixture() } }, '/orders': orders });
    renderProfile('/profile?tab=orders');
    const link = await screen.findByRole('link', {
      name: new RegExp(`^${ACCOUNT_TEXTS.orders.view}`),
    });
    expect(link).toHaveTextContent('VNY-482913');
    expect(link).toHaveAttribute('href', `/profile/orders/${ORDER}`);
  });

  it('opens the return form on the order the order page sent', async () => {
    setSession('token-tabs', { name: 'Asha Patil', email: 'asha@example.com' });
    answerGets({ '/auth/me': { data: { user: userFixture() } }, '/orders': orders });
    renderProfile(`/profile?tab=returns&returnOrder=${ORDER}`);
    const select = await screen.findByLabelText(ACCOUNT_TEXTS.returns.order, {});
    expect(select).toHaveValue(ORDER);
  });

  it('shows a return as received, and a refunded one with the amount, method, credit note and the shop’s note', async () => {
    setSession('token-tabs', { name: 'Asha Patil', email: 'asha@example.com' });
    answerGets({
      '/auth/me': { data: { user: userFixture() } },
      '/orders': orders,
      '/returns': [
        {
          _id: 'r1',
          orderId: ORDER,
          status: 'refunded',
          refundAmount: 34_900,
          refundedAmount: 34_900,
          method: 'original_payment',
          creditNoteNumber: 'CN/26-27/000001',
          note: 'Sorry about the leaking jar. Refunded in full.',
        },
        {
          _id: 'r2',
          orderId: ORDER,
          status: 'received',
          refundAmount: 17_900,
          method: 'store_credit',
        },
      ],
    });
    renderProfile('/profile?tab=returns');
    expect(
      await screen.findByText(
        ACCOUNT_TEXTS.returns.refunded('₹349.00', 'original payment method') +
          ' · ' +
          ACCOUNT_TEXTS.returns.creditNote('CN/26-27/000001'),
        {},
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Sorry about the leaking jar. Refunded in full.')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_TEXTS.returnStatuses.received)).toBeInTheDocument();
  });

  it("shows the owner's replies under a ticket", async () => {
    setSession('token-tabs', { name: 'Asha Patil', email: 'asha@example.com' });
    answerGets({
      '/auth/me': { data: { user: userFixture() } },
      '/tickets': [
        {
          id: 't1',
          status: 'in_progress',
          message: 'My parcel has not arrived.',
          createdAt: '2026-11-20T10:00:00.000Z',
          replies: [
            {
              by: 'owner',
              message: 'It left Latur today; here is the tracking number.',
              at: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      ],
    });
    renderProfile('/profile?tab=support');
    const replies = await screen.findByRole('list', { name: ACCOUNT_TEXTS.support.repliesLabel });
    expect(within(replies).getByText(ACCOUNT_TEXTS.support.fromShop)).toBeInTheDocument();
    expect(
      within(replies).getByText('It left Latur today; here is the tracking number.'),
    ).toBeInTheDocument();
  });
});
