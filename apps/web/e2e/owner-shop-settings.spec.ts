import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  calendarDateInIndia,
  formatDeliveryDate,
  preOrderNotice,
  type ShopSettings,
} from '@vanya/catalog';
import { SHOP_SETTINGS_MESSAGES, type PincodeAnswer } from '@vanya/contracts';

import { DELIVERY_TEXTS } from '../src/components/delivery/delivery-texts';
import { apiLogIn, logIn, quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { ensureOwner, openOwnerTab } from './support/owner';
import { settle } from './shop-helpers';

// Shop settings without a release, and one delivery promise (issue 52): the owner cannot take
// pre-orders from a day that has passed; from a day to come, a shopper's product page names that
// first dispatch day beside the owner's text, and the delivery date it gives counts from it.

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const DAY_MS = 24 * 60 * 60 * 1000;

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner takes pre-orders from a day to come, not one past; the product page makes one promise', async ({
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
  const project = test.info().project.name;
  const preOrder = {
    on: true,
    dispatchFrom: calendarDateInIndia(new Date(Date.now() + 12 * DAY_MS)),
    text: `Made in small batches for the winter (${project}).`,
  };
  // The form's labels (SHOP_SETTINGS_TEXTS, in a component module this suite cannot load).
  const T = {
    preOrderOn: 'Orders are pre-orders',
    dispatchFrom: 'First dispatch day',
    text: 'Pre-order text',
    save: 'Save shop settings',
  };

  // The shopper, in a browser of their own, on a product page: no pre-orders, no notice.
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    hasTouch: project === 'phone',
  });
  const shopper = await context.newPage();
  await quietStart(shopper);
  const note = shopper.getByTestId('pre-order-note');
  try {
    await shopper.goto('/products/Bodybutter');
    await expect(shopper.getByText(/^Free shipping on orders of/)).toBeVisible();
    await expect(note).toHaveCount(0);

    await logIn(page, owner);
    await page.goto('/admin');
    await openOwnerTab(page, 'Settings');
    // The mails and texts to the owner are read from the API as the page asks for them.
    const notices = page.getByRole('region', { name: 'Mails and texts to you' });
    await expect(notices.getByRole('button', { name: 'Save SMS settings' })).toBeVisible();
    await screenshot('owner-settings');
    const form = page.getByRole('region', { name: 'Shop settings' });
    const day = form.getByLabel(T.dispatchFrom);

    await test.step('a first dispatch day that has passed is refused beside the field', async () => {
      await form.getByRole('switch', { name: T.preOrderOn }).check();
      await day.fill('2026-08-08');
      await form.getByRole('button', { name: T.save }).click();
      const said = SHOP_SETTINGS_MESSAGES.dispatchFromPast('2026-08-08');
      await expect(form.getByText(said)).toBeVisible();
      await expect(day).toHaveAttribute('aria-invalid', 'true');
      await settle(page);
      await screenshot('owner-settings-past-day');
      // The server says the same to a client that skips the form.
      const refused = await request.put('/api/admin/settings/shop', {
        headers: { Authorization: `Bearer ${token}` },
        data: { ...before, preOrder: { ...preOrder, dispatchFrom: '2026-08-08' } },
      });
      expect(refused.status()).toBe(400);
      expect((await refused.json()).message).toBe(said);
    });

    await test.step('a day to come is taken, with the owner’s text', async () => {
      await day.fill(preOrder.dispatchFrom);
      await form.getByLabel(T.text).fill(preOrder.text);
      await form.getByRole('button', { name: T.save }).click();
      await expect(
        form.getByRole('status').filter({ hasText: 'Shop settings saved.' }),
      ).toBeVisible();
      await expect(day).toHaveAttribute('aria-invalid', 'false');
    });

    await test.step('the product page names the first dispatch day, and its delivery date counts from it', async () => {
      await shopper.reload();
      await expect(note).toHaveText(`Pre-order: ${preOrderNotice(preOrder)}`);
      await expect(note).toContainText(
        `First dispatch: ${formatDeliveryDate(preOrder.dispatchFrom)}`,
      );
      const answer = (await (await request.get('/api/pincodes/413512')).json()) as PincodeAnswer;
      expect(answer.estimate.from > preOrder.dispatchFrom).toBe(true);
      const check = shopper.getByRole('region', { name: DELIVERY_TEXTS.heading });
      await check.getByRole('textbox', { name: DELIVERY_TEXTS.pinLabel }).fill('413512');
      await check.getByRole('button', { name: DELIVERY_TEXTS.check }).click();
      await expect(check.getByText(DELIVERY_TEXTS.deliveryBy(answer.estimate.to))).toBeVisible();
      await settle(shopper);
      await shopper.screenshot({
        path: path.join(SCREENSHOTS, project, 'product-pre-order.png'),
        fullPage: true,
      });
    });
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
