import { AUTH_MESSAGES } from '@vanya/contracts';

import { PASSWORD, quietStart, storedToken } from './support/accounts';
import { expect, linkIn, test, uniqueEmail } from './support/fixtures';

// Two moments a shopper meets after sign-up: opening a verification link a second time, and the
// code page reached straight from a login that has just sent a code.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('a verification link opened again says the email is already verified and offers the login', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const email = uniqueEmail('twice');
  await request.post('/api/auth/register', {
    data: { name: 'Meera Kulkarni', email, password: PASSWORD },
  });
  const link = linkIn(await mailbox.waitFor(email, /Confirm your email/), '/verify-email');
  const token = new URL(link, 'http://shop.test').searchParams.get('token');
  // The first use (another tab, the mail app's browser ...).
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);

  await page.clock.install();
  await page.goto(link);
  await expect(page.getByText(AUTH_MESSAGES.alreadyVerified)).toBeVisible();
  const logIn = page.getByRole('main').getByRole('link', { name: 'Log in', exact: true });
  await expect(logIn).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.emailVerified)).toHaveCount(0);
  await expect(page.getByText(/Taking you to your profile/)).toHaveCount(0);
  await screenshot('verify-email-already');

  // It stays put (no countdown to a profile the guard would refuse) until asked to move.
  await page.clock.fastForward(10_000);
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  expect(await storedToken(page)).toBeNull();
  await logIn.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
});

test('the code page reached from a login that just sent a code starts with Resend counting down', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // The unverified email: a code is mailed.
  allowConsoleError(/status of 403 .*\/api\/auth\/login/);
  const email = uniqueEmail('unverified');
  await request.post('/api/auth/register', {
    data: { name: 'Ravi Deshmukh', email, password: PASSWORD },
  });
  await mailbox.waitFor(email, /Confirm your email/);
  const resends: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/resend-otp')) resends.push(response.status());
  });

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);

  // The sign-up's code went out moments ago: the button waits out what the server said is left.
  const resend = page.getByRole('button', { name: /^Resend OTP in \d+s$/ });
  await expect(resend).toBeDisabled();
  const seconds = async () => Number(/in (\d+)s/.exec((await resend.textContent()) ?? '')?.[1]);
  const first = await seconds();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(30);
  await expect.poll(seconds).toBeLessThan(first);
  await resend.click({ force: true });
  expect(resends).toEqual([]);
  await screenshot('verify-otp-countdown');
});
