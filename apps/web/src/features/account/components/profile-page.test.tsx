import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES, SESSION_MESSAGES } from '@vanya/contracts';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { getToken, setSession } from '../../../lib/auth-storage';
import { answer, apiError, spyOnApi } from '../../../testing/api-spy';
import { userFixture } from '../../../testing/user-fixtures';
import { RequireAuth, SessionWatcher } from '../../auth';
import { ACCOUNT_TEXTS } from '../texts';
import { ProfilePage } from './profile-page';

const me = userFixture();

const invoice = {
  _id: '6b0317aa00000000000000a1',
  orderId: '6b0317aa00000000000000b2',
  amount: 34_900,
  date: '2026-11-20T10:00:00.000Z',
  downloadUrl: '/api/invoices/6b0317aa00000000000000b2/pdf?exp=1&sig=abcdefghijklmnop',
};

/** GET answers by path; anything else is an empty list. */
function answerGets(byPath: Record<string, unknown>) {
  return spyOnApi('get').mockImplementation(async (path: string) =>
    answer(path in byPath ? byPath[path] : []),
  );
}

function renderProfile(path = '/profile') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SessionWatcher />
            <Outlet />
          </>
        ),
        children: [
          { path: '/login', element: <h1>Login</h1> },
          { element: <RequireAuth />, children: [{ path: '/profile', element: <ProfilePage /> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('profile page', () => {
  it('shows the avatar, name, email and the nine tabs', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Change avatar' })).toHaveTextContent('AP');
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      Object.values(ACCOUNT_TEXTS.tabs),
    );
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    // A customer is not shown the way into the owner area.
    expect(screen.queryByRole('link', { name: ACCOUNT_TEXTS.ownerArea })).not.toBeInTheDocument();
  });

  it('gives the shop’s owner the way into the owner area', async () => {
    setSession('tok-1', { name: 'Meera Deshmukh' });
    answerGets({ '/auth/me': { data: { user: me, owner: true } } });
    renderProfile();
    expect(await screen.findByRole('link', { name: ACCOUNT_TEXTS.ownerArea })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('clears the storage and asks to log in again when the profile cannot be loaded', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    window.localStorage.setItem('vanya_wishlist', '["Bodybutter"]');
    spyOnApi('get').mockRejectedValue(apiError(404, 'NOT_FOUND', 'No such user'));
    const router = renderProfile();
    expect(await screen.findByText(SESSION_MESSAGES.sessionExpired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('vanya_wishlist')).toBeNull();
  });

  it.each([
    ['Orders', 'No orders found.'],
    ['Invoices', 'No invoices available.'],
    ['Shipping', 'No saved addresses yet.'],
    ['Payments', 'No payment methods found.'],
    ['Returns', 'No returns initiated yet.'],
    ['Support', 'No support tickets yet.'],
    ['Security', 'No login history available.'],
  ])('shows the empty text of the %s tab', async (tab, empty) => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    const router = renderProfile();
    await userEvent.click(await screen.findByRole('tab', { name: tab }));
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?tab=${tab.toLowerCase()}`);
  });

  it('opens an invoice in a new tab, or says there is none', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({
      '/auth/me': { data: { user: me } },
      '/invoices': [invoice, { ...invoice, _id: '6b0317aa00000000000000a3', downloadUrl: '' }],
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderProfile('/profile?tab=invoices');
    const downloads = await screen.findAllByRole('button', { name: 'Download' });
    expect(screen.getAllByText('#6b0317')).toHaveLength(2);
    expect(screen.getAllByText('₹349.00')).toHaveLength(2);
    await userEvent.click(downloads[0]!);
    expect(open).toHaveBeenCalledWith(invoice.downloadUrl, '_blank', 'noopener,noreferrer');
    await userEvent.click(downloads[1]!);
    expect(alert).toHaveBeenCalledWith(PROFILE_MESSAGES.noInvoice);
  });

  it('asks for the issue before submitting a ticket', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    const post = spyOnApi('post');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderProfile('/profile?tab=support');
    await userEvent.type(await screen.findByLabelText('Your issue'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(alert).toHaveBeenCalledWith(PROFILE_MESSAGES.enterIssue);
    expect(post).not.toHaveBeenCalled();
  });

  it('ignores a blank address', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    const post = spyOnApi('post');
    renderProfile('/profile?tab=shipping');
    await userEvent.type(await screen.findByLabelText('New address'), '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('alerts when the password cannot be changed', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    spyOnApi('post').mockRejectedValue(
      apiError(403, 'INVALID_PASSWORD', 'Current password is incorrect'),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderProfile('/profile?tab=security');
    await userEvent.type(await screen.findByLabelText('Current Password'), 'Wrong@Pass1');
    await userEvent.type(screen.getByLabelText('New Password'), 'Shea@Butter77');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        `${PROFILE_MESSAGES.passwordChangeFailed}\n\nCurrent password is incorrect`,
      ),
    );
    expect(getToken()).toBe('tok-1');
  });

  it('stores the new token after a password change', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    spyOnApi('post').mockResolvedValue(
      answer({ msg: 'Password changed successfully.', message: 'x', token: 'tok-2' }),
    );
    renderProfile('/profile?tab=security');
    await userEvent.type(await screen.findByLabelText('Current Password'), 'Kokum@Butter24');
    await userEvent.type(screen.getByLabelText('New Password'), 'Shea@Butter77');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(PROFILE_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(getToken()).toBe('tok-2');
  });

  it('opens the community in a new tab and logs out after confirming', async () => {
    setSession('tok-1', { name: 'Asha Patil' });
    answerGets({ '/auth/me': { data: { user: me } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const router = renderProfile('/profile?tab=settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Join Community' }));
    expect(open).toHaveBeenCalledWith('/community', '_blank', 'noopener,noreferrer');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to log out?');
    expect(getToken()).toBe('tok-1');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(getToken()).toBeNull();
  });
});
