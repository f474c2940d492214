import { act, render, screen } from '@testing-library/react';
import { SESSION_MESSAGES } from '@vanya/contracts';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { endSession, getToken, getUser, logOut, setSession } from '../../../lib/auth-storage';
import { RequireAuth } from './require-auth';
import { SessionWatcher } from './session-watcher';

const MINUTE = 60_000;

/** A small app: the watcher in the shell, a guarded profile, a public page and the login page. */
function renderApp(path: string) {
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
          { path: '/about', element: <h1>About</h1> },
          { element: <RequireAuth />, children: [{ path: '/profile', element: <h1>Profile</h1> }] },
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

const here = (router: ReturnType<typeof renderApp>) =>
  router.state.location.pathname + router.state.location.search;

afterEach(() => {
  vi.useRealTimers();
});

describe('session watcher', () => {
  it('says the session expired and goes to login, which brings the user back', async () => {
    setSession('tok-1', { name: 'Asha' });
    const router = renderApp('/profile?tab=orders');
    await screen.findByRole('heading', { name: 'Profile' });

    act(() => endSession('expired'));

    expect(await screen.findByText(SESSION_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(here(router)).toBe('/login?redirect=%2Fprofile%3Ftab%3Dorders');
    expect(getToken()).toBeNull();
  });

  it('sends someone who logs out to the plain login page', async () => {
    setSession('tok-1', { name: 'Asha' });
    const router = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    act(() => logOut());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(here(router)).toBe('/login');
  });

  it('logs out after 15 minutes without activity, and not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setSession('tok-1', { name: 'Asha' });
    const router = renderApp('/about');
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    for (const type of ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart']) {
      window.dispatchEvent(new Event(type));
      await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    }
    // 20 minutes in, the last activity 2 minutes ago.
    expect(getToken()).toBe('tok-1');

    await act(() => vi.advanceTimersByTimeAsync(13 * MINUTE - 1));
    expect(getToken()).toBe('tok-1');
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(screen.getByText(SESSION_MESSAGES.inactivityLogout)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('does not watch for inactivity while signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderApp('/about');
    await act(() => vi.advanceTimersByTimeAsync(60 * MINUTE));
    expect(screen.queryByText(SESSION_MESSAGES.inactivityLogout)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
  });
});
