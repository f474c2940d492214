import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, LOGIN_ERROR_QUERY_MESSAGES } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';

import { getToken, getUser } from '../../../lib/auth-storage';
import { answer, apiError, spyOnApi } from '../../../testing/api-spy';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';

const user = (hasLoggedInBefore: boolean) =>
  userFixture({
    phone: '',
    dob: '',
    gender: '',
    createdAt: '2026-01-02T03:04:05.000Z',
    hasLoggedInBefore,
  });

/** Email and password sit behind their tab: the phone comes first. */
async function chooseEmail() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Email and password' }));
}

async function logIn(path: string) {
  const view = renderRoute(path);
  await chooseEmail();
  await userEvent.type(await screen.findByLabelText('Email'), 'Asha@Example.com ');
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Kokum@Butter24');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  return view;
}

describe('login screen', () => {
  it('asks for both fields before calling the API', async () => {
    const post = spyOnApi('post');
    renderRoute('/login');
    await chooseEmail();
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(AUTH_MESSAGES.fillAllFields)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends a first-time user to the profile and stores the session', async () => {
    const post = spyOnApi('post').mockResolvedValue(answer({ token: 'tok-1', user: user(false) }));
    const { router } = await logIn('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(post).toHaveBeenCalledWith('/auth/login', {
      email: 'asha@example.com',
      password: 'Kokum@Butter24',
    });
    expect(getToken()).toBe('tok-1');
    expect(getUser()).toMatchObject({ name: 'Asha Patil', hasLoggedInBefore: false });
    expect(window.localStorage.getItem('vanya_has_logged_in_before')).toBe('false');
    expect(await screen.findByText('Welcome back, Asha Patil!')).toBeInTheDocument();
  });

  it('sends a returning user home', async () => {
    spyOnApi('post').mockResolvedValue(answer({ token: 'tok-1', user: user(true) }));
    const { router } = await logIn('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('follows the redirect parameter before the rule', async () => {
    spyOnApi('post').mockResolvedValue(answer({ token: 'tok-1', user: user(true) }));
    const { router } = await logIn('/login?redirect=%2Fcart%3Fstep%3D2');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/cart?step=2'),
    );
  });

  it('shows "Logging in..." on a disabled button while the request runs', async () => {
    spyOnApi('post').mockReturnValue(new Promise(() => {}) as never);
    await logIn('/login');
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
  });

  it('sends an account that needs a code to /verify-otp with its email', async () => {
    spyOnApi('post').mockRejectedValue(
      apiError(403, 'OTP_REQUIRED', AUTH_MESSAGES.otpRequired, {}),
    );
    const { router } = await logIn('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(router.state.location.state).toEqual({ email: 'asha@example.com' });
    expect(getToken()).toBeNull();
  });

  it('passes on when the server will send another code, so the code page starts counting down', async () => {
    spyOnApi('post').mockRejectedValue(
      apiError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified, {
        resendAfterSeconds: 25,
      }),
    );
    const before = Date.now();
    const { router } = await logIn('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    const state = router.state.location.state as { email: string; resendAvailableAt: number };
    expect(state.email).toBe('asha@example.com');
    expect(state.resendAvailableAt).toBeGreaterThanOrEqual(before + 25_000);
    expect(state.resendAvailableAt).toBeLessThanOrEqual(Date.now() + 25_000);
  });

  it('shows the server’s message, or the screen’s own when there is none', async () => {
    spyOnApi('post').mockRejectedValueOnce(
      apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    );
    await logIn('/login');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('falls back to its own failure text', async () => {
    spyOnApi('post').mockRejectedValueOnce(new Error('offline'));
    await logIn('/login');
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeInTheDocument();
  });

  it.each([
    ['verified=true', 'Your email has been verified. Please log in.'],
    ['verified=already', 'Email already verified. Please log in.'],
    ['error=invalid_or_expired_token', LOGIN_ERROR_QUERY_MESSAGES.invalid_or_expired_token.text],
    ['error=user_not_found', 'User not found during verification.'],
    ['error=missing_token', 'Verification link was incomplete.'],
  ])('shows the message for ?%s, then removes it from the address', async (query, text) => {
    const { router } = renderRoute(`/login?${query}&redirect=%2Fwishlist`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fwishlist'));
    // Replaced, not pushed: no reload and no extra history entry.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
