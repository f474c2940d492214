import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@vanya/contracts';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { getToken } from '../../../lib/auth-storage';
import { answer, apiError, spyOnApi } from '../../../testing/api-spy';
import { userFixture } from '../../../testing/user-fixtures';
import { loadAuthSchemas } from '../lazy-schemas';
import { VerifyOtpPage } from './verify-otp-page';

// The page loads its schemas when it first needs them; loaded here beforehand, so that the fake
// clocks below alone decide when an answer is shown.
beforeAll(loadAuthSchemas);

/** Clicks Resend OTP and lets its request and the re-render finish (no time passes). */
async function resend() {
  fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

/** The page alone (not lazy), so fake timers control everything it waits for. */
function renderVerifyOtp(state: unknown) {
  const routes = [
    { path: '/verify-otp', element: <VerifyOtpPage /> },
    { path: '/', element: <h1>Home</h1> },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: '/verify-otp', state }],
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const signedIn = {
  token: 'tok-otp',
  user: userFixture({
    phone: '',
    phoneVerified: false,
    dob: '',
    gender: '',
    createdAt: '2026-01-02T03:04:05.000Z',
    twoStepEnabled: true,
  }),
};

describe('one-time code page', () => {
  describe('resend countdown', () => {
    beforeEach(() => {
      // Only the timers the page counts with; React's own scheduling keeps running.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('counts 30 seconds down once per second after a successful resend', async () => {
      const post = spyOnApi('post').mockResolvedValue(
        answer({
          msg: AUTH_MESSAGES.otpResent,
          message: AUTH_MESSAGES.otpResent,
          resendAfterSeconds: 30,
        }),
      );
      renderVerifyOtp({ email: 'asha@example.com' });
      await resend();

      expect(screen.getByText(AUTH_MESSAGES.otpResent)).toBeInTheDocument();
      expect(post).toHaveBeenCalledWith('/auth/resend-otp', { email: 'asha@example.com' });
      expect(screen.getByRole('button', { name: 'Resend OTP in 30s' })).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: 'Resend OTP in 29s' })).toBeDisabled();
      for (let second = 0; second < 28; second += 1) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
      }
      expect(screen.getByRole('button', { name: 'Resend OTP in 1s' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    });

    it('starts in the countdown the login passed on, instead of offering a click the server would refuse', async () => {
      const post = spyOnApi('post');
      renderVerifyOtp({ email: 'asha@example.com', resendAvailableAt: Date.now() + 27_000 });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('button', { name: 'Resend OTP in 27s' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: 'Resend OTP in 26s' })).toBeDisabled();
      for (let second = 0; second < 26; second += 1) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
      }
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
      expect(post).not.toHaveBeenCalled();
    });

    it('offers Resend at once when the moment the login passed on has gone (a later reload)', async () => {
      renderVerifyOtp({ email: 'asha@example.com', resendAvailableAt: Date.now() - 1000 });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    });

    it('counts down what the server says is left when a code went out moments ago', async () => {
      spyOnApi('post').mockRejectedValue(
        apiError(429, 'OTP_COOLDOWN', 'Please wait before asking for a new code.', {
          retryAfterSeconds: 12,
        }),
      );
      renderVerifyOtp({ email: 'asha@example.com' });
      await resend();
      expect(screen.getByText('Please wait before asking for a new code.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend OTP in 12s' })).toBeDisabled();
    });
  });

  it('needs the email from the login screen', async () => {
    const post = spyOnApi('post');
    renderVerifyOtp(null);
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpOrEmailMissing)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('stores the session and goes home once the code is right', async () => {
    const post = spyOnApi('post').mockResolvedValue(answer(signedIn));
    const router = renderVerifyOtp({ email: 'asha@example.com' });
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpVerified)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(post).toHaveBeenCalledWith('/auth/verify-otp', {
      email: 'asha@example.com',
      otp: '123456',
    });
    expect(getToken()).toBe('tok-otp');
  });

  it('shows the server’s reason when the code is wrong', async () => {
    spyOnApi('post').mockRejectedValue(apiError(400, 'INVALID_OTP', AUTH_MESSAGES.otpInvalid));
    renderVerifyOtp({ email: 'asha@example.com' });
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpInvalid)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
