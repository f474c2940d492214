import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Browser, Page } from '@playwright/test';

import {
  apiLogIn,
  createVerifiedAccount,
  logIn,
  placePaidOrder,
  quietStart,
  type Account,
} from './support/accounts';
import { expect, test } from './support/fixtures';
import { ensureOwner, openOwnerTab } from './support/owner';
import { settle } from './shop-helpers';

// The courier from the owner area (the API's test courier: no Shiprocket credentials in the browser
// tests): the owner packs a paid order and books its shipment, sees the AWB, the courier, the label
// and the tracking link; the courier's scans (played by the test mode's advance, through the
// webhook's path) ship it and deliver it, and the shopper's order page follows with the courier's
// tracking link.

/** A second browser of the same size, for the shopper, logged in as `account`. */
async function shopperPage(browser: Browser, page: Page, baseURL: string, account: Account) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    hasTouch: test.info().project.name === 'phone',
  });
  const shopper = await context.newPage();
  await quietStart(shopper);
  await logIn(shopper, account);
  return shopper;
}

/** A full-page screenshot of the shopper's browser, beside the fixture's (which shoots `page`). */
async function shopperScreenshot(shopper: Page, name: string) {
  const dir = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    'screenshots',
    test.info().project.name,
  );
  await mkdir(dir, { recursive: true });
  // settle() lets lazy pictures still be on their way; the order's thumbnails are in the shot.
  await shopper.waitForFunction(() =>
    [...document.images].every((image) => image.complete && image.naturalWidth > 0),
  );
  await shopper.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  await shopper.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, 'sideways scroll (px)').toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner books a packed order with the courier; its scans ship and deliver it', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, mailbox, 'courier');
  const token = await apiLogIn(request, account);
  const order = await placePaidOrder(request, token, account);

  await logIn(page, await ensureOwner(request, mailbox));
  await page.goto('/admin');
  await openOwnerTab(page, 'Orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
  await page.getByRole('search').getByRole('button', { name: 'Search orders' }).click();
  await page.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: order.orderNumber })).toBeVisible();

  const courier = page.getByRole('region', { name: 'Courier' });
  await test.step('a paid order is packed first; then "Book shipment" appears', async () => {
    await expect(courier).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Order marked Packed.' }),
    ).toBeVisible();
    await expect(courier.getByRole('button', { name: 'Book shipment' })).toBeVisible();
    // Sent without booking: the carrier and tracking number typed by hand stay.
    await expect(page.getByText('Shipped another way.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Carrier' })).toBeVisible();
  });

  let awb = '';
  await test.step('book it: AWB, courier, label and tracking link', async () => {
    await courier.getByRole('button', { name: 'Book shipment' }).click();
    await expect(courier.getByRole('status')).toContainText('Shipment booked: AWB TEST');
    awb = (await courier.locator('.admin-shipment__awb').textContent()) ?? '';
    expect(awb).toMatch(/^TEST\d{13}$/);
    await expect(courier).toContainText('Test courier (test mode)');
    await expect(courier).toContainText('Waiting for pickup');
    await expect(courier.getByRole('link', { name: 'Tracking link' })).toHaveAttribute(
      'href',
      `https://shiprocket.co/tracking/${awb}`,
    );
    // The label opens as a PDF in a new tab.
    const [label] = await Promise.all([
      page.waitForEvent('popup'),
      courier.getByRole('button', { name: 'Shipping label (PDF)' }).click(),
    ]);
    expect(label.url()).toMatch(/^blob:/);
    await label.close();
    // Booking moved nothing: the courier's pickup ships it.
    await expect(page.locator('.admin-detail__head .status')).toHaveText('Packed');
    await noSidewaysScroll(page);
    await settle(page);
    await screenshot('owner-shipment-booked');
  });

  const advance = async (status: string) => {
    const res = await request.post('/api/shipping/test/advance', { data: { awb, status } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { status: string }).status;
  };

  const shopper = await shopperPage(browser, page, baseURL!, account);
  await test.step("the courier picks it up: shipped, and the shopper's page has the courier's link", async () => {
    expect(await advance('picked_up')).toBe('shipped');
    await shopper.goto(`/profile/orders/${order.id}`);
    await expect(shopper.locator('.order-status')).toHaveText('Shipped');
    await expect(shopper.getByText(awb)).toBeVisible();
    await expect(shopper.getByRole('link', { name: /Track on Test courier/ })).toHaveAttribute(
      'href',
      `https://shiprocket.co/tracking/${awb}`,
    );
    const mail = await mailbox.waitFor(
      account.email,
      new RegExp(`${order.orderNumber} has shipped`),
    );
    expect(mail.text).toContain(`https://shiprocket.co/tracking/${awb}`);
    await noSidewaysScroll(shopper);
    await settle(shopper);
    await shopperScreenshot(shopper, 'shopper-order-shipped-by-courier');
  });

  await test.step('out for delivery, then delivered', async () => {
    expect(await advance('out_for_delivery')).toBe('shipped');
    expect(await advance('delivered')).toBe('delivered');
    await shopper.reload();
    await expect(shopper.locator('.order-status')).toHaveText('Delivered');
    await expect(shopper.getByText('Out for delivery')).toBeVisible();
    await settle(shopper);
    await shopperScreenshot(shopper, 'shopper-order-delivered-by-courier');

    // The owner finds it again among all orders (it has left "to dispatch").
    await page.getByRole('button', { name: '← Back to orders' }).click();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
    await page.getByRole('search').getByRole('button', { name: 'Search orders' }).click();
    await page.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
    await expect(page.locator('.admin-detail__head .status')).toHaveText('Delivered');
    await expect(courier).toContainText('DELIVERED');
    await settle(page);
    await screenshot('owner-shipment-delivered');
  });
  await shopper.context().close();
});
