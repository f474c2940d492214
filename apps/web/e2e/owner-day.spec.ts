import type { Browser, Locator, Page } from '@playwright/test';

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

// The owner's day through the screens at both widths: each dashboard tile opens the list it
// counts (held payments, open returns and tickets, unread messages, low stock); the notifications list the new orders and open one; two orders are packed and booked
// with the courier, and a booked order's actions say to cancel the pickup first (no cancel, no
// shipping by hand); both parcels' labels print in one PDF; a pickup is cancelled and the order
// can be booked again or sent another way; a receipt of stock is confirmed where it was recorded.
// The shopper's order page draws "Cancel order" from what the API offers: on the paid order,
// not on the packed one. Every page is walked once and again, and any page or console error
// fails the test.

/** Fails the test on an uncaught error or a console error of `page` (checked at the end). */
function watchErrors(page: Page): () => void {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()}`);
  });
  return () => expect(errors, 'errors on the page').toEqual([]);
}

/** A second browser of the same size, for the shopper, logged in through the login screen. */
async function shopperPage(browser: Browser, page: Page, baseURL: string, account: Account) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    hasTouch: test.info().project.name === 'phone',
  });
  const shopper = await context.newPage();
  await quietStart(shopper);
  const checked = watchErrors(shopper);
  await logIn(shopper, account);
  return { shopper, checked };
}

/** The count a dashboard tile shows. */
async function tileCount(page: Page, label: string): Promise<number> {
  const dashboard = page.getByRole('region', { name: 'Dashboard' });
  const tile = dashboard.locator('.admin-tile').filter({ hasText: label });
  return Number(await tile.locator('dd').textContent());
}

/** Follows a tile from the dashboard (opened through the owner area's own navigation). */
async function followTile(page: Page, label: string) {
  await openOwnerTab(page, 'Dashboard');
  const dashboard = page.getByRole('region', { name: 'Dashboard' });
  await expect(dashboard).toBeVisible();
  const count = await tileCount(page, label);
  await dashboard.getByRole('button', { name: label, exact: true }).click();
  return count;
}

/** Opens an order from the orders list by searching its number. */
async function openOrder(page: Page, orderNumber: string) {
  await openOwnerTab(page, 'Orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  await page.getByRole('search').getByRole('button', { name: 'Search orders' }).click();
  await page.getByRole('button', { name: `Open ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: orderNumber })).toBeVisible();
}

const rowsOf = (list: Locator) => list.locator('> li');

