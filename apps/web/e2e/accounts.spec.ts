import { AUTH_MESSAGES, PROFILE_MESSAGES, SESSION_MESSAGES } from '@vanya/contracts';
import sharp from 'sharp';

import { formatINR } from '@vanya/catalog';

import {
  PASSWORD,
  apiLogIn,
  createVerifiedAccount,
  dismissToasts,
  logIn,
  placePaidOrder,
  quietStart,
  storedToken,
} from './support/accounts';
import { codeIn, expect, linkIn, test, uniqueEmail } from './support/fixtures';

// The accounts journey of issue 7 against the real API, database and mail: sign up, verify by the
// mailed link, log in, edit the profile with verified email and phone changes, change the avatar,
// manage addresses, payment labels and tickets, change and reset the password; two-step login;
// the guard; the inactivity logout.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

/** A photo-like PNG (a sage-to-clay gradient) for the avatar. */
function portraitPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8fa88a"/><stop offset="1" stop-color="#b5714b"/></linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/><circle cx="320" cy="200" r="110" fill="#f3ede2"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('a new shopper signs up, verifies by the mailed link and logs in', async ({
  page,
  mailbox,
  screenshot,
}) => {
  const email = uniqueEmail('signup');

  await test.step('sign up', async () => {
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Meera Kulkarni');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(AUTH_MESSAGES.signupSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('follow the link in the verification mail', async () => {
    const mail = await mailbox.waitFor(email, /Confirm your email/);
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText(AUTH_MESSAGES.emailVerified).first()).toBeVisible();
    await expect(page.getByText(/Taking you to your profile in \d seconds?/)).toBeVisible();
    await screenshot('verify-email-success');
    // The link signed the shopper in, and the countdown ends on the profile.
    // A countdown of a few seconds: room for it on a busy machine.
    await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });

  await test.step('log out and log in again with the password', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Welcome back, Meera Kulkarni!')).toBeVisible();
    // They had logged in before (through the link), so they go home.
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the profile takes a new email and phone once each is verified by its code, and a cropped avatar', async ({
  page,
  request,
  mailbox,
  smsCode,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'profile', 'Rohan Deshmukh');
  await logIn(page, account);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Rohan Deshmukh');
  const save = page.getByRole('button', { name: 'Save Changes' });
  // No phone, date of birth or gender yet: Save stays off and says why.
  await expect(save).toBeDisabled();
  await expect(page.getByText(PROFILE_MESSAGES.fillAllAndVerify)).toBeVisible();

  const newEmail = uniqueEmail('changed');
  await test.step('verify a new email with the mailed code', async () => {
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Send Email OTP' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.emailOtpSent)).toBeVisible();
    const mail = await mailbox.waitFor(newEmail, /Confirm your new email/);
    await page.getByPlaceholder('Enter 6-digit OTP').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(PROFILE_MESSAGES.emailOtpVerified)).toBeVisible();
  });

  const phone = `98${String(Date.now()).slice(-8)}`;
  await test.step('verify a mobile number with the SMS code', async () => {
    await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await page.getByRole('button', { name: 'Send Phone OTP' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.phoneOtpSent)).toBeVisible();
    await page.getByPlaceholder('Enter 6-digit OTP').fill(await smsCode(phone));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(PROFILE_MESSAGES.phoneOtpVerified)).toBeVisible();
  });

  await test.step('save the profile', async () => {
    await page.getByLabel('Date of Birth').fill('1994-08-15');
    await page.getByLabel('Gender').selectOption('prefer_not_to_say');
    await expect(save).toBeEnabled();
    await dismissToasts(page);
    await screenshot('profile-details');
    await save.click();
    await expect(page.getByText(PROFILE_MESSAGES.profileUpdated)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
    await expect(page.getByLabel('Gender')).toHaveValue('prefer_not_to_say');
  });

  await test.step('drop a photo, crop it and save it as the avatar', async () => {
    const avatar = page.getByRole('button', { name: 'Change avatar' });
    await expect(avatar).toHaveAttribute('title', 'Click to change avatar');
    await expect(avatar).toHaveText('RD');
    const png = (await portraitPng()).toString('base64');
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'portrait.png', { type: 'image/png' }));
      return transfer;
    }, png);
    await page.dispatchEvent('.avatar-drop', 'dragenter', { dataTransfer });
    await page.dispatchEvent('.avatar-drop', 'drop', { dataTransfer });

    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('slider', { name: 'Zoom' }).fill('1.6');
    await screenshot('avatar-crop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.avatarUpdated)).toBeVisible();
    const image = avatar.getByRole('img');
    await expect(image).toHaveAttribute('src', /\/uploads\/avatars\/[0-9a-f]+\.jpg$/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await dismissToasts(page);
    await screenshot('profile-avatar');
  });

  await test.step('remove the avatar with the red ×', async () => {
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    await expect(page.getByRole('button', { name: 'Change avatar' })).toHaveText('RD');
  });
});

