import type { ShopSettings } from '@vanya/catalog';

import { apiLogIn, logIn, quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { ensureOwner, openOwnerTab } from './support/owner';

// Shop settings without a release: the owner changes the pre-order text in the owner area's
// Settings tab, and a shopper's product page shows the new text once it is loaded again.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner changes the pre-order text; a shopper sees it after a reload', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
}) => {
  const owner = await ensureOwner(request, mailbox);
  const token = await apiLogIn(request, owner);
  const before = (await (await request.get('/api/shop-settings')).json()) as ShopSettings;
  const text = `Dispatch starts in the second week of January (${test.info().project.name}).`;

  // The shopper, in a browser of their own, on a product page before the change.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const shopper = await context.newPage();
  await quietStart(shopper);
  const note = shopper.getByTestId('pre-order-note');
  try {
    await shopper.goto('/products/Bodybutter');
    await expect(note).toHaveText(`Pre-order: ${before.preOrder.text}`);

    await logIn(page, owner);
    await page.goto('/admin');
    await openOwnerTab(page, 'Settings');
    // The mails and texts to the owner are read from the API as the page asks for them.
    const notices = page.getByRole('region', { name: 'Mails and texts to you' });
    await expect(notices.getByRole('button', { name: 'Save SMS settings' })).toBeVisible();
    await screenshot('owner-settings');
    const form = page.getByRole('region', { name: 'Shop settings' });
    const field = form.getByLabel('Pre-order text');
    await expect(field).toHaveValue(before.preOrder.text);
    await field.fill(text);
    await form.getByRole('button', { name: 'Save shop settings' }).click();
    await expect(
      form.getByRole('status').filter({ hasText: 'Shop settings saved.' }),
    ).toBeVisible();

    await shopper.reload();
    await expect(note).toHaveText(`Pre-order: ${text}`);
    await expect(shopper.getByText(before.preOrder.text)).toHaveCount(0);
  } finally {
    // The database lives for the run: later specs meet the settings as they were.
    const restored = await request.put('/api/admin/settings/shop', {
      headers: { Authorization: `Bearer ${token}` },
      data: before,
    });
    expect(restored.status(), await restored.text()).toBe(200);
    await context.close();
  }
});
