import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@vanya/contracts';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { getToken } from '../../../lib/auth-storage';
import { answer, apiError, spyOnApi } from '../../../testing/api-spy';
import { loadAuthSchemas } from '../lazy-schemas';
import { ForgotEmailSentPage } from './forgot-email-sent-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

/** One page (not lazy) with stand-ins for where it leads. */
function renderPage(path: string, element: ReactElement, entry: InitialEntry = path) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element },
      { path: '/login', element: <h1>Login</h1> },
      { path: '/profile', element: <h1>Profile</h1> },
      { path: '/forgot-email-sent', element: <h1>Sent</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

// The pages load their schemas when they first need them; loaded here beforehand, so that the fake
// clocks below alone decide when an answer is shown.
beforeAll(loadAuthSchemas);

afterEach(() => {
  vi.useRealTimers();
});

describe('email verification page', () => {
  it('fails at once without a token', () => {
    const post = spyOnApi('post');
    renderPage('/verify-email', <VerifyEmailPage />);
    expect(screen.getByText(AUTH_MESSAGES.verificationTokenMissing)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('verifies once, stores the token and counts 3 seconds down to the profile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const post = spyOnApi('post').mockResolvedValue(
      answer({
        success: true,
        outcome: 'verified',
        message: AUTH_MESSAGES.emailVerified,
        token: 'tok-link',
      }),
    );
    const router = renderPage('/verify-email?token=abc', <VerifyEmailPage />);
    expect(screen.getByText('Verifying your email address…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByText(AUTH_MESSAGES.emailVerified).length).toBeGreaterThan(0);
    expect(getToken()).toBe('tok-link');
    expect(screen.getByText('Taking you to your profile in 3 seconds…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Taking you to your profile in 2 seconds…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/verify-email');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/profile');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/auth/verify-email', { token: 'abc' });
  });

  it('says a link used before is already verified and offers the login, with no countdown to the profile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    spyOnApi('post').mockResolvedValue(
      answer({ success: true, outcome: 'already', message: AUTH_MESSAGES.alreadyVerified }),
    );
    const router = renderPage('/verify-email?token=used-once', <VerifyEmailPage />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(AUTH_MESSAGES.alreadyVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(AUTH_MESSAGES.emailVerified)).toBeNull();
    expect(screen.queryByText(/Taking you to your profile/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to my profile' })).toBeNull();
    expect(getToken()).toBeNull();
    // Nothing moves on its own: the page stays put well past the 3 seconds of a verification.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/verify-email');

    act(() => fireEvent.click(screen.getByRole('link', { name: 'Log in' })));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server’s reason, or its own words when the server gave none', async () => {
    spyOnApi('post').mockRejectedValueOnce(
      apiError(400, 'INVALID_TOKEN', AUTH_MESSAGES.verificationLinkInvalid),
    );
    renderPage('/verify-email?token=used', <VerifyEmailPage />);
    expect(await screen.findByText(AUTH_MESSAGES.verificationLinkInvalid)).toBeInTheDocument();
  });

  it('says an error occurred when the request itself fails', async () => {
    spyOnApi('post').mockRejectedValueOnce(new Error('offline'));
    renderPage('/verify-email?token=abc', <VerifyEmailPage />);
    expect(await screen.findByText(AUTH_MESSAGES.verificationError)).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('needs an email', async () => {
    renderPage('/forgot-password', <ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
  });

  it('sends the link, says so and goes to the check-your-inbox page', async () => {
    const post = spyOnApi('post').mockResolvedValue(answer({ msg: 'ok', message: 'ok' }));
    const router = renderPage('/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetEmailSent)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-email-sent'));
    expect(post).toHaveBeenCalledWith('/auth/request-password-reset', {
      email: 'asha@example.com',
    });
  });

  it('falls back to its own words when sending fails', async () => {
    spyOnApi('post').mockRejectedValue(new Error('offline'));
    renderPage('/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetEmailFailed)).toBeInTheDocument();
  });

  it('tells the user to check the inbox and goes to login after 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const router = renderPage('/forgot-email-sent', <ForgotEmailSentPage />, {
      pathname: '/forgot-email-sent',
      state: { email: 'asha@example.com' },
    });
    expect(screen.getByRole('heading', { name: 'Check Your Inbox' })).toBeInTheDocument();
    expect(screen.getByText(/We sent the link to asha@example.com/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Taking you to the login page in 2 seconds…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/forgot-email-sent');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('reset password', () => {
  it('says the token is missing', () => {
    renderPage('/reset-password', <ResetPasswordPage />);
    expect(screen.getByText(/Missing token/)).toBeInTheDocument();
  });

  it('needs both fields, the same password twice, and then resets it', async () => {
    const post = spyOnApi('post')
      .mockRejectedValueOnce(apiError(400, 'INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid))
      .mockResolvedValueOnce(answer({ msg: 'Password reset successfully', message: 'x' }));
    const router = renderPage('/reset-password?token=tok', <ResetPasswordPage />);
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    await userEvent.click(submit);
    expect(await screen.findByText(AUTH_MESSAGES.allFieldsRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New Password'), 'Fresh@Start9');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Fresh@Start8');
    await userEvent.click(submit);
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Fresh@Start9');
    await userEvent.click(submit);
    expect(await screen.findByText(AUTH_MESSAGES.resetLinkInvalid)).toBeInTheDocument();

    await userEvent.click(submit);
    expect(await screen.findByText(AUTH_MESSAGES.passwordResetSucceeded)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(post).toHaveBeenLastCalledWith('/auth/reset-password', {
      token: 'tok',
      newPassword: 'Fresh@Start9',
    });
  });
});
