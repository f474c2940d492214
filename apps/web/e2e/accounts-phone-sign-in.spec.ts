import { AUTH_MESSAGES, PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';

import { AUTH_TEXTS } from '../src/features/auth/texts';
import { logOut, quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';

// Sign-in by phone: a shopper sent to the login from the checkout signs up with their mobile
// number (a mistyped code is said beside the field; the new number is greeted as new) and lands
// back on the checkout; later they sign in again with a new code and are welcomed back.

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
  allowConsoleError,
}) => {
  const phone = newPhone();
  // The verify's refusals the screen answers: a wrong code, and a new number's missing name.
  allowConsoleError(/status of 400 .*\/api\/auth\/phone\/verify/);

  await page.goto('/products/Bodybutter');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Mobile number').fill(phone);
  await screenshot('login-phone');
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page.getByText(PHONE_SIGN_IN_MESSAGES.codeSent(phone))).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  const code = await smsCode(phone);
  const codeField = page.getByLabel('Verification code');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  const refused = AUTH_TEXTS.phoneSignIn.codeRefused(AUTH_MESSAGES.otpInvalid);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(refused);
  await expect(page.getByText(refused)).toBeVisible();
  await screenshot('login-phone-wrong-code');
  await codeField.fill(code);
  await screenshot('login-phone-code');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  await expect(page.getByLabel('Full Name')).toBeVisible();
  // A new number is greeted as new, not welcomed back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(AUTH_TEXTS.login.newHeading);
  await expect(page.getByText(AUTH_TEXTS.login.heading)).toHaveCount(0);
  await screenshot('login-phone-name');
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(PHONE_SIGN_IN_MESSAGES.welcome('Meera Iyer'))).toBeVisible();
  await screenshot('login-phone-back-at-checkout');

  // Signed out, the same number signs the same account back in: no name asked.
  await logOut(page);
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The first code was used moments ago: the server keeps the 30-second resend cooldown (429,
  // which the button counts down); then a new code is sent.
  allowConsoleError(/status of 429 .*\/api\/auth\/phone\/start/);
  const resend = page.getByRole('button', { name: 'Resend code', exact: true });
  await expect(resend).toBeEnabled({ timeout: 40_000 });
  await resend.click();
  await page.getByLabel('Verification code').fill(await smsCode(phone));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.welcomeBack('Meera Iyer'))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
});
