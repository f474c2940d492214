import { AUTH_MESSAGES, LOGIN_ERROR_QUERY_MESSAGES } from '@vanya/contracts';

import { quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';

// The sign-in screens on their own: texts, validation and the states a link can open them in.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the login screen shows its texts and asks for both fields', async ({ page, screenshot }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByText('Enter your credentials to login to your account')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await password.fill('');

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.fillAllFields }),
  ).toBeVisible();
  await screenshot('login');
});

test('a wrong password is refused with the server’s message', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 401 .*\/api\/auth\/login/);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong@Pass1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login screen shows the verification outcome and removes it from the address', async ({
  page,
  screenshot,
}) => {
  await page.goto('/login?error=invalid_or_expired_token&redirect=%2Fcart');
  await expect(
    page.getByText(LOGIN_ERROR_QUERY_MESSAGES.invalid_or_expired_token.text),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
  await screenshot('login-verification-error');

  await page.goto('/login?verified=true');
  await expect(page.getByText('Your email has been verified. Please log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the signup screen grades the password as it is typed and checks the form', async ({
  page,
  screenshot,
}) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
  await expect(page.getByText('Enter your details to sign up')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.fillAllFields }),
  ).toBeVisible();

  await page.getByLabel('Full Name').fill('Meera Kulkarni');
  await page.getByLabel('Email', { exact: true }).fill('meera@example.com');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abc');
  await expect(page.getByText('Weak')).toBeVisible();
  await password.fill('abcDEF12');
  await expect(page.getByText('Medium')).toBeVisible();
  await password.fill('abcDEF12#');
  await expect(page.getByText('Strong')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('abcDEF12$');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await screenshot('signup');
});

test('the code page without an email says what is missing', async ({ page, screenshot }) => {
  await page.goto('/verify-otp');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Login' })).toBeVisible();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(AUTH_MESSAGES.otpOrEmailMissing)).toBeVisible();
  await screenshot('verify-otp-missing-email');
});

test('the email verification page fails at once without a token, and says so for a bad one', async ({
  page,
  screenshot,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400 .*\/api\/auth\/verify-email/);
  await page.goto('/verify-email');
  await expect(page.getByText(AUTH_MESSAGES.verificationTokenMissing)).toBeVisible();
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText(AUTH_MESSAGES.verificationLinkInvalid)).toBeVisible();
  await screenshot('verify-email-error');
});

test('the forgot-password screen needs an email', async ({ page, screenshot }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.emailRequired)).toBeVisible();
  await screenshot('forgot-password');
});

test('the reset screen without a token says the token is missing', async ({
  page,
  screenshot,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400 .*\/api\/auth\/reset-password/);
  await page.goto('/reset-password');
  await expect(page.getByText(AUTH_MESSAGES.missingToken)).toBeVisible();
  await page.goto('/reset-password?token=abc');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.allFieldsRequired)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Fresh@Start9');
  await page.getByLabel('Confirm New Password').fill('Fresh@Start8');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Fresh@Start9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetLinkInvalid)).toBeVisible();
  await screenshot('reset-password');
});