/** Brings a control to the middle of the screen, as the owner looks at what they press. */
const centre = (control: Locator) =>
  control.evaluate((element) => element.scrollIntoView({ block: 'center' }));

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test("the owner's day: tiles, notifications, a booked order's actions, labels for several orders", async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
}) => {
  test.slow();
  const checked = watchErrors(page);
  const account = await createVerifiedAccount(request, mailbox, 'owner-day', 'Kavya Joshi');
  const token = await apiLogIn(request, account);
  const [first, second, third] = [
    await placePaidOrder(request, token, account),
    await placePaidOrder(request, token, account),
    await placePaidOrder(request, token, account),
  ];

  await logIn(page, await ensureOwner(request, mailbox));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Owner area' })).toBeVisible();

  await test.step('each tile opens exactly what it counts', async () => {
    await settle(page);
    await screenshot('owner-day-dashboard');
    const held = await followTile(page, 'Payments held');
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(
      'payment_held',
    );
    const orders = page.locator('ul.admin-list');
    if (held === 0) await expect(page.getByText('No orders match.')).toBeVisible();
    await expect(rowsOf(orders)).toHaveCount(held);

    const returns = await followTile(page, 'Open returns');
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('open');
    if (returns === 0) await expect(page.getByText('No returns.')).toBeVisible();
    await expect(rowsOf(page.locator('ul.admin-list'))).toHaveCount(returns);

    const tickets = await followTile(page, 'Open tickets');
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('active');
    if (tickets === 0) await expect(page.getByText('No tickets.')).toBeVisible();
    await expect(rowsOf(page.locator('ul.admin-list'))).toHaveCount(tickets);

    const messages = await followTile(page, 'Unread messages');
    if (messages === 0) await expect(page.getByText('No new messages.')).toBeVisible();
    await expect(rowsOf(page.locator('ul.admin-list'))).toHaveCount(messages);

    const low = await followTile(page, 'Low stock');
    await expect(page.getByRole('button', { name: 'Show every product' })).toBeVisible();
    await expect(page.locator('.stock-items > article')).toHaveCount(low);
  });

  await test.step('the notifications list the new orders, and one opens its order', async () => {
    const phone = test.info().project.name === 'phone';
    // The unread count: on the tab on a wide screen, under the section menu on a phone.
    await expect(
      phone
        ? page.getByRole('button', { name: /^\d+ unread notifications?$/ })
        : page
            .getByRole('navigation', { name: 'Owner area' })
            .getByRole('button', { name: /^Notifications \d+ unread$/ }),
    ).toBeVisible();
    await openOwnerTab(page, 'Notifications');
    const list = page.getByRole('region', { name: 'Owner notifications' });
    for (const order of [first, second, third])
      await expect(list.getByText(new RegExp(`New order ${order.orderNumber}`))).toBeVisible();
    // Newest first: the third order's notice comes before the first's.
    const titles = await list.locator('.admin-row__title').allTextContents();
    const at = (n: string) => titles.findIndex((t) => t.includes(n));
    expect(at(third.orderNumber)).toBeLessThan(at(first.orderNumber));
    await settle(page);
    await screenshot('owner-day-notifications');
    await list
      .getByRole('link', { name: new RegExp(`^Open: New order ${third.orderNumber}`) })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: third.orderNumber })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark packed' })).toBeVisible();
  });

  const courier = page.getByRole('region', { name: 'Courier' });
  const awbs: string[] = [];
  await test.step("two orders packed and booked: a booked order's actions say to cancel the pickup first", async () => {
    for (const order of [first, second]) {
      await openOrder(page, order.orderNumber);
      await page.getByRole('button', { name: 'Mark packed' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Order marked Packed.' }),
      ).toBeVisible();
      await courier.getByRole('button', { name: 'Book shipment' }).click();
      await expect(courier.getByRole('status')).toContainText('Shipment booked: AWB TEST');
      awbs.push((await courier.locator('.admin-shipment__awb').textContent()) ?? '');
    }
    // The second order, as booked: a word about the parcel, the pickup to cancel first.
    await expect(courier).toContainText('The order becomes shipped when the courier scans');
    await expect(courier.getByRole('button', { name: 'Cancel the pickup' })).toBeVisible();
    const moves = page.getByRole('form', { name: 'Move this order' });
    await expect(moves).toContainText('cancel the pickup with the courier first');
    await expect(moves).toContainText('To send it another way, cancel the pickup first');
    for (const name of ['Mark shipped', 'Cancel and refund'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Carrier' })).toHaveCount(0);
    await settle(page);
    await screenshot('owner-day-booked-order');
  });

  await test.step("both parcels' labels print in one PDF beside the packing slips", async () => {
    await page.getByRole('button', { name: '← Back to orders' }).click();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('to_dispatch');
    const print = page.getByRole('button', { name: 'Print the shipping labels (PDF)' });
    await expect(page.getByRole('button', { name: 'Print the packing slips (PDF)' })).toBeVisible();
    // The bytes the screen receives, kept as they pass (the browser's own copy is the popup's).
    let received: { status: number; type: string; body: Buffer } | undefined;
    await page.route('**/api/admin/labels', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      received = { status: response.status(), type: response.headers()['content-type']!, body };
      await route.fulfill({ response, body });
    });
    const [popup] = await Promise.all([page.waitForEvent('popup'), print.click()]);
    expect(received).toMatchObject({ status: 200, type: 'application/pdf' });
    // One 4 x 6 inch page per booked parcel: at least the two just booked.
    const pages = received!.body.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(awbs.length);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();
  });

  await test.step('a pickup cancelled: the order may be booked again or sent another way', async () => {
    await openOrder(page, second.orderNumber);
    page.once('dialog', (dialog) => void dialog.accept());
    const cancelPickup = courier.getByRole('button', { name: 'Cancel the pickup' });
    await centre(cancelPickup);
    await cancelPickup.click();
    const done = courier.getByRole('status');
    await expect(done).toContainText('Pickup cancelled with the courier.');
    // Said where the owner acted: on screen, not at the top of a long page.
    await expect(done).toBeInViewport();
    await expect(courier.getByRole('button', { name: 'Book shipment' })).toBeVisible();
    await expect(page.getByText('Shipped another way.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel and refund' })).toBeVisible();
    await settle(page);
    await screenshot('owner-day-pickup-cancelled');
  });

  await test.step('a receipt of stock is confirmed beside its Record button', async () => {
    await openOwnerTab(page, 'Stock');
    const form = page.getByRole('form', { name: 'Receive or take off: Tan.Gone.Soap' });
    await form.getByRole('textbox', { name: 'Units' }).fill('20');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Batch 21 from the workshop');
    const record = form.getByRole('button', { name: 'Record: Tan.Gone.Soap' });
    await centre(record);
    await record.click();
    const done = form.getByRole('status');
    await expect(done).toHaveText('Tan.Gone.Soap: 20 received.');
    await expect(done).toBeInViewport();
    await screenshot('owner-day-stock-received');
  });

  await test.step("the shopper's order page offers cancel where the API does, on each visit", async () => {
    const { shopper, checked: shopperChecked } = await shopperPage(
      browser,
      page,
      baseURL!,
      account,
    );
    for (const visit of ['first', 'again']) {
      await shopper.goto(`/profile/orders/${third.id}`);
      await expect(shopper.locator('.order-status')).toHaveText('Paid');
      await expect(shopper.getByRole('button', { name: 'Cancel order' })).toBeVisible();
      await shopper.goto(`/profile/orders/${first.id}`);
      await expect(shopper.locator('.order-status')).toHaveText('Packed');
      await expect(shopper.getByRole('heading', { name: 'Items' })).toBeVisible();
      await expect(shopper.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
      if (visit === 'first') await shopper.reload();
    }
    shopperChecked();
    await shopper.context().close();
  });

  checked();
});
