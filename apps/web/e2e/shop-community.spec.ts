import { WAITLIST_MESSAGES } from '@vanya/contracts';

import { quietStart } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { settle } from './shop-helpers';

// /community: 'Join the Waitlist' is a form of the shop's own (name and email), stored once per
// address by the API and confirmed by mail.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('joining the waitlist confirms on the page and by mail; joining again gets the same answer', async ({
  page,
  mailbox,
  screenshot,
}) => {
  const email = uniqueEmail('waitlist');
  await page.goto('/community');
  const form = page.getByRole('form', { name: 'Join the Waitlist' });
  await expect(form).toBeVisible();
  await settle(page);
  await screenshot('community-waitlist');

  // Refused cleanly: each field says what is wrong, and nothing is sent.
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/waitlist')) posted += 1;
  });
  await form.getByRole('textbox', { name: 'Email' }).fill('meera@');
  await form.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(form.getByText('Enter your name')).toBeVisible();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await settle(page);
  await screenshot('community-waitlist-invalid');
  expect(posted).toBe(0);

  await form.getByRole('textbox', { name: 'Your name' }).fill('Meera Joshi');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('button', { name: 'Join the Waitlist' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'You’re on the list' });
  await expect(confirmation).toContainText(WAITLIST_MESSAGES.joined);
  await expect(confirmation).toBeFocused();
  await expect(form).toHaveCount(0);
  const mail = await mailbox.waitFor(email, /You're on the #BeVanya waitlist/);
  expect(mail.text).toContain('Hello Meera Joshi,');
  await settle(page);
  await screenshot('community-waitlist-joined');

  // The same address again (after a reload): the same friendly answer.
  await page.reload();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Meera');
  await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You’re on the list' })).toContainText(
    WAITLIST_MESSAGES.joined,
  );
});