test('the shopper adds and deletes an address, labels a payment method and opens a ticket with a file', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // A card number is refused.
  allowConsoleError(/status of 400 .*\/api\/me\/payment-methods/);
  const account = await createVerifiedAccount(request, mailbox, 'lists');
  await logIn(page, account);
  await page.goto('/profile');

  await test.step('shipping addresses', async () => {
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=shipping$/);
    await expect(page.getByText('No saved addresses yet.')).toBeVisible();
    // A blank address is ignored.
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('No saved addresses yet.')).toBeVisible();
    const address = '14 Ambajogai Road, Near Shivaji Chowk, Latur, Maharashtra 413512';
    await page.getByLabel('New address').fill(address);
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText(address)).toBeVisible();
    await dismissToasts(page);
    await screenshot('profile-shipping');
    await page.getByRole('button', { name: `Delete: ${address}` }).click();
    await expect(page.getByText('No saved addresses yet.')).toBeVisible();
  });

  await test.step('payment methods refuse a card number and keep a label', async () => {
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByText('No payment methods found.')).toBeVisible();
    await page.getByLabel('New payment method').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.cardNumberRefused)).toBeVisible();
    await page.getByLabel('New payment method').fill('asha@okaxis');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'asha@okaxis' })).toBeVisible();
    await dismissToasts(page);
    await screenshot('profile-payments');
  });

  await test.step('a support ticket with a photo', async () => {
    await page.getByRole('tab', { name: 'Support' }).click();
    await expect(page.getByText('No support tickets yet.')).toBeVisible();
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    expect(await alerted).toBe(PROFILE_MESSAGES.enterIssue);

    await page.getByLabel('Your issue').fill('The lid of my body butter jar arrived cracked.');
    await page.getByLabel(/Attach a photo or PDF/).setInputFiles({
      name: 'jar.png',
      mimeType: 'image/png',
      buffer: await portraitPng(),
    });
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.ticketSubmitted)).toBeVisible();
    const ticket = page.getByRole('listitem').filter({ hasText: 'lid of my body butter' });
    await expect(ticket).toContainText(/#[0-9a-f]{6}/);
    await expect(ticket).toContainText('Open');
    await expect(ticket.getByRole('link', { name: 'Attachment' })).toHaveAttribute(
      'href',
      /\/uploads\/tickets\//,
    );
    await dismissToasts(page);
    await screenshot('profile-support');
  });

  await test.step('the other tabs show their empty texts', async () => {
    for (const [tab, empty] of [
      ['Orders', 'No orders found.'],
      ['Invoices', 'No invoices available.'],
      ['Returns', 'No returns initiated yet.'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByText(empty)).toBeVisible();
      await dismissToasts(page);
      await screenshot(`profile-${tab.toLowerCase()}-empty`);
    }
    await page.getByRole('tab', { name: 'Returns' }).click();
    await expect(page.getByRole('link', { name: 'Read our return policy' })).toHaveAttribute(
      'href',
      '/return-policy',
    );
    await page.getByRole('button', { name: 'Initiate a Return' }).click();
    await expect(page.getByText(/None of your orders can be returned right now/)).toBeVisible();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('button', { name: 'Join Community' })).toBeVisible();
    await dismissToasts(page);
    await screenshot('profile-settings');
  });
});

test('a paid order shows in orders and invoices, its invoice opens as a PDF, and it can be returned', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'orders', 'Kavya Joshi');
  const order = await placePaidOrder(request, await apiLogIn(request, account), account);
  const prefix = `#${order.id.slice(0, 6)}`;
  await logIn(page, account);
  await page.goto('/profile?tab=orders');

  const orderRow = page.getByRole('listitem').filter({ hasText: prefix });
  await expect(orderRow).toContainText(order.orderNumber);
  await expect(orderRow).toContainText('Paid');
  await expect(orderRow).toContainText(formatINR(order.total));
  await dismissToasts(page);
  await screenshot('profile-orders');

  await page.getByRole('tab', { name: 'Invoices' }).click();
  const invoiceRow = page.getByRole('listitem').filter({ hasText: prefix });
  await expect(invoiceRow).toContainText(formatINR(order.total));
  await screenshot('profile-invoices');
  const opened = page.waitForEvent('popup');
  await invoiceRow.getByRole('button', { name: 'Download' }).click();
  const popup = await opened;
  expect(popup.url()).toMatch(new RegExp(`/api/invoices/${order.id}/pdf\\?`));
  // The signed link works without the session's bearer header.
  const pdf = await request.get(popup.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await popup.close();

  await page.getByRole('tab', { name: 'Returns' }).click();
  await page.getByRole('button', { name: 'Initiate a Return' }).click();
  await page.getByLabel('Order to return').selectOption(order.id);
  await page.getByLabel('Reason').fill('The scent is stronger than I expected.');
  await page.getByLabel('Refund to').selectOption('store_credit');
  await page.getByRole('button', { name: 'Request Return' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.returnRequested)).toBeVisible();
  const returnRow = page.getByRole('listitem').filter({ hasText: prefix });
  await expect(returnRow).toContainText('Requested');
  await expect(returnRow).toContainText('Store credit');
  await expect(returnRow).toContainText(formatINR(order.total));
  // One open return per order: the order is no longer offered.
  await page.getByRole('button', { name: 'Initiate a Return' }).click();
  await expect(page.getByText(/None of your orders can be returned right now/)).toBeVisible();
  await dismissToasts(page);
  await screenshot('profile-returns');
});

