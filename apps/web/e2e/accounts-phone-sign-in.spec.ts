import { AUTH_MESSAGES, PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';

import { quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';

// Sign-in by phone: a shopper sent to the login from the checkout signs up with their mobile
// number and lands back on the checkout; later they sign in again with a new code.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

/** A fresh Indian mobile number per run and project, so no two tests meet on one account. */
const newPhone = () => `9${String(Date.now()).slice(-9)}`;

test.setTimeout(120_000);

test('a new number makes an account from the checkout’s sign-in and returns there, then signs in again', async ({
  page,
  smsCode,
  screenshot,
}) => {
  const phone = newPhone();

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Mobile number').fill(phone);
  await screenshot('login-phone');
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page.getByText(PHONE_SIGN_IN_MESSAGES.codeSent(phone))).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await smsCode(phone));
  await screenshot('login-phone-code');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  await expect(page.getByLabel('Full Name')).toBeVisible();
  await screenshot('login-phone-name');
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(PHONE_SIGN_IN_MESSAGES.welcome('Meera Iyer'))).toBeVisible();
  await screenshot('login-phone-back-at-checkout');

  // Signed out, the same number signs the same account back in: no name asked.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The first code was used moments ago: the server keeps the 30-second resend cooldown, which the
  // button counts down; then a new code is sent.
  const resend = page.getByRole('button', { name: 'Resend code', exact: true });
  await expect(resend).toBeEnabled({ timeout: 40_000 });
  await resend.click();
  await page.getByLabel('Verification code').fill(await smsCode(phone));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.welcomeBack('Meera Iyer'))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
});
