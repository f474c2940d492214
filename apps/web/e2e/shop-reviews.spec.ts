import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext } from '@playwright/test';

import {
  apiLogIn,
  createVerifiedAccount,
  dismissToasts,
  logIn,
  placePaidOrder,
  quietStart,
} from './support/accounts';
import { REVIEW_TEXTS } from '../src/features/reviews/texts';
import { expect, test, type Mailbox } from './support/fixtures';
import { ensureOwner } from './support/owner';
import { settle } from './shop-helpers';

// Reviews from real buyers (issues 41 and 52): a shopper whose order is not delivered yet is told
// they can review once it is, with no form; once their Tan-Free Trio is delivered they review the
// soap it holds; the owner publishes it with a reply in /admin; the product page then shows it as a
// verified buyer's, with its stars and count, and offers its writer "Edit your review".

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

/** The owner's session token, signing the owner up on first use. */
async function ownerToken(request: APIRequestContext, mailbox: Mailbox) {
  return apiLogIn(request, await ensureOwner(request, mailbox));
}

test('a buyer reviews the soap of a delivered trio, the owner publishes it with a reply, the buyer edits it', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
}) => {
  const buyer = await createVerifiedAccount(request, mailbox, 'reviewer', 'Kavya Deshmukh');
  // Each width's run reviews the same soap: its own title tells its review apart.
  const title = `My tan faded in two weeks (${test.info().project.name})`;
  const token = await apiLogIn(request, buyer);
  const owner = await ownerToken(request, mailbox);

  const order = await placePaidOrder(request, token, buyer, [
    { productId: 'TanFreeTrio', quantity: 1 },
  ]);

  await test.step('before the parcel arrives, the product page says when they can review', async () => {
    await logIn(page, buyer);
    await page.goto('/products/TanGoneSoap');
    const section = page.getByRole('region', { name: 'Reviews' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(REVIEW_TEXTS.notYet)).toBeVisible();
    await expect(section.getByRole('button', { name: REVIEW_TEXTS.write })).toHaveCount(0);
    await expect(section.getByRole('form')).toHaveCount(0);
    await dismissToasts(page);
    await settle(page);
    await screenshot('review-not-yet');
  });

  await test.step('the trio is packed, shipped and delivered', async () => {
    const headers = { Authorization: `Bearer ${owner}` };
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', carrier: 'India Post', trackingNumber: 'EE123456789IN' },
      { status: 'delivered' },
    ]) {
      const moved = await request.post(`/api/admin/orders/${order.id}/status`, {
        headers,
        data: body,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  });

  await test.step('the buyer writes a review of the soap on its page', async () => {
    await page.reload();
    const section = page.getByRole('region', { name: 'Reviews' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(REVIEW_TEXTS.notYet)).toHaveCount(0);
    await section.getByRole('button', { name: REVIEW_TEXTS.write }).click();
    await section.getByRole('radio', { name: '5 stars' }).check();
    await section.getByRole('textbox', { name: 'Title' }).fill(title);
    await section
      .getByRole('textbox', { name: 'Your review' })
      .fill('Gentle on my skin, lathers well, and the bar lasts a month.');
    await section.getByRole('button', { name: 'Send review' }).click();
    await expect(section.getByRole('status')).toContainText('once the shop has read it');
    await dismissToasts(page);
    await settle(page);
    await screenshot('review-written');
  });

  await test.step('the owner publishes it with a reply', async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      hasTouch: test.info().project.name === 'phone',
    });
    const ownerPage = await context.newPage();
    await quietStart(ownerPage);
    await logIn(ownerPage, await ensureOwner(request, mailbox));
    await ownerPage.goto('/admin?tab=reviews');
    const row = ownerPage.getByRole('listitem', { name: `Tan.Gone.Soap: ${title}` });
    await expect(row).toContainText('Kavya Deshmukh');
    await row
      .getByRole('textbox', { name: 'Public reply (optional)' })
      .fill('Thank you, Kavya! Keep the bar dry between uses.');
    await dismissToasts(ownerPage);
    await settle(ownerPage);
    // The screenshot fixture shoots the test's own page (the buyer's): the owner's is saved beside.
    await ownerPage.screenshot({
      path: path.join(SCREENSHOTS, test.info().project.name, 'owner-reviews.png'),
      fullPage: true,
    });
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect(ownerPage.getByRole('listitem', { name: `Tan.Gone.Soap: ${title}` })).toHaveCount(
      0,
    );
    await context.close();
  });

  await test.step('the product page shows it as a verified buyer’s, with the reply and the stars', async () => {
    await page.reload();
    const section = page.getByRole('region', { name: 'Reviews' });
    await section.scrollIntoViewIfNeeded();
    const review = section.getByRole('listitem').filter({ hasText: title });
    await expect(review.getByText('Verified buyer')).toBeVisible();
    await expect(review.getByText('Kavya D.')).toBeVisible();
    await expect(
      review.getByText('Thank you, Kavya! Keep the bar dry between uses.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^\d+ reviews?$/ })).toBeVisible();
    // Its writer is offered their review to edit, not another to write.
    await expect(section.getByText(REVIEW_TEXTS.yours.published)).toBeVisible();
    await expect(section.getByRole('button', { name: REVIEW_TEXTS.write })).toHaveCount(0);
    await dismissToasts(page);
    await settle(page);
    await screenshot('review-published');
  });

  await test.step('the buyer edits the review; it waits for the shop again', async () => {
    const section = page.getByRole('region', { name: 'Reviews' });
    await section.getByRole('button', { name: REVIEW_TEXTS.edit }).click();
    const form = section.getByRole('form', { name: REVIEW_TEXTS.edit });
    await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form
      .getByRole('textbox', { name: 'Your review' })
      .fill('Gentle on my skin; a month on, the bar is half gone.');
    await dismissToasts(page);
    await settle(page);
    await screenshot('review-edit');
    await form.getByRole('button', { name: 'Send review' }).click();
    await expect(section.getByRole('status')).toHaveText(REVIEW_TEXTS.edited);
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(REVIEW_TEXTS.yours.pending)).toBeVisible();
    await expect(section.getByRole('button', { name: REVIEW_TEXTS.edit })).toBeVisible();
  });
});