test('the shopper changes the password, logs out, resets it by mail and logs in again', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // The old password, refused.
  allowConsoleError(/status of 401 .*\/api\/auth\/login/);
  const account = await createVerifiedAccount(request, mailbox, 'password');
  await logIn(page, account);
  await page.goto('/profile?tab=security');
  await expect(page.getByText('No login history available.')).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: /IST/ }).first()).toBeVisible();

  const changed = 'Shea@Butter77';
  await test.step('change the password: this session continues with the new token', async () => {
    const before = await storedToken(page);
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill(changed);
    await dismissToasts(page);
    await screenshot('profile-security');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.passwordChanged)).toBeVisible();
    const after = await storedToken(page);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(SESSION_MESSAGES.sessionExpired)).toBeHidden();
  });

  await test.step('log out from the settings tab', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(await asked).toBe('Are you sure you want to log out?');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  const reset = 'Coffee@Scrub55';
  await test.step('ask for a reset link', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(AUTH_MESSAGES.resetEmailSent)).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-email-sent$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Inbox' })).toBeVisible();
    await screenshot('forgot-email-sent');
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  });

  await test.step('follow the mailed link and choose a new password', async () => {
    const mail = await mailbox.waitFor(account.email, /Reset your/);
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).fill(reset);
    await page.getByLabel('Confirm New Password').fill(reset);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(AUTH_MESSAGES.passwordResetSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old passwords no longer work; the new one does', async () => {
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(changed);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(reset);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(/^Welcome back, /)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('with two-step verification on, login finishes with the emailed code on /verify-otp', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // OTP_REQUIRED: the code is mailed.
  allowConsoleError(/status of 403 .*\/api\/auth\/login/);
  const account = await createVerifiedAccount(request, mailbox, 'twostep');
  await logIn(page, account);
  await page.goto('/profile?tab=security');
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  await page.getByLabel('Confirm with your password').fill(account.password);
  await page.getByRole('button', { name: /Confirm/ }).click();
  await expect(page.getByText(PROFILE_MESSAGES.twoStepEnabled)).toBeVisible();

  await page.getByRole('tab', { name: 'Settings' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/login?redirect=%2Fprofile%3Ftab%3Dorders');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText(`we sent to ${account.email}`)).toBeVisible();

  // A code went out with the login, so Resend starts in the server's 30-second cooldown.
  const mail = await mailbox.waitFor(account.email, /Your login code/);
  await expect(page.getByRole('button', { name: /^Resend OTP in \d+s$/ })).toBeDisabled();
  await dismissToasts(page);
  await screenshot('verify-otp');

  await page.getByLabel('Verification code').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(AUTH_MESSAGES.otpVerified)).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
  expect(await storedToken(page)).toBeTruthy();
});

test('a guarded page sends a visitor to login and back after it', async ({
  page,
  request,
  mailbox,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'guard');
  await page.goto('/');
  await page.goto('/profile?tab=payments');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Ftab%3Dpayments$/);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=payments$/);
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The guard replaced the history entry: Back goes to the page before, not into the guard.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('a session the API no longer accepts ends with "Session expired" and a way back', async ({
  page,
  request,
  mailbox,
  allowConsoleError,
}) => {
  // The refused calls of the ended session.
  allowConsoleError(/status of 401 .*\/api\//);
  const account = await createVerifiedAccount(request, mailbox, 'expired');
  await logIn(page, account);
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();

  // Another device changes the password: every other session, this one included, ends.
  const elsewhere = await apiLogIn(request, account);
  const changed = await request.post('/api/auth/change-password', {
    headers: { Authorization: `Bearer ${elsewhere}` },
    data: { currentPassword: account.password, newPass: 'Turmeric@Glow8' },
  });
  expect(changed.status()).toBe(200);

  // The next call this page makes (the account read again on the next load) is refused: the
  // session ends, and login brings them back.
  await page.reload();
  await expect(page.getByText(SESSION_MESSAGES.sessionExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile(%3Ftab%3Dorders)?$/);
  expect(await storedToken(page)).toBeNull();
});

test('fifteen minutes without activity log the shopper out', async ({ page, request, mailbox }) => {
  const account = await createVerifiedAccount(request, mailbox, 'idle');
  await page.clock.install();
  await logIn(page, account);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  // Activity keeps the session: 10 minutes, a key press, 10 more minutes.
  await page.clock.runFor('10:00');
  await page.keyboard.press('Shift');
  await page.clock.runFor('10:00');
  expect(await storedToken(page)).toBeTruthy();

  await page.clock.runFor('05:01');
  await expect(page.getByText(SESSION_MESSAGES.inactivityLogout)).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('vanya_user'))).toBeNull();
});
